/**
 * The buttons of the module's own toolbar components (map.json `buttons[].component`): the piece
 * palette (PieceWindow `text`, `tooltip`, `icon`, `hotkey`), the player roster (PlayerRoster
 * `buttonText`, `buttonToolTip`, `buttonIcon`, `buttonKeyStroke`), the notes window (NotesWindow
 * `buttonText`, `tooltip`, `icon`, `hotkey`) and the turn tracker (TurnTracker `buttonText`, `icon`,
 * `hotkey`), as VASSAL's classes name them. The import keeps what differs from the built module's
 * button, the module built from the folder carries them (a notes window too), its icons the same
 * bytes, and its import reads the same data back.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadGame, validateGameFiles } from '../../src/cli/load-game';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { writeZip } from '../../src/vassal/module/zip';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';
import { HIDDEN_ICON, M, NOTES_ICON, ROSTER_ICON, TOOLBAR_BUILD_FILE, toolbarModuleEntries } from './toolbar-module-kit';

const first = (root: XmlElement, element: string) => [...walkElements(root)].find((e) => e.name === element)!;
const attributes = (e: XmlElement, names: string[]) => names.map((n) => attribute(e, n));

it('the palette, roster, notes and turn tracker buttons are kept, built with their own attribute names, and read back the same', async () => {
  const imported = await importEntries(await toolbarModuleEntries(), 'toolbar');
  expect(validateGameFiles('toolbar', imported.files).filter((d) => d.severity === 'error')).toEqual([]);
  // The hidden palette has no toolbar button in VASSAL (PieceWindow.addTo): the shown one's is kept.
  expect(jsonOf(imported, 'map.json').buttons).toEqual([
    // The map's HidePiecesButton: its showingIcon is the button's icon, its hiddenIcon the second.
    {
      map: 'Main Map',
      tool: 'hide-pieces',
      text: 'Hide',
      tooltip: 'Hide the pieces',
      icon: 'vassal/module/images/icon-shown.png',
      hotkey: '72,130',
      hiddenIcon: 'vassal/module/images/icon-hidden.png',
    },
    { component: 'pieces', text: 'Units', tooltip: 'Unit palette', icon: '/images/counter.gif', hotkey: '85,130' },
    {
      component: 'roster',
      text: 'Change sides',
      tooltip: 'Hand your side over',
      icon: 'vassal/module/images/icon-roster.png',
      hotkey: '82,130',
    },
    { component: 'notes', text: 'Memo', tooltip: 'Game notes', icon: 'vassal/module/images/icon-notes.png' },
    { component: 'turn', text: 'Turn record', hotkey: '84,130' },
  ]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, imported, 'toolbar');
    const root = (await readModule(built, { source: 'built', limits: readLimits() })).module!.root;
    expect(attributes(first(root, `${M}.PieceWindow`), ['text', 'tooltip', 'icon', 'hotkey'])).toEqual([
      'Units',
      'Unit palette',
      '/images/counter.gif',
      '85,130',
    ]);
    expect(attributes(first(root, `${M}.PlayerRoster`), ['buttonText', 'buttonToolTip', 'buttonIcon', 'buttonKeyStroke'])).toEqual([
      'Change sides',
      'Hand your side over',
      'icon-roster.png',
      '82,130',
    ]);
    expect(attributes(first(root, `${M}.NotesWindow`), ['buttonText', 'tooltip', 'icon', 'hotkey'])).toEqual([
      'Memo',
      'Game notes',
      'icon-notes.png',
      '',
    ]);
    expect(attributes(first(root, `${M}.turn.TurnTracker`), ['buttonText', 'icon', 'hotkey'])).toEqual(['Turn record', '', '84,130']);
    const hide = first(root, `${M}.map.HidePiecesButton`);
    expect(attributes(hide, ['buttonText', 'tooltip', 'showingIcon', 'hotkey', 'hiddenIcon'])).toEqual([
      'Hide',
      'Hide the pieces',
      'icon-shown.png',
      '72,130',
      'icon-hidden.png',
    ]);
    expect(Buffer.from(built.get('images/icon-hidden.png')!).equals(Buffer.from(HIDDEN_ICON))).toBe(true);
    expect(Buffer.from(built.get('images/icon-roster.png')!).equals(Buffer.from(ROSTER_ICON))).toBe(true);
    expect(Buffer.from(built.get('images/icon-notes.png')!).equals(Buffer.from(NOTES_ICON))).toBe(true);
    expect(dataFiles(second)).toEqual(dataFiles(imported));
  });
}, 120_000);

it('a module without a notes window or hide-pieces button builds none; one whose buttons are the built defaults lists none of them', async () => {
  const plain = TOOLBAR_BUILD_FILE.replace(/<VASSAL\.build\.module\.NotesWindow[^>]*\/>/, '')
    .replace(/<VASSAL\.build\.module\.map\.HidePiecesButton[^>]*\/>/, '')
    .replace(/<VASSAL\.build\.module\.PlayerRoster [^>]*>/, `<${M}.PlayerRoster>`)
    .replace(
      'text="Units" tooltip="Unit palette" icon="/images/counter.gif" hotkey="85,130"',
      'text="Counters" tooltip="Counter palette" icon="" hotkey="67,195"',
    )
    .replace('buttonText="Turn record" icon="" hotkey="84,130"', 'buttonText="Turn" icon="" hotkey=""');
  const zip = await writeZip([{ path: 'buildFile.xml', data: plain }], 1767225600);
  const imported = await importEntries((await readZip(zip, { file: 'plain.vmod', limits: readLimits() })).entries, 'plain');
  expect(jsonOf(imported, 'map.json').buttons).toBeUndefined();
  await withTempDir(async (dir) => {
    const { built } = await rebuilt(dir, imported, 'plain');
    const root = (await readModule(built, { source: 'built', limits: readLimits() })).module!.root;
    expect([...walkElements(root)].some((e) => e.name === `${M}.NotesWindow` || e.name === `${M}.map.HidePiecesButton`)).toBe(false);
  });
}, 120_000);

it('a component listed twice is an error at the button; one given with a map too fails the schema', async () => {
  const files = new Map((await importEntries(await toolbarModuleEntries(), 'toolbar')).files);
  const map = JSON.parse(files.get('map.json') as string);
  map.buttons.push({ component: 'notes', text: 'Again' });
  files.set('map.json', JSON.stringify(map, null, 2));
  const errors = () => validateGameFiles('toolbar', files).filter((d) => d.severity === 'error');
  expect(errors().map((d) => [d.code, d.message])).toEqual([
    ['map/duplicate-button', 'the button of the notes component is listed twice (also at /buttons/3)'],
  ]);
  map.buttons.pop();
  map.buttons.push({ component: 'roster', map: 'Main Map' });
  files.set('map.json', JSON.stringify(map, null, 2));
  expect(errors().length).toBeGreaterThan(0);
}, 60_000);

it("a component's icon, or the hide-pieces tool's hidden icon, missing from the folder is reported as that button's", async () => {
  const imported = await importEntries(await toolbarModuleEntries(), 'toolbar');
  await withTempDir(async (dir) => {
    await writeGameFolder(path.join(dir, 'game'), imported.files);
    await rm(path.join(dir, 'game', 'vassal/module/images/icon-roster.png'));
    await rm(path.join(dir, 'game', 'vassal/module/images/icon-hidden.png'));
    const { diagnostics } = await loadGame(path.join(dir, 'game'));
    expect(diagnostics.map((d) => `${d.code} ${d.pointer}: ${d.message.replace(/ is not a file in .*/, '')}`)).toEqual([
      'art/image-missing /buttons/0/hiddenIcon: map.json button of map "Main Map" hiddenIcon "vassal/module/images/icon-hidden.png"',
      'art/image-missing /buttons/2/icon: map.json button of the roster component icon "vassal/module/images/icon-roster.png"',
    ]);
  });
}, 60_000);
