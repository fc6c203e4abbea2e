/**
 * Where a palette piece's stored text and VASSAL's re-encoding of it first differ, said as the trait
 * and field a module author can find in the editor. Pure.
 */
import { decodePiece } from '../piece';
import { SequenceDecoder } from '../sequence-encoder';
import { traitId, type Trait } from '../traits/trait';

function fields(segment: string): string[] {
  const decoder = new SequenceDecoder(segment, ';');
  const out: string[] = [];
  while (decoder.hasMoreTokens()) out.push(decoder.nextToken());
  return out;
}

function shown(field: string | undefined): string {
  return field === undefined ? 'nothing' : JSON.stringify(field);
}

/** `"x" where VASSAL writes "0"`: the first `;` field of two segments that differs. */
function fieldDifference(stored: string, reencoded: string): string {
  const had = fields(stored);
  const made = fields(reencoded);
  let i = 0;
  while (i < had.length && i < made.length && had[i] === made[i]) i++;
  return `${shown(had[i])} where VASSAL writes ${shown(made[i])}`;
}

function traitName(trait: Trait): string {
  return traitId(trait.type).replace(/;$/, '');
}

/**
 * `: its "emb2" trait has "x" where VASSAL writes "0"` (or `its "piece" trait's state has …`): the
 * first trait whose type or state differs, read from both texts decoded as VASSAL decodes them.
 * Empty when the texts are equal, or do not decode to as many traits.
 */
export function traitDifference(stored: string, reencoded: string): string {
  if (stored === reencoded) return '';
  const had = decodePiece(stored).piece;
  const made = decodePiece(reencoded).piece;
  // The hint quotes both texts whole: nothing shorter to say here.
  if (had === null || made === null || had.traits.length !== made.traits.length) return '';
  for (let i = 0; i < had.traits.length; i++) {
    const [a, b] = [had.traits[i], made.traits[i]];
    if (a.type !== b.type) return `: its "${traitName(a)}" trait has ${fieldDifference(a.type, b.type)}`;
    if (a.state !== b.state) return `: its "${traitName(a)}" trait's state has ${fieldDifference(a.state, b.state)}`;
  }
  return `: its id ${JSON.stringify(had.id)} is written ${JSON.stringify(made.id)}`;
}
