/**
 * Sides, formations and values from the module's own vocabulary: a property of any name whose
 * values are the PlayerRoster's sides states each unit's side; a "Formation" property whose
 * values vary states its formation; each is recorded with its source in vassal/import.json. An id
 * that merely looks like numbers joined by hyphens ("Worker-1-03-A") is not read as values.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece, buildMarker, buildUsePrototype, type Trait } from '../../src/vassal/traits/index';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { dataChanges } from '../../src/vassal/update/data-changes';
import { importBuildFile } from './synthetic-module';
import { sidecarOf } from './sidecar-of';

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

/** The same pieces under a roster of France and Coalition, "Unit Side" France, Prussia and Anglo-Allies. */
const NATIONS = MODULE.replace('<entry>Allies</entry><entry>Axis</entry>', '<entry>France</entry><entry>Coalition</entry>')
  .replace(prototype('P1', 'Allies', '1st Army'), prototype('P1', 'France', 'I Corps'))
  .replace(prototype('P2', 'Axis', 'Army Group B'), prototype('P2', 'Prussia', 'II Corps'))
  .replace(prototype('P3', 'Axis', '7th Army'), prototype('P3', 'Anglo-Allies', 'III Corps'));

function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
}

/** The imported units (rows of units.csv) with their sides' names, the folder checked valid. */
function importedUnits(result: ImportResult): { rows: Record<string, string>[]; game: GameJson; sideNames: string[][] } {
  expect(validateGameFiles('synthetic', result.files).filter((d) => d.severity === 'error')).toEqual([]);
  const rows = csvRows(result.files.get('units.csv') as string);
  const game = JSON.parse(result.files.get('game.json') as string) as GameJson;
  const sideOf = (id: string) => game.sides.find((s) => s.id === id)?.name ?? '';
  return { rows, game, sideNames: rows.map((r) => [r.name, sideOf(r.side)]) };
}

type GameJson = { sides: { id: string; name: string }[]; formations: { id: string; name: string }[] };

/** Where import.json says the unit of that palette entry was read from. */
function readFrom(result: ImportResult, entryName: string): Record<string, unknown> {
  const sidecar = sidecarOf(result.files.get('vassal/import.json')!);
  return (Object.values(sidecar.units) as { entryName: string; readFrom: Record<string, unknown> }[]).find(
    (u) => u.entryName === entryName,
  )!.readFrom;
}

describe("sides, formations and values from the module's vocabulary", () => {
  it('a prototype Marker "Unit Side" holding a roster side gives the side; "Formation" the formation; each with its source', async () => {
    const result = await importBuildFile(MODULE);
    const { rows, game, sideNames } = importedUnits(result);
    expect(sideNames).toEqual([
      ['Alpha 4-4-6', 'Allies'],
      ['Bravo', 'Axis'],
      ['Worker-1-03-A', 'Axis'],
    ]);
    const formationOf = (id: string) => game.formations.find((f) => f.id === id)?.name;
    expect(rows.map((r) => formationOf(r.formation))).toEqual(['1st Army', 'Army Group B', '7th Army']);
    expect(readFrom(result, 'Alpha 4-4-6')).toEqual({
      side: { carrier: 'mark', property: 'Unit Side', prototype: 'P1' },
      formation: { carrier: 'mark', property: 'Formation', prototype: 'P1' },
    });
  });

  it("the side property names sides beyond the roster too: a nation of a roster side is that piece's side, read from the Marker", async () => {
    // A roster of France and Coalition whose pieces state "Unit Side" France, Prussia or
    // Anglo-Allies (as public Napoleonic modules do): the Marker that names the roster's sides
    // names every piece's side; no palette list, prototype name or piece name says more.
    const result = await importBuildFile(NATIONS);
    expect(importedUnits(result).sideNames).toEqual([
      ['Alpha 4-4-6', 'France'],
      ['Bravo', 'Prussia'],
      ['Worker-1-03-A', 'Anglo-Allies'],
    ]);
    expect(readFrom(result, 'Bravo').side).toEqual({ carrier: 'mark', property: 'Unit Side', prototype: 'P2' });
  });

  it('update refuses a side change it cannot write, and says which Marker of which prototype states the side', async () => {
    const result = await importBuildFile(NATIONS);
    const sidecar = sidecarOf(result.files.get(SIDECAR_INDEX)!);
    const { rows } = importedUnits(result);
    rows.find((r) => r.name === 'Bravo')!.side = 'france';
    const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
    const changes = dataChanges(sidecar, {
      units: new Map(rows.map((r) => [r.id, r])),
      fileHashes: new Map(Object.keys(sidecar.dataFiles ?? {}).map((f) => [f, sha(result.files.get(f)!)])),
      folder: 'synthetic',
    });
    const refused = changes.diagnostics.filter((d) => d.severity === 'error');
    expect(refused.map((d) => d.code)).toEqual(['update/no-place']);
    expect(refused[0].message).toContain('the module states it in Marker Unit Side of prototype "P2"');
    expect(refused[0].hint).toContain('every piece using the prototype changes with it');
  });

  it('"A-D-M" factors standing in a name are values; an id of hyphenated numbers is not', async () => {
    const rows = csvRows((await importBuildFile(MODULE)).files.get('units.csv') as string);
    expect([rows[0].value1, rows[0].value2, rows[0].value3]).toEqual(['4', '4', '6']);
    expect([rows[2].value1 ?? '', rows[2].value2 ?? '']).toEqual(['', '']);
  });
});
