/**
 * What the update tests of masks share: the update run as the CLI runs it, a data file edited as a
 * user would, a placement turned face down, and the traits an update changed, each definition's one
 * trait, found by comparing two modules.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { encodePiece } from '../../src/vassal/piece';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import type { Trait } from '../../src/vassal/traits/index';

const limits = readLimits();
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** `hexforge update <vmod> <game> --out <out>`: whether it wrote the module, and what it printed. */
export async function update(vmod: string, game: string, out: string): Promise<{ ok: boolean; report: string }> {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const ok = await updateCommand(vmod, game, { out, limits }, io);
  return { ok, report: lines.join('\n') };
}

/** Edits a data file as a user would (JSON of two-space indent); the returned function puts it back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the files' own shapes do not matter here
export async function edit(game: string, file: string, change: (data: any) => void): Promise<() => Promise<void>> {
  const where = path.join(game, file);
  const text = await readFile(where, 'utf8');
  const data = JSON.parse(text);
  change(data);
  await writeFile(where, `${JSON.stringify(data, null, 2)}\n`);
  return () => writeFile(where, text);
}

/**
 * The placement of `unit` in scenario `scenario` (its index in scenarios.json) turned face down,
 * hidden by `by` under the counters' first Mask (counters.json's `vassal.masks`).
 */
export async function turnFaceDown(game: string, unit: string, by: string, scenario = 0): Promise<() => Promise<void>> {
  const counters = JSON.parse(await readFile(path.join(game, 'counters.json'), 'utf8'));
  const { units: _units, markers: _markers, ...mask } = counters.vassal.masks[0];
  return edit(game, 'scenarios.json', (s) => {
    const at = s.scenarios[scenario];
    at.setup.find((p: { units: string[] }) => p.units.includes(unit)).faceDown = true;
    at.vassal.unitMasks = { ...at.vassal.unitMasks, [unit]: { ...mask, by } };
  });
}

/**
 * The definitions whose traits differ between two modules, found by gpid, each by the one trait
 * that differs; every entry but the buildFile byte for byte the same, and the buildFile's text the
 * same outside the changed definitions.
 */
export async function changedTraits(before: string, after: string) {
  const read = async (file: string) => {
    const data = await readFile(file);
    const entries = (await readZip(data, { file, limits })).entries;
    return { entries, module: (await readModule(entries, { source: file, limits })).module! };
  };
  const [a, b] = [await read(before), await read(after)];
  expect([...b.entries.keys()]).toEqual([...a.entries.keys()]);
  for (const name of a.entries.keys())
    if (name !== 'buildFile.xml') expect(Buffer.from(b.entries.get(name)!).equals(Buffer.from(a.entries.get(name)!)), name).toBe(true);
  let textBefore = Buffer.from(a.entries.get('buildFile.xml')!).toString('utf8');
  const textAfter = Buffer.from(b.entries.get('buildFile.xml')!).toString('utf8');
  const changed: { where: string; index: number; before: Trait; after: Trait }[] = [];
  const none = { type: '', state: '' };
  // Each definition's text in document order, the changed ones replaced by the new module's.
  let from = 0;
  a.module.definitions.forEach((def, i) => {
    const other = b.module.definitions[i];
    const [x, y] = [def.piece.traits, other.piece.traits];
    const [was, now] = [xmlText(encodePiece(def.piece)), xmlText(encodePiece(other.piece))];
    const at = textBefore.indexOf(was, from);
    expect(at).toBeGreaterThanOrEqual(0);
    textBefore = textBefore.slice(0, at) + now + textBefore.slice(at + was.length);
    from = at + now.length;
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    const where = name(def.element.attributes);
    const index = x.findIndex((t, k) => JSON.stringify(t) !== JSON.stringify(y[k]));
    const rest = (list: Trait[], from: number) => JSON.stringify(list.slice(from));
    if (x.length === y.length) changed.push({ where, index, before: x[index], after: y[index] });
    else if (x.length < y.length) changed.push({ where, index, before: none, after: y[index] });
    else changed.push({ where, index, before: x[index], after: none });
    // Only the one trait differs.
    expect(rest(x, index + (x.length >= y.length ? 1 : 0))).toBe(rest(y, index + (y.length >= x.length ? 1 : 0)));
  });
  expect(textAfter).toBe(textBefore);
  return changed;
}

/** A definition by its gpid ("slot 11"), or by its entry name where it has none. */
function name(attributes: readonly (readonly [string, string])[]): string {
  const gpid = attributes.find(([k]) => k === 'gpid')?.[1];
  return gpid !== undefined && gpid !== '' ? `slot ${gpid}` : `entry ${attributes.find(([k]) => k === 'entryName')?.[1]}`;
}
