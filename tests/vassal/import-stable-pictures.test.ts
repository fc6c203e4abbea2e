/**
 * A unit drawn by the module's own pictures keeps them through import → build → import: pictures in
 * a folder under images/ (`images/u/…`, as modules with big image sets sort them) are named with
 * that folder again, and a back picture the module's Layer shows under no level name (it says
 * nothing of what the back is) states no `back` in the second import either.
 */
import { describe, expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { withTempDir } from './import-fixtures';
import { dataFiles, greyPicture, importEntries, rebuilt } from './rebuild-kit';
import { oneMapBuildFile } from './synthetic-module';

// A Layer as the 3.7 editor writes it (reference §3.4 `emb2`), its one level without a name.
const FLIP = 'emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;u/a1-back.png;;true;Step;;;false;;1;1;false;70,130;;';
const slot = encodePiece({
  id: 'null',
  traits: [
    { type: FLIP, state: '-1' },
    { type: 'mark;Side', state: 'Red' },
    { type: 'piece;;;u/a1.png;Red 1', state: 'null;0;0;1;0' },
  ],
}).replace(/&/g, '&amp;');

const entries = () =>
  new Map([
    [
      'buildFile.xml',
      new TextEncoder().encode(
        oneMapBuildFile({
          name: 'Pictures',
          sides: ['Red', 'Blue'],
          palette: `<VASSAL.build.widget.PieceSlot entryName="Red 1" gpid="1" height="0" width="0">${slot}</VASSAL.build.widget.PieceSlot>`,
          board: '<VASSAL.build.module.map.boardPicker.Board name="Table" width="300" height="200"/>',
          stacks: '',
        }),
      ),
    ],
    ['images/u/a1.png', greyPicture(50, 50, 90)],
    ['images/u/a1-back.png', greyPicture(50, 50, 150)],
  ]);

describe('pictures of the module through import → build → import', () => {
  it('keep their folder under images/, and a back picture under no level name states no back', async () => {
    const first = await importEntries(entries(), 'pictures');
    const units = first.files.get('units.csv') as string;
    expect(units.split('\n').slice(0, 2)).toEqual([
      'id,side,type,name,image,backImage',
      'red-1,red,unknown,Red 1,vassal/module/images/u/a1.png,vassal/module/images/u/a1-back.png',
    ]);
    await withTempDir(async (dir) => {
      const { second } = await rebuilt(dir, first, 'pictures');
      expect(second.files.get('units.csv')).toBe(units);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 120_000);
});
