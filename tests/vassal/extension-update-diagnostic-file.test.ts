/**
 * `update` of an extension read with its base module names the extension's file in a diagnostic
 * about one of the extension's own pieces: a palette label kept because a Replace trait finds the
 * piece by it (update/label-kept), an expression still naming a renamed piece
 * (update/name-referenced), a marker rename that changes what a new import reads
 * (update/rename-names-side). Before, they named the base module, which holds no such piece (seen
 * on an extension of a public miniatures module whose units are replaced by their leader's piece).
 * An expression of the base module naming an extension piece is named in a warning of its own,
 * naming the base module's file.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeZip } from '../../src/vassal/module/zip';
import { buildBasicPiece } from '../../src/vassal/traits/index';
import { runCli, tempWork, vmod } from './hostile-module-kit';
import { piece } from './side-module-kit';
import { SMALL_HEX_BOARD, setupStack } from './synthetic-module';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

const slot = (name: string, gpid: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">${piece([buildBasicPiece({ name, gpid })])}</VASSAL.build.widget.PieceSlot>`;

const BASE = `<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Skirmish" version="1.0" VassalVersion="3.2.17" nextPieceSlotId="10">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Models"><VASSAL.build.widget.ListWidget entryName="Core">${slot('Red Guard', '1')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

// A Replace trait putting down the leader's piece, found by its palette path, as VASSAL writes it
// (each `/` of the path escaped in the trait's `;`-list).
const PATH =
  'VASSAL.build.module.PieceWindow:Models\\/VASSAL.build.widget.ListWidget:Red Extras\\/VASSAL.build.widget.PieceSlot:Red Rots Leader';
const ROTS = `<VASSAL.build.widget.PieceSlot entryName="Red Rots" gpid="x1:1" height="50" width="50">+/null/replace;Leader;82,130;${PATH};null;0;0;true;80,650;Leader;x1:2;0;true\tpiece;;;;Red Rots/\tnull;0;0;x1:1</VASSAL.build.widget.PieceSlot>`;
const EXTENSION = `<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.module.ModuleExtension anyModule="false" description="" extensionId="x1" module="Skirmish" moduleVersion="1.0" nextPieceSlotId="5" vassalVersion="3.2.17" version="1.0">
  <VASSAL.build.module.ExtensionElement target="VASSAL.build.module.PieceWindow:Models">
    <VASSAL.build.widget.ListWidget entryName="Red Extras">${ROTS}${slot('Red Rots Leader', 'x1:2')}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.ExtensionElement>
</VASSAL.build.module.ModuleExtension>`;

it('the label-kept note of an extension piece names the extension, not the base module', async () => {
  writeFileSync(path.join(work, 'base.vmod'), await vmod(BASE));
  writeFileSync(path.join(work, 'extras.vmdx'), await writeZip([{ path: 'buildFile', data: EXTENSION }], 0));
  const imported = runCli(work, ['import', 'extras.vmdx', '--base', 'base.vmod', '--out', 'game'], ['game']);
  expect(imported.status, imported.stdout + imported.stderr).toBe(0);
  const csv = path.join(work, 'game', 'units.csv');
  const before = readFileSync(csv, 'utf8');
  expect(before).toContain('red-rots-leader,red,leader,Red Rots Leader\n');
  writeFileSync(csv, before.replace('red-rots-leader,red,leader,Red Rots Leader\n', 'red-rots-leader,red,leader,Red Rots Leader II\n'));
  const update = runCli(work, ['update', 'extras.vmdx', 'game', '--base', 'base.vmod', '--out', 'new.vmdx'], ['new.vmdx']);
  expect(update.status, update.stdout + update.stderr).toBe(0);
  const output = update.stdout + update.stderr;
  const note = output.split('\n').find((l) => l.includes('update/label-kept'));
  expect(note, output).toMatch(
    /^\s*extras\.vmdx: info update\/label-kept: .*PieceSlot\[Red Rots Leader\]: its palette label "Red Rots Leader" is kept/,
  );
});

const BASE_WITH_MAP = BASE.replace(
  '</VASSAL.build.GameModule>',
  `<VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${SMALL_HEX_BOARD}</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
</VASSAL.build.GameModule>`,
);
const CONTROL = `<VASSAL.build.widget.PieceSlot entryName="Control" gpid="x2:2" height="50" width="50">+/null/piece;;;Control.png;Control/\tnull;0;0;x2:2</VASSAL.build.widget.PieceSlot>`;

// The extension's own pieces: one filtered by name in the extension's Global Key Command, and a
// marker in its palette and placed at start (an ExtensionElement adds its first child only).
const EXTENSION_WITH_FILTER = `<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.module.ModuleExtension anyModule="false" description="" extensionId="x2" module="Skirmish" moduleVersion="1.0" nextPieceSlotId="5" vassalVersion="3.2.17" version="1.0">
  <VASSAL.build.module.ExtensionElement target="VASSAL.build.module.PieceWindow:Models">
    <VASSAL.build.widget.ListWidget entryName="Scouts">${slot('Red Scout', 'x2:1')}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.ExtensionElement>
  <VASSAL.build.module.ExtensionElement target="VASSAL.build.module.PieceWindow:Models"><VASSAL.build.widget.ListWidget entryName="Tokens">${CONTROL}</VASSAL.build.widget.ListWidget></VASSAL.build.module.ExtensionElement>
  <VASSAL.build.module.ExtensionElement target="VASSAL.build.module.Map:Main Map">${setupStack(96, CONTROL)}</VASSAL.build.module.ExtensionElement>
  <VASSAL.build.module.ExtensionElement target=""><VASSAL.build.module.GlobalKeyCommand buttonText="Rally" hotkey="" icon="" name="Rally" propertyFilter="{BasicName==&quot;Red Scout&quot;}" reportFormat="" tooltip=""/></VASSAL.build.module.ExtensionElement>
</VASSAL.build.module.ModuleExtension>`;

it('the name-referenced warning and a marker rename warning of extension pieces name the extension', async () => {
  const dir = path.join(work, 'filter');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'base.vmod'), await vmod(BASE_WITH_MAP));
  writeFileSync(path.join(dir, 'scouts.vmdx'), await writeZip([{ path: 'buildFile', data: EXTENSION_WITH_FILTER }], 0));
  const imported = runCli(dir, ['import', 'scouts.vmdx', '--base', 'base.vmod', '--out', 'game'], ['game']);
  expect(imported.status, imported.stdout + imported.stderr).toBe(0);
  const csv = path.join(dir, 'game', 'units.csv');
  const units = readFileSync(csv, 'utf8');
  expect(units).toMatch(/,Red Scout\n/);
  writeFileSync(csv, units.replace(/,Red Scout\n/, ',Red Scout Leader\n'));
  const countersFile = path.join(dir, 'game', 'counters.json');
  const counters = JSON.parse(readFileSync(countersFile, 'utf8')) as { markers: { name: string }[] };
  counters.markers.find((m) => m.name === 'Control')!.name = 'Blue Control';
  writeFileSync(countersFile, `${JSON.stringify(counters, null, 2)}\n`);
  const update = runCli(dir, ['update', 'scouts.vmdx', 'game', '--base', 'base.vmod', '--out', 'new.vmdx'], ['new.vmdx']);
  expect(update.status, update.stdout + update.stderr).toBe(0);
  const output = update.stdout + update.stderr;
  const line = (code: string) => output.split('\n').find((l) => l.includes(code));
  expect(line('update/name-referenced'), output).toMatch(
    /^\s*scouts\.vmdx: warning update\/name-referenced: "Red Scout" becomes "Red Scout Leader".*GlobalKeyCommand\[Rally\] attribute propertyFilter/,
  );
  expect(line('update/rename-names-side'), output).toMatch(
    /^\s*scouts\.vmdx: warning update\/rename-names-side: marker control renamed "Control" → "Blue Control"/,
  );
});

// The same extension over a base module whose own Global Key Command finds the extension's scout by name.
const BASE_WITH_FILTER = BASE_WITH_MAP.replace(
  '</VASSAL.build.GameModule>',
  `<VASSAL.build.module.GlobalKeyCommand buttonText="Muster" hotkey="" icon="" name="Muster" propertyFilter="{BasicName==&quot;Red Scout&quot;}" reportFormat="" tooltip=""/>
</VASSAL.build.GameModule>`,
);

it("the name-referenced warning names the file each expression is in: the base module's for its own", async () => {
  const dir = path.join(work, 'base-filter');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'base.vmod'), await vmod(BASE_WITH_FILTER));
  writeFileSync(path.join(dir, 'scouts.vmdx'), await writeZip([{ path: 'buildFile', data: EXTENSION_WITH_FILTER }], 0));
  const imported = runCli(dir, ['import', 'scouts.vmdx', '--base', 'base.vmod', '--out', 'game'], ['game']);
  expect(imported.status, imported.stdout + imported.stderr).toBe(0);
  const csv = path.join(dir, 'game', 'units.csv');
  writeFileSync(csv, readFileSync(csv, 'utf8').replace(/,Red Scout\n/, ',Red Scout Leader\n'));
  const update = runCli(dir, ['update', 'scouts.vmdx', 'game', '--base', 'base.vmod', '--out', 'new.vmdx'], ['new.vmdx']);
  expect(update.status, update.stdout + update.stderr).toBe(0);
  const lines = (update.stdout + update.stderr).split('\n').filter((l) => l.includes('update/name-referenced'));
  expect(lines).toHaveLength(2);
  expect(lines.find((l) => l.includes('GlobalKeyCommand[Muster]'))).toMatch(
    /^\s*base\.vmod: warning update\/name-referenced: "Red Scout" becomes "Red Scout Leader", but 1 expression\(s\) of the base module .*GlobalKeyCommand\[Muster\] attribute propertyFilter/,
  );
  expect(lines.find((l) => l.includes('GlobalKeyCommand[Rally]'))).toMatch(
    /^\s*scouts\.vmdx: warning update\/name-referenced: .* 1 expression\(s\) of the module /,
  );
});
