/**
 * `update` lists the places a change was made in, one per slot: the three slots of one at-start
 * stack holding the same piece, and two unnamed stacks on one map, were listed as the same text
 * (`Map[Main Map]/SetupStack/PieceSlot[Control]` three times over), so the places could not be told
 * apart. A component among siblings of the same label is named with its 1-based position among
 * them (`PieceSlot[Control]#2`); a component alone with its label keeps the plain label. So are the
 * places the name-referenced warning lists.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { readLimits } from '../../src/vassal/reader/index';
import { withTempDir } from './import-fixtures';
import { editUnitsLine, importedModule, updated } from './real-sweep4/update-kit';
import { SMALL_HEX_BOARD, setupStack } from './synthetic-module';

const limits = readLimits();

const slot = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/piece;;;${name}.png;${name}/\tnull;0;0;${gpid}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Pawns" version="1" VassalVersion="3.7.0" nextPieceSlotId="30">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Gray</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${slot('Red Pawn', 1)}${slot('Control', 4)}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>${SMALL_HEX_BOARD}</VASSAL.build.module.map.BoardPicker>
    ${setupStack(96, slot('Control', 4).repeat(3))}
    ${setupStack(208, slot('Control', 4))}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.GlobalKeyCommand buttonText="Rally" name="Rally" propertyFilter="{BasicName==&quot;Red Pawn&quot;}"/>
  <VASSAL.build.module.GlobalKeyCommand buttonText="Rally" name="Rally" propertyFilter="{BasicName==&quot;Red Pawn&quot;}"/>
</VASSAL.build.GameModule>`;

it('each slot of a stack holding one piece three times is a place of its own', async () => {
  await withTempDir(async (dir) => {
    const { vmod, game } = await importedModule(dir, BUILD_FILE);
    const file = path.join(game, 'counters.json');
    const counters = JSON.parse(await readFile(file, 'utf8')) as { markers: { name: string }[] };
    counters.markers.find((m) => m.name === 'Control')!.name = 'Objective';
    await writeFile(file, `${JSON.stringify(counters, null, 2)}\n`);
    const { lines } = await updated(vmod, game);
    expect(lines.join('\n')).toContain(
      'buildFile.xml trait 1 (piece;), 5 place(s): PieceWindow[Pieces]/ListWidget[All]/PieceSlot[Control], Map[Main Map]/SetupStack#1/PieceSlot[Control]#1, Map[Main Map]/SetupStack#1/PieceSlot[Control]#2 and 2 more',
    );
    const out: string[] = [];
    const json = path.join(dir, 'json.vmod');
    const ok = await updateCommand(vmod, game, { out: json, limits, json: true }, { out: (s) => out.push(s), err: () => {}, color: false });
    expect(ok).toBe(true);
    const { changes } = JSON.parse(out.join('')) as { changes: { places: { where: string; what: string }[] }[] };
    expect(changes[0].places.filter((p) => p.what === 'attribute entryName').map((p) => p.where)).toEqual([
      'PieceWindow[Pieces]/ListWidget[All]/PieceSlot[Control]',
      'Map[Main Map]/SetupStack#1/PieceSlot[Control]#1',
      'Map[Main Map]/SetupStack#1/PieceSlot[Control]#2',
      'Map[Main Map]/SetupStack#1/PieceSlot[Control]#3',
      'Map[Main Map]/SetupStack#2/PieceSlot[Control]',
    ]);
  });
}, 60_000);

it('two alike components whose expressions name a renamed piece are listed apart', async () => {
  await withTempDir(async (dir) => {
    const { vmod, game } = await importedModule(dir, BUILD_FILE);
    await editUnitsLine(game, ',Red Pawn', ',Red Knight');
    const { lines } = await updated(vmod, game);
    const warning = lines.find((l) => l.includes('update/name-referenced'));
    expect(warning).toContain(
      'but 2 expression(s) of the module find pieces by the old name and are kept: GlobalKeyCommand[Rally]#1 attribute propertyFilter; GlobalKeyCommand[Rally]#2 attribute propertyFilter;',
    );
  });
}, 60_000);
