/**
 * One value of the data, changed in a piece's trait chain where the import found it
 * (../import/sources.ts): the piece name (where VASSAL reads it: the outermost Basic Name trait or
 * BasicName property, else the BasicPiece), a Marker / Dynamic Property / Text Label value,
 * whole or one number of its "a-b-c" group, or one number of the group in a Layer level's name or
 * a Text Label's text. Only the one trait changes; every field is re-encoded only after checking
 * that its encoding gives back the original string.
 */
import { decodeSequence } from '../sequence-encoder';
import { NAME_VALUE_GROUP, describeTextPlace, type PropertySource, type TextSource, type ValueSource } from '../import/sources';
import type { PropertyCarrier } from '../import/properties';
import { BASIC_NAME_ID, BASIC_NAME_PROPERTY, basicNameType } from '../traits/basic-name';
import { basicPieceType } from '../traits/basic-piece';
import { labelerType, LABELER_ID } from '../traits/labeler';
import { LAYER_ID, OLD_LAYER_ID, layerType, oldLayerLevels, oldLayerWithLevelName } from '../traits/layer';
import { DYNAMIC_PROPERTY_ID, setCommands, withSetCommandValue } from '../traits/dynamic-property';
import { MARKER_ID } from '../traits/marker';
import { PROPERTY_SHEET_ID, propertySheetProperties, sheetHasProperty, withSheetValue } from '../traits/property-sheet';
import { decodeList, encodeList, type Trait } from '../traits/trait';

export interface TraitChange {
  /** Index of the changed trait in the chain (outermost first). */
  index: number;
  before: Trait;
  after: Trait;
}

/** `unchanged`: the chain already holds the new value (another change of the same data set it). */
export type PatchResult =
  { traits: Trait[]; change: TraitChange } | { problem: string; hint?: string } | { absent: true } | { unchanged: true };

/**
 * A Text Label whose written text holds `$`: VASSAL shows it with the properties it names filled in
 * (Labeler.getLabel), so the numbers of the text as written need not be those shown (`$A$-1-1`
 * with A = "1-1" shows "1-1-1-1"), and no value is written into it.
 */
function labelWithReferences(trait: Trait, place: string): { problem: string; hint: string } | undefined {
  if (!trait.state.includes('$')) return undefined;
  return {
    problem: `${place} is "${trait.state}", which refers to properties ($…$): VASSAL shows it with their values in place, so a value cannot be written into the text as written`,
    hint: "change the property the label's text refers to instead (the Marker or Dynamic Property its $…$ names), in VASSAL's editor, then import again",
  };
}

/** A number as a value group in a text shows it: plain, in parentheses or in brackets. */
const FACTOR_TEXT = /^(?:0|[1-9]\d*|\((?:0|[1-9]\d*)\)|\[(?:0|[1-9]\d*)\])$/;

/** `text` with its value (or number `group` of its value group) set; a problem when it does not hold `before`. */
function replaceValue(
  text: string,
  group: number | undefined,
  before: string,
  after: string,
  inName: boolean,
): string | { problem: string } {
  if (group === undefined) return text === before || text === after ? after : { problem: `holds "${text}", not "${before}"` };
  let start = 0;
  let body = text;
  if (inName) {
    const match = NAME_VALUE_GROUP.exec(text);
    if (!match) return { problem: `"${text}" has no value group` };
    start = match.index + match[0].length - match[1].length;
    body = match[1];
  }
  const values = body.split('-');
  if (values[group] === after) return text;
  if (values[group] !== before) return { problem: `number ${group + 1} of "${body}" is "${values[group] ?? ''}", not "${before}"` };
  // In a text, the group must still read as one after the change (a number, maybe bracketed).
  if (after.includes('-') || after === '' || (inName && !FACTOR_TEXT.test(after)))
    return { problem: `"${after}" cannot stand in the value group "${body}"` };
  values[group] = after;
  return text.slice(0, start) + values.join('-') + text.slice(start + body.length);
}

function withTrait(traits: readonly Trait[], index: number, after: Trait): PatchResult {
  if (after.type === traits[index].type && after.state === traits[index].state) return { unchanged: true };
  const copy = [...traits];
  copy[index] = after;
  return { traits: copy, change: { index, before: traits[index], after } };
}

/** A piece name that carries a value (`source.group` of its value group), with that value changed; undefined when it cannot be. */
export function nameWithValue(name: string, source: ValueSource, before: string, after: string): string | undefined {
  const changed = replaceValue(name, source.group, before, after, true);
  return typeof changed === 'string' ? changed : undefined;
}

/**
 * Sets the value `source` names from `before` to `after` in a trait chain. `absent` when the chain
 * does not carry the property itself (it comes from a prototype that is changed instead).
 */
export function patchTraits(traits: readonly Trait[], source: ValueSource, before: string, after: string): PatchResult {
  if (source.carrier === 'layer' || source.carrier === 'labelText') return patchText(traits, source, before, after);
  if (source.carrier === 'name') return patchName(traits, source, before, after);
  for (let index = 0; index < traits.length; index++) {
    if (!answersProperty(traits[index], source.carrier, source.property)) continue;
    if (source.carrier === 'PROP' && source.command !== undefined) return patchSetCommand(traits, index, source, before, after);
    return patchPropertyValue(traits, index, source.property, source.group, before, after, false);
  }
  return { absent: true };
}

