/** Small modules written in a test: a buildFile zipped with the repo's own zip writer, read back as a user's .vmod would be, and imported. */
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { writeZip, type ZipEntry } from '../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';

/** `others` are entries beside the buildFile (saved games, images). */
export async function importBuildFile(xml: string, others: readonly ZipEntry[] = []): Promise<ImportResult> {
  const zip = await writeZip([{ path: 'buildFile.xml', data: xml }, ...others], 1767225600);
  const entries = (await readZip(zip, { file: 'synthetic.vmod', limits: readLimits() })).entries;
  const module = (await readModule(entries, { source: 'synthetic.vmod', limits: readLimits() })).module!;
  return importModule(module, { id: 'synthetic' });
}

/** The module Hexforge builds from an imported folder, imported again (import → build → import). */
export async function importBuiltModule(first: ImportResult): Promise<ImportResult> {
  return withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() });
    return importModule(built.module!, { id: 'synthetic' });
  });
}

/** A buildFile with a roster, one palette list and a "Main Map" of one board (its XML given) holding `stacks`. */
export function oneMapBuildFile(o: { name: string; sides: readonly string[]; palette: string; board: string; stacks: string }): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="${o.name}" version="1" VassalVersion="3.6.7" nextPieceSlotId="30">
  <VASSAL.build.module.PlayerRoster>${o.sides.map((s) => `<entry>${s}</entry>`).join('')}</VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${o.palette}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>${o.board}</VASSAL.build.module.map.BoardPicker>
    ${o.stacks}
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;
}

/** A board "Board" of 600 × 400 pixels with a hex grid of 56 × 64 numbered column-row ("0201"). */
export const SMALL_HEX_BOARD = `<VASSAL.build.module.map.boardPicker.Board name="Board" width="600" height="400"><VASSAL.build.module.map.boardPicker.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false"><VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" hLeading="1" hOff="1" hType="N" sep="" stagger="false" vLeading="1" vOff="1" vType="N"/></VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board>`;

/** An unnamed at-start stack on "Board" at (x, 100): hex 0201 at x = 96, 0401 at x = 208 on SMALL_HEX_BOARD. */
export const setupStack = (x: number, pieces: string) =>
  `<VASSAL.build.module.map.SetupStack name="" owningBoard="Board" useGridLocation="false" x="${x}" y="100">${pieces}</VASSAL.build.module.map.SetupStack>`;
