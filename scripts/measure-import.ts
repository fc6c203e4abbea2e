/**
 * Import measurements on every VASSAL fixture: import → validate (errors), setup placements kept of
 * those the module makes, and stability: the data files of import(build(import(M))) against those
 * of import(M) (vassal/ and the README citing the module read left out), counted as differing JSON
 * leaves, units.csv rows (by id) and setup placements (by location, units unordered).
 * Run with `npx tsx scripts/measure-import.ts`.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateGameFiles } from '../src/cli/load-game';
import { importModule } from '../src/vassal/import/import-module';
import { writeGameFolder } from '../src/vassal/import/write-folder';
import { readLimits, readModule, readModuleFrom } from '../src/vassal/reader/index';
import { builtModuleEntries } from './built-module';

const SHARED_DIR = process.env.HEXFORGE_SHARED ?? path.join(import.meta.dirname, '..', '..', 'shared');
const FIXTURES = path.join(SHARED_DIR, 'fixtures', 'vassal');

function leaves(value: unknown, at: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, `${at}/${k}`, out);
  } else out.set(at, JSON.stringify(value));
}

/** Setups keyed by where and who (a placement's position in the list carries no meaning), rows of units.csv by id. */
function canonical(name: string, value: unknown): unknown {
  if (name !== 'scenarios.json') return value;
  const file = value as { scenarios: { setup?: Record<string, unknown>[] }[] };
  for (const s of file.scenarios) {
    if (!s.setup) continue;
    const keyed: Record<string, unknown> = {};
    for (const p of s.setup) {
      const { units, ...where } = p as { units?: string[] };
      keyed[JSON.stringify(where)] = [...(units ?? [])].sort();
    }
    (s as Record<string, unknown>).setup = keyed;
  }
  return file;
}

function fileLeaves(name: string, text: string): Map<string, string> {
  const out = new Map<string, string>();
  if (name.endsWith('.json')) leaves(canonical(name, JSON.parse(text)), name, out);
  else if (name === 'units.csv') {
    const [header, ...rows] = text.trim().split('\n');
    out.set(`${name}:header`, header);
    for (const row of rows) out.set(`${name}:${row.split(',')[0]}`, row);
  } else text.split('\n').forEach((line, i) => out.set(`${name}:${i + 1}`, line));
  return out;
}

/** What names the module read rather than the game: the README (game.json's source names the data's first module). */
const PROVENANCE = /^(README\.md:)/;

/** Differing leaves between two imports' data files (vassal/ and the marker left out). */
export function dataDiffs(a: ReadonlyMap<string, string | Uint8Array>, b: ReadonlyMap<string, string | Uint8Array>): string[] {
  const diffs: string[] = [];
  const names = new Set([...a.keys(), ...b.keys()].filter((n) => !n.startsWith('vassal/')));
  for (const name of [...names].sort()) {
    const x = a.get(name);
    const y = b.get(name);
    if (typeof x !== 'string' || typeof y !== 'string') {
      if (x !== y) diffs.push(`${name}: only in ${x === undefined ? 'second' : 'first'}`);
      continue;
    }
    const lx = fileLeaves(name, x);
    const ly = fileLeaves(name, y);
    for (const k of new Set([...lx.keys(), ...ly.keys()]))
      if (lx.get(k) !== ly.get(k) && !PROVENANCE.test(k)) diffs.push(`${k}: ${lx.get(k)} → ${ly.get(k)}`);
  }
  return diffs;
}

async function main(): Promise<void> {
  const only = process.argv[2];
  const limits = readLimits();
  for (const name of readdirSync(FIXTURES).filter((n) => !n.endsWith('.md') && (!only || n.includes(only)))) {
    const module = (await readModuleFrom(path.join(FIXTURES, name), limits)).module!;
    const first = await importModule(module, { id: 'game' });
    const errors = validateGameFiles('game', first.files).filter((d) => d.severity === 'error');
    const p = first.summary.placements;
    const dir = mkdtempSync(path.join(tmpdir(), 'measure-import-'));
    let stability: string;
    try {
      const game = path.join(dir, 'game');
      await writeGameFolder(game, first.files);
      const entries = await builtModuleEntries(game);
      const read = await readModule(entries, { source: 'built', limits });
      const second = await importModule(read.module!, { id: 'game' });
      const diffs = dataDiffs(first.files, second.files);
      stability = String(diffs.length);
      if (process.env.SHOW) console.log(diffs.slice(0, Number(process.env.SHOW)).join('\n'));
    } catch (e) {
      stability = `build failed: ${String(e).slice(0, 200)}`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const warnings = first.diagnostics.filter((d) => d.severity === 'warning').length;
    console.log(
      `${name}\tvalidate errors ${errors.length}${errors.length ? ` (${errors[0].code}: ${errors[0].message.slice(0, 120)})` : ''}\tplacements located ${p.located}/${p.total} listed ${p.listed}\twarnings ${warnings}\tstability diffs ${stability}`,
    );
  }
}

await main();
