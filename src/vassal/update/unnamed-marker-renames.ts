/**
 * A marker whose pieces have no name of their own, renamed: VASSAL names such a piece by its Text
 * Label (../import/shown-name.ts: " (Fog)" from the label "Fog" in the name format
 * `$pieceName$ ($label$)`), and the import named the marker so. Its pieces are those VASSAL names
 * as the import did — nameless, of the marker's match key, its name — not every piece of the
 * match key, which all nameless pieces of one picture share; each gets the label's text that makes
 * the new name, its other traits as they were. Pure.
 */
import { factsOfTraits, type PieceFacts, type PrototypeIndex } from '../import/properties';
import { labelTextForName, shownName } from '../import/shown-name';
import { matchKeyOf } from '../import/units';
import { decodeTrait, type DecodedTrait, type Trait } from '../traits/index';
import type { MarkerRename } from './marker-renames';
import type { PatchResult } from './patch-traits';

/** Whether VASSAL names the piece (its traits decoded, its facts read) as the marker's pieces were named at import. */
export function namedAsMarker(
  rename: MarkerRename,
  decoded: readonly DecodedTrait[],
  prototypes: PrototypeIndex,
  facts: PieceFacts,
): boolean {
  return facts.name === '' && matchKeyOf(facts) === rename.matchKey && shownName(decoded, prototypes, facts) === rename.before;
}

/**
 * The piece's traits with its Text Label reading the text that makes the new name: `absent` for a
 * piece of another marker, a problem where its name cannot be made so.
 */
export function relabelled(
  rename: MarkerRename,
  traits: readonly Trait[],
  prototypes: PrototypeIndex,
  known?: { decoded: readonly DecodedTrait[]; facts: PieceFacts },
): PatchResult {
  const decoded = known?.decoded ?? traits.map(decodeTrait);
  const facts = known?.facts ?? factsOfTraits(traits, prototypes);
  if (!namedAsMarker(rename, decoded, prototypes, facts)) return { absent: true };
  const found = labelTextForName(decoded, prototypes, facts, rename.after);
  if ('problem' in found)
    return {
      problem: `VASSAL names it "${rename.before}" by its Text Label, but ${found.problem}; "${rename.after}" cannot be its name`,
      hint: "choose a name of that form, or name the piece in VASSAL's editor and import again",
    };
  const before = traits[found.index];
  if (before.state === found.text) return { unchanged: true };
  const after = { type: before.type, state: found.text };
  return { traits: traits.map((t, i) => (i === found.index ? after : t)), change: { index: found.index, before, after } };
}
