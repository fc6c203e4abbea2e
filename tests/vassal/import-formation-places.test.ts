/**
 * Formations from where the module puts a unit, as sides are read: a palette list, a palette
 * window or a map folder of its at-start stacks whose name is a formation the module's formation
 * property ("Formation", a Marker) states for other pieces gives a unit stating none that
 * formation. The piece's own property wins; two places naming different formations leave none,
 * with an info naming both; a name holding no formation of that vocabulary gives none (nothing
 * is read from words like "Corps" alone). Expected formations are read off the module below.
 */
import { expect, it } from 'vitest';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { withTempDir } from './import-fixtures';
import { dataFiles, rebuilt } from './rebuild-kit';
import { importBuildFile } from './synthetic-module';

const W = 'VASSAL.build.widget';

/** A piece of side Red, with its own Formation marker when given. */
const piece = (name: string, gpid: number, formation?: string) =>
  formation === undefined
    ? `+/null/mark;Side\tpiece;;;;${name}/Red\tnull;0;0;${gpid};0`
    : `+/null/mark;Formation\tmark;Side\\\tpiece;;;;${name}/${formation}\tRed\\\tnull;0;0;${gpid};0`;
const slot = (name: string, gpid: number, formation?: string) =>
  `<${W}.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${piece(name, gpid, formation)}</${W}.PieceSlot>`;
const list = (name: string, slots: string) => `<${W}.ListWidget entryName="${name}">${slots}</${W}.ListWidget>`;
const stack = (name: string, gpid: number) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="B" useGridLocation="false" x="${gpid * 10}" y="10">${slot(name, gpid + 50)}</VASSAL.build.module.map.SetupStack>`;
const folder = (name: string, inner: string) =>
  `<VASSAL.build.module.folder.MapSubFolder name="${name}">${inner}</VASSAL.build.module.folder.MapSubFolder>`;

const MODULE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Formations" version="1" VassalVersion="3.7.14" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="200" height="100"/></VASSAL.build.module.map.BoardPicker>
    ${folder('IV Corps setup', stack('Charlie', 3) + stack('Delta', 4))}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    ${list('II Corps', slot('Alpha', 1) + slot('Delta', 4) + slot('Foxtrot', 6, 'IV Corps') + slot('Hotel', 8, 'II Corps'))}
    ${list('Other', slot('Charlie', 3))}
    ${list('Reserve', slot('Echo', 5))}
    ${list('Corps artillery', slot('Golf', 7))}
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PieceWindow name="IV Corps">${list('Infantry', slot('Bravo', 2))}</VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

/** Each unit's formation name (units.csv's formation column through game.json's formations). */
function formations(files: Map<string, string | Uint8Array>): Record<string, string | undefined> {
  const game = JSON.parse(files.get('game.json') as string) as { formations?: { id: string; name: string }[] };
  const names = new Map((game.formations ?? []).map((f) => [f.id, f.name]));
  const [head, ...rows] = (files.get('units.csv') as string).trim().split('\n');
  const column = head.split(',').indexOf('formation');
  return Object.fromEntries(
    rows.map((r) => r.split(',')).map((cells) => [cells[0], names.get(cells[column]) ?? (cells[column] || undefined)]),
  );
}

it('a palette list, window or at-start folder named after a formation the module states gives units stating none that formation', async () => {
  const result = await importBuildFile(MODULE);
  expect(formations(result.files)).toEqual({
    alpha: 'II Corps', // palette list "II Corps"
    bravo: 'IV Corps', // palette window "IV Corps"
    charlie: 'IV Corps', // map folder "IV Corps setup" of its at-start stack
    delta: undefined, // list "II Corps", folder "IV Corps setup": unknown
    echo: undefined, // list "Reserve" names no formation
    foxtrot: 'IV Corps', // its own Formation marker, whatever its list says
    golf: undefined, // "Corps artillery" holds no formation's words
    hotel: 'II Corps',
  });
  const conflicts = result.diagnostics.filter((d) => d.code === 'vassal/formation-conflict');
  expect(conflicts.map((d) => [d.severity, d.message])).toEqual([
    [
      'info',
      '1 unit(s) where palette list "II Corps" and at-start stacks in the map folder "IV Corps setup" name different formations: their formation is unknown',
    ],
  ]);
  const sidecar = result.files.get(SIDECAR_INDEX) as string;
  expect(sidecar).toContain('formation from palette window \\"IV Corps\\"');
  expect(sidecar).toContain('formation from at-start stacks in the map folder \\"IV Corps setup\\"');
  // Stable: the built module states each formation, and its import reads the same.
  await withTempDir(async (dir) => {
    const { second } = await rebuilt(dir, result, 'synthetic');
    expect(dataFiles(second)).toEqual(dataFiles(result));
  });
}, 60_000);
