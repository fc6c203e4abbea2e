/**
 * vassal/import.json as written (format 2: one line, the units' records as columns, the data as
 * units.csv's text once) and as read: every unit's record with its palette slot, match key and
 * values as imported; a copy with its palette unit's slot and its own values. A folder imported
 * before (format 1, a record per unit) is still read, and `hexforge update` writes the same
 * module from it; a damaged file is refused with a diagnostic saying to import again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseCsvSource } from '../../src/data/csv-source';
import { updateCommand } from '../../src/cli/update';
import { csvText } from '../../src/vassal/import/csv';
import { SIDECAR_FORMAT, SIDECAR_FORMAT_RECORDS, SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { parseSidecarIndex } from '../../src/vassal/import/sidecar-read';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits } from '../../src/vassal/reader/index';
import { buildBasicPiece } from '../../src/vassal/traits/index';
import { withTempDir } from './import-fixtures';
import { sidecarOf } from './sidecar-of';
import { piece } from './side-module-kit';
import { importBuildFile, oneMapBuildFile, setupStack, SMALL_HEX_BOARD } from './synthetic-module';
import { csvRows } from './update-edit';

const LIST = 'PieceWindow[Pieces]/ListWidget[All]';

/** A palette slot (no entry name where `entryName` is undefined) of a BasicPiece of that name and picture. */
const slot = (entryName: string | undefined, name: string, gpid: number, image = '') =>
  `<VASSAL.build.widget.PieceSlot${entryName === undefined ? '' : ` entryName="${entryName}"`} gpid="${gpid}">${piece([buildBasicPiece({ name, gpid, image })])}</VASSAL.build.widget.PieceSlot>`;

/**
 * Four German units: an entry name holding "/", a piece named other than its slot, a slot without
 * an entry name, and a counter the setup places twice (a copy).
 */
const BUILD_FILE = oneMapBuildFile({
  name: 'Columns',
  sides: ['German', 'Soviet'],
  palette: [
    slot('German 1/2 Inf 4-3', 'German 1/2 Inf 4-3', 1, 'inf.png'),
    slot('Tank', 'German Tank 6-4', 2),
    slot(undefined, 'German Guns 2-1', 3),
    slot('German Cav 3-5', 'German Cav 3-5', 4),
  ].join(''),
  board: SMALL_HEX_BOARD,
  stacks: setupStack(208, slot('German Cav 3-5', 'German Cav 3-5', 4).repeat(2)),
});

it('writes the units as columns on one line, read back as one record per unit with its slot and values as imported', async () => {
  const result = await importBuildFile(BUILD_FILE);
  const text = result.files.get(SIDECAR_INDEX) as string;
  expect(text.indexOf('\n')).toBe(text.length - 1);
  const raw = JSON.parse(text) as { format: number; units: { lists: string[]; ids: string[] } };
  expect(raw.format).toBe(SIDECAR_FORMAT);
  expect(raw.units.lists).toEqual([`${LIST}/`]);

  const { units } = sidecarOf(text);
  const csv = parseCsvSource('units.csv', result.files.get('units.csv') as string).source!;
  const rows = csv.records.map((r) => Object.fromEntries(csv.header.map((c, i) => [c, r.cells[i]])));
  const byName = (name: string) => rows.find((r) => r.name === name)!.id;
  // Every row is a record whose values are the row's but its id (the import writes no notes).
  expect(Object.keys(units).sort()).toEqual(rows.map((r) => r.id).sort());
  for (const { id, notes: _notes, ...values } of rows) expect(units[id].data).toEqual(values);

  const infantry = units[byName('German 1/2 Inf 4-3')];
  expect(infantry).toMatchObject({
    gpid: '1',
    entryName: 'German 1/2 Inf 4-3',
    path: `${LIST}/PieceSlot[German 1/2 Inf 4-3]`,
    frontImage: 'inf.png',
  });
  expect(infantry.matchKey).toBe('face:German 1/2 Inf 4-3\u0000inf.png');
  const tank = units[byName('German Tank 6-4')];
  expect(tank).toMatchObject({ gpid: '2', entryName: 'Tank', path: `${LIST}/PieceSlot[Tank]`, matchKey: 'face:German Tank 6-4\u0000' });
  const guns = units[byName('German Guns 2-1')];
  expect(guns).toMatchObject({ gpid: '3', entryName: '', path: `${LIST}/PieceSlot`, matchKey: 'face:German Guns 2-1\u0000' });

  // The setup places the cavalry twice: the palette unit and one copy, with the unit's slot.
  const cavalry = rows.filter((r) => r.name === 'German Cav 3-5').map((r) => r.id);
  expect(cavalry).toHaveLength(2);
  const [kind, copy] = cavalry.map((id) => units[id]);
  expect(kind.copyOf).toBeUndefined();
  expect(copy.copyOf).toBe(cavalry[0]);
  const { data: _a, copyOf: _b, ...slotOfCopy } = copy;
  const { data: _c, ...slotOfKind } = kind;
  expect(slotOfCopy).toEqual(slotOfKind);
  expect(slotOfKind.path).toBe(`${LIST}/PieceSlot[German Cav 3-5]`);
});

