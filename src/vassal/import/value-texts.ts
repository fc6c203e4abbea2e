/**
 * Values a piece prints as text outside its properties: the "A-D-M" group (sources.ts
 * NAME_VALUE_GROUP) of a Text Label's text, or of a Layer level's name. VASSAL shows a level's
 * name instead of the piece name ("4-3-6"), before it ("4-3-6+") or after it ("+ 2-1-6"), so a
 * group standing in it is what the counter reads on that face.
 *
 * Faces of a Layer (an old `emb;` one too, read as a Layer named ""): an always-active Layer
 * shows one of its levels, or only the piece beneath it at a state of 0 or below; any other shows
 * the piece beneath it while inactive, and a level once activated. The face shown in the palette (the
 * slot's state) is the front; the other face of a two-face Layer (a flip) is the reduced side.
 * A Layer of three faces or more (step levels) gives no back: the data holds one reverse side.
 * A Text Label's text is read as VASSAL shows it (./label-text.ts): "$Attack$-$Defense$" over
 * Markers Attack 4 and Defense 3 reads "4-3". One the import cannot read (a BeanShell expression,
 * a property the piece does not state) gives no values, and the note says why.
 */
import { UNIT_COLUMNS } from '../../model/files';
import { DYNAMIC_PROPERTY_ID, dynamicPropertyName, setCommands } from '../traits/dynamic-property';
import { BASIC_NAME_PROPERTY, OLD_LAYER_ID, type DecodedTrait } from '../traits/index';
import { readLabelText, unreadReason } from './label-text';
import { PerPrototype, layerReading, propertySeenByLabels, type PieceFacts, type PrototypeIndex } from './properties';
import {
  NAME_VALUE_GROUP,
  PROPERTY_VALUE_GROUP,
  describeSource,
  describeTextPlace,
  groupValues,
  type PropertySource,
  type TextSource,
  type ValueSource,
} from './sources';
import { FACTOR_VALUE, propertySource, type ModuleVocabulary } from './vocabulary';

/** A value group read from a text, with its place (the source of number i adds `group: i`). */
export interface TextGroup {
  values: string[];
  from: string;
  source: Omit<TextSource, 'group'>;
}

export interface PieceTextValues {
  /** The group of the first Text Label stating one, else of the Layer level the palette shows. */
  front?: TextGroup;
  /** The group of the other face of a two-face Layer. */
  back?: TextGroup;
  /** Text Labels met before the front whose text the import cannot read, each with why. */
  unread?: string[];
}

interface Place {
  property: string;
  nth: number;
  prototype?: string;
}

interface LayerText extends Place {
  levelNames: string[];
  alwaysActive: boolean;
  state: number;
}

interface PieceTexts {
  labels: (Place & { text: string })[];
  layers: LayerText[];
}

/** The text of a level name that VASSAL shows: a full name, `prefix+` or `+suffix`. */
function shownText(levelName: string): string {
  if (levelName.startsWith('+')) return levelName.slice(1);
  if (levelName.endsWith('+')) return levelName.slice(0, -1);
  return levelName;
}

/** The value group standing in a text, if any. */
export function valueGroupIn(text: string): string | undefined {
  if (text.includes('$')) return undefined;
  return NAME_VALUE_GROUP.exec(text)?.[1];
}

/** The Layers and Text Labels of each prototype as a piece using it directly sees them (read-only). */
const prototypeTexts = new PerPrototype<PieceTexts>((name, def, prototypes) => {
  const texts: PieceTexts = { labels: [], layers: [] };
  collectTexts(def.decoded, name, prototypes, texts, [name]);
  return texts;
});

/** How many places from `from` on are of this chain and property: the number of the next one. */
function placesBefore(places: readonly Place[], from: number, prototype: string | undefined, property: string): number {
  let n = 0;
  for (let i = from; i < places.length; i++) if (places[i].prototype === prototype && places[i].property === property) n++;
  return n;
}

/**
 * Adds a Layer, numbered among those of its name in its own chain (from index `from` on). One
 * object made whole: a piece of most modules has a Layer, and spreading a partial one into it
 * cost a copy per Layer.
 */
