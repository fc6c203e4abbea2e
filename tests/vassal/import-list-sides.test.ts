/**
 * A palette list named after a side that only a property states ("Prussia", a "Unit Side" value
 * beside the roster's France and Coalition) gives that side to the pieces in it that state none
 * (a corps HQ marker listed first), wherever in the list they stand: the side values are known
 * before any piece is read. The module's own words: the list "Prussia" holds Prussian pieces.
 */
import { expect, it } from 'vitest';
import { importBuildFile } from './synthetic-module';
import { prototype, slot, unitSides } from './side-module-kit';
import { buildMarker } from '../../src/vassal/traits/index';

/** Prototypes state the side in a Marker "Unit Side"; one named "Unit" says its pieces are units. */
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
  const sideOf = unitSides(result);
  expect(sideOf).toEqual({ ney: 'france', '1st-division': 'france', ziethen: 'prussia', jagow: 'prussia' });
  const game = JSON.parse(result.files.get('game.json') as string) as { sides: { id: string }[] };
  expect(game.sides.map((s) => s.id)).toEqual(['france', 'coalition', 'prussia']);
});
