/**
 * A palette piece whose stored BasicPiece state holds a map and a position, in VASSAL 3.7.26 itself:
 * `PieceSlot.getPiece` takes it off the map and moves it to the slot panel's centre, so VASSAL never
 * writes that position back. That is VASSAL's own doing, not a fault of the module: `vassal-check`
 * accepts it, and still reports (naming the BasicPiece) a state VASSAL reads differently otherwise.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { judgeHarnessReport } from '../../src/vassal/harness/judge';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { vassalReport, zipped } from './vassal-run';

const SLOT = (name: string, gpid: number, state: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/${state}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Placed" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker/></VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Red">${[
    SLOT('Position only', 1, 'null;92;30'),
    SLOT('On a map', 2, 'Main Map;250;40;2;1;UniqueID;u1'),
    SLOT('Bad count', 3, 'null;5;5;3;two;UniqueID;u1'),
  ].join('')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

describeVassal('palette pieces with a stored position in VASSAL itself', () => {
  it("VASSAL's move of a palette piece to its slot is accepted; a state it reads with a default is reported", async () => {
    const report = await withTempDir(async (dir) => {
      await zipped(path.join(dir, 'placed.vmod'), new Map([['buildFile.xml', new TextEncoder().encode(BUILD_FILE)]]));
      return vassalReport(path.join(dir, 'placed.vmod'));
    });
    expect(report.pieceSlots?.mismatches.map((m) => m.slot)).toEqual(['Position only', 'On a map', 'Bad count']);
    const reencode = judgeHarnessReport(report).filter((d) => d.code === 'vassal/piece-reencode');
    // A property count that is no number: VASSAL reads none, and the property is lost.
    expect(reencode.map((d) => d.message)).toEqual([
      'palette piece "Bad count": VASSAL re-encodes it differently from its stored text: its "piece" trait\'s state has "two" where VASSAL writes "0"',
    ]);
  }, 900_000);
});