function addLayer(
  texts: PieceTexts,
  from: number,
  prototype: string | undefined,
  property: string,
  levelNames: string[],
  alwaysActive: boolean,
  state: number,
): void {
  const nth = placesBefore(texts.layers, from, prototype, property);
  texts.layers.push({ property, nth, prototype, levelNames, alwaysActive, state });
}

/** Numbers each Layer and Text Label among those of its kind and name in its own chain. */
function collectTexts(
  decoded: readonly DecodedTrait[],
  prototype: string | undefined,
  prototypes: PrototypeIndex,
  texts: PieceTexts,
  path: string[],
): void {
  // This chain's places are the ones from here on of its prototype (places of prototypes it uses
  // come in between, under their own names).
  const labelsFrom = texts.labels.length;
  const layersFrom = texts.layers.length;
  for (let i = 0; i < decoded.length; i++) {
    const trait = decoded[i];
    if (trait.kind === 'labeler') {
      const property = trait.type.propertyName ?? '';
      texts.labels.push({ property, nth: placesBefore(texts.labels, labelsFrom, prototype, property), prototype, text: trait.state });
    } else if (trait.kind === 'layer' || (trait.kind === 'unknown' && trait.id === OLD_LAYER_ID)) {
      const layer = layerReading(trait);
      // An old Layer (emb;) has no name: VASSAL reads it as a Layer named "".
      const name = trait.kind === 'layer' ? (trait.type.name ?? '') : '';
      addLayer(texts, layersFrom, prototype, name, layer.levelNames, layer.alwaysActive, layer.value);
    } else if (trait.kind === 'usePrototype') {
      const name = trait.type.prototypeName ?? '';
      const def = prototypes.get(name);
      if (!def || path.includes(name)) continue;
      if (path.length > 0) {
        collectTexts(def.decoded, name, prototypes, texts, [...path, name]);
        continue;
      }
      const own = prototypeTexts.of(name, def, prototypes);
      for (const label of own.labels) texts.labels.push(label);
      for (const layer of own.layers) texts.layers.push(layer);
    }
  }
}

/**
 * A Layer's faces: level indexes `first` … (-1 for the piece beneath it, shown while the Layer is
 * inactive), how many there are, and the one the palette shows.
 */
function faces(layer: LayerText): { first: number; count: number; shown: number } {
  const levels = layer.levelNames.length;
  if (!layer.alwaysActive) return { first: -1, count: levels + 1, shown: layer.state > 0 ? layer.state - 1 : -1 };
  // VASSAL draws a level only at a state above 0 (Embellishment.draw); players cannot switch an
  // always-active Layer on, so one inactive shows the piece beneath alone.
  return layer.state > 0 ? { first: 0, count: levels, shown: layer.state - 1 } : { first: -1, count: 1, shown: -1 };
}

function levelGroup(layer: LayerText, level: number): TextGroup | undefined {
  if (level < 0) return undefined;
  const name = layer.levelNames[level] ?? '';
  const group = valueGroupIn(shownText(name));
  if (group === undefined) return undefined;
  const source: TextGroup['source'] = {
    carrier: 'layer',
    property: layer.property,
    nth: layer.nth,
    level,
    ...(layer.prototype !== undefined ? { prototype: layer.prototype } : {}),
  };
  return { values: groupValues(group), from: `${describeTextPlace(source)} "${name}"`, source };
}

export function pieceTextValues(decoded: readonly DecodedTrait[], prototypes: PrototypeIndex, facts: PieceFacts): PieceTextValues {
  const texts: PieceTexts = { labels: [], layers: [] };
  collectTexts(decoded, undefined, prototypes, texts, []);
  const result: PieceTextValues = {};
  for (const label of texts.labels) {
    const source: TextGroup['source'] = {
      carrier: 'labelText',
      property: label.property,
      nth: label.nth,
      ...(label.prototype !== undefined ? { prototype: label.prototype } : {}),
    };
    const reading = readLabelText(label.text, label.property, (name) => propertySeenByLabels(facts, name));
    if (reading.kind !== 'text') {
      (result.unread ??= []).push(`${describeTextPlace(source)} "${label.text}" ${unreadReason(reading)}`);
      continue;
    }
    const group = valueGroupIn(reading.text);
    if (group === undefined) continue;
    const shown = reading.text === label.text ? `"${label.text}"` : `"${reading.text}" (written "${label.text}")`;
    result.front = { values: groupValues(group), from: `${describeTextPlace(source)} ${shown}`, source };
    break;
  }
  for (const layer of texts.layers) {
    const { first, count, shown } = faces(layer);
    result.front ??= levelGroup(layer, shown);
    // Of two faces, the other one than the palette's (the first, unless the palette shows it).
    if (result.back === undefined && count === 2) result.back = levelGroup(layer, first !== shown ? first : first + 1);
  }
  return result;
}

