/**
 * Values a module prints as text: the "A-D-M" group of a Text Label, of the Layer level the
 * palette shows (the front) and of a flip Layer's other face (the reduced side); factor-named
 * Markers whose numbers vary across the pieces; a piece name's group only when it stands as a
 * token of 2 to 4 numbers. Each is recorded with its place, and `update` writes a changed value
 * back into that one level name or label text.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { SIDECAR_INDEX, type SidecarIndex } from '../../src/vassal/import/sidecar';
import { valueGroupIn } from '../../src/vassal/import/value-texts';
import { namesFactor } from '../../src/vassal/import/vocabulary';
import { writeZip } from '../../src/vassal/module/zip';
import { encodePiece } from '../../src/vassal/piece';
import { readLimits, readModule, readZip, type ReadModule } from '../../src/vassal/reader/index';
import { buildBasicPiece, buildLayer, buildMarker, buildUsePrototype, type Trait } from '../../src/vassal/traits/index';
import { dataChanges } from '../../src/vassal/update/data-changes';
import { updateModule } from '../../src/vassal/update/update-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { builtModuleEntries } from '../../scripts/built-module';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { describeShared } from '../shared-dir';
import { TEMPLATE, fixture, withTempDir } from './import-fixtures';
import { csvRows } from './update-edit';
import { sidecarOf } from './sidecar-of';

const limits = readLimits();
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A Text Label as the 3.7 editor writes it (format reference §3.4), bound to `propertyName`. */
function label(propertyName: string, text: string): Trait {
  return {
    type: `label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;${propertyName};factors;false`,
    state: text,
  };
}

function slot(name: string, gpid: number, traits: Trait[]): string {
  const piece = xmlText(encodePiece({ id: 'null', traits: [...traits, buildBasicPiece({ name, image: `${gpid}.png`, gpid })] }));
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}">${piece}</VASSAL.build.widget.PieceSlot>`;
}

function prototype(name: string, traits: Trait[]): string {
  const piece = xmlText(encodePiece({ id: 'null', traits: [...traits, buildBasicPiece({ name: '' })] }));
  return `<VASSAL.build.module.PrototypeDefinition name="${name}">${piece}</VASSAL.build.module.PrototypeDefinition>`;
}

const side = (name: string) => buildMarker([['Side', name]]);
/** A flip: inactive shows the piece, level 1 its back. */
const flip = (levelName: string) => buildLayer({ name: 'Flip', images: ['back.png'], levelNames: [levelName] });

function module(prototypes: string[], slots: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Texts" version="1" VassalVersion="3.7.0" nextPieceSlotId="20">
  <VASSAL.build.module.PlayerRoster><entry>Allies</entry><entry>Axis</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>${prototypes.join('')}</VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Counters">${slots.join('')}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;
}

/**
 * Rifles: a Text Label without a property name reads "4-3-6", its flip's back "+ 2-1-6".
 * Guards: an always-active Layer shows level 1 "(3)-4", level 2 "[1]-4". Pioneers: the Layer
 * of a prototype (shared with nobody else) names level 1 "3-3-5+" over a piece named "2-2-5".
 * Grenadiers: a Text Label bound to property TextLabel reads "5-5-4": a property, as before.
 * Worker-1-03-A: an id, no values. Sappers: Markers "Unit ID" = "3-12" and "SetupHex" = "12-5"
 * name an id and a place, not factors.
 */
const TEXTS = module(
  [prototype('Pioneer', [buildLayer({ name: 'Flip', images: ['p-back.png'], levelNames: ['3-3-5+'], initialValue: 1 })])],
  [
    slot('Rifles', 1, [label('', '4-3-6'), flip('+ 2-1-6'), side('Allies')]),
    slot('Guards', 2, [
      buildLayer({ name: 'Step', images: ['g1.png', 'g2.png'], levelNames: ['(3)-4', '[1]-4'], alwaysActive: true }),
      side('Axis'),
    ]),
    slot('2-2-5', 3, [buildUsePrototype('Pioneer'), side('Allies')]),
    slot('Grenadiers', 4, [label('TextLabel', '5-5-4'), side('Axis')]),
    slot('Worker-1-03-A', 5, [side('Axis')]),
    slot('Sappers', 6, [
      buildMarker([
        ['Unit ID', '3-12'],
        ['SetupHex', '12-5'],
      ]),
      side('Allies'),
    ]),
  ],
);

