/** A one-map module of German pieces, each one Layer over a basic piece, imported with the given pictures. */
import type { ImportResult } from '../../src/vassal/import/import-module';
import { encodePiece } from '../../src/vassal/piece';
import { greyPicture, importEntries } from './rebuild-kit';
import { oneMapBuildFile } from './synthetic-module';

export interface LayerPiece {
  name: string;
  /** The Layer's type (emb; or emb2;) and its state. */
  layer: string;
  state: string;
  /** The basic piece's own image ('' for none). */
  image: string;
}

/** Imports the pieces with a 60×60 picture of a distinct grey for each name of `pictures` (under images/). */
export async function importLayerPieces(pieces: readonly LayerPiece[], pictures: readonly string[]): Promise<ImportResult> {
  const palette = pieces
    .map(({ name, layer, state, image }, i) => {
      const traits = [
        { type: layer, state },
        { type: 'mark;Side', state: 'Germany' },
        { type: `piece;;;${image};${name}`, state: `null;0;0;${i + 1};0` },
      ];
      return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${i + 1}" height="60" width="60">${encodePiece({ id: 'null', traits })}</VASSAL.build.widget.PieceSlot>`;
    })
    .join('');
  const xml = oneMapBuildFile({
    name: 'Layers',
    sides: ['Germany', 'Russia'],
    palette,
    board: '<VASSAL.build.module.map.boardPicker.Board name="Front" width="300" height="200"/>',
    stacks: '',
  });
  return importEntries(
    new Map([
      ['buildFile', new TextEncoder().encode(xml)],
      ...pictures.map((p, i) => [`images/${p}`, greyPicture(60, 60, 90 + 60 * i)] as const),
    ]),
    'layers',
  );
}