/** Whether `trait` is a Marker, Dynamic Property, Text Label or Property Sheet (per `carrier`) answering the property `property`. */
function answersProperty(trait: Trait, carrier: PropertyCarrier, property: string): boolean {
  if (carrier === 'mark') return trait.type.startsWith(MARKER_ID) && decodeList(trait.type.slice(MARKER_ID.length)).includes(property);
  if (carrier === 'PROP')
    return trait.type.startsWith(DYNAMIC_PROPERTY_ID) && decodeSequence(trait.type.slice(DYNAMIC_PROPERTY_ID.length), ';')[0] === property;
  if (carrier === 'sheet') return sheetHasProperty(trait, property);
  return trait.type.startsWith(LABELER_ID) && (labelerType.decode(trait.type).propertyName ?? '') === property;
}

/**
 * Sets the value of the property `property` that trait `index` (a Marker, Dynamic Property, Text
 * Label or Property Sheet answering it) holds: a Marker's in its `,`-list state at the key's place, a
 * Property Sheet's in its `~`-list state at the property's place, the others' as their whole state. `inName`: the value is a piece name, its value group found as in a name.
 */
function patchPropertyValue(
  traits: readonly Trait[],
  index: number,
  property: string,
  group: number | undefined,
  before: string,
  after: string,
  inName: boolean,
): PatchResult {
  const trait = traits[index];
  if (trait.type.startsWith(MARKER_ID)) {
    const at = decodeList(trait.type.slice(MARKER_ID.length)).indexOf(property);
    const values = decodeList(trait.state);
    if (encodeList(values) !== trait.state) return { problem: `the Marker ${property} does not re-encode as written` };
    while (values.length <= at) values.push('');
    const value = replaceValue(values[at], group, before, after, inName);
    if (typeof value !== 'string') return { problem: `Marker ${property} ${value.problem}` };
    values[at] = value;
    return withTrait(traits, index, { type: trait.type, state: encodeList(values) });
  }
  if (trait.type.startsWith(PROPERTY_SHEET_ID)) {
    const state = withSheetValue(trait, property, (value) => replaceValue(value, group, before, after, inName));
    if (typeof state !== 'string') return { problem: `Property Sheet ${property} ${state.problem}` };
    return withTrait(traits, index, { type: trait.type, state });
  }
  if (trait.type.startsWith(LABELER_ID)) {
    const references = labelWithReferences(trait, `the text of Text Label "${property}"`);
    if (references) return references;
  }
  const value = replaceValue(trait.state, group, before, after, inName);
  if (typeof value !== 'string') return { problem: `property ${property} ${value.problem}` };
  // Labeler.getProperty answers with its text evaluated ($name$ replaced) and its state trimmed.
  if (trait.type.startsWith(LABELER_ID) && value !== trait.state && (after.includes('$') || value.trim() !== value))
    return { problem: `Text Label ${property} would not read "${value}": VASSAL trims its text and reads $…$ in it as a property` };
  return withTrait(traits, index, { type: trait.type, state: value });
}

/**
 * The trait VASSAL reads a piece's name from (BasicPiece.getName asks the outermost trait for the
 * property BasicName): the outermost Basic Name trait or Marker, Dynamic Property or Text Label
 * answering BasicName, else the BasicPiece (innermost).
 */
function nameTraitIndex(traits: readonly Trait[]): number {
  const index = traits.findIndex((t) => nameCarrierOf(t) !== undefined);
  return index < 0 ? traits.length - 1 : index;
}

const NAME_PROPERTY_CARRIERS: readonly PropertyCarrier[] = ['mark', 'PROP', 'label', 'sheet'];

/** How `trait` answers the property BasicName: as a Basic Name trait, as such a property, or not. */
function nameCarrierOf(trait: Trait): 'basicName' | PropertyCarrier | undefined {
  if (trait.type.startsWith(BASIC_NAME_ID)) return 'basicName';
  return NAME_PROPERTY_CARRIERS.find((carrier) => answersProperty(trait, carrier, BASIC_NAME_PROPERTY));
}

/** The name a Basic Name trait, a BasicName property or a BasicPiece states (a Text Label's text as written). */
export function nameOfTrait(trait: Trait): string {
  const carrier = nameCarrierOf(trait);
  if (carrier === 'basicName') return basicNameType.decode(trait.type).name ?? '';
  if (carrier === 'mark') {
    const at = decodeList(trait.type.slice(MARKER_ID.length)).indexOf(BASIC_NAME_PROPERTY);
    return decodeList(trait.state)[at] ?? '';
  }
  if (carrier === 'sheet') return propertySheetProperties(trait).find(([name]) => name === BASIC_NAME_PROPERTY)?.[1] ?? '';
  if (carrier !== undefined) return trait.state;
  return basicPieceType.decode(trait.type).name ?? '';
}

