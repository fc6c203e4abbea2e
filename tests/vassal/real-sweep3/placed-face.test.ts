/**
 * A pattern met in real modules: a unit's two-level Layer ("Step": front picture, back picture)
 * that players switch, shown active at level 1 in the palette. VASSAL draws level 1, the front,
 * for a placed copy of the same state (Embellishment: an active Layer draws the image of its
 * level); an import reads the palette's face as the front, so such a copy is not reduced. A copy
 * showing level 2 is reduced when the data holds a back for the unit (values in the level
 * names); with none, a module built from the data could not start it flipped, so the data says
 * front and the import notes it. Either way the module built from the data imports alike.
 */
import { expect, it } from 'vitest';
import { encodePiece } from '../../../src/vassal/piece';
import { buildBasicPiece, buildLayer, buildMarker, type Trait } from '../../../src/vassal/traits/index';
import { SMALL_HEX_BOARD, importBuildFile, importBuiltModule, oneMapBuildFile, setupStack } from '../synthetic-module';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Rifles: a "Step" Layer of two pictures that players switch, showing `level` (1: front, 2: back). */
function rifles(level: number): Trait[] {
  return [
    buildLayer({
      name: 'Step',
      images: ['r-f.png', 'r-b.png'],
      levelNames: ['Full', 'Reduced'],
      activateCommand: 'Flip',
      initialValue: level,
    }),
    buildBasicPiece({ name: 'Rifles', image: 'r-f.png' }),
  ];
}

/** Guards: a Text Label "4-3-6" over a flip to one back picture "+ 2-1-6" (-1: front, 1: back). */
function guards(level: number): Trait[] {
  return [
    { type: 'label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;;factors;false', state: '4-3-6' },
    buildLayer({ name: 'Flip', images: ['g-b.png'], levelNames: ['+ 2-1-6'], activateCommand: 'Flip', initialValue: level }),
    buildBasicPiece({ name: 'Guards', image: 'g-f.png' }),
  ];
}

function slot(traits: Trait[], gpid: number): string {
  const piece = xmlText(encodePiece({ id: 'null', traits: [buildMarker([['Side', 'Allies']]), ...traits] }));
  return `<VASSAL.build.widget.PieceSlot entryName="" gpid="${gpid}" height="0" width="0">${piece}</VASSAL.build.widget.PieceSlot>`;
}

const BUILD_FILE = oneMapBuildFile({
  name: 'Placed faces',
  sides: ['Allies'],
  palette: slot(rifles(1), 1) + slot(guards(-1), 2),
  board: SMALL_HEX_BOARD,
  stacks: [setupStack(96, slot(rifles(1), 11) + slot(guards(-1), 12)), setupStack(208, slot(rifles(2), 13) + slot(guards(1), 14))].join(
    '\n',
  ),
});

interface Setup {
  units: string[];
  hex?: string;
  reduced?: boolean;
}
const setupOf = (files: Map<string, string | Uint8Array>) =>
  (JSON.parse(files.get('scenarios.json') as string) as { scenarios: { setup: Setup[] }[] }).scenarios[0].setup;

it('a placed copy showing its palette face is on its front; another face is reduced only where the data holds the back', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const setup = setupOf(first.files);
  // Hexes of x = 96 (column 2) and x = 208 (column 4), y = 100 (VASSAL's row 1 in an even column, 2 in an odd one).
  expect(setup).toEqual([
    { units: ['rifles', 'guards'], hex: '0201' },
    { units: ['rifles-2'], hex: '0401' },
    { units: ['guards-2'], hex: '0401', reduced: true },
  ]);
  expect(first.diagnostics.filter((d) => d.code === 'vassal/setup-back-unheld').map((d) => d.message)).toEqual([
    expect.stringMatching(/^At-start stacks: 1 placed unit\(s\) show a face other than their palette piece's/),
  ]);
  const again = await importBuiltModule(first);
  expect(setupOf(again.files)).toEqual(setup);
}, 60_000);
