/**
 * Piece names that are unit designations are not values. A module whose names read "37_2-129"
 * (2nd Battalion, 129th Regiment of the 37th Division) or "11-1-187" holds hyphenated numbers
 * that identify units: a regiment numbered 129 or 187 prints no factor of 129. Where the names
 * of a module's pieces hold such numbers (three digits or more in a hyphenated group), its
 * names are designations throughout, "1C_1-5" as well, and no values are read from them; a
 * module whose names hold small groups only ("Alpha 4-4-6") still gives its values.
 */
import { expect, it } from 'vitest';
import { importBuildFile } from './synthetic-module';

const slot = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

const module = (names: string[]) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Designations" version="1" VassalVersion="3.7.9" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>American</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Units">
    <VASSAL.build.widget.ListWidget entryName="American Units">${names.map((n, i) => slot(n, i + 1)).join('')}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

function header(names: string[]): Promise<string> {
  return importBuildFile(module(names)).then((r) => (r.files.get('units.csv') as string).split('\n')[0]);
}

it('names holding regiment numbers are designations: no value columns', async () => {
  expect(await header(['1C_1-5', '1C_2-7', '37_2-129', '37_3-145', '11-1-187', '11-Soule'])).toBe('id,side,type,name');
});

it('names holding small groups only still give values', async () => {
  expect(await header(['Alpha 4-4-6', 'Bravo 3-3-4'])).toBe('id,side,type,name,value1,value2,value3');
});
