/**
 * Masks (Obscurable, format reference §3.4): a counter's Mask in the palette (counters.json
 * `vassal.masks`), and a face-down piece under the Mask hiding it (a scenario's `vassal.masks` /
 * `unitMasks`). A Mask the piece has not is added as its outermost trait, as VASSAL's editor adds
 * one to a card, so the piece's own menu stays under it; its state names who masked it.
 */
import type { MaskFile, MaskTypeFile } from '../../model/files';
import type { Game } from '../../model/game';
import type { PieceDefinition } from '../piece';
import type { ModuleArt } from './art';
import { MASK_ID, encodeMaskAccess, maskType, type MaskType } from '../traits/index';

/**
 * The masking options VASSAL records with a hidden piece (ObscurableOptions.encodeOptions: whether
 * others may unmask it, then who may, counted): those of the built module, whose GlobalOptions
 * say others may never unmask, so that VASSAL writes the piece back as stored.
 */
export const MASKED_OPTIONS = 'false|0';

/** An unmasked Mask's state (Obscurable.myGetState: "null", no options). */
export const UNMASKED = 'null;';

/**
 * What a Mask field the data leaves out is built as: Ctrl+M (the format reference's example
 * Mask) labelled "Mask", "?" to others, the masker alone may unmask, peek "Peek" (VASSAL's
 * defaults for the texts), no auto-peek, no deal.
 */
export const MASK_DEFAULTS = {
  key: '77,130',
  menu: 'Mask',
  name: '?',
  access: 'player',
  peek: 'Peek',
  description: '',
  autoPeek: false,
  dealKey: '',
  dealExpression: '',
} as const satisfies Required<Omit<MaskTypeFile, 'image' | 'style'>>;

/** The folder's pictures the masks show (the mask's, and another a `G` style shows), for the module's images. */
export function maskPictures(game: Pick<Game, 'scenarios' | 'counters'>): string[] {
  return [
    ...(game.counters.vassal?.masks ?? []).flatMap(picturesOfMask),
    ...game.scenarios.flatMap((s) =>
      [s.vassal?.masks, s.vassal?.unitMasks].flatMap((masks) => Object.values(masks ?? {}).flatMap(picturesOfMask)),
    ),
  ];
}

/** The folder's pictures one mask shows. */
export function picturesOfMask(mask: MaskTypeFile): string[] {
  return [mask.image, ...(mask.style.startsWith('G') ? [mask.style.slice(1)] : [])].filter((f) => f !== '');
}

/** The Mask trait's type; a picture the module lacks shows none (VASSAL's mask without an image). */
function maskTraitType(mask: MaskTypeFile, art: ModuleArt): string {
  return maskType.encode(maskTraitFields(mask, (file) => (file === '' ? '' : (art.boards?.get(file)?.path ?? ''))));
}

/** A Mask trait's fields for a mask of the data, each picture (a file of the folder) named by `image` as the module holds it. */
export function maskTraitFields(mask: MaskTypeFile, image: (file: string) => string): MaskType {
  const other = mask.style.startsWith('G') ? image(mask.style.slice(1)) : undefined;
  const m = { ...MASK_DEFAULTS, ...mask };
  return {
    key: m.key,
    maskImage: image(mask.image),
    maskMenuText: m.menu,
    displayStyle: other === undefined ? mask.style : other !== '' ? `G${other}` : 'I',
    maskName: m.name,
    access: encodeMaskAccess(m.access),
    peekText: m.peek,
    description: m.description,
    autoPeekRollover: String(m.autoPeek),
    dealKey: m.dealKey,
    dealExpression: m.dealExpression,
  };
}

/** The Mask trait fields each field of the data's mask is written in. */
export const MASK_TRAIT_FIELDS = {
  image: ['maskImage'],
  style: ['displayStyle'],
  key: ['key'],
  menu: ['maskMenuText'],
  name: ['maskName'],
  access: ['access'],
  peek: ['peekText'],
  description: ['description'],
  autoPeek: ['autoPeekRollover'],
  dealKey: ['dealKey'],
  dealExpression: ['dealExpression'],
} as const satisfies Record<keyof MaskTypeFile, readonly (keyof MaskType)[]>;

/** A palette piece with the Mask its counter carries, unmasked. */
export function withMask(piece: PieceDefinition, mask: MaskTypeFile, art: ModuleArt): PieceDefinition {
  return { ...piece, traits: [{ type: maskTraitType(mask, art), state: UNMASKED }, ...piece.traits] };
}

/** The piece hidden by its Mask: the one it carries (the outermost) becomes `mask`, else `mask` is added. */
export function masked(piece: PieceDefinition, mask: MaskFile, art: ModuleArt): PieceDefinition {
  const { by, ...type } = mask;
  const hidden = { type: maskTraitType(type, art), state: `${by};${MASKED_OPTIONS}` };
  const own = piece.traits.findIndex((t) => t.type.startsWith(MASK_ID));
  const traits = own < 0 ? [hidden, ...piece.traits] : piece.traits.map((t, i) => (i === own ? hidden : t));
  return { ...piece, traits };
}
