/**
 * Traits written by an older VASSAL, before their last fields existed (modules of VASSAL 3.2 hold
 * Dynamic Properties, Text Labels and Replace traits so), in VASSAL 3.7.26 itself: VASSAL reads each
 * absent field with its default and, asked for the type again, writes the stored fields as they were
 * and the new ones after them. That is VASSAL's own upgrade, not a fault of the module, so
 * `vassal-check` accepts it; a stored field VASSAL reads with a default (a font size that is no
 * number) is still reported.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { judgeHarnessReport } from '../../src/vassal/harness/judge';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { vassalReport, zipped } from './vassal-run';

const SLOT = (name: string, gpid: number, trait: string, state: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/${trait}\tpiece;;;;${name}/${state}\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

// A Dynamic Property with its key commands and no description after them.
const PROPERTY = 'PROP;ModelName;false,0,100,false;Change Label:76\\,130:R\\,Change Label\\:';
// A Text Label ending at its name, before the flag that came after it.
const LABEL = 'label;76,130;Change Label;16;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;';
// A Replace ending at its "above" flag, naming the slot it puts down by its path.
const REPLACE =
  'replace;Leader;82,130;VASSAL.build.module.PieceWindow:Pieces\\/VASSAL.build.widget.ListWidget:Red\\/VASSAL.build.widget.PieceSlot:Property;null;0;0;true;80,650;Leader;1;0;true';
const BAD_FONT_SIZE = LABEL.replace(';16;', ';big;');

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Older" version="1" VassalVersion="3.2.17" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Property', 1, PROPERTY, 'Skarre')}${SLOT('Label', 2, LABEL, 'Grid')}${SLOT('Replace', 3, REPLACE, '')}${SLOT('Bad font size', 4, BAD_FONT_SIZE, 'Grid')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

describeVassal('traits of an older, shorter form in VASSAL itself', () => {
  it('VASSAL adding the fields a trait lacks is accepted; a stored field it reads with a default is reported', async () => {
    const report = await withTempDir(async (dir) => {
      await zipped(path.join(dir, 'older.vmod'), new Map([['buildFile.xml', new TextEncoder().encode(BUILD_FILE)]]));
      return vassalReport(path.join(dir, 'older.vmod'));
    });
    // VASSAL did rewrite all four: the three shorter forms are its own upgrade.
    expect(report.pieceSlots!.mismatches.map((m) => m.slot)).toEqual(['Property', 'Label', 'Replace', 'Bad font size']);
    const reencode = judgeHarnessReport(report).filter((d) => d.code === 'vassal/piece-reencode');
    expect(reencode.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^palette piece "Bad font size": VASSAL re-encodes it differently from its stored text: its "label" trait has "big" where VASSAL writes "\d+"$/,
      ),
    ]);
  }, 900_000);
});
