/**
 * Obscurable / Mask `obs;` (format reference §3.4), for fog of war.
 * displayStyle: I inset, B background, 2 inset 2, P[key] peek, G<image> another image for others.
 * access: `player:`, `side:` or `sides:A:B`. State: obscuredBy ("null" when unmasked) and options.
 */
import { decodeSequence, encodeSequence } from '../sequence-encoder';
import { fieldCodec, type FieldValues } from './trait';

export const MASK_ID = 'obs;';

export const maskType = fieldCodec(MASK_ID, [
  'key',
  'maskImage',
  'maskMenuText',
  'displayStyle',
  'maskName',
  'access',
  'peekText',
  'description',
  'autoPeekRollover',
  'dealKey',
  'dealExpression',
] as const);
export type MaskType = FieldValues<(typeof maskType.names)[number]>;

/** The mask image and, for display style `G<image>`, the image others see. */
export function maskImages(type: MaskType): string[] {
  const images = [type.maskImage ?? ''];
  if (type.displayStyle?.startsWith('G')) images.push(type.displayStyle.slice(1));
  return images.filter((image) => image.length > 0);
}

/** Who may unmask a masked piece (PieceAccessConfigurer): its masker, a player of its side, or of one of these sides. */
export type MaskAccess = 'player' | 'side' | string[];

/** PieceAccessConfigurer.decode: `side:`, `sides:A:B` (`:`-encoded), and anything else the masker alone. */
export function decodeMaskAccess(text: string | undefined): MaskAccess {
  if (text === 'side:') return 'side';
  if (text !== undefined && text.startsWith('sides:')) return decodeSequence(text.slice('sides:'.length), ':');
  return 'player';
}

/** PieceAccessConfigurer.encode. */
export function encodeMaskAccess(access: MaskAccess): string {
  if (access === 'player') return 'player:';
  if (access === 'side') return 'side:';
  return `sides:${encodeSequence(access, ':') ?? ''}`;
}
