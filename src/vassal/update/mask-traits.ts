/**
 * A counter's Mask (Obscurable `obs;`) changed in one piece's trait chain: its type replaced (the
 * state, who masked the piece, kept), a Mask added as the outermost trait (where a build puts one,
 * ../module/masks.ts), or removed. Only the one trait changes. Pure.
 */
import { UNMASKED } from '../module/masks';
import { MASK_ID, type Trait } from '../traits/index';
import type { PatchResult } from './patch-traits';

export type MaskTraitEdit =
  { kind: 'change'; before: string; after: string } | { kind: 'add'; type: string } | { kind: 'remove'; before: string };

/** No trait: the side of an added or removed trait it was not on. */
export const NO_TRAIT: Trait = { type: '', state: '' };

/** Whether a Mask's state says the piece is hidden (Obscurable.mySetState: "null" or nothing when shown). */
function isMasked(state: string): boolean {
  const by = state.split(';')[0];
  return by !== '' && by !== 'null';
}

export function patchMaskTraits(traits: readonly Trait[], edit: MaskTraitEdit): PatchResult {
  if (edit.kind === 'add') {
    const own = traits.find((t) => t.type.startsWith(MASK_ID));
    if (own?.type === edit.type) return { unchanged: true };
    if (own) return { problem: 'carries another Mask already; a piece shows one Mask' };
    const added = { type: edit.type, state: UNMASKED };
    return { traits: [added, ...traits], change: { index: 0, before: NO_TRAIT, after: added } };
  }
  const index = traits.findIndex((t) => t.type === edit.before);
  if (index < 0) {
    const done = edit.kind === 'change' ? traits.some((t) => t.type === edit.after) : !traits.some((t) => t.type.startsWith(MASK_ID));
    return done ? { unchanged: true } : { absent: true };
  }
  const before = traits[index];
  if (edit.kind === 'remove') {
    if (isMasked(before.state))
      return {
        problem: `lies face down under the Mask (masked by "${before.state.split(';')[0]}"), which would show it face up`,
        hint: "turn the piece face up in VASSAL's editor first, or keep its Mask",
      };
    return { traits: traits.filter((_, i) => i !== index), change: { index, before, after: NO_TRAIT } };
  }
  const after = { type: edit.after, state: before.state };
  return { traits: traits.map((t, i) => (i === index ? after : t)), change: { index, before, after } };
}
