/**
 * A face-down piece: its definition under a Mask (Obscurable, format reference §3.4) hiding it,
 * as the data's `vassal.masks` keeps it. The Mask is the outermost trait, as VASSAL's editor adds
 * one to a card, so the piece's own menu stays under it; its state names who masked it.
 */
import type { MaskFile } from '../../model/files';
import type { Game } from '../../model/game';
import type { PieceDefinition } from '../piece';
import type { ModuleArt } from './art';
import { maskType } from '../traits/index';

/**
 * The masking options VASSAL records with a hidden piece (ObscurableOptions.encodeOptions: whether
 * others may unmask it, then who may, counted): those of the built module, whose GlobalOptions
 * say others may never unmask, so that VASSAL writes the piece back as stored.
 */
const BUILT_OPTIONS = 'false|0';

/** Ctrl+M, the key of the format reference's example Mask. */
const MASK_KEY = '77,130';

/** The folder's pictures the masks show (the mask's, and another a `G` style shows), for the module's images. */
export function maskPictures(game: Pick<Game, 'scenarios'>): string[] {
  return game.scenarios.flatMap((s) => Object.values(s.vassal?.masks ?? {}).flatMap(picturesOfMask));
}

/** The folder's pictures one mask shows. */
export function picturesOfMask(mask: MaskFile): string[] {
  return [mask.image, ...(mask.style.startsWith('G') ? [mask.style.slice(1)] : [])].filter((f) => f !== '');
}

/** The piece under its Mask; a picture the module lacks shows none (VASSAL's mask without an image). */
export function masked(piece: PieceDefinition, mask: MaskFile, art: ModuleArt): PieceDefinition {
  const image = (file: string) => (file === '' ? '' : (art.boards?.get(file)?.path ?? ''));
  const other = mask.style.startsWith('G') ? image(mask.style.slice(1)) : undefined;
  const type = maskType.encode({
    key: MASK_KEY,
    maskImage: image(mask.image),
    maskMenuText: 'Mask',
    displayStyle: other === undefined ? mask.style : other !== '' ? `G${other}` : 'I',
    maskName: '?',
    access: 'player:',
    peekText: 'Peek',
    description: '',
    autoPeekRollover: 'false',
    dealKey: '',
    dealExpression: '',
  });
  return { ...piece, traits: [{ type, state: `${mask.by};${BUILT_OPTIONS}` }, ...piece.traits] };
}
