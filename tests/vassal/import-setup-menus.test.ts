/**
 * Predefined setups in menus (a PredefinedSetup with isMenu="true" holding others, nested): the
 * import keeps each setup's menu path (scenarios.json `vassal.menu`), the built module nests its
 * setups in menus of those names in the original's order, and the import of that module gives the
 * same data. Expected paths are read off the buildFile below, not the code.
 */
import { expect, it } from 'vitest';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { attribute, type XmlElement } from '../../src/vassal/xml-tree';
import { withTempDir } from './import-fixtures';
import { dataFiles, greyPicture, importEntries, jsonOf, rebuilt } from './rebuild-kit';

const P = 'VASSAL.build.';
const B = `${P}module.map.boardPicker`;
const SETUP = `${P}module.PredefinedSetup`;

const slot = (name: string, gpid: number, side: string) =>
  `<${P}widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/mark;Side\tpiece;;;;${name}/${side}\tnull;0;0;${gpid};0</${P}widget.PieceSlot>`;
const setup = (name: string, file?: string) =>
  `<${SETUP} isMenu="false" name="${name}" ${file ? `useFile="true" file="${file}"` : 'useFile="false"'}/>`;
const menu = (name: string, inner: string) => `<${SETUP} isMenu="true" name="${name}">${inner}</${SETUP}>`;

// File > New Game: "New game" (the at-start stacks), a menu "Campaigns" holding "Short" and a menu
// "Long ones" holding "Long", then "Tournament" outside any menu.
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<${P}GameModule name="Menus" version="1" VassalVersion="3.7.0" nextPieceSlotId="100"><${P}module.BasicCommandEncoder/>
  <${P}module.PlayerRoster><entry>Red</entry><entry>Blue</entry></${P}module.PlayerRoster>
  <${P}module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><${P}module.map.BoardPicker><${B}.Board name="Table" image="Table.png"/></${P}module.map.BoardPicker>
    <${P}module.map.SetupStack name="Start" owningBoard="Table" useGridLocation="false" x="100" y="100">${slot('Red 1', 51, 'Red')}</${P}module.map.SetupStack>
  </${P}module.Map>
  <${P}module.PieceWindow name="Pieces"><${P}widget.ListWidget entryName="All">${slot('Red 1', 1, 'Red')}${slot('Blue 1', 2, 'Blue')}</${P}widget.ListWidget></${P}module.PieceWindow>
  ${setup('New game')}
  ${menu('Campaigns', setup('Short', 'short.vsav') + menu('Long ones', setup('Long', 'long.vsav')))}
  ${setup('Tournament', 'tournament.vsav')}
</${P}GameModule>`;

/** A save with Blue 1 at a pixel of the table. */
const save = (x: number, y: number) =>
  savedGameArchive(
    ['begin_save', '', `+/1001/mark;Side\tpiece;;;;Blue 1/Blue\tMain Map;${x};${y};2;0`, 'end_save'].join(COMMAND_SEPARATOR),
    { name: 'Menus', version: '1', description: '', dateSaved: 0 },
    '',
    0,
  );

/** Each setup as "<menu>/…/<name>" in document order (menus opened). */
function setupPaths(buildFile: Uint8Array | string): string[] {
  const root = parseXml(typeof buildFile === 'string' ? buildFile : new TextDecoder().decode(buildFile));
  const out: string[] = [];
  const walk = (el: XmlElement, path: string[]) => {
    for (const c of el.children)
      if (c.name !== SETUP) continue;
      else if (attribute(c, 'isMenu') === 'true') walk(c, [...path, attribute(c, 'name')!]);
      else out.push([...path, attribute(c, 'name')].join('/'));
  };
  walk(root, []);
  return out;
}

it("setups in menus keep their menus through import, build and import again, in the original's order", async () => {
  const entries = new Map<string, Uint8Array>([
    ['buildFile.xml', new TextEncoder().encode(BUILD_FILE)],
    ['images/Table.png', greyPicture(400, 300, 200)],
    ['short.vsav', await save(200, 100)],
    ['long.vsav', await save(300, 200)],
    ['tournament.vsav', await save(100, 250)],
  ]);
  const first = await importEntries(entries, 'menus');
  const scenarios = jsonOf(first, 'scenarios.json').scenarios as Array<{ name: string; vassal: { menu?: string[] }; setup?: unknown[] }>;
  expect(scenarios.map((s) => [s.name, s.vassal.menu])).toEqual([
    ['New game', undefined],
    ['Short', ['Campaigns']],
    ['Long', ['Campaigns', 'Long ones']],
    ['Tournament', undefined],
  ]);
  expect(scenarios.every((s) => s.setup?.length === 1)).toBe(true);
  const original = setupPaths(BUILD_FILE);
  expect(original).toEqual(['New game', 'Campaigns/Short', 'Campaigns/Long ones/Long', 'Tournament']);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'menus');
    expect(setupPaths(built.get('buildFile.xml')!)).toEqual(original);
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 60_000);
