/**
 * A piece may name a GamePieceImage of the module (its GamePieceImageDefinitions) as its image:
 * VASSAL draws that picture from the definition and writes it into the module's images under the
 * definition's name (GamePieceImage.rebuildVisualizerImage), so no file of that name is missing.
 */
import { expect, it } from 'vitest';
import { importBuildFile, oneMapBuildFile } from './synthetic-module';

const G = 'VASSAL.build.module.gamepieceimage';
const slot = (name: string, gpid: number, image: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/mark;Side\tpiece;;;${image};${name}/Red\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

const DEFINITIONS =
  `<${G}.GamePieceImageDefinitions><${G}.GamePieceLayoutsContainer>` +
  `<${G}.GamePieceLayout border="Plain" height="54" layout="Counter" name="Pawn" width="54">` +
  `<${G}.GamePieceImage bgColor="GRAY" borderColor="BLACK" name="Gray Pawn" props="" version="0"/>` +
  `</${G}.GamePieceLayout></${G}.GamePieceLayoutsContainer></${G}.GamePieceImageDefinitions>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Pawns',
  sides: ['Red'],
  palette: slot('Pawn', 1, 'Gray Pawn') + slot('Tank', 2, 'Tank.png'),
  board: `<VASSAL.build.module.map.boardPicker.Board image="" name="Map" width="400" height="400"/>`,
  stacks: '',
}).replace('</VASSAL.build.GameModule>', `${DEFINITIONS}</VASSAL.build.GameModule>`);

it('a GamePieceImage a piece names is no missing image; a file the module lacks still is', async () => {
  const imported = await importBuildFile(BUILD_FILE);
  const missing = imported.diagnostics.filter((d) => d.code === 'vassal/missing-images');
  expect(missing.map((d) => d.message)).toEqual(['1 image(s) the module refers to are not in it: Tank.png']);
});