/** One value read from the module: its data field, the field's display name, and its place. */
export interface ReadValue {
  field: string;
  fieldName: string;
  value: string;
  source: ValueSource;
}

/** The values of a piece of a module Hexforge did not build, and the note saying where they were read. */
export interface ModuleValues {
  front: ReadValue[];
  /** Reverse-side values, read only with a front of as many numbers: the back is then a reduced side. */
  back: ReadValue[];
  note?: string;
}

/** A property named like a factor ("Movement Allowance") as a data field id ("movementAllowance"), unless that is a unit column. */
export function factorField(property: string): string | undefined {
  const words = property
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const id = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
  return /^[a-z][a-zA-Z0-9]*$/.test(id) && !(UNIT_COLUMNS as readonly string[]).includes(id) ? id : undefined;
}

/** Words of a property name that make its value an identifier, a place or a date, whatever it looks like ("Unit ID" = "3-12"). */
const NOT_FACTOR_WORDS = new Set([
  'id',
  'ids',
  'name',
  'designation',
  'hex',
  'location',
  'setup',
  'entry',
  'turn',
  'date',
  'code',
  'number',
  'no',
  'serial',
]);

function namesNoFactor(property: string): boolean {
  const words = property
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/);
  return words.some((w) => NOT_FACTOR_WORDS.has(w));
}

/** The first property whose value is a value group ("4-2", "2-3-5"), unless its name says it is an id or a place. */
function propertyGroup(facts: PieceFacts): { values: string[]; from: string; source: ValueSource } | undefined {
  for (const [name, value] of facts.properties) {
    // A Text Label showing another property whole is that property, read on its own.
    if (facts.echoLabels?.has(name)) continue;
    if (PROPERTY_VALUE_GROUP.test(value) && value.includes('-') && !namesNoFactor(name))
      return { values: value.split('-'), from: `property ${name} "${value}"`, source: propertySource(facts, name) };
  }
  return undefined;
}

/** Menu texts of a Dynamic Property command that sets the reduced factors ("Steploss", "Step Loss", "Reduce"). */
const REDUCING_COMMAND = /step\s*-?\s*loss|reduce|damage/i;

/**
 * The value group a Dynamic Property's reducing command sets: the factors of the reduced side,
 * read from the property's own definition (the piece's or the prototype's that holds it).
 */
function reducingCommand(
  source: PropertySource,
  decoded: readonly DecodedTrait[],
  prototypes: PrototypeIndex,
): { values: string[]; from: string; source: ValueSource } | undefined {
  const chain = source.prototype !== undefined ? prototypes.get(source.prototype)?.decoded : decoded;
  const trait = chain?.find(
    (t) => t.kind === 'unknown' && t.id === DYNAMIC_PROPERTY_ID && dynamicPropertyName(t.trait.type) === source.property,
  );
  if (trait?.kind !== 'unknown') return undefined;
  const command = setCommands(trait.trait.type).find(
    (c) => REDUCING_COMMAND.test(c.name) && PROPERTY_VALUE_GROUP.test(c.value) && c.value.includes('-'),
  );
  if (!command) return undefined;
  const place = { ...source, command: command.index };
  return {
    values: command.value.split('-'),
    from: `command "${command.name}" of ${describeSource(source)} "${command.value}"`,
    source: place,
  };
}

