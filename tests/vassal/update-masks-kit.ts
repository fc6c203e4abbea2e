/**
 * What the update tests of masks share: the update run as the CLI runs it, a data file edited as a
 * user would, a placement turned face down, and the traits an update changed, each definition's one
 * trait, found by comparing two modules.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip, type ZipEntry } from '../../src/vassal/module/zip';
import { encodePiece } from '../../src/vassal/piece';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { SAVED_GAME_ENTRY, readSavedGame } from '../../src/vassal/reader/saved-game';
import { buildBasicPiece, type Trait } from '../../src/vassal/traits/index';
import { greyPicture } from './rebuild-kit';

const limits = readLimits();
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The scout's Mask: Ctrl+H "Hide", peek "Look", players of the masking side may unmask, named "Hidden unit". */
export const UNIT_MASK = 'obs;72,130;scout-back.png;Hide;I;Hidden unit;side:;Look;;false;;';

/** A piece named `name` (picture `<name>.png`) of the Allies side under UNIT_MASK, masked by `by` (null: face up). */
export const maskedPiece = (name: string, by: string | null): Trait[] => [
  { type: UNIT_MASK, state: by === null ? 'null;' : `${by};` },
  { type: 'mark;Side', state: 'Allies' },
  buildBasicPiece({ name, image: `${name.toLowerCase()}.png` }),
];

/** The tank: of the Axis side, no Mask. */
export const TANK: Trait[] = [{ type: 'mark;Side', state: 'Axis' }, buildBasicPiece({ name: 'Tank', image: 'tank.png' })];

