/**
 * Import speed: reading a module (XML into the element tree, every piece definition decoded,
 * saves read) and importing it as game data (units, scenarios, sidecar with the re-serialised
 * buildFile), in memory, against a floor measured in the same run: parsing the same buildFile
 * text with saxes and no handlers at all. Two inputs: the largest fixture buildFile (The Longest
 * Day, 450 KB, 2,070 pieces) and a synthetic 4 MB buildFile made by repeating its palette.
 * Figure and floor runs alternate and each reports the median of its samples, so a busy shared
 * machine slows both alike and the ratio stays readable. Both are sampled warm: the import's code
 * reaches its optimised tiers only after several runs (on The Longest Day the runs after a single
 * warm-up fall from about four times their steady time to once it), while the parser of the floor,
 * one tight loop, is optimised within its first run. The first run on The Longest Day, cold code,
 * is printed too: it is what one `hexforge import` costs besides starting up.
 * Without ../shared the demo game's own module buildFile stands in for the fixture (said in a line).
 * Target: ≤ 4× the floor. Run alone with `npx tsx scripts/bench-import.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { importModule } from '../src/vassal/import/import-module';
import { readLimits, readModule } from '../src/vassal/reader/index';
import { builtModuleEntries } from './built-module';
import { median, printRow } from './bench-format';

// shared/ sits beside the repository; HEXFORGE_SHARED overrides it (as in tests/shared-dir.ts).
const SHARED_DIR = process.env.HEXFORGE_SHARED ?? path.join(import.meta.dirname, '..', '..', 'shared');
const TLD = path.join(SHARED_DIR, 'fixtures', 'vassal', 'uckelman__tld-mod__root', 'buildFile');
const TARGET = 4;
const SAMPLES = 9;
/** Runs of figure and floor before sampling, on the first input; the second starts with warm code. */
const WARMUP = [10, 2];

function floorParse(xml: string): void {
  const parser = new SaxesParser();
  parser.write(xml).close();
}

async function readAndImport(xml: string): Promise<number> {
  const entries = new Map([['buildFile.xml', new TextEncoder().encode(xml)]]);
  const read = await readModule(entries, { source: 'bench', limits: readLimits() });
  const result = await importModule(read.module!, { id: 'bench' });
  return result.summary.units;
}

/** A buildFile of at least `bytes` bytes: the fixture with its PieceSlots repeated in one more palette list. */
function synthetic(xml: string, bytes: number): string {
  const slots = xml.match(/<VASSAL\.build\.widget\.PieceSlot[^>]*>[^<]*<\/VASSAL\.build\.widget\.PieceSlot>/g) ?? [];
  const chunk = slots.join('\n');
  const copies: string[] = [];
  let size = xml.length;
  for (let i = 0; size < bytes; i++) {
    const list = `<VASSAL.build.widget.ListWidget entryName="Copy ${i}">\n${chunk}\n</VASSAL.build.widget.ListWidget>\n`;
    copies.push(list);
    size += list.length;
  }
  return xml.replace('</VASSAL.build.module.PieceWindow>', `${copies.join('')}</VASSAL.build.module.PieceWindow>`);
}

async function elapsed(fn: () => unknown | Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Median figure and floor over `runs` alternating samples of each. */
async function timeAlternating(
  figure: () => Promise<unknown>,
  floor: () => unknown,
  runs: number,
): Promise<{ figure: number; floor: number }> {
  const figures: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < runs; i++) {
    figures.push(await elapsed(figure));
    floors.push(await elapsed(floor));
  }
  return { figure: median(figures), floor: median(floors) };
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
    const runs = (count: number) =>
      timeAlternating(
        () => readAndImport(xml),
        () => floorParse(xml),
        count,
      );
    const first = await runs(1);
    await runs(WARMUP[i] - 1);
    const { figure, floor } = await runs(SAMPLES);
    printRow(label, figure, floor, 'ms', 'saxes parse, no handlers', TARGET);
    const ratio = (first.figure / first.floor).toFixed(2);
    console.log(
      `  first run${i === 0 ? ' (cold code)' : ''}: ${first.figure.toFixed(1)} ms   floor ${first.floor.toFixed(1)} ms   ratio ${ratio}×`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchImport();
