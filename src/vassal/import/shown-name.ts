/**
 * The name VASSAL 3.7.26 gives a piece (Decorator.getOutermost(piece).getName()) where its traits
 * make it: from the BasicPiece's name (or a Basic Name's), outwards, each Text Label with a text,
 * or set to always use its name format, puts the name of the traits inside it into that format
 * (Labeler.getName: `$pieceName$ ($label$)` by default, so a nameless piece labelled "Fog" is
 * named " (Fog)"), and each Layer whose active level has a name adds it (Embellishment.getName: a
 * level named "+ (reduced)" appends, "Elite +" prepends, "Ruins" replaces). Prototypes count where
 * the piece uses them. Backwards, for a rename (`labelTextForName`): the label text that gives a name.
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

/** One trait that can change the name, outermost first; a label's `at`: its index in the piece's own traits (none: a prototype's). */
type NameStep = { kind: 'label'; format: string; text: string; at?: number; written: string } | { kind: 'level'; name: string };

/**
 * The piece's name as VASSAL shows it, undefined where a text the import cannot read (a BeanShell
 * expression, a property the piece does not state) would be part of it.
 */
export function shownName(decoded: readonly DecodedTrait[], prototypes: PrototypeIndex, facts: PieceFacts): string | undefined {
  const steps: NameStep[] = [];
  if (!collectSteps(decoded, prototypes, facts, steps, [])) return undefined;
  return nameOfSteps(steps, facts);
}

function nameOfSteps(steps: readonly NameStep[], facts: PieceFacts): string | undefined {
  let name: string | undefined = facts.name;
  for (let i = steps.length - 1; i >= 0 && name !== undefined; i--) name = applyStep(steps[i], name, facts);
  return name;
}

/** Stands for the label's text while the name is made around it: no text holds a NUL. */
const TEXT_SLOT = '\u0000';

/**
 * The text the one Text Label making a nameless piece's name must read for VASSAL to give the piece
 * `wanted`: the name is made around the label's text (`$pieceName$ ($label$)` makes " (Fog)" of
 * "Fog"), so `wanted` must keep what is around it (" (Mist)" reads "Mist"). A problem, in words,
 * where no such text is: no Text Label, or several, make the name; the label is a prototype's,
 * shared with other pieces; its text refers to properties; the name holds the text twice, or not
 * at all; or `wanted` is not of the form, or would need a text VASSAL reads otherwise.
 */
export function labelTextForName(
  decoded: readonly DecodedTrait[],
  prototypes: PrototypeIndex,
  facts: PieceFacts,
  wanted: string,
): { index: number; text: string } | { problem: string } {
  const steps: NameStep[] = [];
  if (!collectSteps(decoded, prototypes, facts, steps, [])) return { problem: 'a Text Label of it reads a text the import cannot' };
  const labels = steps.filter((s) => s.kind === 'label');
  if (labels.length !== 1)
    return { problem: labels.length === 0 ? 'no Text Label makes its name' : `${labels.length} Text Labels make its name` };
  const [label] = labels;
  if (label.at === undefined) return { problem: "the Text Label making its name is a prototype's, which other pieces may use" };
  if (label.written.includes('$')) return { problem: `its Text Label's text "${label.written}" refers to properties ($…$)` };
  const around = nameOfSteps(
    steps.map((s) => (s === label ? { ...label, text: TEXT_SLOT } : s)),
    facts,
  )?.split(TEXT_SLOT);
  if (around?.length !== 2) return { problem: "its name does not hold its Text Label's text once" };
  const [before, after] = around;
  const form = `the names it can give are "${before}…${after}", the label's text in place of …`;
  if (wanted.length <= before.length + after.length || !wanted.startsWith(before) || !wanted.endsWith(after)) return { problem: form };
  const text = wanted.slice(before.length, wanted.length - after.length);
  // Labeler reads $…$ in its text as properties; a text with edge spaces would not read back the same.
  if (text.includes('$') || text.trim() !== text) return { problem: `${form}, and it would not read the text "${text}" as written` };
  return { index: label.at, text };
}

/** The name-making traits of a chain, prototypes expanded in place; false where a label's text cannot be read. */
function collectSteps(
  decoded: readonly DecodedTrait[],
  prototypes: PrototypeIndex,
  facts: PieceFacts,
  steps: NameStep[],
  path: string[],
): boolean {
  for (let index = 0; index < decoded.length; index++) {
    const trait = decoded[index];
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
        written: trait.state,
        ...(path.length === 0 ? { at: index } : {}),
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
