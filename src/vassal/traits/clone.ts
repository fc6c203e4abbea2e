/** Clone `clone;` (format reference §3.4). Type: menuText, key, description. State: "". */
import { fieldCodec, type FieldValues, type Trait } from './trait';

export const CLONE_ID = 'clone;';

export const cloneType = fieldCodec(CLONE_ID, ['menuText', 'key', 'description'] as const);
export type CloneType = FieldValues<(typeof cloneType.names)[number]>;

/** Defaults to the editor's `Clone` on Ctrl+C (`67,130`). */
export function buildClone(options: { menuText?: string; key?: string; description?: string } = {}): Trait {
  return {
    type: cloneType.encode({ menuText: options.menuText ?? 'Clone', key: options.key ?? '67,130', description: options.description ?? '' }),
    state: '',
  };
}
