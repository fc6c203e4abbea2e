/**
 * A unit drawn by the module's own pictures keeps them through import → build → import: pictures in
 * a folder under images/ (`images/u/…`, as modules with big image sets sort them) are named with
 * that folder again, GIF and JPEG pictures keep their names (VASSAL reads the built module's PNG
 * faces by their content), and a back picture the module's Layer shows under no level name (it says
 * nothing of what the back is) states no `back` in the second import either. The built faces
 * show the pictures, a GIF one too (faces are drawn through librsvg, which shows no GIF).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, rebuilt } from './rebuild-kit';
import { oneMapBuildFile } from './synthetic-module';

// A Layer as the 3.7 editor writes it (reference §3.4 `emb2`), its one level without a name.
const FLIP = 'emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;u/a1-back.jpg;;true;Step;;;false;;1;1;false;70,130;;';
const slot = encodePiece({
  id: 'null',
  traits: [
    { type: FLIP, state: '-1' },
    { type: 'mark;Side', state: 'Red' },
    { type: 'piece;;;u/a1.gif;Red 1', state: 'null;0;0;1;0' },
  ],
}).replace(/&/g, '&amp;');

const picture = (grey: number) => sharp({ create: { width: 50, height: 50, channels: 3, background: { r: grey, g: grey, b: grey } } });

const entries = async () =>
  new Map<string, Uint8Array>([
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
    ['images/u/a1.gif', new Uint8Array(await picture(90).gif().toBuffer())],
    ['images/u/a1-back.jpg', new Uint8Array(await picture(150).jpeg().toBuffer())],
  ]);

describe('pictures of the module through import → build → import', () => {
  it('keep their folder under images/ and their names, and a back picture under no level name states no back', async () => {
    const first = await importEntries(await entries(), 'pictures');
    const units = first.files.get('units.csv') as string;
    expect(units.split('\n').slice(0, 2)).toEqual([
      'id,side,type,name,image,backImage',
      'red-1,red,unknown,Red 1,vassal/module/images/u/a1.gif,vassal/module/images/u/a1-back.jpg',
    ]);
    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'pictures');
      // The built faces show the pictures (the GIF one too): the grey of each at its centre.
      for (const [face, grey] of [
        ['images/u/a1.gif', 90],
        ['images/u/a1-back.jpg', 150],
      ] as const) {
        const { data, info } = await sharp(Buffer.from(built.get(face)!))
          .raw()
          .toBuffer({ resolveWithObject: true });
        const centre = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
        expect([...data.subarray(centre, centre + 3)].map((c) => Math.abs(c - grey) <= 2)).toEqual([true, true, true]);
      }
      expect(second.files.get('units.csv')).toBe(units);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 120_000);
});
