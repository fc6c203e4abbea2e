/**
 * Ids of pieces whose names have no Latin letter (Greek, Cyrillic, Japanese): data ids are
 * lower-case ASCII (common.schema.json's id), so such a name gives none. Each such unit or marker
 * is named by its kind and its palette slot's gpid — readable, unique, and the same at every
 * import while the module keeps the slot — never by the digits its name happens to hold.
 */
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { SLOT, STACK } from './marker-module-kit';
import { importBuildFile, importBuiltModule } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const BOARD = `<${B}.Board name="Hexes" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board>`;

const buildFile = (red: string, markers: string, stacks: string) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Names" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${BOARD}</VASSAL.build.module.map.BoardPicker>${stacks}</VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${red}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${SLOT('Blue 1', 9)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Markers">${markers}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

const RED = SLOT('Πεζικό', 1) + SLOT('Пехота', 2) + SLOT('第1師団', 3) + SLOT('第2師団', 4) + SLOT('Ελαφρύ 3', 5) + SLOT('Évora 2', 6);
const MARKERS = SLOT('支配', 21) + SLOT('Контроль', 22);
const STACKS = STACK('Controls', 'Hexes', 40, 40, SLOT('支配', 31) + SLOT('Контроль', 32));

function unitIds(files: Map<string, string | Uint8Array>): string[] {
  const [header, ...rows] = (files.get('units.csv') as string).trim().split('\n');
  const column = header.split(',').indexOf('id');
  return rows.map((row) => row.split(',')[column]);
}

const markerIds = (files: Map<string, string | Uint8Array>) =>
  JSON.parse(files.get('counters.json') as string).markers.map((m: { id: string; name: string }) => [m.id, m.name]);

describe('ids of pieces named without Latin letters', () => {
  it('are the kind and the palette slot, unique, where Latin names keep their own', async () => {
    const result = await importBuildFile(buildFile(RED, MARKERS, STACKS));
    expect(validateGameFiles('synthetic', result.files).filter((d) => d.severity === 'error')).toEqual([]);
    // "第1師団" is no "1", nor "Ελαφρύ 3" a "3"; "Évora 2" has Latin letters and keeps them.
    expect(unitIds(result.files)).toEqual(['unit-1', 'unit-2', 'unit-3', 'unit-4', 'unit-5', 'evora-2', 'blue-1']);
    expect(markerIds(result.files)).toEqual([
      ['marker-21', '支配'],
      ['marker-22', 'Контроль'],
    ]);
    // The module built from the folder keeps the slots: its import names the pieces alike.
    const again = await importBuiltModule(result);
    expect(unitIds(again.files)).toEqual(unitIds(result.files));
    expect(markerIds(again.files)).toEqual(markerIds(result.files));
  });

  it('stay the same when other pieces come and go', async () => {
    const fewer = await importBuildFile(
      buildFile(SLOT('第2師団', 4) + SLOT('Évora 2', 6), SLOT('Контроль', 22), STACK('C', 'Hexes', 40, 40, SLOT('Контроль', 32))),
    );
    expect(unitIds(fewer.files)).toEqual(['unit-4', 'evora-2', 'blue-1']);
    expect(markerIds(fewer.files)).toEqual([['marker-22', 'Контроль']]);
  });
});
