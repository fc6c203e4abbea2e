/**
 * A hex grid whose spacing is not a round number (as module editors leave it after dragging the
 * grid: dy="125.29999999999856") keeps its size through import → build → import: the built
 * module's HexGrid states the size the data holds, to the last bit, so the second import reads the
 * same hexSize as the first.
 */
import { expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { importBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';

function buildFile(dy: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Dragged" version="1" VassalVersion="3.7.14" nextPieceSlotId="10">
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><${B}.Board name="Map" width="900" height="700">
      <${B}.board.HexGrid dx="109.1999999999984" dy="${dy}" x0="60" y0="70" sideways="false" snapTo="true">
        <${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="0" vOff="0" stagger="false"/>
      </${B}.board.HexGrid>
    </${B}.Board></VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;
}

it('a hex size in odd pixels reads back unchanged from the module built from the import', async () => {
  const first = await importBuildFile(buildFile('125.29999999999856'));
  const hexSize = JSON.parse(first.files.get('map.json') as string).hexSize;
  // The import reads dy / 150 px per inch (the module scale it declares).
  expect(hexSize).toBe(125.29999999999856 / 150);
  const again = await withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() });
    return importModule(built.module!, { id: 'synthetic' });
  });
  expect(JSON.parse(again.files.get('map.json') as string).hexSize).toBe(hexSize);
}, 60_000);
