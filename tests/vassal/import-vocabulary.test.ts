/**
 * Sides, formations and values from the module's own vocabulary: a property of any name whose
 * values are the PlayerRoster's sides states each unit's side; a "Formation" property whose
 * values vary states its formation; each is recorded with its source in vassal/import.json. An id
 * that merely looks like numbers joined by hyphens ("Worker-1-03-A") is not read as values.
 */
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece, buildMarker, buildUsePrototype, type Trait } from '../../src/vassal/traits/index';
import { importBuildFile } from './synthetic-module';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const piece = (traits: Trait[]) => xmlText(encodePiece({ id: 'null', traits }));

function prototype(name: string, side: string, formation: string): string {
  const traits = [
    buildMarker([
      ['Unit Side', side],
      ['Formation', formation],
    ]),
    buildBasicPiece({ name: '' }),
  ];
  return `<VASSAL.build.module.PrototypeDefinition name="${name}">${piece(traits)}</VASSAL.build.module.PrototypeDefinition>`;
}

function slot(name: string, gpid: number, prototypeName: string): string {
  const traits = [buildUsePrototype(prototypeName), buildBasicPiece({ name, gpid })];
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}">${piece(traits)}</VASSAL.build.widget.PieceSlot>`;
}

/** Prototype names say nothing of sides ("P1" …), the palette list neither: only the Marker does. */
const MODULE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Vocabulary" version="1" VassalVersion="3.7.0" nextPieceSlotId="10">
  <VASSAL.build.module.PlayerRoster><entry>Allies</entry><entry>Axis</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>
    ${prototype('P1', 'Allies', '1st Army')}${prototype('P2', 'Axis', 'Army Group B')}${prototype('P3', 'Axis', '7th Army')}
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Counters">
      ${slot('Alpha 4-4-6', 1, 'P1')}${slot('Bravo', 2, 'P2')}${slot('Worker-1-03-A', 3, 'P3')}
    </VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
}

describe("sides, formations and values from the module's vocabulary", () => {
  it('a prototype Marker "Unit Side" holding a roster side gives the side; "Formation" the formation; each with its source', async () => {
    const result = await importBuildFile(MODULE);
    expect(validateGameFiles('synthetic', result.files).filter((d) => d.severity === 'error')).toEqual([]);
    const rows = csvRows(result.files.get('units.csv') as string);
    const game = JSON.parse(result.files.get('game.json') as string);
    const sideOf = (id: string) => game.sides.find((s: { id: string }) => s.id === id)?.name;
    expect(rows.map((r) => [r.name, sideOf(r.side)])).toEqual([
      ['Alpha 4-4-6', 'Allies'],
      ['Bravo', 'Axis'],
      ['Worker-1-03-A', 'Axis'],
    ]);
    const formationOf = (id: string) => game.formations.find((f: { id: string }) => f.id === id)?.name;
    expect(rows.map((r) => formationOf(r.formation))).toEqual(['1st Army', 'Army Group B', '7th Army']);
    const sidecar = JSON.parse(result.files.get('vassal/import.json') as string);
    const alpha = Object.values(sidecar.units).find((u) => (u as { entryName: string }).entryName === 'Alpha 4-4-6') as {
      readFrom: Record<string, unknown>;
    };
    expect(alpha.readFrom).toEqual({
      side: { carrier: 'mark', property: 'Unit Side', prototype: 'P1' },
      formation: { carrier: 'mark', property: 'Formation', prototype: 'P1' },
    });
  });

  it('"A-D-M" factors standing in a name are values; an id of hyphenated numbers is not', async () => {
    const rows = csvRows((await importBuildFile(MODULE)).files.get('units.csv') as string);
    expect([rows[0].value1, rows[0].value2, rows[0].value3]).toEqual(['4', '4', '6']);
    expect([rows[2].value1 ?? '', rows[2].value2 ?? '']).toEqual(['', '']);
  });
});
