/**
 * A map's overview window and save-image button (map.json `buttons[].tool`) seen by VASSAL 3.7.26
 * itself: the module built from a folder that lists them loads and validates, with its pieces
 * where the original puts them.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { builtModuleEntries } from '../../scripts/built-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { importEntries, jsonOf, sideSlot } from './rebuild-kit';
import { vassalReport, zipped } from './vassal-run';

const M = 'VASSAL.build.module';
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Tools" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <${M}.BasicCommandEncoder/>
  <${M}.PlayerRoster><entry>Red</entry></${M}.PlayerRoster>
  <${M}.Map mapName="Main Map" buttonName="Map" launch="false"><${M}.map.BoardPicker><${M}.map.boardPicker.Board name="Table" width="300" height="200"/></${M}.map.BoardPicker><${M}.map.ImageSaver buttonText="Snap" hotkey="" icon="/images/camera.gif" tooltip="Save the table"/><${M}.map.GlobalMap buttonText="Overview" hotkey="79,195" icon="/images/overview.gif" tooltip="Whole map"/><${M}.map.SetupStack name="Red 1" owningBoard="Table" useGridLocation="false" x="50" y="60">${sideSlot('Red 1', 11, 'Red')}</${M}.map.SetupStack></${M}.Map>
  <${M}.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}</VASSAL.build.widget.ListWidget></${M}.PieceWindow>
</VASSAL.build.GameModule>`;

describeVassal('map tools in VASSAL itself', () => {
  it('the built module with an overview window and a save-image button loads and validates, its piece in place', async () => {
    const entries = (
      await readZip(await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 1767225600), { file: 'tools.vmod', limits: readLimits() })
    ).entries;
    const imported = await importEntries(entries, 'tools');
    expect(jsonOf(imported, 'map.json').buttons.map((b: { tool?: string }) => b.tool)).toEqual(['save-image', 'overview']);
    await withTempDir(async (dir) => {
      await writeGameFolder(path.join(dir, 'game'), imported.files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const report = await vassalReport(built);
      expect(report.validation).toEqual([]);
      expect(report.atStart!.map((p) => `${p.name} ${p.map} (${p.x}, ${p.y})`)).toEqual(['Red 1 Main Map (50, 60)']);
    });
  }, 900_000);
});
