/**
 * Pictures a module names without holding them that VASSAL finds all the same (DataArchive.getInputStream,
 * 3.7.26): the ones in its own jar (Splash.png, moved.gif…), a name without extension whose ".gif" the
 * module or the jar holds. The import lists as missing only what VASSAL fails to find, and VASSAL
 * itself, asked for each picture, agrees.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { writeZip } from '../../src/vassal/module/zip';
import { vassalFindsImage, VASSAL_JAR_IMAGES } from '../../src/vassal/vassal-images';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { greyPicture, importEntries } from './rebuild-kit';
import { vassalReport, zipped } from './vassal-run';

const M = 'VASSAL.build.module';
const LOST = 'Lost.png';
const chart = (name: string, file: string) => `<VASSAL.build.widget.Chart chartName="${name}" description="" fileName="${file}"/>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Pictures" version="1" VassalVersion="3.7.0" nextPieceSlotId="10">
  <${M}.BasicCommandEncoder/>
  <${M}.documentation.AboutScreen fileName="Splash.png" title="About"/>
  <${M}.Map mapName="Main Map" buttonName="Map" launch="false"><${M}.map.BoardPicker><${M}.map.boardPicker.Board name="Table" image="table" width="0" height="0"/></${M}.map.BoardPicker></${M}.Map>
  <${M}.ChartWindow name="Charts" hotkey="" icon="" text="Charts" tooltip=""><VASSAL.build.widget.TabWidget entryName="Charts">${chart('Moved', 'moved')}${chart('Lost', LOST)}${chart('Clock', 'chess_clock.png')}</VASSAL.build.widget.TabWidget></${M}.ChartWindow>
</VASSAL.build.GameModule>`;

/** The module: its board's picture "table" is held as images/table.gif only; Splash.png, moved and chess_clock.png are VASSAL's; Lost.png is nowhere. */
async function pictureModuleEntries(): Promise<Map<string, Uint8Array>> {
  const table = new Uint8Array(
    await (
      await import('sharp')
    )
      .default(greyPicture(40, 30, 100))
      .gif()
      .toBuffer(),
  );
  const zip = await writeZip(
    [
      { path: 'buildFile.xml', data: BUILD_FILE },
      { path: 'images/table.gif', data: table },
    ],
    1767225600,
  );
  return (await readZip(zip, { file: 'pictures.vmod', limits: readLimits() })).entries;
}

it("counts as found what the module holds, a name's .gif the module or VASSAL holds, and VASSAL's own pictures, by exact name", () => {
  const held = new Set(['table.gif', 'cafe\u0301.png']);
  expect(vassalFindsImage('table', held)).toBe(true);
  expect(vassalFindsImage('table.gif', held)).toBe(true);
  // A name the module holds in NFD form (an archive made on HFS+): VASSAL tries that form too.
  expect(vassalFindsImage('caf\u00e9.png', held)).toBe(true);
  expect(vassalFindsImage('Splash.png', held)).toBe(true);
  expect(vassalFindsImage('moved', held)).toBe(true);
  // Resources are looked up by exact name: another case, or another extension, is not VASSAL's.
  expect(vassalFindsImage('splash.png', held)).toBe(false);
  expect(vassalFindsImage('moved.png', held)).toBe(false);
  expect(vassalFindsImage(LOST, held)).toBe(false);
  expect(VASSAL_JAR_IMAGES.has('DoorClose.au')).toBe(false);
});

it('lists as missing only the pictures neither the module nor VASSAL holds', async () => {
  const imported = await importEntries(await pictureModuleEntries(), 'pictures');
  expect(imported.summary.missingImages).toEqual([LOST]);
  expect(imported.diagnostics.filter((d) => d.code === 'vassal/missing-images').map((d) => d.message)).toEqual([
    `1 image(s) the module refers to are not in it: ${LOST}`,
  ]);
});

describeVassal('pictures VASSAL supplies, in VASSAL itself', () => {
  it('VASSAL finds every picture the module names but Lost.png', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'pictures.vmod');
      await zipped(vmod, await pictureModuleEntries());
      const report = await vassalReport(vmod);
      expect(report.images?.missing.map((m) => m.image)).toEqual([LOST]);
      // VASSAL was asked for the others too (the About screen's, the board's, the charts'), and for icons of its own.
      expect(report.images?.referenced).toBeGreaterThanOrEqual(5);
    });
  }, 300_000);
});