/** Sets the piece name (or number `group` of its value group) where VASSAL reads it. */
function patchName(traits: readonly Trait[], source: ValueSource, before: string, after: string): PatchResult {
  const index = nameTraitIndex(traits);
  const trait = traits[index];
  const carrier = nameCarrierOf(trait);
  if (carrier !== undefined && carrier !== 'basicName')
    return patchPropertyValue(traits, index, BASIC_NAME_PROPERTY, source.group, before, after, true);
  const codec = trait.type.startsWith(BASIC_NAME_ID) ? basicNameType : basicPieceType;
  const fields = codec.decode(trait.type);
  const what = codec === basicNameType ? 'Basic Name' : 'BasicPiece';
  if (codec.encode(fields) !== trait.type) return { problem: `its ${what} type does not re-encode as written` };
  const name = replaceValue(fields.name ?? '', source.group, before, after, true);
  if (typeof name !== 'string') return { problem: `piece name ${name.problem}` };
  return withTrait(traits, index, { type: codec.encode({ ...fields, name }), state: trait.state });
}

/** The text of a level name VASSAL shows (`prefix+`, `+suffix` or whole) with number `group` of its value group set. */
function replaceInLevelName(name: string, group: number, before: string, after: string): string | { problem: string } {
  const lead = name.startsWith('+') ? '+' : '';
  const trail = lead === '' && name.endsWith('+') ? '+' : '';
  const shown = replaceValue(name.slice(lead.length, name.length - trail.length), group, before, after, true);
  return typeof shown === 'string' ? lead + shown + trail : shown;
}

/** Sets number `group` of the value group in the `nth` Layer level name or Text Label text of that name. */
function patchText(traits: readonly Trait[], source: TextSource, before: string, after: string): PatchResult {
  let seen = 0;
  for (let index = 0; index < traits.length; index++) {
    const trait = traits[index];
    if (source.carrier === 'labelText' && trait.type.startsWith(LABELER_ID)) {
      if ((labelerType.decode(trait.type).propertyName ?? '') !== source.property || seen++ !== source.nth) continue;
      const references = labelWithReferences(trait, describeTextPlace(source));
      if (references) return references;
      const text = replaceValue(trait.state, source.group, before, after, true);
      if (typeof text !== 'string') return { problem: `Text Label "${source.property}" ${text.problem}` };
      return withTrait(traits, index, { type: trait.type, state: text });
    }
    if (source.carrier === 'layer' && trait.type.startsWith(LAYER_ID)) {
      const fields = layerType.decode(trait.type);
      if ((fields.name ?? '') !== source.property || seen++ !== source.nth) continue;
      if (layerType.encode(fields) !== trait.type) return { problem: `the Layer "${source.property}" does not re-encode as written` };
      const names = decodeList(fields.levelNames ?? '');
      const level = source.level ?? 0;
      if (encodeList(names) !== (fields.levelNames ?? '') || level >= names.length)
        return { problem: `the level names of Layer "${source.property}" do not re-encode as written, or lack level ${level + 1}` };
      const name = replaceInLevelName(names[level], source.group, before, after);
      if (typeof name !== 'string') return { problem: `level ${level + 1} of Layer "${source.property}" ${name.problem}` };
      names[level] = name;
      return withTrait(traits, index, { type: layerType.encode({ ...fields, levelNames: encodeList(names) }), state: trait.state });
    }
    // An old Layer (emb;) is a Layer named "" (value-texts.ts numbers it so).
    if (source.carrier === 'layer' && trait.type.startsWith(OLD_LAYER_ID)) {
      if (source.property !== '' || seen++ !== source.nth) continue;
      const level = source.level ?? 0;
      const current = oldLayerLevels(trait.type).levelNames[level];
      if (current === undefined) return { problem: `the old Layer lacks level ${level + 1}` };
      const name = replaceInLevelName(current, source.group, before, after);
      if (typeof name !== 'string') return { problem: `level ${level + 1} of the old Layer ${name.problem}` };
      const type = oldLayerWithLevelName(trait.type, level, name);
      if (type === undefined) return { problem: 'the old Layer does not re-encode as written' };
      return withTrait(traits, index, { type, state: trait.state });
    }
  }
  return { absent: true };
}

/** Sets number `group` of the constant that command `command` of a Dynamic Property sets. */
function patchSetCommand(traits: readonly Trait[], index: number, source: PropertySource, before: string, after: string): PatchResult {
  const type = traits[index].type;
  const command = setCommands(type).find((c) => c.index === source.command);
  if (!command)
    return {
      problem: `Dynamic Property ${source.property} has no command ${source.command! + 1} setting a value, or does not re-encode as written`,
    };
  const value = replaceValue(command.value, source.group, before, after, false);
  if (typeof value !== 'string') return { problem: `command "${command.name}" of Dynamic Property ${source.property} ${value.problem}` };
  return withTrait(traits, index, { type: withSetCommandValue(type, command.index, value)!, state: traits[index].state });
}
