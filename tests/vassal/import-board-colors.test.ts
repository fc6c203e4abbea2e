/**
 * Board colours (./board-colors-kit.ts): the import keeps the colour VASSAL paints a board without a
 * picture in map.json `boards[].color`, the built module writes it back as VASSAL writes it
 * (ColorConfigurer.colorToString: "r,g,b", ",a" when not opaque; nothing beside a picture), and
 * the import of that module reads the same data. validate refuses a colour not in the data's form.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import { readVassalColor, vassalColorText } from '../../src/vassal/color';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { BUILD_FILE, moduleEntries } from './board-colors-kit';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';

const BOARD = 'VASSAL.build.module.map.boardPicker.Board';

/** Each board of map.json as "name: colour" (none: "-"). */
const colorsOf = (map: { boards: Array<{ name: string; color?: string }> }) => map.boards.map((b) => `${b.name}: ${b.color ?? '-'}`);

it('reads a colour as VASSAL 3.7.26 does (ColorConfigurer.stringToColor) and writes it as colorToString', () => {
  // 204 = 0xcc; 10, 20, 30, 128 = 0x0a, 0x14, 0x1e, 0x80.
  expect(readVassalColor('204,204,204')).toEqual({ color: '#cccccc', unreadable: false });
  expect(readVassalColor('10,20,30,128')).toEqual({ color: '#0a141e80', unreadable: false });
  // Alpha 255 is opaque: Color.getTransparency() is OPAQUE, written without it.
  expect(readVassalColor('10,20,30,255')).toEqual({ color: '#0a141e', unreadable: false });
  // StringTokenizer skips empty items; only the first four count.
  expect(readVassalColor('1,,2,3')).toEqual({ color: '#010203', unreadable: false });
  expect(readVassalColor('1,2,3,4,5')).toEqual({ color: '#01020304', unreadable: false });
  // Color.decode keeps the low 24 bits.
  expect(readVassalColor('0x336699')).toEqual({ color: '#336699', unreadable: false });
  expect(readVassalColor('0X7F336699')).toEqual({ color: '#336699', unreadable: false });
  // No colour at all.
  for (const none of [undefined, '', 'null']) expect(readVassalColor(none)).toBeUndefined();
  // A NumberFormatException, a NoSuchElementException (fewer than 3 items), an IllegalArgumentException
  // (out of 0..255), Integer.decode past Integer.MAX_VALUE: VASSAL paints black.
  for (const bad of ['grey', '#cccccc', '1,2', '1,2,300', '-1,2,3', ' 1,2,3', '0x', '0x80000000'])
    expect(readVassalColor(bad), bad).toEqual({ color: '#000000', unreadable: true });

  expect(vassalColorText('#cccccc')).toBe('204,204,204');
  expect(vassalColorText('#0a141e80')).toBe('10,20,30,128');
  expect(vassalColorText('#0A141EFF')).toBe('10,20,30');
});

it('keeps the colour of each board without a picture, builds it back as VASSAL writes it, and imports the same data again', async () => {
  const first = await importEntries(moduleEntries(), 'colours');
  expect(colorsOf(jsonOf(first, 'map.json'))).toEqual([
    'Field: #008000',
    'Dead: #cccccc',
    'Glass: #0a141e80',
    'Hex: #336699',
    'Bad: #000000',
    'Tracks: -',
  ]);
  // The colour VASSAL cannot read is black there, as the data says, with a warning at the board's line.
  const unreadable = first.diagnostics.filter((d) => d.code === 'vassal/board-color-unreadable');
  const badLine = BUILD_FILE.split('\n').findIndex((l) => l.includes('mapName="Bad"')) + 1;
  expect(unreadable.map((d) => [d.severity, d.line, d.message.includes('"grey"')])).toEqual([['warning', badLine, true]]);
  expect(unreadable[0].hint).toBeDefined();

  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'colours');
    const root = parseXml(new TextDecoder().decode(built.get('buildFile.xml')));
    const boards = [...walkElements(root)].filter((e) => e.name === BOARD);
    const written = Object.fromEntries(boards.map((b) => [attribute(b, 'name'), attribute(b, 'color') ?? '-']));
    // As VASSAL writes the colours it read: 0x336699 is 51, 102, 153; "grey" black.
    expect(written).toMatchObject({
      Field: '0,128,0',
      Dead: '204,204,204',
      Glass: '10,20,30,128',
      Hex: '51,102,153',
      Bad: '0,0,0',
      Tracks: '-',
    });
    // The plain boards keep their sizes beside their colours.
    const dead = boards.find((b) => attribute(b, 'name') === 'Dead')!;
    expect([attribute(dead, 'width'), attribute(dead, 'height'), attribute(dead, 'image')]).toEqual(['400', '300', undefined]);
    expect(dataFiles(second)).toEqual(dataFiles(first));
    expect(second.diagnostics.filter((d) => d.code === 'vassal/board-color-unreadable')).toEqual([]);
  });
}, 120_000);

it('validate refuses a board colour not in the data form, at its line, and warns of one under a picture', async () => {
  await withTempDir(async (dir) => {
    const folder = path.join(dir, 'game');
    await writeGameFolder(folder, (await importEntries(moduleEntries(), 'colours')).files);
    const file = path.join(folder, 'map.json');
    const map = JSON.parse(readFileSync(file, 'utf8'));
    map.boards[1].color = '204,204,204';
    map.boards[5].color = '#ff0000';
    const text = JSON.stringify(map, null, 2);
    writeFileSync(file, text);
    const lines = text.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const found = (await loadGame(folder)).diagnostics
      .filter((d) => d.code === 'schema/pattern' || d.code === 'map/board-color-hidden')
      .map((d) => ({ code: d.code, severity: d.severity, file: path.basename(d.file ?? ''), line: d.line, hint: d.hint !== undefined }));
    expect(found).toEqual([{ code: 'schema/pattern', severity: 'error', file: 'map.json', line: lineOf('"204,204,204"'), hint: true }]);
    // With the bad colour mended, the colour under the picture is the one left.
    map.boards[1].color = '#cccccc';
    writeFileSync(file, JSON.stringify(map, null, 2));
    const hidden = (await loadGame(folder)).diagnostics.filter((d) => d.code === 'map/board-color-hidden');
    expect(hidden.map((d) => [d.severity, d.pointer])).toEqual([['warning', '/boards/5/color']]);
  });
}, 120_000);
