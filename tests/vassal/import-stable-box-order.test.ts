/**
 * map.json lists the boxes in the order the setup first puts a unit in them, then those where only
 * markers stand (a module built from the data writes marker-only stacks after the units' stacks),
 * whatever markers the at-start stacks place before: so import → build → import lists them alike.
 * counters.json lists the markers in the order the scenarios first place them (markers sharing a
 * place with units first), not in the order the module's stacks hold them, for the same reason.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';

function slot(name: string, traits: string, state: string, gpid: number): string {
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/${traits}piece;;;${name}.png;${name}/${state}null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
}
/** A unit: a palette piece whose Marker "Side" names a roster side. */
const unit = (name: string, side: string, gpid: number) => slot(name, 'mark;Side\t', `${side}\t`, gpid);
/** A tile only an at-start stack places: no palette piece has its name and image. */
const tile = (name: string, gpid: number) => slot(name, '', '', gpid);

function stack(zone: string, piece: string): string {
  return `<VASSAL.build.module.map.SetupStack location="${zone}" name="${zone}" useGridLocation="true" x="0" y="0">${piece}</VASSAL.build.module.map.SetupStack>`;
}

function zone(name: string, x: number): string {
  return `<${B}.board.mapgrid.Zone locationFormat="$name$" name="${name}" path="${x},0;${x + 400},0;${x + 400},400;${x},400" useParentGrid="false"/>`;
}

const BUILD_FILE = oneMapBuildFile({
  name: 'Tiles',
  sides: ['North', 'South'],
  palette: unit('Harald', 'North', 1) + unit('Olaf', 'South', 2),
  board: `<${B}.Board image="Land.png" name="Land"><${B}.board.ZonedGrid>${zone('Bergen', 0)}${zone('Trondheim', 500)}</${B}.board.ZonedGrid></${B}.Board>`,
  stacks:
    stack('Trondheim', tile('Town', 10)) + stack('Bergen', unit('Harald', 'North', 11)) + stack('Trondheim', unit('Olaf', 'South', 12)),
});

const boxes = (r: ImportResult) => JSON.parse(r.files.get('map.json') as string).boxes.map((b: { id: string }) => b.id);

it('boxes come in the order units first stand in them, and come back so from the built module', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const setup = JSON.parse(first.files.get('scenarios.json') as string).scenarios[0].setup;
  expect(setup.map((p: { box: string }) => p.box)).toEqual(['bergen', 'trondheim']);
  expect(boxes(first)).toEqual(['bergen', 'trondheim']);
  expect(boxes(await importBuiltModule(first))).toEqual(boxes(first));
}, 60_000);

// The module holds the Ruin first; the Town shares its zone with a unit, so the scenario lists it first.
const RUINS_BUILD_FILE = oneMapBuildFile({
  name: 'Ruins',
  sides: ['North', 'South'],
  palette: unit('Harald', 'North', 1) + unit('Olaf', 'South', 2),
  board: `<${B}.Board image="Land.png" name="Land"><${B}.board.ZonedGrid>${zone('Bergen', 0)}${zone('Trondheim', 500)}</${B}.board.ZonedGrid></${B}.Board>`,
  stacks: stack('Bergen', tile('Ruin', 10)) + stack('Trondheim', tile('Town', 11)) + stack('Trondheim', unit('Harald', 'North', 12)),
});

const markers = (r: ImportResult) => JSON.parse(r.files.get('counters.json') as string).markers.map((m: { id: string }) => m.id);

it('markers come in the order the scenarios place them, and come back so from the built module', async () => {
  const first = await importBuildFile(RUINS_BUILD_FILE);
  const placed = JSON.parse(first.files.get('scenarios.json') as string).scenarios[0].markers;
  expect(placed.map((p: { marker: string; box: string }) => `${p.marker}@${p.box}`)).toEqual(['town@trondheim', 'ruin@bergen']);
  expect(markers(first)).toEqual(['town', 'ruin']);
  expect(markers(await importBuiltModule(first))).toEqual(markers(first));
}, 60_000);

const folder = (name: string, stacks: string) =>
  `<VASSAL.build.module.folder.MapSubFolder desc="" name="${name}">${stacks}</VASSAL.build.module.folder.MapSubFolder>`;

// A built module writes the stacks folder by folder, the folder of the units first: North (Oslo,
// Trondheim) before West (Bergen), the reverse of the module's own order of the two tiles.
const FOLDERS_BUILD_FILE = oneMapBuildFile({
  name: 'Folders',
  sides: ['North', 'South'],
  palette: unit('Harald', 'North', 1) + unit('Olaf', 'South', 2),
  board: `<${B}.Board image="Land.png" name="Land"><${B}.board.ZonedGrid>${zone('Bergen', 0)}${zone('Trondheim', 500)}${zone('Oslo', 1000)}</${B}.board.ZonedGrid></${B}.Board>`,
  stacks:
    folder('West', stack('Bergen', tile('Ruin', 10))) +
    folder('North', stack('Trondheim', tile('Town', 11)) + stack('Oslo', unit('Harald', 'North', 12))),
});

it('boxes and markers where no unit stands come by place, whatever order the stacks are written in', async () => {
  const first = await importBuildFile(FOLDERS_BUILD_FILE);
  const scenario = (r: ImportResult) => JSON.parse(r.files.get('scenarios.json') as string).scenarios[0];
  expect(scenario(first).markers.map((p: { marker: string; box: string }) => `${p.marker}@${p.box}`)).toEqual([
    'ruin@bergen',
    'town@trondheim',
  ]);
  expect(boxes(first)).toEqual(['oslo', 'bergen', 'trondheim']);
  const second = await importBuiltModule(first);
  expect(scenario(second).markers).toEqual(scenario(first).markers);
  expect(boxes(second)).toEqual(boxes(first));
  expect(markers(second)).toEqual(markers(first));
}, 60_000);

// A unit at a pixel outside every zone stays on the main map of a built module; a unit in a zone
// goes to its holding map, written after the main map.
const PIXEL_BUILD_FILE = oneMapBuildFile({
  name: 'Pixels',
  sides: ['North', 'South'],
  palette: unit('Harald', 'North', 1) + unit('Olaf', 'South', 2),
  board: `<${B}.Board image="Land.png" name="Land"><${B}.board.ZonedGrid>${zone('Bergen', 0)}</${B}.board.ZonedGrid></${B}.Board>`,
  stacks:
    stack('Bergen', unit('Harald', 'North', 11)) +
    `<VASSAL.build.module.map.SetupStack name="Loose" useGridLocation="false" x="2000" y="2000">${unit('Olaf', 'South', 12)}</VASSAL.build.module.map.SetupStack>`,
});

// A zone's stack on a map without hexes keeps its pixel (VASSAL's Zone.getLocation), so both stacks stand on the
// main map: they keep the module's order, and a built module writes a named and an unnamed stack in that order too.
it('stacks on the main map, by zone and by pixel, keep the module order, and come back so from the built module', async () => {
  const first = await importBuildFile(PIXEL_BUILD_FILE);
  const setup = (r: ImportResult) => JSON.parse(r.files.get('scenarios.json') as string).scenarios[0].setup;
  expect(setup(first).map((p: { units: string[]; box: string }) => `${p.units.join()}@${p.box}`)).toEqual([
    'harald@bergen',
    'olaf@main-map',
  ]);
  const second = await importBuiltModule(first);
  expect(setup(second)).toEqual(setup(first));
  expect(boxes(second)).toEqual(boxes(first));
}, 60_000);
