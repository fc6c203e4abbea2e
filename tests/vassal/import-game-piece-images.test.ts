/**
 * A piece may name a GamePieceImage of the module (its GamePieceImageDefinitions) as its image.
 * VASSAL's editor draws that picture and stores it in the module's images/ under the definition's
 * name; a module being played reads the file (VASSAL 3.7.26 warns "Source: Red Pawn Error: Image
 * not found." for a 3.2 module lacking it), so a definition whose file the module lacks is a
 * missing image, and so is a layout's fixed picture (GamePieceLayout.addLocalImageNames).
 */
import { expect, it } from 'vitest';
import { importBuildFile, oneMapBuildFile } from './synthetic-module';

const G = 'VASSAL.build.module.gamepieceimage';
const slot = (name: string, gpid: number, image: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/piece;;;${image};${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

// Two items, as VASSAL writes a layout: a box, then a picture fixed for the layout.
const DEFINITIONS =
  `<${G}.GamePieceImageDefinitions><${G}.GamePieceLayoutsContainer>` +
  `<${G}.GamePieceLayout border="None" height="50" layout="Box;30;30;Oval;5|Pawn;Center;0;0;0;true,Image;town.png;Fixed for this layout|Image0;Center;0;0;0;true" name="Pawn_Layout" width="50">` +
  `<${G}.GamePieceImage bgColor="CLEAR" borderColor="BLACK" name="Gray Pawn" props="Box;Pawn;Center;GRAY;BLACK"/>` +
  `</${G}.GamePieceLayout></${G}.GamePieceLayoutsContainer></${G}.GamePieceImageDefinitions>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Pawns',
  sides: ['Red'],
  palette: slot('Pawn', 1, 'Gray Pawn') + slot('Tank', 2, 'Tank.png'),
  board: `<VASSAL.build.module.map.boardPicker.Board image="" name="Map" width="400" height="400"/>`,
  stacks: '',
}).replace('</VASSAL.build.GameModule>', `${DEFINITIONS}</VASSAL.build.GameModule>`);

const missing = async (others: { path: string; data: Uint8Array }[] = []) =>
  (await importBuildFile(BUILD_FILE, others)).diagnostics.filter((d) => d.code === 'vassal/missing-images').map((d) => d.message);

it("a GamePieceImage's picture and its layout's fixed picture are images the module must hold", async () => {
  expect(await missing()).toEqual(['3 image(s) the module refers to are not in it: Gray Pawn, Tank.png, town.png']);
});

it('a GamePieceImage whose picture the module holds lacks nothing', async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  expect(await missing([{ path: 'images/Gray Pawn', data: png }])).toEqual([
    '2 image(s) the module refers to are not in it: Tank.png, town.png',
  ]);
});
