/**
 * A palette list named after a side that only a property states ("Prussia", a "Unit Side" value
 * beside the roster's France and Coalition) gives that side to the pieces in it that state none
 * (a corps HQ marker listed first), wherever in the list they stand: the side values are known
 * before any piece is read. The module's own words: the list "Prussia" holds Prussian pieces.
 */
import { expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece, buildMarker, buildUsePrototype, type Trait } from '../../src/vassal/traits/index';
import { importBuildFile } from './synthetic-module';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const piece = (traits: Trait[]) => xmlText(encodePiece({ id: 'null', traits }));

/** A prototype stating the side in a Marker "Unit Side"; one named "Unit" says its pieces are units. */
const prototype = (name: string, traits: Trait[]) =>
  `<VASSAL.build.module.PrototypeDefinition name="${name}">${piece([...traits, buildBasicPiece({ name: '' })])}</VASSAL.build.module.PrototypeDefinition>`;
const slot = (name: string, gpid: number, prototypeName: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}">${piece([buildUsePrototype(prototypeName), buildBasicPiece({ name, gpid })])}</VASSAL.build.widget.PieceSlot>`;

const MODULE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Lists" version="1" VassalVersion="3.7.14" nextPieceSlotId="10">
  <VASSAL.build.module.PlayerRoster><entry>France</entry><entry>Coalition</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>
    ${prototype('French', [buildMarker([['Unit Side', 'France']])])}
    ${prototype('Prussian', [buildMarker([['Unit Side', 'Prussia']])])}
    ${prototype('HQ Unit', [])}
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.TabWidget entryName="Pieces">
      <VASSAL.build.widget.ListWidget entryName="France">${slot('Ney', 1, 'HQ Unit')}${slot('1st Division', 2, 'French')}</VASSAL.build.widget.ListWidget>
      <VASSAL.build.widget.ListWidget entryName="Prussia">${slot('Ziethen', 3, 'HQ Unit')}${slot('Jagow', 4, 'Prussian')}</VASSAL.build.widget.ListWidget>
    </VASSAL.build.widget.TabWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

it('a list named after a side a property states gives it to the pieces before the first that states it', async () => {
  const result = await importBuildFile(MODULE);
  const rows = (result.files.get('units.csv') as string)
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const sideOf = Object.fromEntries(rows.map((r) => [r[0], r[1]]));
  expect(sideOf).toEqual({ ney: 'france', '1st-division': 'france', ziethen: 'prussia', jagow: 'prussia' });
  const game = JSON.parse(result.files.get('game.json') as string) as { sides: { id: string }[] };
  expect(game.sides.map((s) => s.id)).toEqual(['france', 'coalition', 'prussia']);
});
