/**
 * Map backgrounds: the import keeps each map's `backgroundcolor` (VASSAL's Map, painted around and
 * under the boards) in map.json `backgrounds` where it differs from VASSAL's default white, the
 * built module writes every map's as VASSAL writes colours (ColorConfigurer.colorToString: "r,g,b",
 * ",a" when not opaque; white where the data states none), and the import of that module reads the
 * same data. validate refuses a background not in the data's form, at its line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt, sideSlot } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const HEX_GRID = `<${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true" visible="false"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>`;
const board = (name: string, grid = '') => `<${B}.Board height="300" name="${name}" reversible="false" width="400">${grid}</${B}.Board>`;
/** A map of one plain board named as the map; `background` absent: no attribute, VASSAL's default. */
const map = (name: string, background?: string, grid = '', kind = 'module.Map') =>
  `<VASSAL.build.${kind} ${background !== undefined ? `backgroundcolor="${background}" ` : ''}mapName="${name}" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${board(name, grid)}</VASSAL.build.module.map.BoardPicker></VASSAL.build.${kind}>`;

// The game map navy; "Dead" grey as the jzedwards templates' DeadPile; "Glass" translucent; "Bad"
// a colour VASSAL cannot read; "White" and "Unset" VASSAL's default; "Tab" a chart window's map.
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Map backgrounds" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  ${map('Main Map', '0,0,128', HEX_GRID)}
  ${map('Dead', '204,204,204')}
  ${map('Glass', '10,20,30,128')}
  ${map('Bad', 'grey')}
  ${map('White', '255,255,255')}
  ${map('Unset')}
  <VASSAL.build.module.ChartWindow name="Charts"><VASSAL.build.widget.TabWidget entryName="Charts"><VASSAL.build.widget.MapWidget entryName="Tab">${map('Tab', '0,128,0', '', 'widget.WidgetMap')}</VASSAL.build.widget.MapWidget></VASSAL.build.widget.TabWidget></VASSAL.build.module.ChartWindow>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

const entries = () => new Map([['buildFile.xml', new TextEncoder().encode(BUILD_FILE)]]);

it('keeps the backgrounds other than white, builds them back as VASSAL writes them, and imports the same data again', async () => {
  const first = await importEntries(entries(), 'backgrounds');
  const map = jsonOf(first, 'map.json');
  // Every map is kept (a board each); 204 = 0xcc, 128 = 0x80, 10, 20, 30 = 0x0a, 0x14, 0x1e.
  expect(new Set(map.boards.map((b: { map: string }) => b.map))).toEqual(
    new Set(['Main Map', 'Dead', 'Glass', 'Bad', 'White', 'Unset', 'Tab']),
  );
  expect(map.backgrounds).toEqual({ 'Main Map': '#000080', Dead: '#cccccc', Glass: '#0a141e80', Bad: '#000000', Tab: '#008000' });
  const unreadable = first.diagnostics.filter((d) => d.code === 'vassal/map-background-unreadable');
  const badLine = BUILD_FILE.split('\n').findIndex((l) => l.includes('mapName="Bad"')) + 1;
  expect(unreadable.map((d) => [d.severity, d.line, d.message.includes('"grey"'), d.hint !== undefined])).toEqual([
    ['warning', badLine, true, true],
  ]);

  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'backgrounds');
    const root = parseXml(new TextDecoder().decode(built.get('buildFile.xml')));
    const written = Object.fromEntries(
      [...walkElements(root)]
        .filter((e) => attribute(e, 'mapName') !== undefined)
        .map((e) => [attribute(e, 'mapName'), attribute(e, 'backgroundcolor')]),
    );
    // As VASSAL writes the colours it read ("grey" black); white where the data states none.
    expect(written).toMatchObject({
      'Main Map': '0,0,128',
      Dead: '204,204,204',
      Glass: '10,20,30,128',
      Bad: '0,0,0',
      White: '255,255,255',
      Unset: '255,255,255',
      Tab: '0,128,0',
    });
    expect(dataFiles(second)).toEqual(dataFiles(first));
    expect(second.diagnostics.filter((d) => d.code === 'vassal/map-background-unreadable')).toEqual([]);
  });
}, 120_000);

it('validate refuses a background not in the data form, at its line', async () => {
  await withTempDir(async (dir) => {
    const folder = path.join(dir, 'game');
    await writeGameFolder(folder, (await importEntries(entries(), 'backgrounds')).files);
    const file = path.join(folder, 'map.json');
    const map = JSON.parse(readFileSync(file, 'utf8'));
    map.backgrounds.Dead = '204,204,204';
    const text = JSON.stringify(map, null, 2);
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.includes('"204,204,204"')) + 1;
    const found = (await loadGame(folder)).diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => ({
        code: d.code,
        file: path.basename(d.file ?? ''),
        line: d.line,
        column: d.column !== undefined,
        hint: d.hint !== undefined,
      }));
    expect(found).toEqual([{ code: 'schema/pattern', file: 'map.json', line, column: true, hint: true }]);
  });
}, 120_000);

it('validate refuses a background of a map the data does not have, naming the nearest', async () => {
  await withTempDir(async (dir) => {
    const folder = path.join(dir, 'game');
    await writeGameFolder(folder, (await importEntries(entries(), 'backgrounds')).files);
    const file = path.join(folder, 'map.json');
    const map = JSON.parse(readFileSync(file, 'utf8'));
    map.backgrounds.Deadd = '#cccccc';
    const text = JSON.stringify(map, null, 2);
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.includes('"Deadd"')) + 1;
    const found = (await loadGame(folder)).diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => ({ code: d.code, file: path.basename(d.file ?? ''), line: d.line, hint: d.hint }));
    expect(found).toEqual([{ code: 'ref/unknown-map', file: 'map.json', line, hint: expect.stringContaining('did you mean "Dead"') }]);
  });
}, 120_000);