it('reads a folder imported before (format 1), and update writes the same module from it', async () => {
  await withTempDir(async (dir) => {
    const vmod = path.join(dir, 'columns.vmod');
    await writeFile(vmod, await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 1767225600));
    const result = await importBuildFile(BUILD_FILE);
    const game = path.join(dir, 'game');
    await writeGameFolder(game, result.files);
    const { header, rows } = csvRows(await readFile(path.join(game, 'units.csv'), 'utf8'));
    const tank = rows.find((r) => r.name === 'German Tank 6-4')!;
    const column = header.find((c) => tank[c] === '6')!;
    tank[column] = '7';
    await writeFile(path.join(game, 'units.csv'), csvText(header, rows));

    const update = async (out: string) => {
      const lines: string[] = [];
      const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
      expect(await updateCommand(vmod, game, { out, limits: readLimits() }, io), lines.join('\n')).toBe(true);
      return { lines, bytes: await readFile(out) };
    };
    const now = await update(path.join(dir, 'now.vmod'));
    expect(now.lines.join('\n')).toContain('German Tank 7-4');

    // The records as format 1 held them, written as the import then wrote the file.
    const index = sidecarOf(result.files.get(SIDECAR_INDEX)!);
    const before = `${JSON.stringify({ ...index, format: SIDECAR_FORMAT_RECORDS }, null, 2)}\n`;
    expect(sidecarOf(before)).toEqual({ ...index, format: SIDECAR_FORMAT_RECORDS });
    await writeFile(path.join(game, SIDECAR_INDEX), before);
    const then = await update(path.join(dir, 'then.vmod'));
    expect(then.lines.map((l) => l.replace('then.vmod', 'now.vmod'))).toEqual(now.lines);
    expect(then.bytes.equals(now.bytes)).toBe(true);
  });
});

it('refuses units whose columns an import cannot have written, saying to import again', async () => {
  const result = await importBuildFile(BUILD_FILE);
  const raw = JSON.parse(result.files.get(SIDECAR_INDEX) as string) as { units: Record<string, unknown> };
  const damaged = (change: (units: Record<string, unknown>) => void) => {
    const units = structuredClone(raw.units);
    change(units);
    return parseSidecarIndex(JSON.stringify({ ...raw, units }));
  };
  const cases: [string, (units: Record<string, unknown>) => void, string][] = [
    ['a column short', (u) => (u.gpid as string[]).pop(), '`units.gpid` does not hold one entry per unit id'],
    ['an index past its list', (u) => ((u.list as number[])[0] = 5), '`units.list` does not hold one entry per unit id'],
    ['no csv', (u) => delete u.csv, '`units.csv` is no text'],
    ['a csv cut short', (u) => (u.csv = '"id'), '`units.csv` is not units.csv as an import writes it'],
    ['a copy of no unit', (u) => (u.copies = { x: 'nobody' }), '`units.copies` makes x a copy of nobody, which is no palette unit'],
  ];
  for (const [what, change, problem] of cases) {
    const read = damaged(change);
    expect(read, what).toEqual({ problem: `${SIDECAR_INDEX}: ${problem}`, hint: expect.stringContaining('import the module again') });
  }
  expect(parseSidecarIndex('{"format": 3, "module": {"entries": []}}')).toMatchObject({
    problem: expect.stringContaining('unknown format (3;'),
    hint: expect.stringContaining('import the module again'),
  });
});
