/**
 * The toolbar buttons of map windows and chart windows (map.json `buttons`): the import keeps the
 * text, tooltip, icon and hotkey a module gives them (VASSAL's Map `buttonName`, ChartWindow `text`,
 * both `tooltip`, `icon`, `hotkey`), the built module's Map and ChartWindow carry them, an icon
 * that is a picture of the module goes with the module as the same bytes, and an import of the
 * built module reads the same data back.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { writeZip } from '../../src/vassal/module/zip';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { describeShared } from '../shared-dir';
import { TLD, fixture, withTempDir } from './import-fixtures';
import { dataFiles, greyPicture, importEntries, jsonOf, rebuilt, sideSlot } from './rebuild-kit';

const M = 'VASSAL.build.module';
const board = (name: string) =>
  `<${M}.map.BoardPicker><${M}.map.boardPicker.Board name="${name}" width="300" height="200"/></${M}.map.BoardPicker>`;
const stack = (name: string, onBoard: string, gpid: number, side: string) =>
  `<${M}.map.SetupStack name="${name}" owningBoard="${onBoard}" useGridLocation="false" x="50" y="60">${sideSlot(name, gpid, side)}</${M}.map.SetupStack>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Buttons" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <${M}.PlayerRoster><entry>Red</entry><entry>Blue</entry></${M}.PlayerRoster>
  <${M}.Map mapName="Main Map" buttonName="Table" icon="/images/map.gif" hotkey="" launch="false">${board('Table')}${stack('Red 1', 'Table', 11, 'Red')}</${M}.Map>
  <${M}.Map mapName="deployment" buttonName="" icon="icon-deploy.png" hotkey="72,130" tooltip="Deployment" launch="true">${board('Deploy')}${stack('Blue 1', 'Deploy', 12, 'Blue')}</${M}.Map>
  <${M}.ChartWindow name="Displays" text="" tooltip="Player displays" icon="icon-charts.png" hotkey="68,130">
    <VASSAL.build.widget.TabWidget entryName="Displays"><VASSAL.build.widget.MapWidget entryName="Track"><VASSAL.build.widget.WidgetMap mapName="Track" buttonName="Map" launch="false">${board('Turns')}${stack('Red 2', 'Turns', 13, 'Red')}</VASSAL.build.widget.WidgetMap></VASSAL.build.widget.MapWidget></VASSAL.build.widget.TabWidget>
  </${M}.ChartWindow>
  <${M}.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}${sideSlot('Blue 1', 2, 'Blue')}${sideSlot('Red 2', 3, 'Red')}</VASSAL.build.widget.ListWidget></${M}.PieceWindow>
</VASSAL.build.GameModule>`;

const DEPLOY_ICON = greyPicture(16, 16, 40);
const CHARTS_ICON = greyPicture(16, 16, 200);

/** The opening tag's attribute of the first element of that class and name attribute in a buildFile's text. */
function attributeInText(text: string, element: string, nameAttribute: string, name: string, wanted: string): string | undefined {
  const tag = [...text.matchAll(new RegExp(`<${element.replace(/\./g, '\\.')} [^>]*>`, 'g'))]
    .map((m) => m[0])
    .find((t) => t.includes(` ${nameAttribute}="${name}"`));
  return tag?.match(new RegExp(` ${wanted}="([^"]*)"`))?.[1];
}

const elementNamed = (root: XmlElement, element: string, nameAttribute: string, name: string) =>
  [...walkElements(root)].find((e) => e.name === element && attribute(e, nameAttribute) === name)!;

/** The module above with its icons, imported. */
async function importButtons() {
  const zip = await writeZip(
    [
      { path: 'buildFile.xml', data: BUILD_FILE },
      { path: 'images/icon-deploy.png', data: DEPLOY_ICON },
      { path: 'images/icon-charts.png', data: CHARTS_ICON },
    ],
    1767225600,
  );
  return importEntries((await readZip(zip, { file: 'buttons.vmod', limits: readLimits() })).entries, 'buttons');
}

