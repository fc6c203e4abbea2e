/**
 * The smallest hostile modules, built in a temporary folder, and the CLI run on them in a child
 * process as a user would run it: exit code, output, wall time, peak memory, and every path
 * written outside the output folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece, buildUsePrototype, type Trait } from '../../src/vassal/traits/index';
import { writeZip } from '../../src/vassal/module/zip';

const ROOT = path.join(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'hexforge.mjs');

/** Writes the peak resident set (KiB) of the process to the file named by HEXFORGE_PEAK_RSS_FILE when it exits. */
/**
 * Writes the child's peak resident memory (KiB) at exit: VmHWM, the high-water mark of its own
 * memory, where Linux gives it. getrusage's maxRSS keeps the peak of the process it was forked
 * from across exec (the test worker's, often larger than the child's own), so it is only the
 * fallback.
 */
const PEAK_RSS_PRELOAD =
  'data:text/javascript,import{readFileSync,writeFileSync}from"node:fs";' +
  'const hwm=()=>{try{return Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync("/proc/self/status","utf8"))[1])}catch{return process.resourceUsage().maxRSS}};' +
  'const cpu=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000};' +
  'process.on("exit",()=>writeFileSync(process.env.HEXFORGE_PEAK_RSS_FILE,hwm()+" "+cpu()))';

/**
 * The CPU time a run may take (user + system, every thread). A hang or an explosion shows in CPU
 * time whatever else runs on the machine; wall time also counts the waits of a busy machine.
 */
export const TIME_LIMIT_MS = 30_000;
/** The wall time after which a run is killed as hung by default: well past the CPU limit, for a loaded machine. */
const KILL_AFTER_MS = 4 * TIME_LIMIT_MS;
export const MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024;

export interface CliRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** CPU time of the child (user + system), NaN when it was killed. */
  cpuMs: number;
  peakRssBytes: number;
  /** Paths created in the work folder outside the output folder and the inputs, and in the temporary folder. */
  strays: string[];
}

/** Every path under `dir`, relative, folders with a trailing slash. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dir, relative))) {
      const entry = relative ? `${relative}/${name}` : name;
      const info = statSync(path.join(dir, entry), { throwIfNoEntry: false });
      if (info?.isDirectory()) {
        out.push(`${entry}/`);
        walk(entry);
      } else out.push(entry);
    }
  };
  walk('');
  return out.sort();
}

/**
 * Runs `hexforge <args>` in `work`, with its own TMPDIR inside `work`, killed as hung after `killAfterMs` of wall time. `outputs` are paths
 * (relative to `work`) the command may write; anything else new in `work` is a stray.
 */
export function runCli(work: string, args: string[], outputs: string[] = [], killAfterMs = KILL_AFTER_MS): CliRun {
  const tmp = path.join(work, '.tmp');
  rmSync(tmp, { recursive: true, force: true });
  const rssFile = path.join(os.tmpdir(), `hexforge-rss-${process.pid}-${Date.now()}`);
  const before = new Set(listing(work));
  mkdirSync(tmp);
  const start = performance.now();
  const result = spawnSync(process.execPath, ['--import', PEAK_RSS_PRELOAD, BIN, ...args], {
    cwd: work,
    encoding: 'utf8',
    timeout: killAfterMs,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', TMPDIR: tmp, HEXFORGE_PEAK_RSS_FILE: rssFile },
  });
  const ms = performance.now() - start;
  // A process killed at the time limit writes no figure: NaN fails every memory assertion.
  const [peakKib, cpuMs] = existsSync(rssFile) ? readFileSync(rssFile, 'utf8').split(' ').map(Number) : [Number.NaN, Number.NaN];
  const peakRssBytes = peakKib * 1024;
  rmSync(rssFile, { force: true });
  // tsx keeps its compile cache in TMPDIR when the CLI runs from the sources (a stale dist/).
  const allowed = (p: string) =>
    p.startsWith('.tmp/tsx-') || before.has(p) || outputs.some((o) => p === o || p === `${o}/` || p.startsWith(`${o}/`)) || p === '.tmp/';
  const strays = listing(work).filter((p) => !allowed(p));
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr, ms, cpuMs, peakRssBytes, strays };
}

export function tempWork(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'hexforge-hostile-'));
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface BuildFileOptions {
  /** Attributes of the HexGrid (a sane grid by default). */
  grid?: Record<string, string>;
  /** Width and height attributes of the Board (no image). */
  board?: { width: string; height: string };
  /** Prototype definitions: name → traits (the BasicPiece is added). */
  prototypes?: Array<[string, Trait[]]>;
  /** Piece slots: entry name → traits (the BasicPiece is added). */
  slots?: Array<[string, Trait[]]>;
  /** PredefinedSetup file names. */
  setups?: string[];
}

/** A small buildFile: one map with one board and a hex grid, a palette, prototypes, setups. */
export function buildFile(options: BuildFileOptions = {}): string {
  const grid = { dx: '50', dy: '58', x0: '0', y0: '0', sideways: 'false', ...options.grid };
  const board = options.board ?? { width: '500', height: '400' };
  const gridAttrs = Object.entries(grid)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  const piece = (name: string, traits: Trait[]) =>
    xmlText(encodePiece({ id: 'null', traits: [...traits, buildBasicPiece({ name, image: '' })] }));
  const prototypes = (options.prototypes ?? [])
    .map(
      ([name, traits]) =>
        `<VASSAL.build.module.PrototypeDefinition name="${name}">${piece('', traits)}</VASSAL.build.module.PrototypeDefinition>`,
    )
    .join('\n');
  const slots = (options.slots ?? [['A', []]])
    .map(
      ([name, traits], i) =>
        `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${i + 1}" height="0" width="0">${piece(name, traits)}</VASSAL.build.widget.PieceSlot>`,
    )
    .join('\n');
  const setups = (options.setups ?? [])
    .map((file) => `<VASSAL.build.module.PredefinedSetup file="${file}" isMenu="false" name="${file}" useFile="true"/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.9" name="Hostile" version="1.0">
<VASSAL.build.module.Map mapName="Main Map">
<VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="" name="Board" width="${board.width}" height="${board.height}">
<VASSAL.build.module.map.boardPicker.board.HexGrid ${gridAttrs}/>
</VASSAL.build.module.map.boardPicker.Board>
</VASSAL.build.module.map.BoardPicker>
</VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces">
${slots}
</VASSAL.build.module.PieceWindow>
<VASSAL.build.module.PrototypesContainer>
${prototypes}
</VASSAL.build.module.PrototypesContainer>
${setups}
</VASSAL.build.GameModule>
`;
}

/** A module archive: the buildFile plus extra entries, through the project's own writer. */
export async function vmod(xml: string, extra: Array<{ path: string; data: Uint8Array | string }> = []): Promise<Uint8Array> {
  return writeZip([{ path: 'buildFile.xml', data: xml }, ...extra], 0);
}

/** An archive written by yazl, each entry at its own compression level (0 stores it). */
export async function zipWith(entries: ReadonlyArray<{ name: string; data: Uint8Array; level: number }>): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.data), e.name, { compressionLevel: e.level });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** `UsePrototype` of `name`, for chains of prototypes. */
export const uses = (name: string): Trait => buildUsePrototype(name);
