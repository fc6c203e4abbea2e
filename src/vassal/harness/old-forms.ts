/**
 * Trait forms VASSAL still reads but writes anew: asked for a piece's type again, VASSAL 3.7 gives
 * the current form. That rewrite is VASSAL's own upgrade, not a fault of the module. Pure.
 */
import { decodePiece, encodePiece } from '../piece';
import { LAYER_ID, OLD_LAYER_ID, upgradeOldLayer, upgradeVersion0Layer } from '../traits/layer';
import { traitId } from '../traits/trait';

/** The old Layer forms: a Layer before 3.2 (`emb;`), and one before its key-stroke fields (`emb2;` of version 0). */
const UPGRADES: ReadonlyMap<string, (type: string) => string> = new Map([
  [OLD_LAYER_ID, upgradeOldLayer],
  [LAYER_ID, upgradeVersion0Layer],
]);

/** Each old trait form of a piece definition replaced by the form VASSAL writes for it; the text itself when it has none or does not decode. */
export function upgradeOldForms(definition: string): string {
  if (!definition.includes('emb')) return definition;
  const { piece } = decodePiece(definition);
  if (piece === null || encodePiece(piece) !== definition) return definition;
  const traits = piece.traits.map((t) => {
    const upgrade = UPGRADES.get(traitId(t.type));
    return upgrade ? { type: upgrade(t.type), state: t.state } : t;
  });
  return encodePiece({ id: piece.id, traits });
}
