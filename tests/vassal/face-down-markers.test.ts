/**
 * A card an at-start stack holds face down (its own Mask hiding it, state naming who masked it:
 * Obscurable.mySetState) is a face-down marker placement, the scenario keeping the Mask's picture,
 * style and masker; the module built from the data gives that copy a Mask in the same hidden state
 * (the face-up copy the palette's, unmasked), and imports back to the same data.
 */
import { expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { encodePiece } from '../../src/vassal/piece';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { buildBasicPiece, decodeTrait, type Trait } from '../../src/vassal/traits/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { greyPicture } from './rebuild-kit';
import { SMALL_HEX_BOARD, importBuildFile, oneMapBuildFile, setupStack } from './synthetic-module';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** A Mask showing card-back.png inset, Ctrl+M to toggle, any player may unmask. */
const MASK = 'obs;77,130;card-back.png;Flip;I;Face down;player:;Peek;;true;;';

const card = (masked: boolean): Trait[] => [
  { type: MASK, state: masked ? 'Allies;' : 'null;' },
  buildBasicPiece({ name: 'Ambush', image: 'ambush.png' }),
];
const slot = (traits: Trait[], gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="" gpid="${gpid}" height="0" width="0">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Face down',
  sides: ['Allies'],
  palette: slot(card(false), 1),
  board: SMALL_HEX_BOARD,
  // Hexes 0201 (x = 96) and 0401 (x = 208), as tests/vassal/real-sweep3/placed-face.test.ts reads them.
  stacks: setupStack(96, slot(card(true), 11)) + setupStack(208, slot(card(false), 12)),
});
const IMAGES = [
  { path: 'images/card-back.png', data: greyPicture(20, 30, 40) },
  { path: 'images/ambush.png', data: greyPicture(20, 30, 200) },
];

const scenarioOf = (files: Map<string, string | Uint8Array>) =>
  (JSON.parse(files.get('scenarios.json') as string) as { scenarios: Array<Record<string, unknown>> }).scenarios[0];

it('a masked card of an at-start stack is a face-down marker, built masked, and imports back the same', async () => {
  const first = await importBuildFile(BUILD_FILE, IMAGES);
  const scenario = scenarioOf(first.files);
  expect(scenario.markers).toEqual([
    { marker: 'ambush', hex: '0201', faceDown: true },
    { marker: 'ambush', hex: '0401' },
  ]);
  // The Mask's menu text "Flip", masked name "Face down" and auto-peek (MASK's 3rd, 5th and 9th fields) differ from a build's defaults.
  expect((scenario.vassal as { masks: unknown }).masks).toEqual({
    ambush: { image: 'vassal/module/images/card-back.png', style: 'I', by: 'Allies', menu: 'Flip', name: 'Face down', autoPeek: true },
  });
  await withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = (await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() })).module!;
    // The at-start pieces' Masks, stack by stack: the module's own Mask on both copies (the palette
    // piece carries it), the face-down copy hidden by the same masker.
    const masks = built.definitions
      .filter((d) => d.ancestors.some((a) => a.name === 'VASSAL.build.module.map.SetupStack'))
      .map((d) => d.piece.traits.filter((t) => decodeTrait(t).kind === 'mask').map((t) => [t.type, t.state]));
    expect(masks).toEqual([[[MASK, 'Allies;false|0']], [[MASK, 'null;']]]);
    expect(built.files.has('images/card-back.png')).toBe(true);
    const again = await importModule(built, { id: 'synthetic' });
    expect(again.files.get('scenarios.json')).toEqual(first.files.get('scenarios.json'));
    expect(again.files.get('counters.json')).toEqual(first.files.get('counters.json'));
  });
}, 60_000);
