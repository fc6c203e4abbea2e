/**
 * GlobalOptions names its toolbar buttons' icons in child elements, not attributes
 * (`<option name="stepIcon">btn_forward.svg</option>`, as VASSAL 3.7's new-module template writes):
 * a module lacking those pictures is told so with the others, as VASSAL 3.7.26 itself reports
 * each ("Image not found") on loading a public 3.7.19 module skeleton. A bundled icon
 * (`/images/StepForward16.gif`) and an option that names no icon are no pictures of the module.
 */
import { describe, expect, it } from 'vitest';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { referencedImages } from '../../src/vassal/reader/module';
import { importBuildFile } from './synthetic-module';

const XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Skeleton" version="0.0.1" VassalVersion="3.7.19" nextPieceSlotId="0">
  <VASSAL.build.module.PlayerRoster buttonIcon="btn_retire.svg" buttonText=""/>
  <VASSAL.build.module.GlobalOptions autoReport="Always">
    <option name="stepIcon">btn_forward.svg</option>
    <option name="stepHotKey">34,0</option>
    <option name="undoIcon"> btn_back.svg </option>
    <option name="serverControlsIcon">/images/StepForward16.gif</option>
    <option name="debugControlsIcon"/>
  </VASSAL.build.module.GlobalOptions>
  <VASSAL.build.module.Map mapName="Main Map">
    <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Board" width="100" height="100"/></VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

describe("GlobalOptions' toolbar icons", () => {
  it('are pictures the module names', async () => {
    const module = (
      await readModule(new Map([['buildFile.xml', new TextEncoder().encode(XML)]]), { source: 'skeleton', limits: readLimits() })
    ).module!;
    expect(referencedImages(module)).toEqual(['btn_back.svg', 'btn_forward.svg', 'btn_retire.svg']);
  });

  it('missing from the module are in the import’s one info of missing pictures', async () => {
    const result = await importBuildFile(XML);
    const info = result.diagnostics.filter((d) => d.code === 'vassal/missing-images');
    expect(info.map((d) => d.message)).toEqual([
      '3 image(s) the module refers to are not in it: btn_back.svg, btn_forward.svg, btn_retire.svg',
    ]);
  });
});