function nameGroup(facts: PieceFacts): { values: string[]; from: string; source: ValueSource } | undefined {
  // A name a Text Label gives that the import cannot read is no value.
  if (facts.nameCarrier === 'label' && facts.unreadLabels?.has(BASIC_NAME_PROPERTY)) return undefined;
  const group = valueGroupIn(facts.name);
  return group === undefined ? undefined : { values: groupValues(group), from: `piece name "${facts.name}"`, source: { carrier: 'name' } };
}

/** Number i of a group, as value field `value<i+1>`. */
function numbered(group: { values: string[]; source: ValueSource | TextGroup['source'] }): ReadValue[] {
  return group.values.map((value, i) => ({
    field: `value${i + 1}`,
    fieldName: `Value ${i + 1}`,
    value,
    source: { ...group.source, group: i } as ValueSource,
  }));
}

/**
 * Where a piece's values are read, first match wins: the module's factor properties (named like a
 * factor, numbers varying across the pieces: vocabulary.ts), each its own field; else the first
 * value group of a property (not one named as an id or a place), a Text Label's text, the Layer
 * level the palette shows, or the piece name, as value1, value2 … (the module does not say what
 * each number means). The reverse side comes from the other face of a two-face Layer, else from a
 * Dynamic Property's step-loss command, when it shows as many numbers.
 */
export function moduleValues(
  facts: PieceFacts,
  decoded: readonly DecodedTrait[],
  prototypes: PrototypeIndex,
  vocabulary: ModuleVocabulary,
): ModuleValues {
  const named: ReadValue[] = [];
  for (const property of vocabulary.factorProperties ?? []) {
    const value = facts.properties.get(property)?.trim();
    const field = factorField(property);
    if (value === undefined || field === undefined || !FACTOR_VALUE.test(value)) continue;
    named.push({ field, fieldName: property, value, source: propertySource(facts, property) });
  }
  if (named.length > 0) return { front: named, back: [], note: `values from ${named.map((v) => describeSource(v.source)).join(', ')}` };
  const texts = pieceTextValues(decoded, prototypes, facts);
  const fromProperty = propertyGroup(facts);
  const front = fromProperty ?? texts.front ?? (vocabulary.namesAreDesignations ? undefined : nameGroup(facts));
  // Labels left unread matter where the values were looked for in them.
  const unread = fromProperty === undefined && texts.unread ? `; not read: ${texts.unread.join('; ')}` : '';
  if (front === undefined) return { front: [], back: [], ...(unread !== '' ? { note: `no values${unread}` } : {}) };
  const sameCount = (group: { values: string[] } | undefined) => group !== undefined && group.values.length === front.values.length;
  const commandBack = front.source.carrier === 'PROP' ? reducingCommand(front.source, decoded, prototypes) : undefined;
  const back = sameCount(texts.back) ? texts.back : sameCount(commandBack) ? commandBack : undefined;
  return {
    front: numbered(front),
    back: back ? numbered(back) : [],
    note: `values from ${front.from}${back ? `, reduced side from ${back.from}` : ''}${unread}`,
  };
}

/** A value units.csv reads as a number, or the declared unknown. */
const NUMBER_OR_UNKNOWN = /^(?:\?|-?\d+(?:\.\d+)?)$/;

/**
 * The value fields with `kind: 'text'` where a unit holds a value that is no number ("(3)", "[2]"):
 * the module prints it so and does not say what the brackets mean, so it is kept as printed.
 */
export function withFieldKinds<F extends { id: string; name: string }>(
  fields: readonly F[],
  units: readonly { front: ReadonlyMap<string, string>; reverse: ReadonlyMap<string, string> }[],
): (F & { kind?: 'text' })[] {
  const text = new Set<string>();
  const note = (values: ReadonlyMap<string, string>) => {
    for (const [field, value] of values) if (!NUMBER_OR_UNKNOWN.test(value)) text.add(field);
  };
  // Most units of most modules hold no values: no iterator for their empty maps (nor for the
  // units: this runs once an import, where each for…of step may allocate an iterator result).
  for (let i = 0; i < units.length; i++) {
    const unit = units[i];
    if (unit.front.size > 0) note(unit.front);
    if (unit.reverse.size > 0) note(unit.reverse);
  }
  return fields.map((f) => (text.has(f.id) ? { ...f, kind: 'text' as const } : f));
}
