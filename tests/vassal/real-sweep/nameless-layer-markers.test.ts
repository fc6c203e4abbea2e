/**
 * A pattern met in real modules: marker pieces with neither a name nor a picture of their own, only
 * a Layer whose levels carry the pictures (the palette label is the only name a player sees). Such
 * pieces all share one match key; the import must still keep them apart, one marker per piece, named
 * after its palette label (or its first Layer picture where it has no palette slot), and each setup
 * placement must name its own marker, the same after build and import again.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from '../synthetic-module';

/** A nameless piece whose only pictures are its Layer's (emb2: its levels' images, turned with T). */
const layered = (entryName: string, gpid: number, images: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${entryName}" gpid="${gpid}" height="0" width="0">+/null/emb2;Turn;2;T;Up;2;U;Down;2;D;;;1;false;0;0;${images};;true;Face;;;false;;1;0;false;84,130;;\tpiece;;;;/1\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
const unit = `<VASSAL.build.widget.PieceSlot entryName="Red 1" gpid="1" height="0" width="0">+/null/mark;Side\tpiece;;;;Red 1/Red\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>`;
const stack = (name: string, x: number, slot: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="Table" useGridLocation="false" x="${x}" y="60">${slot}</VASSAL.build.module.map.SetupStack>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Layered markers',
  sides: ['Red'],
  palette:
    unit +
    layered('Raid', 2, 'raid.png,raid-done.png') +
    layered('Patrol', 3, 'patrol.png') +
    layered('Supply', 4, 'supply-full.png,supply-low.png'),
  board: '<VASSAL.build.module.map.boardPicker.Board name="Table" width="600" height="400"/>',
  stacks: [
    stack('A', 50, layered('Raid', 12, 'raid.png,raid-done.png')),
    stack('B', 150, layered('Supply', 13, 'supply-full.png,supply-low.png')),
    stack('C', 250, layered('Raid', 14, 'raid.png,raid-done.png')),
    stack('D', 350, layered('', 15, 'smoke.png')),
  ].join(''),
});

const scenario = (r: ImportResult) => JSON.parse(r.files.get('scenarios.json') as string).scenarios[0];
const markers = (r: ImportResult): Array<[string, string, unknown]> =>
  JSON.parse(r.files.get('counters.json') as string).markers.map((m: { id: string; name: string; count: unknown }) => [
    m.id,
    m.name,
    m.count,
  ]);

it('nameless pieces told apart only by their Layer pictures are separate markers, each placement its own', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const byStack = scenario(first).markers.map((m: { marker: string; stack: string }) => [m.stack, m.marker]);
  expect(byStack.sort()).toEqual([
    ['A', 'raid'],
    ['B', 'supply'],
    ['C', 'raid'],
    ['D', 'smoke'],
  ]);
  const unplaced = { unknown: true, reason: 'no setup places it, and a VASSAL palette gives any number of copies' };
  expect(markers(first).sort()).toEqual([
    ['patrol', 'Patrol', unplaced], // in the palette only: a marker too, its count unknown
    ['raid', 'Raid', 2], // the at-start setup places two
    ['smoke', 'smoke', 1],
    ['supply', 'Supply', 1],
  ]);
  const again = await importBuiltModule(first);
  expect(scenario(again).markers).toEqual(scenario(first).markers);
  expect(markers(again)).toEqual(markers(first));
}, 60_000);
