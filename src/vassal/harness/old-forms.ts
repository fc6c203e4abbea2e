/**
 * Trait forms VASSAL still reads but writes anew: asked for a piece's type again, VASSAL 3.7 gives
 * the current form. That rewrite is VASSAL's own upgrade, not a fault of the module. Pure.
 */
import { decodePiece, encodePiece } from '../piece';
import { OLD_LAYER_ID, upgradeOldLayer } from '../traits/layer';
import { traitId } from '../traits/trait';

/** Each old trait form of a piece definition replaced by the form VASSAL writes for it; the text itself when it has none or does not decode. */
export function upgradeOldForms(definition: string): string {
  if (!definition.includes(OLD_LAYER_ID)) return definition;
  const { piece } = decodePiece(definition);
  if (piece === null || encodePiece(piece) !== definition) return definition;
  const traits = piece.traits.map((t) => (traitId(t.type) === OLD_LAYER_ID ? { type: upgradeOldLayer(t.type), state: t.state } : t));
  return encodePiece({ id: piece.id, traits });
}

/** Whether VASSAL's re-encoding of a palette piece is only its upgrade of old trait forms: nothing lost or changed. */
export function isOnlyUpgraded(definition: string, reencoded: string): boolean {
  return definition !== reencoded && upgradeOldForms(definition) === reencoded;
}
