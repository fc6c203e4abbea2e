/**
 * Pictures of a module's Game Piece Image Definitions. VASSAL's editor draws each GamePieceImage
 * from its layout and stores the picture in the module's images/ under the definition's name
 * (GamePieceImage.rebuildVisualizerImage needs the editor's ArchiveWriter); a module being played
 * reads that file like any other image, and warns "Image not found" when it is absent. A layout's
 * Image items name files of images/ too (GamePieceLayout.addLocalImageNames). Pure.
 */
import { decodeSequence } from './sequence-encoder';

export const GAME_PIECE_IMAGE = 'VASSAL.build.module.gamepieceimage.GamePieceImage';
export const GAME_PIECE_LAYOUT = 'VASSAL.build.module.gamepieceimage.GamePieceLayout';

/** The item type VASSAL's ImageItem encodes first (`Image;<image>;<source>|<name>;<place>…`). */
const IMAGE_ITEM = 'Image';

/**
 * The image names a GamePieceLayout's `layout` attribute gives its Image items, as VASSAL decodes
 * it: items joined by ',', each item's own fields before '|', joined by ';'.
 */
export function layoutImages(layout: string): string[] {
  if (layout === '') return [];
  const names: string[] = [];
  for (const item of decodeSequence(layout, ',')) {
    const [own = ''] = decodeSequence(item, '|');
    if (!own.startsWith(IMAGE_ITEM)) continue;
    const [, image = ''] = decodeSequence(own, ';');
    if (image !== '') names.push(image);
  }
  return names;
}