it("each window's button (text, tooltip, icon, hotkey) is kept, built on the Map and ChartWindow, and read back the same", async () => {
  const first = await importButtons();
  const of = (element: string, key: string, name: string, wanted: string) => attributeInText(BUILD_FILE, element, key, name, wanted);
  expect(jsonOf(first, 'map.json').buttons).toEqual([
    // The game map's button text differs from the built module's "Map"; its icon is one of VASSAL's own.
    { map: 'Main Map', text: of(`${M}.Map`, 'mapName', 'Main Map', 'buttonName'), icon: of(`${M}.Map`, 'mapName', 'Main Map', 'icon') },
    {
      map: 'deployment',
      text: of(`${M}.Map`, 'mapName', 'deployment', 'buttonName'),
      tooltip: of(`${M}.Map`, 'mapName', 'deployment', 'tooltip'),
      icon: `vassal/module/images/${of(`${M}.Map`, 'mapName', 'deployment', 'icon')}`,
      hotkey: of(`${M}.Map`, 'mapName', 'deployment', 'hotkey'),
    },
    {
      window: 'Displays',
      text: of(`${M}.ChartWindow`, 'name', 'Displays', 'text'),
      tooltip: of(`${M}.ChartWindow`, 'name', 'Displays', 'tooltip'),
      icon: `vassal/module/images/${of(`${M}.ChartWindow`, 'name', 'Displays', 'icon')}`,
      hotkey: of(`${M}.ChartWindow`, 'name', 'Displays', 'hotkey'),
    },
  ]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'buttons');
    const root = (await readModule(built, { source: 'built', limits: readLimits() })).module!.root;
    const button = (e: XmlElement, text: string) =>
      ['text', 'tooltip', 'icon', 'hotkey'].map((k) => attribute(e, k === 'text' ? text : k) ?? '');
    expect(button(elementNamed(root, `${M}.Map`, 'mapName', 'Main Map'), 'buttonName')).toEqual(['Table', '', '/images/map.gif', '']);
    expect(button(elementNamed(root, `${M}.Map`, 'mapName', 'deployment'), 'buttonName')).toEqual([
      '',
      'Deployment',
      'icon-deploy.png',
      '72,130',
    ]);
    expect(button(elementNamed(root, `${M}.ChartWindow`, 'name', 'Displays'), 'text')).toEqual([
      '',
      'Player displays',
      'icon-charts.png',
      '68,130',
    ]);
    expect(Buffer.from(built.get('images/icon-deploy.png')!).equals(Buffer.from(DEPLOY_ICON))).toBe(true);
    expect(Buffer.from(built.get('images/icon-charts.png')!).equals(Buffer.from(CHARTS_ICON))).toBe(true);
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

/** A module whose only chart window holds pictures (two Charts), no map. */
const PICTURES_BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Aids" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <${M}.PlayerRoster><entry>Red</entry></${M}.PlayerRoster>
  <${M}.Map mapName="Main Map" buttonName="Map" launch="false">${board('Table')}${stack('Red 1', 'Table', 11, 'Red')}</${M}.Map>
  <${M}.ChartWindow name="Player Aids" text="Aids" tooltip="Tables and charts" icon="icon-aids.png" hotkey="65,130">
    <VASSAL.build.widget.TabWidget entryName="Aids"><VASSAL.build.widget.Chart chartName="CRT" description="" fileName="crt.png"/><VASSAL.build.widget.Chart chartName="TEC" description="" fileName="tec.png"/></VASSAL.build.widget.TabWidget>
  </${M}.ChartWindow>
  <${M}.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}</VASSAL.build.widget.ListWidget></${M}.PieceWindow>
</VASSAL.build.GameModule>`;

it("a chart window holding only pictures keeps its button on the built module's player aids' window, read back the same", async () => {
  const aidsIcon = greyPicture(16, 16, 90);
  const zip = await writeZip(
    [
      { path: 'buildFile.xml', data: PICTURES_BUILD_FILE },
      { path: 'images/icon-aids.png', data: aidsIcon },
      { path: 'images/crt.png', data: greyPicture(40, 30, 120) },
      { path: 'images/tec.png', data: greyPicture(40, 30, 160) },
    ],
    1767225600,
  );
  const first = await importEntries((await readZip(zip, { file: 'aids.vmod', limits: readLimits() })).entries, 'aids');
  const of = (wanted: string) => attributeInText(PICTURES_BUILD_FILE, `${M}.ChartWindow`, 'name', 'Player Aids', wanted);
  // The built module shows charts in its window "Charts": the button is that window's.
  expect(jsonOf(first, 'map.json').buttons).toEqual([
    { window: 'Charts', text: of('text'), tooltip: of('tooltip'), icon: `vassal/module/images/${of('icon')}`, hotkey: of('hotkey') },
  ]);
  expect(validateGameFiles('aids', first.files).filter((d) => d.severity === 'error')).toEqual([]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'aids');
    const root = (await readModule(built, { source: 'built', limits: readLimits() })).module!.root;
    const charts = elementNamed(root, `${M}.ChartWindow`, 'name', 'Charts');
    expect(['text', 'tooltip', 'icon', 'hotkey'].map((k) => attribute(charts, k))).toEqual([
      'Aids',
      'Tables and charts',
      'icon-aids.png',
      '65,130',
    ]);
    expect(Buffer.from(built.get('images/icon-aids.png')!).equals(Buffer.from(aidsIcon))).toBe(true);
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

/** A module whose game map has an overview window (its own icon, key and tooltip) and a save-image button as VASSAL makes it. */
const TOOLS_BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Tools" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <${M}.PlayerRoster><entry>Red</entry></${M}.PlayerRoster>
  <${M}.Map mapName="Main Map" buttonName="Map" launch="false">${board('Table')}<${M}.map.ImageSaver buttonText="" hotkey="" icon="/images/camera.gif" tooltip="Save map as PNG image"/><${M}.map.GlobalMap buttonText="Overview" hotkey="79,195" icon="icon-overview.png" tooltip="Whole map" scale="0.2"/>${stack('Red 1', 'Table', 11, 'Red')}</${M}.Map>
  <${M}.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}</VASSAL.build.widget.ListWidget></${M}.PieceWindow>
</VASSAL.build.GameModule>`;

it("a map's overview and save-image tools are listed with their buttons, built on the map, and read back the same", async () => {
  const overviewIcon = greyPicture(16, 16, 60);
  const zip = await writeZip(
    [
      { path: 'buildFile.xml', data: TOOLS_BUILD_FILE },
      { path: 'images/icon-overview.png', data: overviewIcon },
    ],
    1767225600,
  );
  const first = await importEntries((await readZip(zip, { file: 'tools.vmod', limits: readLimits() })).entries, 'tools');
  const of = (element: string, wanted: string) => attributeInText(TOOLS_BUILD_FILE, `${M}.map.${element}`, 'hotkey', '79,195', wanted);
  // The save-image button is VASSAL's own: listed, with nothing that differs from the built one.
  expect(jsonOf(first, 'map.json').buttons).toEqual([
    { map: 'Main Map', tool: 'save-image' },
    {
      map: 'Main Map',
      tool: 'overview',
      text: of('GlobalMap', 'buttonText'),
      tooltip: of('GlobalMap', 'tooltip'),
      icon: `vassal/module/images/${of('GlobalMap', 'icon')}`,
    },
  ]);
  expect(validateGameFiles('tools', first.files).filter((d) => d.severity === 'error')).toEqual([]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'tools');
    const root = (await readModule(built, { source: 'built', limits: readLimits() })).module!.root;
    const mainMap = elementNamed(root, `${M}.Map`, 'mapName', 'Main Map');
    const tool = (name: string) => mainMap.children.find((c) => c.name === `${M}.map.${name}`)!;
    const button = (e: XmlElement) => ['buttonText', 'tooltip', 'icon', 'hotkey'].map((k) => attribute(e, k));
    expect(button(tool('ImageSaver'))).toEqual(['', 'Save map as PNG image', '/images/camera.gif', '']);
    expect(button(tool('GlobalMap'))).toEqual(['Overview', 'Whole map', 'icon-overview.png', '79,195']);
    expect(Buffer.from(built.get('images/icon-overview.png')!).equals(Buffer.from(overviewIcon))).toBe(true);
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
  // A tool belongs to a map's toolbar, not a chart window's.
  const files = new Map(first.files);
  const map = JSON.parse(files.get('map.json') as string);
  map.buttons.push({ window: 'Charts', tool: 'overview' });
  files.set('map.json', JSON.stringify(map, null, 2));
  expect(
    validateGameFiles('tools', files)
      .filter((d) => d.severity === 'error')
      .map((d) => d.code),
  ).toEqual(['map/button-tool-window']);
}, 120_000);

it('a button naming no window of the data, or one listed twice, is an error at the button', async () => {
  const files = new Map((await importButtons()).files);
  expect(validateGameFiles('buttons', files).filter((d) => d.severity === 'error')).toEqual([]);
  const map = JSON.parse(files.get('map.json') as string);
  map.buttons.push({ map: 'Nowhere', text: 'N' }, { window: 'Elsewhere' }, { window: 'Displays', hotkey: '' });
  files.set('map.json', JSON.stringify(map, null, 2));
  const errors = validateGameFiles('buttons', files).filter((d) => d.severity === 'error');
  expect(errors.map((d) => `${d.code} ${path.basename(d.file ?? '')}:${d.line !== undefined ? 'line' : 'no line'}`)).toEqual([
    'map/button-unknown-map map.json:line',
    'map/button-unknown-window map.json:line',
    'map/duplicate-button map.json:line',
  ]);
}, 60_000);

describeShared('map buttons of The Longest Day', () => {
  it("the chart window's button (VASSAL's own chart icon, no text) is kept, built, and read back the same", async () => {
    const entries = (await readModuleEntries(fixture(TLD), readLimits())).entries!;
    const text = new TextDecoder().decode(entries.get('buildFile'));
    const first = await importEntries(entries, 'tld');
    const icon = attributeInText(text, `${M}.ChartWindow`, 'name', 'Charts', 'icon');
    expect(icon).toBe('/images/chart.gif');
    // The game map's button is the built module's "Map"; the chart window sets no tooltip, so the built one's stays.
    const buttons: Array<{ window?: string; tool?: string }> = jsonOf(first, 'map.json').buttons;
    expect(buttons.filter((b) => b.window !== undefined)).toEqual([
      { window: 'Charts', text: attributeInText(text, `${M}.ChartWindow`, 'name', 'Charts', 'text'), icon },
    ]);
    // Each of its maps' overview and save-image tools is listed: one per GlobalMap and ImageSaver of the buildFile.
    const count = (element: string) => text.split(`<${M}.map.${element} `).length - 1;
    expect([buttons.filter((b) => b.tool === 'overview').length, buttons.filter((b) => b.tool === 'save-image').length]).toEqual([
      count('GlobalMap'),
      count('ImageSaver'),
    ]);
    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'tld');
      const root = (await readModule(built, { source: 'built', limits: readLimits() })).module!.root;
      const charts = elementNamed(root, `${M}.ChartWindow`, 'name', 'Charts');
      expect([attribute(charts, 'text'), attribute(charts, 'icon')]).toEqual(['', '/images/chart.gif']);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 300_000);
});
