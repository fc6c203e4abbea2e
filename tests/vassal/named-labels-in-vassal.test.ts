/**
 * Named pieces with Text Labels, seen by VASSAL 3.7.26 itself: the palette lists each by its
 * BasicPiece name (ListWidget shows PieceSlot.getConfigureName, the slot's entryName, which the
 * editor sets to that name), while its $PieceName$ and move reports wrap it in the label's name
 * format ("1st Inf (Elite)", Labeler.getName), a text players change with the label. The import
 * names the unit as the palette does.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece } from '../../src/vassal/traits/basic-piece';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { importEntries } from './rebuild-kit';
import { vassalReport, zipped } from './vassal-run';

/** A Text Label as VASSAL's editor writes it: default name format, property TextLabel, text as its state. */
const LABEL = 'label;;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;false';
const slot = (name: string, gpid: number, label: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${encodePiece({
    id: 'null',
    traits: [{ type: LABEL, state: label }, { type: 'mark;Side', state: 'Red' }, buildBasicPiece({ name, gpid })],
  })}</VASSAL.build.widget.PieceSlot>`;

const B = 'VASSAL.build.module.map.boardPicker';
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Labels" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Field" width="400" height="300"/></VASSAL.build.module.map.BoardPicker>
  <VASSAL.build.module.map.SetupStack name="Start" owningBoard="Field" useGridLocation="false" x="96" y="104">${slot('1st Inf', 11, 'Elite')}${slot('2nd Inf', 12, 'Green')}</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Red">${slot('1st Inf', 1, 'Elite')}${slot('2nd Inf', 2, 'Green')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

describeVassal('named pieces with Text Labels in VASSAL itself', () => {
  it('the palette lists the BasicPiece name, the label only joins the name reports show; the import names the unit as the palette', async () => {
    const entries = new Map([['buildFile.xml', new TextEncoder().encode(BUILD_FILE)]]);
    const report = await withTempDir(async (dir) => {
      await zipped(path.join(dir, 'labels.vmod'), entries);
      return vassalReport(path.join(dir, 'labels.vmod'));
    });
    // Every slot (the at-start stack's too) is listed by its BasicPiece name.
    const slots = [...new Set(report.palette!.map((p) => `${p.slot} = ${p.name}`))];
    expect(slots).toEqual(['1st Inf = 1st Inf', '2nd Inf = 2nd Inf']);
    expect(report.atStart!.map((p) => [p.name, p.shownName]).sort()).toEqual([
      ['1st Inf', '1st Inf (Elite)'],
      ['2nd Inf', '2nd Inf (Green)'],
    ]);
    const units = (await importEntries(entries, 'labels')).files.get('units.csv') as string;
    const [header, ...rows] = units.trim().split('\n');
    const column = header.split(',').indexOf('name');
    const names = rows.map((row) => row.split(',')[column]);
    expect(names).toEqual(['1st Inf', '2nd Inf']);
  }, 900_000);
});