async function read(xml: string): Promise<{ entries: Map<string, Uint8Array>; module: ReadModule }> {
  const zip = await writeZip([{ path: 'buildFile.xml', data: xml }], 1767225600);
  const entries = (await readZip(zip, { file: 'texts.vmod', limits })).entries;
  return { entries, module: (await readModule(entries, { source: 'texts.vmod', limits })).module! };
}

async function imported(xml: string): Promise<{ result: ImportResult; rows: Record<string, string>[]; sidecar: SidecarIndex }> {
  const result = await importModule((await read(xml)).module, { id: 'texts' });
  expect(validateGameFiles('texts', result.files).filter((d) => d.severity === 'error')).toEqual([]);
  const sidecar = sidecarOf(result.files.get(SIDECAR_INDEX)!);
  return { result, rows: csvRows(result.files.get('units.csv') as string).rows, sidecar };
}

/** updateModule on the rows as edited (the other data files as imported); the changes must be accepted. */
async function update(
  entries: Map<string, Uint8Array>,
  module0: ReadModule,
  { sidecar, rows, result }: { sidecar: SidecarIndex; rows: Record<string, string>[]; result: ImportResult },
) {
  const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
  const changes = dataChanges(sidecar, {
    units: new Map(rows.map((r) => [r.id, r])),
    fileHashes: new Map(Object.keys(sidecar.dataFiles ?? {}).map((f) => [f, sha(result.files.get(f)!)])),
    folder: 'game',
  });
  expect(changes.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return updateModule(entries, module0, sidecar, changes, { limits, epoch: 0 });
}

const columns = (row: Record<string, string>, names: string[]) => names.map((n) => row[n] ?? '');
const FRONT = ['value1', 'value2', 'value3'];
const BACK = ['back', 'back.value1', 'back.value2', 'back.value3'];

describe('values from label texts and layer level names', () => {
  it('reads a Layer of version 0 without an activate key as always active, as VASSAL does: its two levels are front and back', async () => {
    // emb2; before 3.3's key-stroke fields, no activate key (Embellishment.mySetType makes it always active), level 1 shown.
    const layer = { type: 'emb2;;128;;Step up;128;A;;128;;;;1;false;0;0;v1.png,v2.png;4-3-6,2-1-6;true;Step;;;false;;1;0', state: '1' };
    const { rows } = await imported(module([], [slot('Veterans', 7, [layer, side('Allies')])]));
    expect(columns(rows[0], [...FRONT, ...BACK])).toEqual(['4', '3', '6', 'reduced', '2', '1', '6']);
  });

  it('reads the front from a label or the level shown, the reduced side from the other face, each with its place', async () => {
    const { result, rows, sidecar } = await imported(TEXTS);
    // Guards prints "(3)" and "[1]": value1 is text; the other fields hold numbers only.
    expect((JSON.parse(result.files.get('game.json') as string) as { unitFields: unknown[] }).unitFields).toEqual([
      { id: 'value1', name: 'Value 1', kind: 'text' },
      { id: 'value2', name: 'Value 2' },
      { id: 'value3', name: 'Value 3' },
    ]);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(columns(byName.get('Rifles')!, [...FRONT, ...BACK])).toEqual(['4', '3', '6', 'reduced', '2', '1', '6']);
    expect(columns(byName.get('Guards')!, [...FRONT, ...BACK])).toEqual(['(3)', '4', '', 'reduced', '[1]', '4', '']);
    // The prototype's Layer is active in the palette: it shows "3-3-5" before the name; its other face is the piece "2-2-5".
    expect(columns(byName.get('2-2-5')!, [...FRONT, ...BACK])).toEqual(['3', '3', '5', '', '', '', '']);
    expect(columns(byName.get('Grenadiers')!, FRONT)).toEqual(['5', '5', '4']);
    for (const name of ['Worker-1-03-A', 'Sappers'])
      expect([name, ...columns(byName.get(name)!, [...FRONT, ...BACK])]).toEqual([name, '', '', '', '', '', '', '']);

    const sources = (name: string) => sidecar.units[byName.get(name)!.id].sources!;
    expect(sources('Rifles').value2).toEqual({ carrier: 'labelText', property: '', nth: 0, group: 1 });
    expect(sources('Rifles')['back.value3']).toEqual({ carrier: 'layer', property: 'Flip', nth: 0, level: 0, group: 2 });
    expect(sources('Guards')['back.value1']).toEqual({ carrier: 'layer', property: 'Step', nth: 0, level: 1, group: 0 });
    expect(sources('2-2-5').value1).toEqual({ carrier: 'layer', property: 'Flip', nth: 0, level: 0, prototype: 'Pioneer', group: 0 });
    expect(sources('Grenadiers').value3).toEqual({ carrier: 'label', property: 'TextLabel', group: 2 });
    expect(sidecar.units[byName.get('Rifles')!.id].notes).toContain(
      'values from the text of Text Label "" "4-3-6", reduced side from the name of level 1 of Layer "Flip" "+ 2-1-6"',
    );
  });

  it('update writes a changed value into that label text and that level name, and nothing else', async () => {
    const { entries, module: read0 } = await read(TEXTS);
    const { rows, sidecar, result } = await imported(TEXTS);
    const row = (name: string) => rows.find((r) => r.name === name)!;
    row('Rifles').value2 = '5';
    row('Guards')['back.value1'] = '[2]';
    row('2-2-5').value3 = '6';
    const updated = await update(entries, read0, { sidecar, rows, result });
    expect(updated.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    // The buildFile is the original with exactly these texts changed (each occurs once in it).
    const before = new TextDecoder().decode(entries.get('buildFile.xml'));
    const expected = before.replace('4-3-6', '4-5-6').replace('(3)-4,[1]-4', '(3)-4,[2]-4').replace('3-3-5+', '3-3-6+');
    for (const text of ['4-3-6', '(3)-4,[1]-4', '3-3-5+']) expect(before.split(text).length).toBe(2);
    expect(new TextDecoder().decode(updated.entries!.get('buildFile.xml'))).toBe(expected);

    const again = await imported(expected);
    const reread = (name: string) => again.rows.find((r) => r.name === name)!;
    expect(columns(reread('Rifles'), [...FRONT, ...BACK])).toEqual(['4', '5', '6', 'reduced', '2', '1', '6']);
    expect(columns(reread('Guards'), [...FRONT, ...BACK])).toEqual(['(3)', '4', '', 'reduced', '[2]', '4', '']);
    expect(columns(reread('2-2-5'), FRONT)).toEqual(['3', '3', '6']);
  });

  it('the module built from the data imports to the same values, reduced sides and field kinds', async () => {
    const first = await imported(TEXTS);
    await withTempDir(async (dir) => {
      await writeGameFolder(`${dir}/texts`, first.result.files);
      const built = (await readModule(await builtModuleEntries(`${dir}/texts`), { source: 'built', limits })).module!;
      const second = await importModule(built, { id: 'texts' });
      expect(second.files.get('units.csv')).toBe(first.result.files.get('units.csv'));
      // game.json cites the module it was imported from: the built module is a new release.
      const game = (files: Map<string, string | Uint8Array>) => ({ ...JSON.parse(files.get('game.json') as string), source: undefined });
      expect(game(second.files)).toEqual(game(first.result.files));
    });
  });

  it('update refuses a value that would no longer read as a number of the group', async () => {
    const { entries, module: read0 } = await read(TEXTS);
    const { rows, sidecar, result } = await imported(TEXTS);
    rows.find((r) => r.name === 'Rifles')!['back.value1'] = '2a';
    const updated = await update(entries, read0, { sidecar, rows, result });
    const errors = updated.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.message)).toEqual([
      expect.stringContaining('level 1 of Layer "Flip" "2a" cannot stand in the value group "2-1-6"'),
    ]);
    expect(updated.entries).toBeUndefined();
  });
});

