/**
 * A game map's only board named "Map" (the name a module built from the data gives the board it
 * adds to a map whose board the data does not list), with no grid, no size and a picture the module
 * lacks: stacks and decks on it keep their pixels there, so map.json must list that board, or the
 * folder fails validation (scenarios/unknown-board) and the import writes nothing. A public
 * card-driven module (its table picture left out) was refused so.
 */
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule } from './synthetic-module';

const CARD = (name: string, gpid: number) =>
  `<VASSAL.build.widget.CardSlot entryName="${name}" gpid="${gpid}" height="64" width="75">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.CardSlot>`;
const SLOT = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

/** A module whose map's one board "Map" names a picture it does not hold; a deck and a stack on it, at pixels. */
function buildFile(board: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Table" version="1" VassalVersion="3.6.5" nextPieceSlotId="20">
  <VASSAL.build.module.PlayerRoster><entry>China</entry><entry>US</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>${board}</VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.DrawPile name="Event Deck" faceDown="Always" shuffle="Always" width="100" height="140" x="3305" y="3077">${CARD('Typhoon', 3)}${CARD('Trade War', 5)}</VASSAL.build.module.map.DrawPile>
    <VASSAL.build.module.map.SetupStack name="Fleet" owningBoard="Map" useGridLocation="false" x="300" y="200">${SLOT('Carrier', 7)}</VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;
}

const BOARD = '<VASSAL.build.module.map.boardPicker.Board image="table.png" name="Map" reversible="false"/>';

const errors = (r: ImportResult) => validateGameFiles('table', r.files).filter((d) => d.severity === 'error');
const json = (r: ImportResult, file: string) => JSON.parse(r.files.get(file) as string);

/** Each unit's or marker's box name and pixel, in the first scenario. */
function placements(r: ImportResult): unknown[] {
  const boxes = new Map<string, string>((json(r, 'map.json').boxes ?? []).map((b: { id: string; name: string }) => [b.id, b.name]));
  type Placed = { units?: string[]; marker?: string; box: string; at?: unknown };
  const { setup = [], markers = [] } = json(r, 'scenarios.json').scenarios[0] as { setup?: Placed[]; markers?: Placed[] };
  return [...setup, ...markers].map((p) => [p.units ?? p.marker, boxes.get(p.box), p.at]);
}

describe('a lone board named "Map" without grid, size or picture, holding pixels', () => {
  it('is listed in map.json, so the folder validates with every placement kept at its pixel', async () => {
    const result = await importBuildFile(buildFile(BOARD));
    expect(errors(result)).toEqual([]);
    expect(json(result, 'map.json').boards).toEqual([{ name: 'Map', map: 'Main Map' }]);
    // The pixels are the module's: the deck's (3305, 3077) and the stack's (300, 200) on board "Map".
    expect(placements(result)).toEqual([
      ['carrier', 'Main Map', { board: 'Map', x: 300, y: 200 }],
      ['typhoon', 'Main Map', { board: 'Map', x: 3305, y: 3077 }],
      ['trade-war', 'Main Map', { board: 'Map', x: 3305, y: 3077 }],
    ]);
  });

  it('reads back the same from the module built from the data', async () => {
    const first = await importBuildFile(buildFile(BOARD));
    const second = await importBuiltModule(first);
    expect(errors(second)).toEqual([]);
    expect(json(second, 'map.json').boards).toEqual(json(first, 'map.json').boards);
    expect(placements(second)).toEqual(placements(first));
  });

  it('is still left out when nothing stands on it at a pixel (the default board of a built module)', async () => {
    const empty = buildFile(BOARD).replace(/<VASSAL\.build\.module\.map\.DrawPile[\s\S]*<\/VASSAL\.build\.module\.map\.SetupStack>/, '');
    const result = await importBuildFile(empty);
    expect(errors(result)).toEqual([]);
    expect(json(result, 'map.json').boards).toBeUndefined();
  });
});
