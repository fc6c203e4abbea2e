/**
 * The places the module starts a piece say whose it is when nothing else does: a private window
 * one side alone owns (PrivateMap `side`), or a map folder named after a side. Where two places,
 * or a place and a prototype, name different sides, the side stays unknown and an info names
 * both; a window several sides share names none; a start place alone makes no marker a unit.
 */
import { expect, it } from 'vitest';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { importBuildFile } from './synthetic-module';
import { pieceOf, prototype, slot, unitSides } from './side-module-kit';

/** An at-start stack holding a copy of a palette piece (same traits: the setup matches it to the unit). */
const stack = (name: string, gpid: number, prototypeName?: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="B" useGridLocation="false" x="10" y="10"><VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid + 50}">${pieceOf(name, gpid, prototypeName)}</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>`;
const boards = `<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="100" height="100"/></VASSAL.build.module.map.BoardPicker>`;

const MODULE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Starts" version="1" VassalVersion="3.7.14" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>German</entry><entry>Soviet</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>${prototype('Plain Unit')}${prototype('Soviet Unit')}</VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.Map mapName="Main Map">${boards}
    <VASSAL.build.module.folder.MapSubFolder name="Soviet setup">${stack('Bravo', 2, 'Plain Unit')}${stack('Gamma', 3, 'Plain Unit')}</VASSAL.build.module.folder.MapSubFolder>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PrivateMap mapName="Pool" side="German" visible="false">${boards}
    ${stack('Alpha', 1, 'Plain Unit')}${stack('Gamma', 3, 'Plain Unit')}${stack('Delta', 4, 'Soviet Unit')}${stack('Flag', 6)}
  </VASSAL.build.module.PrivateMap>
  <VASSAL.build.module.PrivateMap mapName="Shared" side="German,Soviet" visible="false">${boards}${stack('Echo', 5, 'Plain Unit')}</VASSAL.build.module.PrivateMap>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Army">${slot('Alpha', 1, 'Plain Unit')}${slot('Bravo', 2, 'Plain Unit')}${slot('Gamma', 3, 'Plain Unit')}${slot('Delta', 4, 'Soviet Unit')}${slot('Echo', 5, 'Plain Unit')}${slot('Flag', 6)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

it('a one-side window or a folder named after a side gives the pieces starting there that side, unless another place says otherwise', async () => {
  const result = await importBuildFile(MODULE);
  expect(unitSides(result)).toEqual({
    alpha: 'german',
    bravo: 'soviet',
    gamma: 'unknown',
    'gamma-2': 'unknown', // its second start: one unit per placed copy
    delta: 'unknown',
    echo: 'unknown',
  });
  const conflicts = result.diagnostics.filter((d) => d.code === 'vassal/side-conflict').map((d) => d.message);
  expect(conflicts).toHaveLength(2);
  expect(conflicts.find((m) => m.includes('"Soviet setup"'))).toContain('"Pool" of German');
  expect(conflicts.find((m) => m.includes('prototype "Soviet Unit"'))).toContain('"Pool" of German');
  expect(conflicts.every((m) => m.startsWith('1 unit(s)'))).toBe(true);
  const sidecar = result.files.get(SIDECAR_INDEX) as string;
  expect(sidecar).toContain('side from at-start stacks in the window \\"Pool\\" of German');
  expect(sidecar).toContain('side from at-start stacks in the map folder \\"Soviet setup\\"');
});
