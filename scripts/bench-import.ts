/**
 * Import speed: reading a module (XML into the element tree, every piece definition decoded,
 * saves read) and importing it as game data (units, scenarios, sidecar with the re-serialised
 * buildFile), in memory, against a floor measured in the same run: parsing the same buildFile
 * text with saxes and no handlers at all. Two inputs: the largest fixture buildFile (The Longest
 * Day, 450 KB, 2,070 pieces) and a synthetic 4 MB buildFile made by repeating its palette, each
 * copy's pieces renamed: the reader decodes a definition text once for all the slots holding it, so
 * copies of the very same texts (which no real module holds: the six fixtures repeat at most one)
 * would be read once and flatter the figure.
 * Both are CPU time (user + system), as the machine may be busy. Figure and floor samples
 * alternate and each reports the median of its samples. The floor runs in a Node process of its
 * own (scripts/import-floor.mjs): parsed in this one, right after an import, it paid for the
 * import's garbage collection (threads whose CPU time counts in the process's), which on the
 * 4 MB input read as a floor 1.4–1.8× too high. Both are sampled warm: the import's code reaches its
 * optimised tiers only after several runs (on The Longest Day the runs after a single warm-up
 * fall from about four times their steady time to once it), while the parser of the floor, one
 * tight loop, is optimised within a few runs (its process parses the text several times before
 * the timed one). The first run on The Longest Day, cold code, is printed too, against a floor
 * process's first parse: it is what one `hexforge import` costs besides starting up. The input's
 * bytes are made once per input, outside the timed runs, as the CLI reads them from disk.
 * Without ../shared the demo game's own module buildFile stands in for the fixture (said in a line).
 *
 * Beside these warm figures, the import as a user runs it: `hexforge import <module.vmod> --out
 * <folder>` (the compiled CLI, start-up, reading the archive, importing, writing the folder and
 * validating it) as a process of its own, against a floor process that starts Node, reads every
 * entry of the same .vmod from disk the way the import does and parses its buildFile with saxes, no
 * handlers (scripts/import-floor.mjs --module). The .vmod is the fixture's folder zipped (its
 * buildFile and the two CSV files) with the writer of our built modules. Both processes are cold
 * and measured whole: CPU time (user + system, every thread) from the process's own account at exit
 * (scripts/usage-at-exit.mjs, preloaded into both), run alternately, median of CLI_RUNS each.
 * Target: ≤ 4× the floor for each figure. Run alone with `npx tsx scripts/bench-import.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importModule } from '../src/vassal/import/import-module';
import { readLimits, readModule } from '../src/vassal/reader/index';
import { writeZip } from '../src/vassal/module/zip';
import { distIsFresh } from '../bin/dist-freshness.mjs';
import { buildDist } from './build-dist';
import { builtModuleEntries } from './built-module';
import { median, printRow } from './bench-format';

// shared/ sits beside the repository; HEXFORGE_SHARED overrides it (as in tests/shared-dir.ts).
const SHARED_DIR = process.env.HEXFORGE_SHARED ?? path.join(import.meta.dirname, '..', '..', 'shared');
const TLD = path.join(SHARED_DIR, 'fixtures', 'vassal', 'uckelman__tld-mod__root', 'buildFile');
const TARGET = 4;
const SAMPLES = 9;
/** Runs of the figure before sampling, on the first input; the second starts with warm code. */
const WARMUP = [10, 2];
/** Parses the floor's process makes before its timed one: its parse is steady from about the sixth on. */
const FLOOR_WARMUP = 8;
const FLOOR_SCRIPT = path.join(import.meta.dirname, 'import-floor.mjs');
const ROOT = path.join(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin', 'hexforge.mjs');
const USAGE_AT_EXIT = path.join(import.meta.dirname, 'usage-at-exit.mjs');
/** Alternate runs of the CLI and of its floor. */
const CLI_RUNS = 7;

/** CPU milliseconds of one saxes parse of `xml` with no handlers, after `warm` untimed ones, in a process of its own. */
function floorParse(xml: string, warm: number): number {
  const run = spawnSync(process.execPath, [FLOOR_SCRIPT, String(warm)], { input: xml, encoding: 'utf8', maxBuffer: 1 << 20 });
  const ms = Number(run.stdout);
  if (run.status !== 0 || !Number.isFinite(ms)) throw new Error(`${FLOOR_SCRIPT} failed: ${run.stderr}`);
  return ms;
}

/** The module's entries as the CLI holds them once read from disk: encoding the text is no part of the figure. */
function moduleEntries(xml: string): ReadonlyMap<string, Uint8Array> {
  return new Map([['buildFile.xml', new TextEncoder().encode(xml)]]);
}

async function readAndImport(entries: ReadonlyMap<string, Uint8Array>): Promise<number> {
  const read = await readModule(entries, { source: 'bench', limits: readLimits() });
  const result = await importModule(read.module!, { id: 'bench' });
  return result.summary.units;
}

/**
 * A buildFile of at least `bytes` bytes: the fixture with its PieceSlots repeated in one more palette
 * list per copy, each copy's pieces named apart ("C<copy> " before the slot's entry name and the
 * BasicPiece's name), so that no two slots hold one definition text.
 */
function synthetic(xml: string, bytes: number): string {
  const slots = xml.match(/<VASSAL\.build\.widget\.PieceSlot[^>]*>[^<]*<\/VASSAL\.build\.widget\.PieceSlot>/g) ?? [];
  const chunk = slots.join('\n');
  const copies: string[] = [];
  let size = xml.length;
  for (let i = 0; size < bytes; i++) {
    // BasicPiece's type is "piece;<clone key>;<delete key>;<image>;<name>".
    const renamed = chunk.replace(/entryName="/g, `entryName="C${i} `).replace(/(piece;[^;\t]*;[^;\t]*;[^;\t]*;)/g, `$1C${i} `);
    const list = `<VASSAL.build.widget.ListWidget entryName="Copy ${i}">\n${renamed}\n</VASSAL.build.widget.ListWidget>\n`;
    copies.push(list);
    size += list.length;
  }
  return xml.replace('</VASSAL.build.module.PieceWindow>', `${copies.join('')}</VASSAL.build.module.PieceWindow>`);
}

/** CPU milliseconds (user + system) of `fn`. */
async function cpuTime(fn: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Median figure and floor over `runs` alternating samples of each. */
async function timeAlternating(
  figure: () => Promise<unknown>,
  floor: () => number,
  runs: number,
): Promise<{ figure: number; floor: number }> {
  const figures: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < runs; i++) {
    figures.push(await cpuTime(figure));
    floors.push(floor());
  }
  return { figure: median(figures), floor: median(floors) };
}

/** CPU milliseconds (user + system, every thread) of `node <args>`, as the process counted them at its exit. */
function processCpu(args: string[], scratch: string): number {
  const usageFile = path.join(scratch, 'usage.json');
  rmSync(usageFile, { force: true });
  const run = spawnSync(process.execPath, ['--import', USAGE_AT_EXIT, ...args], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, HEXFORGE_USAGE_FILE: usageFile },
  });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 2000)}`);
  return (JSON.parse(readFileSync(usageFile, 'utf8')) as { cpuMs: number }).cpuMs;
}

/** The fixture's module folder (or, without ../shared, the demo's built module) as a .vmod in `scratch`. */
async function moduleArchive(scratch: string, fixture: boolean): Promise<string> {
  const dir = path.dirname(TLD);
  const entries = fixture
    ? readdirSync(dir).map((name) => ({ path: name, data: readFileSync(path.join(dir, name)) }))
    : [...(await builtModuleEntries(path.join(ROOT, 'data', 'demo')))].map(([name, data]) => ({ path: name, data }));
  const vmod = path.join(scratch, fixture ? 'tld.vmod' : 'demo.vmod');
  writeFileSync(vmod, await writeZip(entries, 0));
  return vmod;
}

/** `hexforge import <module.vmod> --out <folder>` as a user runs it, against its cold floor process. */
async function benchCliImport(fixture: boolean): Promise<void> {
  if (!distIsFresh(ROOT)) await buildDist();
  const scratch = mkdtempSync(path.join(tmpdir(), 'hexforge-bench-import-'));
  try {
    const vmod = await moduleArchive(scratch, fixture);
    const out = path.join(scratch, 'game');
    const figures: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < CLI_RUNS; i++) {
      floors.push(processCpu([FLOOR_SCRIPT, '--module', vmod], scratch));
      rmSync(out, { recursive: true, force: true });
      figures.push(processCpu([BIN, 'import', vmod, '--out', out], scratch));
    }
    const label = `hexforge import ${fixture ? 'The Longest Day' : "the demo's module"} (.vmod, CLI process, start-up included), CPU`;
    printRow(label, median(figures), median(floors), 'ms', 'node reads the .vmod, saxes parse, no handlers', TARGET);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export async function benchImport(): Promise<void> {
  const fixture = existsSync(TLD);
  if (!fixture) console.log(`(no ${TLD}: the demo module's buildFile stands in for the largest fixture)`);
  const demo = path.join(import.meta.dirname, '..', 'data', 'demo');
  const tld = fixture ? readFileSync(TLD, 'utf8') : new TextDecoder().decode((await builtModuleEntries(demo)).get('buildFile.xml'));
  const big = synthetic(tld, 4 * 1024 * 1024);
  const inputs = [
    [`import ${fixture ? 'the largest fixture' : "the demo module's"} buildFile (${(tld.length / 1024).toFixed(0)} KB)`, tld],
    [`import a synthetic buildFile (${(big.length / 1024 / 1024).toFixed(1)} MB)`, big],
  ] as const;
  for (const [i, [label, xml]] of inputs.entries()) {
    const entries = moduleEntries(xml);
    const runs = (count: number, floorWarmup = FLOOR_WARMUP) =>
      timeAlternating(
        () => readAndImport(entries),
        () => floorParse(xml, floorWarmup),
        count,
      );
    const first = await runs(1, i === 0 ? 0 : FLOOR_WARMUP);
    await runs(WARMUP[i] - 1);
    const { figure, floor } = await runs(SAMPLES);
    printRow(`${label}, CPU`, figure, floor, 'ms', 'saxes parse, no handlers, own process', TARGET);
    const ratio = (first.figure / first.floor).toFixed(2);
    console.log(
      `  first run${i === 0 ? ' (cold code)' : ''}: ${first.figure.toFixed(1)} ms   floor ${first.floor.toFixed(1)} ms   ratio ${ratio}×`,
    );
  }
  await benchCliImport(fixture);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchImport();