/** A palette or at-start PieceSlot of the piece. */
export const slot = (traits: Trait[], gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="" gpid="${gpid}" height="0" width="0">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.widget.PieceSlot>`;

/** The buildFile with a predefined setup "Hidden start" of the saved game Hidden.vsav. */
export const withSavedSetup = (buildFile: string) =>
  buildFile.replace(
    '</VASSAL.build.GameModule>',
    '<VASSAL.build.module.PredefinedSetup file="Hidden.vsav" isMenu="false" name="Hidden start" useFile="true"/></VASSAL.build.GameModule>',
  );

/** A saved piece, its BasicPiece on the main map at (x, 100): hexes 0201, 0401, 0601 of SMALL_HEX_BOARD at x = 96, 208, 320. */
export const savedPiece = (id: number, traits: Trait[], x: number) =>
  encodePiece({
    id: String(id),
    traits: traits.map((t, i) => (i === traits.length - 1 ? { ...t, state: `Main Map;${x};100;${id};0` } : t)),
  });

/** A grey picture for each image name, in the module's images/. */
export const pictures = (names: readonly string[]): ZipEntry[] =>
  names.map((name, i) => ({ path: `images/${name}`, data: greyPicture(20, 30, 40 + 30 * i) }));

/** The module (buildFile and `others`) written as hidden.vmod in `dir`, and imported to `dir`/game. */
export async function importedModule(dir: string, buildFile: string, others: readonly ZipEntry[]): Promise<{ vmod: string; game: string }> {
  const vmod = path.join(dir, 'hidden.vmod');
  const zip = await writeZip([{ path: 'buildFile.xml', data: buildFile }, ...others], 0);
  await writeFile(vmod, zip);
  const entries = (await readZip(zip, { file: vmod, limits })).entries;
  const module = (await readModule(entries, { source: vmod, limits })).module!;
  const game = path.join(dir, 'game');
  await writeGameFolder(game, (await importModule(module, { id: 'hidden' })).files);
  return { vmod, game };
}

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

type TraitChange = { where: string; index: number; before: Trait; after: Trait };
const NO_TRAIT = { type: '', state: '' };

/** The one trait that differs between two trait chains (changed, added or removed), the others the same; undefined when none does. */
function oneTraitChange(where: string, x: readonly Trait[], y: readonly Trait[]): TraitChange | undefined {
  if (JSON.stringify(x) === JSON.stringify(y)) return undefined;
  const index = x.findIndex((t, k) => JSON.stringify(t) !== JSON.stringify(y[k]));
  const rest = (list: readonly Trait[], from: number) => JSON.stringify(list.slice(from));
  // Only the one trait differs.
  expect(rest(x, index + (x.length >= y.length ? 1 : 0)), where).toBe(rest(y, index + (y.length >= x.length ? 1 : 0)));
  if (x.length === y.length) return { where, index, before: x[index], after: y[index] };
  return x.length < y.length ? { where, index, before: NO_TRAIT, after: y[index] } : { where, index, before: x[index], after: NO_TRAIT };
}

/**
 * The definitions whose traits differ between two modules, found by gpid, each by the one trait
 * that differs; every entry but the buildFile and the saves named in `changedSaves` byte for byte
 * the same, and the buildFile's text the same outside the changed definitions. Then the pieces of
 * each save named (./changedSavePieces).
 */
export async function changedTraits(before: string, after: string, changedSaves: readonly string[] = []): Promise<TraitChange[]> {
  const read = async (file: string) => {
    const data = await readFile(file);
    const entries = (await readZip(data, { file, limits })).entries;
    return { entries, module: (await readModule(entries, { source: file, limits })).module! };
  };
  const [a, b] = [await read(before), await read(after)];
  expect([...b.entries.keys()]).toEqual([...a.entries.keys()]);
  for (const name of a.entries.keys())
    if (name !== 'buildFile.xml' && !changedSaves.includes(name))
      expect(Buffer.from(b.entries.get(name)!).equals(Buffer.from(a.entries.get(name)!)), name).toBe(true);
  let textBefore = Buffer.from(a.entries.get('buildFile.xml')!).toString('utf8');
  const textAfter = Buffer.from(b.entries.get('buildFile.xml')!).toString('utf8');
  const changed: TraitChange[] = [];
  // Each definition's text in document order, the changed ones replaced by the new module's.
  let from = 0;
  a.module.definitions.forEach((def, i) => {
    const other = b.module.definitions[i];
    const [was, now] = [xmlText(encodePiece(def.piece)), xmlText(encodePiece(other.piece))];
    const at = textBefore.indexOf(was, from);
    expect(at).toBeGreaterThanOrEqual(0);
    textBefore = textBefore.slice(0, at) + now + textBefore.slice(at + was.length);
    from = at + now.length;
    const change = oneTraitChange(name(def.element.attributes), def.piece.traits, other.piece.traits);
    if (change) changed.push(change);
  });
  expect(textAfter).toBe(textBefore);
  for (const save of changedSaves) changed.push(...(await changedSavePieces(save, a.entries.get(save)!, b.entries.get(save)!)));
  return changed;
}

/**
 * The pieces of a saved game whose traits differ between two of its versions, each by the one
 * trait that differs ("Setup.vsav piece 1000"); the save's other entries byte for byte the same, its
 * encoding and key the same, and every other command the same text.
 */
export async function changedSavePieces(entry: string, before: Uint8Array, after: Uint8Array): Promise<TraitChange[]> {
  const read = (bytes: Uint8Array) => readSavedGame(bytes, { file: entry, limits, keepArchive: true });
  const [a, b] = [await read(before), await read(after)];
  expect(b.diagnostics, entry).toEqual([]);
  expect(b.encoding).toBe(a.encoding);
  const [x, y] = [a.archive!.entries, b.archive!.entries];
  expect([...y.keys()]).toEqual([...x.keys()]);
  for (const name of x.keys())
    if (name !== SAVED_GAME_ENTRY) expect(Buffer.from(y.get(name)!).equals(Buffer.from(x.get(name)!)), `${entry} ${name}`).toBe(true);
  // The obfuscation's header and key (`!VCSK` and two digits) as they were.
  expect(Buffer.from(y.get(SAVED_GAME_ENTRY)!.subarray(0, 7)).equals(Buffer.from(x.get(SAVED_GAME_ENTRY)!.subarray(0, 7)))).toBe(true);
  expect(b.commands.length).toBe(a.commands.length);
  const changed: TraitChange[] = [];
  a.commands.forEach((command, i) => {
    if (command === b.commands[i]) return;
    const [p, q] = [a.pieces.find((s) => s.command === i)!, b.pieces.find((s) => s.command === i)!];
    expect(q.id).toBe(p.id);
    const change = oneTraitChange(`${entry} piece ${p.id}`, p.piece.traits, q.piece.traits);
    if (change) changed.push(change);
  });
  return changed;
}

/** A definition by its gpid ("slot 11"), else by its entry name, else (a PrototypeDefinition) by its name ("prototype Hidden"). */
function name(attributes: readonly (readonly [string, string])[]): string {
  const of = (key: string) => attributes.find(([k]) => k === key)?.[1];
  const [gpid, entryName] = [of('gpid'), of('entryName')];
  if (gpid !== undefined && gpid !== '') return `slot ${gpid}`;
  return entryName !== undefined ? `entry ${entryName}` : `prototype ${of('name')}`;
}
