/**
 * map.json lists the boxes in the order the setup first puts a unit in them, whatever markers the
 * module's at-start stacks place before (pieces without a palette unit, which the data does not
 * list and a module built from it does not hold): so import → build → import lists them alike.
 */
import { expect, it } from 'vitest';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { importBuildFile } from './synthetic-module';

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

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Tiles" version="1" VassalVersion="3.6.7" nextPieceSlotId="20">
  <VASSAL.build.module.PlayerRoster><entry>North</entry><entry>South</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Lords">
    ${unit('Harald', 'North', 1)}${unit('Olaf', 'South', 2)}
  </VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><${B}.Board image="Land.png" name="Land">
      <${B}.board.ZonedGrid>${zone('Bergen', 0)}${zone('Trondheim', 500)}</${B}.board.ZonedGrid>
    </${B}.Board></VASSAL.build.module.map.BoardPicker>
    ${stack('Trondheim', tile('Town', 10))}
    ${stack('Bergen', unit('Harald', 'North', 11))}
    ${stack('Trondheim', unit('Olaf', 'South', 12))}
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

const boxes = (r: ImportResult) => JSON.parse(r.files.get('map.json') as string).boxes.map((b: { id: string }) => b.id);

it('boxes come in the order units first stand in them, and come back so from the built module', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const setup = JSON.parse(first.files.get('scenarios.json') as string).scenarios[0].setup;
  expect(setup.map((p: { box: string }) => p.box)).toEqual(['bergen', 'trondheim']);
  expect(boxes(first)).toEqual(['bergen', 'trondheim']);
  const again = await withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() });
    return importModule(built.module!, { id: 'synthetic' });
  });
  expect(boxes(again)).toEqual(boxes(first));
}, 60_000);
