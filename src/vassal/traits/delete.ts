/** Delete `delete;` (format reference §3.4). Type: menuText, key, description. State: "". */
import { fieldCodec, type FieldValues, type Trait } from './trait';

export const DELETE_ID = 'delete;';

export const deleteType = fieldCodec(DELETE_ID, ['menuText', 'key', 'description'] as const);
export type DeleteType = FieldValues<(typeof deleteType.names)[number]>;

/** Defaults to the editor's `Delete` on Ctrl+D (`68,130`). */
export function buildDelete(options: { menuText?: string; key?: string; description?: string } = {}): Trait {
  return {
    type: deleteType.encode({
      menuText: options.menuText ?? 'Delete',
      key: options.key ?? '68,130',
      description: options.description ?? '',
    }),
    state: '',
  };
}
