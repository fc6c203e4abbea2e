/**
 * A Layer's value once VASSAL has read its state (Embellishment.mySetState in 3.7.26:
 * `value = st.nextInt(-1); value = Math.min(Math.max(-imageName.length, value), imageName.length)`),
 * with `imageName` one entry per level of the image list, blank ones included, at least one
 * (`nextStringArray(1)`); an old Layer (`emb;`) has one level per `image,name` token, possibly none.
 * Each expected value is what VASSAL 3.7.26 gave for `Embellishment.myGetState()` after `mySetState`
 * with these types and states.
 */
import { expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece, buildLayer, buildMarker } from '../../src/vassal/traits/index';
import { layerLevelCount, layerType, layerValue, oldLayerLevels } from '../../src/vassal/traits/layer';
import { importBuildFile } from './synthetic-module';
import { csvRows } from './update-edit';

const emb2 = (images: string, names: string) =>
  layerType.decode(`emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;${images};${names};true;Flip;;;false;;1;false;;;;;1.0;;`);

it('a state above the level count shows the last level, one below its negative stays inactive at the last level', () => {
  const three = layerLevelCount(emb2('a.png,b.png,c.png', 'A,B,C'));
  expect(three).toBe(3);
  expect(['7', '-9', '2', '', 'x', '2;junk', '+3'].map((s) => layerValue(s, three))).toEqual([3, -3, 2, -1, -1, 2, 3]);
});

it('blank levels count; an empty image list is one level; an old Layer without levels holds 0', () => {
  expect(layerValue('9', layerLevelCount(emb2('a.png,,c.png', 'A,,C')))).toBe(3);
  expect(layerValue('5', layerLevelCount(emb2('', '')))).toBe(1);
  const old = oldLayerLevels('emb;A;Flip;U;Up;D;Down;0;0');
  expect([layerValue('1', old.levelNames.length), layerValue('-2', old.levelNames.length)]).toEqual([0, 0]);
});

it('a palette piece whose always-active Layer is saved above its last level reads its values from the last level, which VASSAL shows', async () => {
  const layer = buildLayer({
    name: 'Step',
    images: ['v1.png', 'v2.png'],
    levelNames: ['4-3-6', '2-1-6'],
    alwaysActive: true,
    initialValue: 5,
  });
  const piece = encodePiece({
    id: 'null',
    traits: [layer, buildMarker([['Side', 'Allies']]), buildBasicPiece({ name: 'Veterans', image: '7.png', gpid: 7 })],
  });
  const imported = await importBuildFile(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Steps" version="1" VassalVersion="3.7.0" nextPieceSlotId="20">
  <VASSAL.build.module.PlayerRoster><entry>Allies</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Counters"><VASSAL.build.widget.PieceSlot entryName="Veterans" gpid="7">${piece.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</VASSAL.build.widget.PieceSlot></VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`);
  const [row] = csvRows(imported.files.get('units.csv') as string).rows;
  // Level 2 "2-1-6" is shown: the front; the other level "4-3-6" is the back.
  expect(['value1', 'value2', 'value3', 'back.value1', 'back.value2', 'back.value3'].map((c) => row[c] ?? '')).toEqual([
    '2',
    '1',
    '6',
    '4',
    '3',
    '6',
  ]);
}, 60_000);