/**
 * Old Layers (emb;, read by Embellishment.originalSetType): one `image,level name` token per level,
 * no Layer name; without an activate key VASSAL makes the Layer always active.
 * Old Rifles: a flip (activate key F) whose one level names "+ 2-1-6", under a label "4-3-6".
 * Old Guards: no activate key, level 1 "(3)-4" shown, level 2 "[1]-4".
 */
const OLD_LAYERS = module(
  [],
  [
    slot('Old Rifles', 1, [label('', '4-3-6'), { type: 'emb;F;Flip;;;;;0;0;back.png,+ 2-1-6', state: '-1' }, side('Allies')]),
    slot('Old Guards', 2, [{ type: 'emb;;;;;;;0;0;g1.png,(3)-4;g2.png,[1]-4', state: '1' }, side('Axis')]),
  ],
);

describe('values from the level names of old Layers (emb;)', () => {
  it('reads them as those of a Layer named "", each with its place', async () => {
    const { rows, sidecar } = await imported(OLD_LAYERS);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(columns(byName.get('Old Rifles')!, [...FRONT, ...BACK])).toEqual(['4', '3', '6', 'reduced', '2', '1', '6']);
    expect(columns(byName.get('Old Guards')!, [...FRONT, ...BACK])).toEqual(['(3)', '4', '', 'reduced', '[1]', '4', '']);
    const sources = (name: string) => sidecar.units[byName.get(name)!.id].sources!;
    expect(sources('Old Rifles')['back.value3']).toEqual({ carrier: 'layer', property: '', nth: 0, level: 0, group: 2 });
    expect(sources('Old Guards').value2).toEqual({ carrier: 'layer', property: '', nth: 0, level: 0, group: 1 });
  });

  it('update writes a changed value into that level name of the old Layer, and nothing else', async () => {
    const { entries, module: read0 } = await read(OLD_LAYERS);
    const { rows, sidecar, result } = await imported(OLD_LAYERS);
    rows.find((r) => r.name === 'Old Rifles')!['back.value1'] = '3';
    rows.find((r) => r.name === 'Old Guards')!['back.value1'] = '[2]';
    const updated = await update(entries, read0, { sidecar, rows, result });
    expect(updated.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const before = new TextDecoder().decode(entries.get('buildFile.xml'));
    for (const text of ['back.png,+ 2-1-6', 'g2.png,[1]-4']) expect(before.split(text).length).toBe(2);
    const expected = before.replace('back.png,+ 2-1-6', 'back.png,+ 3-1-6').replace('g2.png,[1]-4', 'g2.png,[2]-4');
    expect(new TextDecoder().decode(updated.entries!.get('buildFile.xml'))).toBe(expected);
  });
});

describe('an always-active Layer at a state of 0 or below', () => {
  it('shows no level (Embellishment.draw draws one only above 0): its level names give no values', async () => {
    const steps = buildLayer({
      name: 'Step',
      images: ['m1.png', 'm2.png'],
      levelNames: ['4-3-6', '2-1-6'],
      alwaysActive: true,
      initialValue: -1,
    });
    const old = { type: 'emb;;;;;;;0;0;o1.png,4-3-6;o2.png,2-1-6', state: '-1' };
    const { rows } = await imported(module([], [slot('Militia', 1, [steps, side('Allies')]), slot('Old Militia', 2, [old, side('Axis')])]));
    for (const row of rows) expect([row.name, ...columns(row, [...FRONT, ...BACK])]).toEqual([row.name, '', '', '', '', '', '', '']);
  });
});

describe('factor-named properties', () => {
  const FACTORS = module(
    [],
    [
      slot('A', 1, [
        buildMarker([
          ['Attack', '4'],
          ['Movement Allowance', '6'],
          ['Strength', '1'],
          ['Range', '2'],
        ]),
        side('Allies'),
      ]),
      slot('B', 2, [
        buildMarker([
          ['Attack', '(2)'],
          ['Movement Allowance', '4'],
          ['Strength', '1'],
          ['Range', '—'],
        ]),
        side('Axis'),
      ]),
    ],
  );

  it('a Marker named like a factor whose numbers vary is a field of its own; one that never varies or holds a non-number is not', async () => {
    const { result, rows, sidecar } = await imported(FACTORS);
    const game = JSON.parse(result.files.get('game.json') as string) as { unitFields: { id: string; name: string }[] };
    // "(2)" is printed so and the module does not say why: the field keeps it as text.
    expect(game.unitFields).toEqual([
      { id: 'attack', name: 'Attack', kind: 'text' },
      { id: 'movementAllowance', name: 'Movement Allowance' },
    ]);
    expect(rows.map((r) => columns(r, ['name', 'attack', 'movementAllowance', 'strength', 'range']))).toEqual([
      ['A', '4', '6', '', ''],
      ['B', '(2)', '4', '', ''],
    ]);
    expect(sidecar.units[rows[1].id].sources!.movementAllowance).toEqual({ carrier: 'mark', property: 'Movement Allowance' });
  });

  it('update writes a changed factor into its Marker alone', async () => {
    const { entries, module: read0 } = await read(FACTORS);
    const imports = await imported(FACTORS);
    imports.rows[1].movementAllowance = '5';
    const updated = await update(entries, read0, imports);
    expect(updated.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const before = new TextDecoder().decode(entries.get('buildFile.xml'));
    expect(before.split('(2),4,1,—').length).toBe(2);
    expect(new TextDecoder().decode(updated.entries!.get('buildFile.xml'))).toBe(before.replace('(2),4,1,—', '(2),5,1,—'));
  });

  it('names a factor only with factor words and their qualifiers', () => {
    for (const name of ['Attack', 'Defense Factor', 'Movement Allowance', 'MP', 'CF', 'Combat Strength', 'Morale Rating'])
      expect([name, namesFactor(name)]).toEqual([name, true]);
    for (const name of ['Unit Side', 'Formation', 'stats', 'id', 'Attack Helicopter', 'Value', 'Steps'])
      expect([name, namesFactor(name)]).toEqual([name, false]);
  });
});

describeShared("a Dynamic Property's step-loss command: the reduced side (Hex'n'Counters template)", () => {
  // The buildFile's INF-XX-2-3-5 slot: PROP stats = 2-3-5, commands Untried (P,U-5), StepLoss (P,1-2-5), Reset (P,2-3-5).
  const STEP_LOSS = 'StepLoss:83\\,195:P\\,1-2-5';

  it('reads the values the command sets as the back, and update changes that command alone', async () => {
    const entries = (await readModuleEntries(fixture(TEMPLATE), limits)).entries!;
    const source = new TextDecoder().decode(entries.get('buildFile.xml'));
    expect(source.split(STEP_LOSS).length).toBe(2);
    const module0 = (await readModule(entries, { source: TEMPLATE, limits })).module!;
    const result = await importModule(module0, { id: 'template' });
    const sidecar = sidecarOf(result.files.get(SIDECAR_INDEX)!);
    const rows = csvRows(result.files.get('units.csv') as string).rows;
    const inf = rows.find((r) => r.name === 'INF-XX-2-3-5_123_456')!;
    expect(columns(inf, [...FRONT, ...BACK])).toEqual(['2', '3', '5', 'reduced', '1', '2', '5']);
    expect(sidecar.units[inf.id].sources!['back.value1']).toEqual({ carrier: 'PROP', property: 'stats', command: 1, group: 0 });

    inf['back.value1'] = '2';
    const updated = await update(entries, module0, { sidecar, rows, result });
    expect(updated.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const changedEntries = [...entries.keys()].filter(
      (e) => Buffer.compare(Buffer.from(entries.get(e)!), Buffer.from(updated.entries!.get(e)!)) !== 0,
    );
    expect(changedEntries).toEqual(['buildFile.xml']);
    expect(new TextDecoder().decode(updated.entries!.get('buildFile.xml'))).toBe(source.replace(STEP_LOSS, 'StepLoss:83\\,195:P\\,2-2-5'));
  });
});

describe('"A-D-M" groups in names', () => {
  it('accepts a token of 2 to 4 numbers, each maybe in parentheses or brackets', () => {
    const accepted: [string, string][] = [
      ['Moslem_Infantry_4-2_Turkish', '4-2'], // Kassala
      ['Christian_Cannon_1-0', '1-0'], // Kassala
      ['4-3-6', '4-3-6'],
      ['Panzer 2-2-4-3', '2-2-4-3'],
      ['(3)-4 Militia', '(3)-4'],
      ['[2]-1-5', '[2]-1-5'],
      ['Guards (4-4)', '4-4'],
    ];
    for (const [name, group] of accepted) expect([name, valueGroupIn(name)]).toEqual([name, group]);
  });

  it('rejects ids, dates, letters and longer runs', () => {
    const rejected = [
      'Worker-1-03-A', // zero-padded, joined to letters by hyphens
      'INF-XX-2-3-5_123_456', // the Hex'n'Counters template: joined to "XX" by a hyphen
      'AAH-X-0-4-6_654_33',
      '1944-06-06',
      '1-2-3-4-5',
      '4-3-6a',
      'A-1',
      'I/101/101', // The Longest Day
      'hero-odin', // Ragnarok
      '$stats$',
    ];
    for (const name of rejected) expect([name, valueGroupIn(name)]).toEqual([name, undefined]);
  });
});
