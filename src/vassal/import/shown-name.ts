/**
 * The name VASSAL 3.7.26 gives a piece (Decorator.getOutermost(piece).getName()) where its traits
 * make it: from the BasicPiece's name (or a Basic Name's), outwards, each Text Label with a text,
 * or set to always use its name format, puts the name of the traits inside it into that format
 * (Labeler.getName: `$pieceName$ ($label$)` by default, so a nameless piece labelled "Fog" is
 * named " (Fog)"), and each Layer whose active level has a name adds it (Embellishment.getName: a
 * level named "+ (reduced)" appends, "Elite +" prepends, "Ruins" replaces). Prototypes count where
 * the piece uses them.
 */
import { decodeSequence } from '../sequence-encoder';
import { OLD_LAYER_ID, type DecodedTrait } from '../traits/index';
import { expandProperties, isBeanShell, ownReferencesOut, readLabelText } from './label-text';
import { layerReading, propertySeenByLabels, type PieceFacts, type PrototypeIndex } from './properties';

/** Labeler's default name format, and the names it gives the inner name and the label in it. */
const DEFAULT_NAME_FORMAT = '$pieceName$ ($label$)';
const PIECE_NAME = 'pieceName';
const LABEL = 'label';
/** Labeler's property name where its type has none (Labeler.mySetType). */
const DEFAULT_PROPERTY_NAME = 'TextLabel';

/** One trait that can change the name, outermost first. */
type NameStep = { kind: 'label'; format: string; text: string } | { kind: 'level'; name: string };

/**
 * The piece's name as VASSAL shows it, undefined where a text the import cannot read (a BeanShell
 * expression, a property the piece does not state) would be part of it.
 */
export function shownName(decoded: readonly DecodedTrait[], prototypes: PrototypeIndex, facts: PieceFacts): string | undefined {
  const steps: NameStep[] = [];
  if (!collectSteps(decoded, prototypes, facts, steps, [])) return undefined;
  let name: string | undefined = facts.name;
  for (let i = steps.length - 1; i >= 0 && name !== undefined; i--) name = applyStep(steps[i], name, facts);
  return name;
}

/** The name-making traits of a chain, prototypes expanded in place; false where a label's text cannot be read. */
function collectSteps(
  decoded: readonly DecodedTrait[],
  prototypes: PrototypeIndex,
  facts: PieceFacts,
  steps: NameStep[],
  path: string[],
): boolean {
  for (const trait of decoded) {
    if (trait.kind === 'labeler') {
      const property = trait.type.propertyName ?? DEFAULT_PROPERTY_NAME;
      // Labeler.getName asks whether the label as set is empty, not the text it reads.
      if (ownReferencesOut(trait.state, property) === '' && trait.type.alwaysUseFormat !== 'true') continue;
      const reading = readLabelText(trait.state, property, (name) => propertySeenByLabels(facts, name));
      if (reading.kind !== 'text') return false;
      // Labeler.clean: `$PieceName$` in a name format reads as `$pieceName$`.
      steps.push({
        kind: 'label',
        format: (trait.type.nameFormat ?? DEFAULT_NAME_FORMAT).replaceAll('$PieceName$', '$pieceName$'),
        text: reading.text,
      });
    } else if (trait.kind === 'layer' || (trait.kind === 'unknown' && trait.id === OLD_LAYER_ID)) {
      const { levelNames, value } = layerReading(trait);
      const level = value > 0 ? (levelNames[value - 1] ?? '') : '';
      if (level !== '') steps.push({ kind: 'level', name: level });
    } else if (trait.kind === 'usePrototype') {
      const name = trait.type.prototypeName ?? '';
      const def = prototypes.get(name);
      if (def && !path.includes(name)) {
        path.push(name);
        const read = collectSteps(def.decoded, prototypes, facts, steps, path);
        path.pop();
        if (!read) return false;
      }
    }
  }
  return true;
}

function applyStep(step: NameStep, inner: string, facts: PieceFacts): string | undefined {
  if (step.kind === 'level') {
    // Embellishment.getName: the level name split once at '+'; the side left empty is where the name goes.
    const [first, ...rest] = decodeSequence(step.name, '+');
    if (rest.length === 0) return first;
    return first === '' ? inner + rest[0] : first + inner;
  }
  return formatName(step.format, (token) =>
    token === PIECE_NAME ? inner : token === LABEL ? step.text : propertySeenByLabels(facts, token),
  );
}

/**
 * A name format evaluated as VASSAL's FormattedStringExpression does (a format without `$` is
 * itself); undefined for a BeanShell format or a property the import cannot know.
 */
function formatName(format: string, lookup: (token: string) => string | undefined): string | undefined {
  if (isBeanShell(format)) return undefined;
  if (!format.includes('$')) return format;
  const { text, unknown } = expandProperties(format, lookup);
  return unknown.length > 0 ? undefined : text;
}
