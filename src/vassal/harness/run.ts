/**
 * Runs the VASSAL harness on one module: compiles it once per source and VASSAL (cached under
 * node_modules/.cache), starts a private Xvfb, runs Java with its own user.home, and always stops
 * both, whatever happens. The edge of the harness: everything here is I/O.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Located, type VassalRuntime, findDisplay, findJavac } from './locate';
import { type HarnessReport, parseHarnessReport } from './report';

/** The repository (or installed package) root: the nearest folder above this file holding vassal-harness/ (src/… or dist/). */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6 && !existsSync(path.join(dir, 'vassal-harness', 'src')); i++) dir = path.dirname(dir);
  return dir;
}

const ROOT = packageRoot();
const HARNESS_SOURCES = path.join(ROOT, 'vassal-harness', 'src');
const CACHE_ROOT = path.join(ROOT, 'node_modules', '.cache', 'hexforge', 'vassal-harness');
const MAIN_CLASS = 'hexforge.harness.Harness';

export interface HarnessOptions {
  /** Seconds VASSAL may take before the harness stops it (the report then says timedOut). */
  timeLimit?: number;
  /** Piece properties to report for each setup piece (e.g. UnitId). */
  properties?: string[];
  /** Extensions (.vmdx) to load into the module, in order, as VASSAL's extension loader does. */
  extensions?: string[];
}

export interface HarnessRun {
  report: HarnessReport;
  /** Wall time of the whole run, compile excluded. */
  millis: number;
}

function javaSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.java')) out.push(full);
    }
  };
  walk(HARNESS_SOURCES);
  return out;
}

/** The compiled harness for this source and this VASSAL jar, compiling it when the cache lacks it. */
export function compileHarness(runtime: VassalRuntime): Located<string> {
  const sources = javaSources();
  const hash = createHash('sha256');
  for (const file of sources) hash.update(path.relative(HARNESS_SOURCES, file)).update('\0').update(readFileSync(file));
  const jar = statSync(runtime.vassalJar);
  hash.update(`${path.basename(runtime.vassalJar)}:${jar.size}`);
  const dir = path.join(CACHE_ROOT, hash.digest('hex').slice(0, 16));
  if (existsSync(path.join(dir, 'complete'))) return { ok: true, value: dir };
  const javac = findJavac(runtime.java);
  if (!javac.ok) return javac;
  const building = `${dir}.${process.pid}`;
  mkdirSync(building, { recursive: true });
  const result = spawnSync(
    javac.value,
    ['--release', '17', '-nowarn', '-encoding', 'UTF-8', '-cp', runtime.classPath.join(path.delimiter), '-d', building, ...sources],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (result.status !== 0) {
    return {
      ok: false,
      message: `the VASSAL harness does not compile against ${runtime.vassalJar}`,
      hint: (result.stderr || result.error?.message || '').trim().split('\n').slice(0, 8).join('\n'),
    };
  }
  // Built aside and renamed into place, so a parallel run never sees half a harness.
  writeFileSync(path.join(building, 'complete'), '');
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run finished first
  }
  return existsSync(path.join(dir, 'complete'))
    ? { ok: true, value: dir }
    : { ok: false, message: `cannot write ${dir}`, hint: 'check that the folder is writable' };
}

/** Starts Xvfb on a free display (it picks the number and tells it on a pipe). */
function startXvfb(xvfb: string): Promise<{ process: ChildProcess; display: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1600x1200x24'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let text = '';
    let errors = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Xvfb did not start within 20 s: ${errors.trim()}`));
    }, 20_000);
    child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve({ process: child, display: `:${text.trim()}` });
      }
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}) before it started: ${errors.trim()}`));
    });
  });
}

function stop(child: ChildProcess | undefined, group = false): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (group && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    };
    const hard = setTimeout(() => kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    kill('SIGTERM');
  });
}

function runJava(
  runtime: VassalRuntime,
  classes: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  limitMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      runtime.java,
      [
        '-Djava.awt.headless=false',
        `-Duser.home=${env.HEXFORGE_HARNESS_HOME}`,
        `-Djava.io.tmpdir=${env.HEXFORGE_HARNESS_TMP}`,
        // No /tmp/hsperfdata_<user> file for tools to attach by: nothing of the run outside its folder.
        '-XX:-UsePerfData',
        '-Xmx1g',
        '-cp',
        [classes, ...runtime.classPath].join(path.delimiter),
        MAIN_CLASS,
        ...args,
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // The harness stops itself at its limit; this is the backstop if the JVM itself hangs.
    const backstop = setTimeout(() => void stop(child, true), limitMs + 30_000);
    child.on('error', (e) => {
      clearTimeout(backstop);
      resolve({ code: null, output: `${output}\n${e.message}` });
    });
    child.on('exit', (code) => {
      clearTimeout(backstop);
      resolve({ code, output });
    });
  });
}

/** Runs the harness on `module`; a failure to run it at all is a message, not a report. */
export async function runHarness(modulePath: string, runtime: VassalRuntime, options: HarnessOptions = {}): Promise<Located<HarnessRun>> {
  if (!existsSync(modulePath)) return { ok: false, message: 'no such file', hint: 'pass a .vmod file' };
  const display = findDisplay();
  if (!display.ok) return display;
  const classes = compileHarness(runtime);
  if (!classes.ok) return classes;
  const limit = options.timeLimit ?? 300;
  const temp = await mkdtemp(path.join(os.tmpdir(), 'hexforge-vassal-'));
  let xvfb: ChildProcess | undefined;
  const started = performance.now();
  try {
    let displayName = display.value.display;
    if (display.value.xvfb) {
      const server = await startXvfb(display.value.xvfb);
      xvfb = server.process;
      displayName = server.display;
    }
    const home = path.join(temp, 'home');
    await mkdir(home);
    // VASSAL makes folders in Java's temporary folder (/tmp whatever TMPDIR says) and leaves them: kept in ours, removed below.
    const javaTemp = path.join(temp, 'java');
    await mkdir(javaTemp);
    const reportFile = path.join(temp, 'report.json');
    const env = { ...process.env, DISPLAY: displayName, HEXFORGE_HARNESS_HOME: home, HEXFORGE_HARNESS_TMP: javaTemp };
    const args = [
      path.resolve(modulePath),
      reportFile,
      String(limit),
      (options.properties ?? []).join(','),
      (options.extensions ?? []).map((e) => path.resolve(e)).join(path.delimiter),
    ];
    const ran = await runJava(runtime, classes.value, args, env, limit * 1000);
    const millis = Math.round(performance.now() - started);
    if (!existsSync(reportFile)) {
      return {
        ok: false,
        message: `VASSAL stopped before the harness wrote its report (exit ${ran.code})`,
        hint: ran.output.trim().split('\n').slice(-12).join('\n'),
      };
    }
    const parsed = parseHarnessReport(await readFile(reportFile, 'utf8'));
    if (!parsed.report) return { ok: false, message: parsed.problem!, hint: ran.output.trim().split('\n').slice(-12).join('\n') };
    return { ok: true, value: { report: parsed.report, millis } };
  } catch (error) {
    return {
      ok: false,
      message: `could not run VASSAL: ${(error as Error).message}`,
      hint: 'check that Xvfb and Java start on this machine',
    };
  } finally {
    await stop(xvfb);
    await rm(temp, { recursive: true, force: true });
  }
}
