/**
 * Immobilized / Does Not Stack `immob;` (format reference §3.4). State: "".
 * selectChars: n never, i shift, t ctrl, c alt; g ignore grid; band select Z never, A alt, B alt-shift.
 * moveChar: N normal, I only when selected, V never. stackChar: L can stack, R never (default when absent).
 */
import { fieldCodec, type FieldValues, type Trait } from './trait';

export const IMMOBILIZED_ID = 'immob;';

export const immobilizedType = fieldCodec(IMMOBILIZED_ID, ['selectChars', 'moveChar', 'stackChar', 'description'] as const);
export type ImmobilizedType = FieldValues<(typeof immobilizedType.names)[number]>;

export interface ImmobilizedOptions {
  selectChars?: string;
  moveChar?: 'N' | 'I' | 'V';
  stackChar?: 'L' | 'R';
  description?: string;
}

/** Defaults give the plain "does not stack" trait `immob;;N;R;`. */
export function buildImmobilized(options: ImmobilizedOptions = {}): Trait {
  return {
    type: immobilizedType.encode({
      selectChars: options.selectChars ?? '',
      moveChar: options.moveChar ?? 'N',
      stackChar: options.stackChar ?? 'R',
      description: options.description ?? '',
    }),
    state: '',
  };
}
