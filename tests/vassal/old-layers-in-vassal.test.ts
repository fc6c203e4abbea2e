/**
 * Layers written before VASSAL 3.2 (`emb;`) in VASSAL 3.7.26 itself: VASSAL reads them through
 * `Embellishment.originalSetType` and, asked for the type again, writes the `emb2;` form. That upgrade
 * is no fault of the module, so `vassal-check` accepts it; an old Layer whose fields VASSAL cannot
 * read (an offset that is no number) comes back changed and is still reported. So for a Layer of
 * version 0 (`emb2;` before 3.3's key strokes), which VASSAL writes as version 1.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { judgeHarnessReport } from '../../src/vassal/harness/judge';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { vassalReport, zipped } from './vassal-run';

const SLOT = (name: string, gpid: number, layer: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/${layer}\tpiece;;;;${name}/-1\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

// Every field of the old form: activate key F with reset command "Reset" (Ctrl+R) at level 1, drawn
// underneath, up A / down Z with their commands, offset (2, -3), three levels with the second blank.
const FULL = 'emb;F\\;Reset\\;82,130\\;1;_Flip;A;Step up;Z;Step down;2;-3;full.gif,Full;,;reduced.gif,+ (reduced)';
const PLAIN = 'emb;F;Flip;;;;;0;0;back.gif,+ reduced';
const BAD_OFFSET = 'emb;F;Flip;;;;;two;0;back.gif';

// Layers of version 0 (before the key-stroke fields): Ctrl+F (the old mask, 2) flips, Ctrl+A / Ctrl+Z
// step; one without an activate key (always active) whose up key has Ctrl+Shift (3), and no fields
// after its name; one whose activate key has two letters, which VASSAL does not convert.
const VERSION_0 = 'emb2;Flip;2;F;Up;2;A;Down;2;Z;;;1;false;0;0;full.gif,back.gif;,+ reduced;true;Step;;;false;;1;0';
const VERSION_0_ALWAYS = 'emb2;;130;;Up;3;A;;2;;;;1;false;0;0;full.gif,back.gif;,+ reduced;true;Step';
const VERSION_0_LONG_KEY = 'emb2;Flip;2;FX;;2;;;2;;;;1;false;0;0;back.gif;+ reduced;true;Step;;;false;;1;0';

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Old" version="1" VassalVersion="3.1.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Full', 1, FULL)}${SLOT('Plain', 2, PLAIN)}${SLOT('Bad offset', 3, BAD_OFFSET)}${SLOT('Version 0', 4, VERSION_0)}${SLOT('Version 0 always active', 5, VERSION_0_ALWAYS)}${SLOT('Version 0 long key', 6, VERSION_0_LONG_KEY)}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

describeVassal('old Layers (emb;) in VASSAL itself', () => {
  it("VASSAL's upgrade of an old Layer is accepted; a Layer it reads with a default, or cannot convert, is reported", async () => {
    const report = await withTempDir(async (dir) => {
      await zipped(path.join(dir, 'old.vmod'), new Map([['buildFile.xml', new TextEncoder().encode(BUILD_FILE)]]));
      return vassalReport(path.join(dir, 'old.vmod'));
    });
    const reencode = judgeHarnessReport(report).filter((d) => d.code === 'vassal/piece-reencode');
    expect(reencode.map((d) => d.message)).toEqual([
      'palette piece "Bad offset": VASSAL re-encodes it differently from its stored text: its "emb2" trait has "two" where VASSAL writes "0"',
      // VASSAL keeps it at version 0 and drops its fields from the version on.
      expect.stringMatching(/^palette piece "Version 0 long key": VASSAL re-encodes it differently/),
    ]);
  }, 900_000);
});
