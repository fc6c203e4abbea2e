/**
 * Trait forms VASSAL still reads but writes anew: asked for a piece's type again, VASSAL 3.7 gives
 * the current form. That rewrite is VASSAL's own upgrade, not a fault of the module. Pure.
 */
import { decodePiece, encodePiece } from '../piece';
import { SequenceEncoder } from '../sequence-encoder';
import { LAYER_ID, OLD_LAYER_ID, upgradeOldLayer, upgradeVersion0Layer } from '../traits/layer';
import { traitId } from '../traits/trait';

/** A Non-Rectangular trait before its scale field (VASSAL's NonRectangular.OLD_ID), and the id it has since. */
const OLD_NON_RECTANGULAR_ID = 'nonRect;';
const NON_RECTANGULAR_ID = 'nonRect2;';

/** An old Non-Rectangular trait as VASSAL writes it: the same shape at a scale of 1.0 (NonRectangular.mySetType). */
function upgradeOldNonRectangular(type: string): string {
  const shape = type.slice(OLD_NON_RECTANGULAR_ID.length);
  return NON_RECTANGULAR_ID + new SequenceEncoder(';').append('1.0').append(shape).value!;
}

/**
 * The old forms: a Layer before 3.2 (`emb;`), one before its key-stroke fields (`emb2;` of
 * version 0), and a Non-Rectangular shape before its scale (`nonRect;`).
 */
const UPGRADES: ReadonlyMap<string, (type: string) => string> = new Map([
  [OLD_LAYER_ID, upgradeOldLayer],
  [LAYER_ID, upgradeVersion0Layer],
  [OLD_NON_RECTANGULAR_ID, upgradeOldNonRectangular],
]);

/** Each old trait form of a piece definition replaced by the form VASSAL writes for it; the text itself when it has none or does not decode. */
export function upgradeOldForms(definition: string): string {
  if (!definition.includes('emb') && !definition.includes(OLD_NON_RECTANGULAR_ID)) return definition;
  const { piece } = decodePiece(definition);
  if (piece === null || encodePiece(piece) !== definition) return definition;
  const traits = piece.traits.map((t) => {
    const upgrade = UPGRADES.get(traitId(t.type));
    return upgrade ? { type: upgrade(t.type), state: t.state } : t;
  });
  return encodePiece({ id: piece.id, traits });
}
