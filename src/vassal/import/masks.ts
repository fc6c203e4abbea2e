/**
 * A placed piece that starts face down: its own Mask (Obscurable, `obs;`) hides it, its state
 * naming who masked it (Obscurable.mySetState: "null" when shown). The mask as the data keeps it.
 */
import type { MaskFile } from '../../model/files';
import { decodeTrait } from '../traits/index';

export function hidingMask(traits: readonly { type: string; state: string }[]): MaskFile | undefined {
  for (const t of traits) {
    const d = decodeTrait(t);
    if (d.kind !== 'mask') continue;
    const by = d.state.split(';')[0];
    if (by === '' || by === 'null') return undefined;
    return { image: d.type.maskImage ?? '', style: d.type.displayStyle ?? 'I', by };
  }
  return undefined;
}
