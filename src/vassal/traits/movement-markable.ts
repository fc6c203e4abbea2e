/**
 * MovementMarkable / Mark When Moved `markmoved;` (format reference §3.4).
 * The last five type fields were added in 3.7 (#12032). State: `true` / `false`.
 */
import { fieldCodec, type FieldValues, type Trait } from './trait';

export const MOVEMENT_MARKABLE_ID = 'markmoved;';

export const movementMarkableType = fieldCodec(MOVEMENT_MARKABLE_ID, [
  'movedImage',
  'xOff',
  'yOff',
  'menuText',
  'key',
  'description',
  'ignoreSameLocation',
  'cmdTrue',
  'keyTrue',
  'cmdFalse',
  'keyFalse',
] as const);
export type MovementMarkableType = FieldValues<(typeof movementMarkableType.names)[number]>;

export interface MovementMarkableOptions {
  /** Overlay image shown on moved pieces. */
  movedImage: string;
  xOff?: number;
  yOff?: number;
  menuText?: string;
  /** Defaults to Ctrl+M (`77,130`). */
  key?: string;
  description?: string;
}

/** Only the six fields 3.6 understands are written, so the trait loads in 3.6 and 3.7 alike. */
export function buildMovementMarkable(options: MovementMarkableOptions): Trait {
  return {
    type: movementMarkableType.encode({
      movedImage: options.movedImage,
      xOff: String(options.xOff ?? 0),
      yOff: String(options.yOff ?? 0),
      menuText: options.menuText ?? 'Mark Moved',
      key: options.key ?? '77,130',
      description: options.description ?? '',
    }),
    state: 'false',
  };
}
