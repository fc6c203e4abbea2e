/**
 * Palette pieces → units. A palette slot (a PieceSlot outside at-start stacks and decks) is a
 * unit when a side can be found for it, or when it says it is one (a "Unit" prototype, Kind=Unit)
 * or states a factor in the module's factor properties (./vocabulary.ts): those stating no side
 * get the unknown side. Any other slot is a marker and stays in the sidecar only.
 *
 * Where each field comes from, first match wins:
 *   side    property SideId (Hexforge modules) or Side/Faction/Army/Player/Nationality matching a
 *           side name; else the one side a Restricted Access trait lets move it; else a side name
 *           as a word of the palette list, a prototype or the piece name, else of the palette
 *           window's name, else (a unit's) of where its at-start stacks start: a window one side
 *           owns, a map folder (./start-places.ts); two of these naming different sides: unknown,
 *           with an info (vassal/side-conflict); these names make no unit of a piece that says
 *           nothing of being one (no "Unit" prototype or Kind, factor or value) where other pieces
 *           of the module say so: such a piece is a marker;
 *           else the value of the module's side property where it names sides beyond the roster
 *   formation the module's formation property (./vocabulary.ts); else a formation that property
 *           states for other pieces, named by the palette list, the palette window or a map folder
 *           of the unit's at-start stacks; two of these naming different ones: none, with an info
 *           (vassal/formation-conflict)
 *   type    property TypeId/Type/UnitType; else a unit-type word of the piece or prototype names
 *           ("Infantry", "Cav", "MEC" …); else the declared unknown type
 *   values  Hexforge's Marker (the names after its identity block, `<field>_Back` for the back);
 *           else the module's factor properties, or an "a-b(-c…)" group of a property, a Text
 *           Label, a Layer level or the piece name, and a flip's reduced side (./value-texts.ts).
 * Nothing is guessed beyond that: a unit whose type cannot be read gets the declared unknown type.
 */
import type { Diagnostic } from '../../diagnostics';
import type { DefinitionRecord } from '../reader/module';
import type { DecodedTrait } from '../traits/index';
import {
  BACK_SUFFIX,
  FLIP_LEVEL,
  PIECE_KINDS,
  SHARED_PROPERTIES as P,
  UNIT_IDENTITY as HEXFORGE_IDENTITY,
  UNIT_PROPERTIES as U,
  fieldNameProperty,
} from '../properties';
import { UNIT_PROTOTYPE } from '../module/names';
import { attribute, type XmlElement } from '../xml-tree';
import { positionOf } from '../reader/xml';
import { elementsNamed } from './elements';
import { IdSpace, slug } from './ids';
import { startPlaces, type StartPlace } from './start-places';
import { layersOf, pieceFacts, property, type PieceFacts, type PrototypeIndex } from './properties';
import { shownName } from './shown-name';
import { describeSource, type ValueSource } from './sources';
import { moduleValues, withFieldKinds } from './value-texts';
import { FACTOR_VALUE, moduleVocabulary, propertySource, type ModuleVocabulary } from './vocabulary';

const SETUP_STACK = 'VASSAL.build.module.map.SetupStack';
const DRAW_PILE = 'VASSAL.build.module.map.DrawPile';

export const UNKNOWN_TYPE = 'unknown';
export const UNKNOWN_SIDE = 'unknown';
export const UNKNOWN_SIDE_NAME = 'Side not stated in the module';

/** The same word, allowing a plural "s" ("German" / "Germans"); compared in place: every piece name meets every side's. */
function sameWord(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  if (a.length === b.length) return a === b;
  return a.length === b.length + 1 ? pluralOf(a, b) : b.length === a.length + 1 && pluralOf(b, a);
}

/** Whether `plural` is `word` and an "s". */
function pluralOf(plural: string, word: string): boolean {
  return plural.charCodeAt(word.length) === 0x73 && plural.startsWith(word);
}

/** Words of piece names that name a unit type (full words and the usual abbreviations). */
const TYPE_WORDS: Record<string, string> = {
  infantry: 'infantry',
  inf: 'infantry',
  foot: 'infantry',
  cavalry: 'cavalry',
  cav: 'cavalry',
  horse: 'cavalry',
  artillery: 'artillery',
  art: 'artillery',
  arty: 'artillery',
  cannon: 'artillery',
  guns: 'artillery',
  gun: 'artillery',
  armor: 'armor',
  armour: 'armor',
  arm: 'armor',
  tank: 'armor',
  tanks: 'armor',
  panzer: 'armor',
  mechanized: 'mechanized',
  mech: 'mechanized',
  mec: 'mechanized',
  panzergrenadier: 'mechanized',
  motorized: 'motorized',
  mot: 'motorized',
  engineer: 'engineer',
  engineers: 'engineer',
  eng: 'engineer',
  pioneer: 'engineer',
  headquarters: 'headquarters',
  hq: 'headquarters',
  airborne: 'airborne',
  para: 'airborne',
  paratroop: 'airborne',
  paratroops: 'airborne',
  marine: 'marine',
  marines: 'marine',
  recon: 'recon',
  reconnaissance: 'recon',
  militia: 'militia',
  garrison: 'garrison',
  leader: 'leader',
};

/** The display name of the type ids above (the module's own word is kept in the unit's notes). */
const TYPE_NAMES: Record<string, string> = {
  infantry: 'Infantry',
  cavalry: 'Cavalry',
  artillery: 'Artillery',
  armor: 'Armor',
  mechanized: 'Mechanized',
  motorized: 'Motorized',
  engineer: 'Engineer',
  headquarters: 'Headquarters',
  airborne: 'Airborne',
  marine: 'Marine',
  recon: 'Reconnaissance',
  militia: 'Militia',
  garrison: 'Garrison',
  leader: 'Leader',
};

export interface SideRecord {
  id: string;
  name: string;
  nationalities: Set<string>;
}

export interface ImportedUnit {
  id: string;
  side: string;
  type: string;
  typeName: string;
  name: string;
  nationality?: string;
  size?: string;
  formation?: { id: string; name: string };
  designation?: string;
  steps?: string;
  /** What the back shows, where the piece says: a reduced side, or (Hexforge pieces) another face. */
  back?: 'reduced' | 'other';
  flags: string[];
  setup?: string;
  entry?: string;
  /** Value field id → text ("?" unknown). */
  front: ReadonlyMap<string, string>;
  reverse: ReadonlyMap<string, string>;
  /** How the fields were found, for the unit's notes. */
  notes: string[];
  /** units.csv column → where the module holds its value (only columns read from the module). */
  sources: Record<string, ValueSource>;
  /**
   * units.csv column → the module text its value was read from, where the data holds an id for
   * that text (side, formation) and so an update cannot write the value back as it stands.
   */
  readFrom: Record<string, ValueSource>;
  slot: { gpid: string; entryName: string; path: string };
  images: { front: string; layers: string[]; layersAlwaysActive: boolean; layerShown: string };
  /** Setup pieces match units by this key. */
  matchKey: string;
  definition: DefinitionRecord;
}

export interface UnitsResult {
  units: ImportedUnit[];
  sides: SideRecord[];
  /** Value fields in first-seen order, with a display name; `kind: 'text'` where a value is no number. */
  fields: { id: string; name: string; kind?: 'text' }[];
  /** What the palette leaves open (a window and a list naming different sides). */
  diagnostics: Diagnostic[];
  /** Palette slots that are not units (no side). */
  markers: {
    entryName: string;
    gpid: string;
    path: string;
    name: string;
    image: string;
    layers?: string[];
    layersAlwaysActive?: true;
    /** The picture the always-active Layer draws at the slot's state, where not its first ('' for none). */
    layerShown?: string;
    matchKey: string;
    /** For a piece without a name of its own, the name its Text Labels and Layer levels give it (./shown-name.ts), where not empty. */
    shownName?: string;
  }[];
  /** The unit ids handed out: the setups' extra copies take theirs from the same space. */
  ids: IdSpace;
}

/** Whether a UTF-16 code is an ASCII letter or digit. */
function isWordCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** Where words() collects a text's words before copying them out. */
const wordScratch: string[] = [];

/**
 * The runs of ASCII letters and digits of a text, lower-cased (one pass: every piece name goes
 * through it), in an array of their number: the words of every name are kept while the palette
 * is read, and an array grown by pushing holds 17 slots.
 */
function words(text: string): string[] {
  let count = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inWord = i < text.length && isWordCode(text.charCodeAt(i));
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      wordScratch[count++] = text.slice(start, i).toLowerCase();
      start = -1;
    }
  }
  const found = wordScratch.slice(0, count);
  // The scratch keeps its room, not the words; a long text's room is let go.
  if (count > 256) wordScratch.length = 0;
  else wordScratch.fill('', 0, count);
  return found;
}

export function matchKeyOf(facts: PieceFacts): string {
  const unitId = facts.properties.get(U.unitId);
  return unitId !== undefined && unitId !== '' ? `id:${unitId}` : `face:${facts.name}\u0000${facts.frontImage}`;
}

/** The last part of each class name met (a buildFile uses a few dozen): sliced once per name. */
const shortClassNames = new Map<string, string>();

function shortClassName(name: string): string {
  let short = shortClassNames.get(name);
  if (short === undefined) {
    short = name.slice(name.lastIndexOf('.') + 1);
    shortClassNames.set(name, short);
  }
  return short;
}

/**
 * `PieceSlot[1st Infantry]`: the class name's last part and the component's label, if any;
 * `entryName` is the element's, where the caller has read it already.
 */
function componentLabel(el: XmlElement, entryName = attribute(el, 'entryName')): string {
  const label = entryName || attribute(el, 'name') || attribute(el, 'mapName');
  const className = shortClassName(el.name);
  return label ? `${className}[${label}]` : className;
}

/** Component paths of slots; siblings share their ancestors array, so its path is built once. */
class SlotPaths {
  private readonly prefixes = new Map<readonly XmlElement[], string>();

  /** `entryName`: the slot's, read already. */
  of(def: DefinitionRecord, entryName: string): string {
    let prefix = this.prefixes.get(def.ancestors);
    if (prefix === undefined) {
      prefix = '';
      for (let i = 1; i < def.ancestors.length; i++) prefix += `${componentLabel(def.ancestors[i])}/`;
      this.prefixes.set(def.ancestors, prefix);
    }
    return prefix + componentLabel(def.element, entryName);
  }
}

export function isPaletteSlot(def: DefinitionRecord): boolean {
  if (def.kind !== 'slot' || def.element.name !== 'VASSAL.build.widget.PieceSlot') return false;
  const ancestors = def.ancestors;
  for (let i = 0; i < ancestors.length; i++) if (ancestors[i].name === SETUP_STACK || ancestors[i].name === DRAW_PILE) return false;
  return true;
}

const NO_VALUES: ReadonlyMap<string, string> = new Map();
/** The flags of a unit that states none (most units): shared, never written. */
const NO_FLAGS: string[] = [];
const UNKNOWN_TYPE_OF = { type: UNKNOWN_TYPE, typeName: 'Unknown type' } as const;

/** The properties that may state a piece's side id, side, type id, type and kind, first found wins. */
const SIDE_ID_NAMES = [P.sideId];
const SIDE_NAMES = [P.side, 'Faction', 'Army', 'Player', 'Owner'];
const TYPE_ID_NAMES = [P.typeId];
const TYPE_NAMES_PROPERTIES = [P.type, 'UnitType'];
const KIND_NAMES = [P.kind];

/** A property's value, `undefined` when absent or empty. */
function nonEmpty(facts: PieceFacts, key: string): string | undefined {
  const v = facts.properties.get(key);
  return v === undefined || v === '' ? undefined : v;
}

/** Whether the words `sub` appear consecutively in `ws` (allowing a plural "s" on each). */
function containsWords(ws: readonly string[], sub: readonly string[]): boolean {
  if (sub.length === 0) return false;
  for (let i = 0; i < ws.length; i++) {
    let k = 0;
    while (k < sub.length && sameWord(ws[i + k], sub[k])) k++;
    if (k === sub.length) return true;
  }
  return false;
}

/** The values a piece states, with where each came from. */
interface PieceValues {
  front?: Map<string, string>;
  reverse?: Map<string, string>;
  sources: Record<string, ValueSource>;
  /** A reverse side read from a flip Layer's other face or a step-loss command. */
  back?: 'reduced';
}

/**
 * The sources of a piece that states no values (most pieces of most modules): shared, never
 * written (ownSources gives a piece its own record with its first value).
 */
const NAME_SOURCES: Record<string, ValueSource> = { name: { carrier: 'name' } };
const NO_SOURCES: Record<string, ValueSource> = {};

/**
 * The readFrom of a unit whose values all stand as the module states them (most units): shared,
 * never written (ownReadFrom gives a unit its own record with its first entry).
 */
const NOT_READ_FROM: Record<string, ValueSource> = Object.freeze({});

function ownReadFrom(read: { readFrom: Record<string, ValueSource> }): Record<string, ValueSource> {
  if (read.readFrom === NOT_READ_FROM) read.readFrom = {};
  return read.readFrom;
}

function ownSources(values: PieceValues, facts: PieceFacts): Record<string, ValueSource> {
  if (values.sources === NAME_SOURCES || values.sources === NO_SOURCES)
    values.sources = facts.name !== '' ? { name: { carrier: 'name' } } : {};
  return values.sources;
}

/** What is read of one definition text, shared by the slots holding it (read-only). */
interface PieceEntry {
  facts: PieceFacts;
  images: ImportedUnit['images'];
  /** The key setup pieces match the unit by. */
  matchKey: string;
  /** Read when the slot is a unit, with the note saying where. */
  values?: { values: PieceValues; notes: string[] };
}

/**
 * What importUnits builds up over the palette: the sides (whose ids may still be settled by a
 * later piece), the value fields in first-seen order, and caches of the words of texts and of each
 * definition text's facts, since palette lists, prototypes and side names recur on every slot.
 */
class PaletteReader {
  readonly sides: SideRecord[] = [];
  readonly fields: { id: string; name: string }[] = [];
  private readonly sideIds = new IdSpace();
  /** Sides whose id a piece stated (Hexforge's SideId): settled, never renamed again. */
  private readonly explicit = new Set<SideRecord>();
  private readonly fieldIds = new Set<string>();
  private readonly entries = new Map<readonly DecodedTrait[], PieceEntry>();
  private readonly wordsCache = new Map<string, string[]>();
  private readonly unitPrototypes = new Map<string, boolean>();
  private readonly sideByText = new Map<string, SideRecord | number>();
  /** The sides' names lower-cased, index for index (names never change once a side is added). */
  private readonly lowerCaseNames: string[] = [];
  /** Per text, the unit type a word of it names and the note saying so (null: none). */
  private readonly typeWords = new Map<string, { type: string; typeName: string; note: string } | null>();
  /** The notes "side from …" by where the side was named, per text: units of one list share them. */
  private readonly sideNotes = {
    window: new Map<string, string>(),
    list: new Map<string, string>(),
    prototype: new Map<string, string>(),
    name: new Map<string, string>(),
    startWindow: new Map<string, string>(),
    startFolder: new Map<string, string>(),
  };
  /** The places the at-start stacks of pieces start, by match key (readStartPlaces). */
  private readonly startPlaces = new Map<string, StartPlace[]>();
  /** Slots whose indirect evidence names two sides, by the two places in words. */
  readonly conflicts = new Map<string, { a: string; b: string; count: number; at?: { line: number; column: number } }>();
  /** Units whose places name two formations, by the two places in words. */
  readonly formationConflicts = new Map<string, { a: string; b: string; count: number; at?: { line: number; column: number } }>();
  /** Per text, the formation of the module's vocabulary it names (null: none, or two with none named whole). */
  private readonly formationByText = new Map<string, string | null>();
  /** Per list path (siblings share their ancestors array), the side its lists name while no side is added. */
  private readonly listSides = new Map<readonly XmlElement[], { sides: number; evidence?: Evidence }>();
  /** Per list path, the side its palette window names while no side is added. */
  private readonly windowSides = new Map<readonly XmlElement[], { sides: number; evidence?: Evidence }>();

  vocabulary: ModuleVocabulary = {};
  /** Units read as such by the factors they state alone, their side unknown (one info for them all). */
  factorsWithoutSide = 0;

  constructor(private readonly prototypes: PrototypeIndex) {}

  /** The first side called `name`, ignoring case. */
  private sideCalled(name: string): SideRecord | undefined {
    const index = this.lowerCaseNames.indexOf(name.toLowerCase());
    return index < 0 ? undefined : this.sides[index];
  }

  addSide(name: string, id?: string): SideRecord {
    const lower = name.toLowerCase();
    const found = this.sides.find((s, i) => (id !== undefined && s.id === id) || this.lowerCaseNames[i] === lower);
    if (found) {
      // A side named by the roster gets the id the pieces state (Hexforge's SideId), once.
      if (id !== undefined && found.id !== id && !this.explicit.has(found) && !this.sideIds.has(id)) {
        this.sideIds.take(id);
        found.id = id;
        this.explicit.add(found);
      }
      return found;
    }
    const record = {
      id: id && !this.sideIds.has(id) ? (this.sideIds.take(id), id) : this.sideIds.take(name, 'side'),
      name,
      nationalities: new Set<string>(),
    };
    if (id !== undefined && record.id === id) this.explicit.add(record);
    this.sides.push(record);
    this.lowerCaseNames.push(lower);
    return record;
  }

  /** A value field's name as Hexforge's Unit prototype gives it, else its id. */
  private hexforgeFieldName(field: string): string {
    const unit = this.prototypes.get(UNIT_PROTOTYPE);
    return (unit && pieceFacts(unit, this.prototypes).properties.get(fieldNameProperty(field))) || field;
  }

  private addField(id: string, name: string): void {
    if (!this.fieldIds.has(id)) {
      this.fieldIds.add(id);
      this.fields.push({ id, name });
    }
  }

  /**
   * Slots with one definition text share their decoded traits, hence their facts, images, match
   * key and values (read-only): one entry per text, one lookup per slot.
   */
  entryOf(def: DefinitionRecord): PieceEntry {
    let entry = this.entries.get(def.decoded);
    if (entry === undefined) {
      const facts = pieceFacts(def, this.prototypes);
      entry = {
        facts,
        images: {
          front: facts.frontImage,
          layers: facts.layerImages,
          layersAlwaysActive: facts.layerAlwaysActive,
          layerShown: facts.layerShownImage,
        },
        matchKey: matchKeyOf(facts),
      };
      this.entries.set(def.decoded, entry);
    }
    return entry;
  }

  wordsOf(text: string): string[] {
    let ws = this.wordsCache.get(text);
    if (ws === undefined) {
      ws = words(text);
      this.wordsCache.set(text, ws);
    }
    return ws;
  }

  /**
   * The first side whose name's words appear in a text, in order. Sides are only ever appended
   * and their names never change, so a found side stays the answer; a miss holds until a side is added.
   */
  private sideNamed(text: string): SideRecord | undefined {
    const cached = this.sideByText.get(text);
    if (typeof cached === 'object') return cached;
    if (cached === this.sides.length) return undefined;
    const ws = this.wordsOf(text);
    const found = this.sides.find((s) => containsWords(ws, this.wordsOf(s.name)));
    this.sideByText.set(text, found ?? this.sides.length);
    return found;
  }

  /**
   * The values of a property that names every side are sides before any piece is read, in the
   * order the palette first states them: a palette list may name one ("Prussia") above pieces
   * that state none.
   */
  addStatedSides(pieces: readonly PieceFacts[]): void {
    const { sideProperty, sidePropertyNamesEverySide } = this.vocabulary;
    if (sideProperty === undefined || !sidePropertyNamesEverySide) return;
    for (const facts of pieces) {
      const stated = facts.properties.get(sideProperty)?.trim();
      if (stated && !stated.includes('$') && !this.sideCalled(stated)) this.addSide(stated);
    }
  }

  /** Whether a palette piece says it is a unit (a "Unit" prototype, Kind=Unit, a stated factor): then one saying nothing is no unit by the names around it. */
  private someSayUnit = false;

  noteUnitsSayingSo(pieces: readonly PieceFacts[]): void {
    this.someSayUnit = pieces.some(
      (facts) =>
        property(facts, KIND_NAMES) === PIECE_KINDS.unit ||
        facts.prototypes.some(this.namesUnit) ||
        this.statedFactors(facts) !== undefined,
    );
  }

  /** The unit's side (see the top of this file); undefined when the slot is no unit. `hexforge`: whether the piece is Hexforge's (valuesOf). */
  sideOf(
    def: DefinitionRecord,
    entry: PieceEntry,
    name: string,
    kind: string | undefined,
    read: { notes: string[]; readFrom: Record<string, ValueSource> },
    hexforge: boolean,
  ): SideRecord | undefined {
    const { facts, matchKey } = entry;
    const { notes } = read;
    const sideId = property(facts, SIDE_ID_NAMES);
    const sideName = property(facts, SIDE_NAMES);
    if (sideId && sideName) return this.addSide(sideName, slug(sideId));
    const vocabularySide = this.vocabulary.sideProperty;
    const stated = vocabularySide !== undefined ? facts.properties.get(vocabularySide)?.trim() : undefined;
    const rosterSide = stated ? this.sideCalled(stated) : undefined;
    if (rosterSide && vocabularySide) {
      const from = (ownReadFrom(read).side = propertySource(facts, vocabularySide));
      notes.push(`side from ${describeSource(from)} "${stated}"`);
      return rosterSide;
    }
    if (sideName && sideName !== '' && !sideName.includes('$')) {
      notes.push(`side from property Side "${sideName}"`);
      return this.sideCalled(sideName) ?? this.addSide(sideName);
    }
    // Only one side may move it (Restricted Access): the module says whose it is.
    const restricted = facts.restrictedTo?.length === 1 ? this.sideCalled(facts.restrictedTo[0]) : undefined;
    if (restricted) {
      notes.push(`side from Restricted Access "${facts.restrictedTo![0]}"`);
      return restricted;
    }
    const saysUnit = kind === 'Unit' || facts.prototypes.some(this.namesUnit);
    // A piece named by a side's name alone ("German") is that side's token, not a unit, unless it
    // says it is one or states factors.
    const token = !saysUnit && this.statedFactors(facts) === undefined;
    // Likewise a piece that says nothing of being a unit, among pieces that do, is no unit by the
    // names around it (an activation marker in a side's tab, "French activation"), unless values
    // are read from it: it is a marker.
    const saysNothing = token && this.someSayUnit && !this.statesValues(entry, def.decoded, hexforge);
    const named = saysNothing ? undefined : this.sideInNames(def, facts, matchKey, name, notes, saysUnit, token);
    if (named === 'conflict') return this.addSide(UNKNOWN_SIDE_NAME, UNKNOWN_SIDE);
    if (named) return named;
    if (stated && vocabularySide && this.vocabulary.sidePropertyNamesEverySide && !stated.includes('$')) {
      const from = (ownReadFrom(read).side = propertySource(facts, vocabularySide));
      notes.push(`side from ${describeSource(from)} "${stated}"`);
      return this.addSide(stated);
    }
    // Without a side a slot is a unit only when it says so (a "Unit" prototype or Kind=Unit), or
    // states its factors in the module's factor properties (a team member's Move and Strength).
    const factors = saysUnit ? undefined : this.statedFactors(facts);
    if (!saysUnit && factors === undefined) return undefined;
    if (factors !== undefined) {
      notes.push(`a unit: the module states its ${factors.join(', ')}; side not stated in the module`);
      this.factorsWithoutSide++;
    } else notes.push('side not stated in the module');
    return this.addSide(UNKNOWN_SIDE_NAME, UNKNOWN_SIDE);
  }

  /** Whether values are read from a piece (valuesOf, whose notes are not kept here). */
  private statesValues(entry: PieceEntry, decoded: readonly DecodedTrait[], hexforge: boolean): boolean {
    const { values } = this.valuesRead(entry, decoded, hexforge);
    return values.front !== undefined || values.reverse !== undefined;
  }

  /** The module's factor properties (./vocabulary.ts) a piece states a factor in; undefined for none. */
  private statedFactors(facts: PieceFacts): string[] | undefined {
    const factorProperties = this.vocabulary.factorProperties;
    if (factorProperties === undefined || facts.properties.size === 0) return undefined;
    const stated = factorProperties.filter((p) => FACTOR_VALUE.test(facts.properties.get(p)?.trim() ?? ''));
    return stated.length > 0 ? stated : undefined;
  }

  /** Whether a prototype's name says its pieces are units (a word "Unit" or "Units"), once per name. */
  private readonly namesUnit = (prototype: string): boolean => {
    let says = this.unitPrototypes.get(prototype);
    if (says === undefined) {
      says = this.wordsOf(prototype).some((w) => w === 'unit' || w === 'units');
      this.unitPrototypes.set(prototype, says);
    }
    return says;
  };

  /**
   * A side named in the palette lists (outermost first), the prototypes or the piece name; else by
   * the palette window's name; else by the places the module starts the piece (only for a slot that
   * says it is a unit: a start place alone makes no marker a unit). These say whose a piece is only
   * indirectly, so where two name different sides neither wins: the side is unknown (`conflict`).
   */
  private sideInNames(
    def: DefinitionRecord,
    facts: PieceFacts,
    matchKey: string,
    name: string,
    notes: string[],
    saysUnit: boolean,
    /** Whether a name that is a side's name alone names the side's token (no unit). */
    token: boolean,
  ): SideRecord | 'conflict' | undefined {
    // The evidence in order (inner names, the window, the start places), without a list of it:
    // this runs for every slot, and most have one piece of evidence or none.
    const inner = this.innerSideInNames(def, facts, name, token);
    const window = this.windowSide(def.ancestors);
    const start = this.startSides(matchKey);
    const withStart = start.length > 0 && (inner !== undefined || window !== undefined || saysUnit);
    const first = inner ?? window ?? (withStart ? start[0] : undefined);
    if (first === undefined) return undefined;
    let other = window !== undefined && window.side !== first.side ? window : undefined;
    if (other === undefined && withStart) other = start.find((e) => e.side !== first.side);
    if (other) {
      const [a, b] = [describeEvidence(first), describeEvidence(other)];
      const key = `${a}\u0000${b}`;
      const conflict = this.conflicts.get(key) ?? { a, b, count: 0, at: positionOf(def.element) };
      conflict.count++;
      this.conflicts.set(key, conflict);
      notes.push(`side unknown: ${a} names ${first.side.name}, ${b} names ${other.side.name}`);
      return 'conflict';
    }
    return this.noted(first, notes);
  }

  /** The sides the start places of pieces with a match key name, one per place naming one. */
  private startSides(matchKey: string): Evidence[] {
    // A module without at-start stacks asks nothing of its pieces' match keys (hashing each costs).
    if (this.startPlaces.size === 0) return NO_EVIDENCE;
    const places = this.startPlaces.get(matchKey);
    if (places === undefined) return NO_EVIDENCE;
    const found: Evidence[] = [];
    for (const place of places) {
      const side = place.owner !== undefined ? this.sideCalled(place.owner) : this.sideNamed(place.text);
      if (side) found.push({ side, where: place.where === 'window' ? 'startWindow' : 'startFolder', text: place.text });
    }
    return found;
  }

  /** Notes where the at-start stacks of each palette piece start (matched as setups match units). */
  readStartPlaces(definitions: readonly DefinitionRecord[]): void {
    for (const def of definitions) {
      if (def.kind !== 'slot' || !def.ancestors.some((a) => a.name === SETUP_STACK)) continue;
      const places = startPlaces(def.ancestors);
      if (places.length === 0) continue;
      const key = this.entryOf(def).matchKey;
      const known = this.startPlaces.get(key) ?? [];
      for (const place of places) if (!known.some((k) => k.where === place.where && k.text === place.text)) known.push(place);
      this.startPlaces.set(key, known);
    }
  }

  private innerSideInNames(def: DefinitionRecord, facts: PieceFacts, name: string, token: boolean): Evidence | undefined {
    const fromList = this.listSide(def.ancestors);
    if (fromList) return fromList;
    for (let i = 0; i < facts.prototypes.length; i++) {
      const prototype = facts.prototypes[i];
      const side = this.sideNamed(prototype);
      if (side) return { side, where: 'prototype', text: prototype };
    }
    const side = this.sideNamed(name);
    if (!side || (token && this.isSideName(name, side))) return undefined;
    return { side, where: 'name', text: name };
  }

  /** Whether a text's words are a side's name and nothing else (allowing a plural "s"). */
  private isSideName(text: string, side: SideRecord): boolean {
    const [ws, sideWords] = [this.wordsOf(text), this.wordsOf(side.name)];
    return ws.length === sideWords.length && containsWords(ws, sideWords);
  }

  /** One info per palette window and other text naming different sides (formations). */
  conflictDiagnostics(): Diagnostic[] {
    const infos = (what: 'side' | 'formation', conflicts: PaletteReader['conflicts']): Diagnostic[] =>
      [...conflicts.values()].map(({ a, b, count, at }) => ({
        ...at,
        code: `vassal/${what}-conflict`,
        severity: 'info',
        message: `${count} unit(s) where ${a} and ${b} name different ${what}s: their ${what} is unknown`,
        hint: `state the ${what} in a Marker or property of the pieces (or their prototype); the line is the first such piece`,
      }));
    const unstated: Diagnostic[] =
      this.factorsWithoutSide === 0
        ? []
        : [
            {
              code: 'vassal/side-unstated',
              severity: 'info',
              message: `${this.factorsWithoutSide} palette piece(s) state their factors but no side anywhere (no side property, Restricted Access, or side-named window, list, prototype, name or start place): read as units of side "${UNKNOWN_SIDE_NAME}"`,
              hint: 'state each side in a Marker "Side" of the pieces or their prototypes (a PlayerRoster side), or name the roster\'s sides in the palette lists',
            },
          ];
    return [...infos('side', this.conflicts), ...infos('formation', this.formationConflicts), ...unstated];
  }

  /**
   * The formation the places of a unit name, for a unit whose formation property states none: a
   * palette list (outermost first), the palette window, or a map folder of its at-start stacks whose
   * name is (or holds the words of) a formation the module's formation property states for other
   * pieces. Only formations of the module's own vocabulary; two places naming different ones: none.
   */
  formationInPlaces(def: DefinitionRecord, matchKey: string, notes: string[]): ImportedUnit['formation'] {
    if (!this.vocabulary.formations) return undefined;
    const found: Array<{ formation: string; place: string }> = [];
    const add = (text: string, place: string) => {
      const formation = text === '' ? null : this.formationNamed(text);
      if (formation !== null) found.push({ formation, place: `${place} "${text}"` });
    };
    for (const a of def.ancestors)
      if (a.name === PIECE_WINDOW) add(attribute(a, 'name') ?? '', SIDE_PLACE_WORDS.window);
      else add(attribute(a, 'entryName') ?? '', SIDE_PLACE_WORDS.list);
    for (const place of this.startPlaces.get(matchKey) ?? []) if (place.where === 'folder') add(place.text, SIDE_PLACE_WORDS.startFolder);
    if (found.length === 0) return undefined;
    const other = found.find((f) => f.formation !== found[0].formation);
    if (other) {
      const [a, b] = [found[0].place, other.place];
      const key = `${a}\u0000${b}`;
      const conflict = this.formationConflicts.get(key) ?? { a, b, count: 0, at: positionOf(def.element) };
      conflict.count++;
      this.formationConflicts.set(key, conflict);
      notes.push(`formation unknown: ${a} names ${found[0].formation}, ${b} names ${other.formation}`);
      return undefined;
    }
    notes.push(`formation from ${found[0].place}`);
    return { id: slug(found[0].formation, 'formation'), name: found[0].formation };
  }

  /** The formation of the vocabulary a text names: the one it is, else the one whose words it alone holds. */
  private formationNamed(text: string): string | null {
    let found = this.formationByText.get(text);
    if (found === undefined) {
      const formations = this.vocabulary.formations ?? [];
      const whole = formations.find((f) => f.trim().toLowerCase() === text.trim().toLowerCase());
      const ws = this.wordsOf(text);
      const within = formations.filter((f) => containsWords(ws, this.wordsOf(f)));
      found = whole ?? (within.length === 1 ? within[0] : null);
      this.formationByText.set(text, found);
    }
    return found;
  }

  /**
   * The side the name of the palette window holding a slot names (a PieceWindow "German"), once per
   * list path while no side is added (as listSide).
   */
  private windowSide(ancestors: readonly XmlElement[]): Evidence | undefined {
    let found = this.windowSides.get(ancestors);
    if (found !== undefined && found.sides === this.sides.length) return found.evidence;
    found = { sides: this.sides.length };
    const window = ancestors.find((a) => a.name === PIECE_WINDOW);
    const text = window ? (attribute(window, 'name') ?? '') : '';
    const side = text !== '' ? this.sideNamed(text) : undefined;
    if (side) found.evidence = { side, where: 'window', text };
    this.windowSides.set(ancestors, found);
    return found.evidence;
  }

  /**
   * The side the palette lists name (outermost first), once per list path while no side is added:
   * siblings share their ancestors array, and a new side may be named by an outer list.
   */
  private listSide(ancestors: readonly XmlElement[]): Evidence | undefined {
    let found = this.listSides.get(ancestors);
    if (found !== undefined && found.sides === this.sides.length) return found.evidence;
    found = { sides: this.sides.length };
    for (let i = 0; i < ancestors.length; i++) {
      const list = attribute(ancestors[i], 'entryName') ?? '';
      if (list === '') continue;
      const side = this.sideNamed(list);
      if (side) {
        found.evidence = { side, where: 'list', text: list };
        break;
      }
    }
    this.listSides.set(ancestors, found);
    return found.evidence;
  }

  private noted(found: Evidence, notes: string[]): SideRecord {
    let note = this.sideNotes[found.where].get(found.text);
    if (note === undefined) {
      note = `side from ${describeEvidence(found)}`;
      this.sideNotes[found.where].set(found.text, note);
    }
    notes.push(note);
    return found.side;
  }

  typeOf(facts: PieceFacts, name: string, notes: string[]): { type: string; typeName: string } {
    const typeId = property(facts, TYPE_ID_NAMES);
    const typeProp = property(facts, TYPE_NAMES_PROPERTIES);
    if (typeId || typeProp) return { type: slug(typeId ?? typeProp!, UNKNOWN_TYPE), typeName: typeProp ?? typeId! };
    let found = this.typeWordIn(name);
    for (let i = 0; found === null && i < facts.prototypes.length; i++) found = this.typeWordIn(facts.prototypes[i]);
    if (found === null) return UNKNOWN_TYPE_OF;
    notes.push(found.note);
    return found;
  }

  private typeWordIn(text: string): { type: string; typeName: string; note: string } | null {
    let found = this.typeWords.get(text);
    if (found === undefined) {
      const word = this.wordsOf(text).find((w) => TYPE_WORDS[w] !== undefined);
      found = word
        ? { type: TYPE_WORDS[word], typeName: TYPE_NAMES[TYPE_WORDS[word]], note: `type from the word "${word}" in "${text}"` }
        : null;
      this.typeWords.set(text, found);
    }
    return found;
  }

  /**
   * The values of a piece, once per definition text (`hexforge` follows from the facts): copies of
   * a counter share them (read-only), and the note saying where they were read.
   */
  valuesOf(entry: PieceEntry, decoded: readonly DecodedTrait[], hexforge: boolean, notes: string[]): PieceValues {
    const read = this.valuesRead(entry, decoded, hexforge);
    for (let i = 0; i < read.notes.length; i++) notes.push(read.notes[i]);
    return read.values;
  }

  private valuesRead(entry: PieceEntry, decoded: readonly DecodedTrait[], hexforge: boolean): NonNullable<PieceEntry['values']> {
    let read = entry.values;
    if (read === undefined) {
      const readNotes: string[] = [];
      read = { values: this.readValues(entry.facts, decoded, hexforge, readNotes), notes: readNotes };
      entry.values = read;
    }
    return read;
  }

  /** Hexforge's own value properties (`<field>` and `<field>_Back`), else what value-texts.ts reads. */
  private readValues(facts: PieceFacts, decoded: readonly DecodedTrait[], hexforge: boolean, notes: string[]): PieceValues {
    // Most pieces of non-Hexforge modules state no values: those leave front and reverse undefined.
    const values: PieceValues = { sources: facts.name !== '' ? NAME_SOURCES : NO_SOURCES };
    if (hexforge) {
      for (const [prop, value] of facts.properties) {
        if (facts.origin.get(prop) !== '' || HEXFORGE_IDENTITY.includes(prop) || !/^[a-z][a-zA-Z0-9]*(_Back)?$/.test(prop)) continue;
        const back = prop.endsWith(BACK_SUFFIX);
        const field = back ? prop.slice(0, -BACK_SUFFIX.length) : prop;
        if (!this.fieldIds.has(field)) this.addField(field, this.hexforgeFieldName(field));
        if (back) (values.reverse ??= new Map()).set(field, value);
        else (values.front ??= new Map()).set(field, value);
        ownSources(values, facts)[back ? `back.${field}` : field] = { carrier: facts.carriers.get(prop) ?? 'mark', property: prop };
      }
      return values;
    }
    const read = moduleValues(facts, decoded, this.prototypes, this.vocabulary);
    for (const { field, fieldName, value, source } of read.front) {
      this.addField(field, fieldName);
      (values.front ??= new Map()).set(field, value);
      ownSources(values, facts)[field] = source;
    }
    for (const { field, fieldName, value, source } of read.back) {
      this.addField(field, fieldName);
      (values.reverse ??= new Map()).set(field, value);
      ownSources(values, facts)[`back.${field}`] = source;
    }
    if (read.back.length > 0) values.back = 'reduced';
    if (read.note !== undefined) notes.push(read.note);
    return values;
  }
}

/** The sides a module's PlayerRoster names, in its order. */
export function rosterSidesOf(root: XmlElement): string[] {
  const roster = elementsNamed(root, 'VASSAL.build.module.PlayerRoster')[0];
  return (roster?.children ?? []).filter((c) => c.name === 'entry' && (c.text ?? '').trim() !== '').map((c) => c.text!.trim());
}

/**
 * `renamed`: match key → a name the palette pieces of that key are read under instead of their
 * own (what a new import would read after an update renames them, ../update/rename-readings.ts).
 */
export function importUnits(
  definitions: readonly DefinitionRecord[],
  prototypes: PrototypeIndex,
  rosterSides: readonly string[],
  renamed?: ReadonlyMap<string, string>,
): UnitsResult {
  const reader = new PaletteReader(prototypes);
  for (const name of rosterSides) reader.addSide(name);
  const slots = definitions.filter(isPaletteSlot);
  const slotEntries = slots.map((def) => reader.entryOf(def));
  const slotFacts = slotEntries.map((entry) => entry.facts);
  reader.vocabulary = moduleVocabulary(slotFacts, rosterSides);
  reader.addStatedSides(slotFacts);
  reader.noteUnitsSayingSo(slotFacts);
  reader.readStartPlaces(definitions);
  const unitIds = new IdSpace();
  const units: ImportedUnit[] = [];
  // The side record of each unit, by index: side ids may still change while reading.
  const unitSides: SideRecord[] = [];
  const markers: UnitsResult['markers'] = [];
  const paths = new SlotPaths();
  const noteLists = new NoteLists();
  // One record for every slot, emptied for each: what a unit keeps of it is copied (NoteLists).
  const read = { notes: [] as string[], readFrom: NOT_READ_FROM };
  const { notes } = read;

  for (let s = 0; s < slots.length; s++) {
    const def = slots[s];
    const entry = slotEntries[s];
    const facts = entry.facts;
    const entryName = attribute(def.element, 'entryName') ?? '';
    const gpid = attribute(def.element, 'gpid') ?? '';
    const name = renamed?.get(entry.matchKey) ?? (facts.name || entryName);
    // Emptied by popping: setting the length to 0 frees the array's store, and the slot's first
    // note would then allocate a new one (one per slot, thousands in a large module).
    while (notes.length > 0) notes.pop();
    read.readFrom = NOT_READ_FROM;
    // Hexforge's prototypes say what a piece is; markers and chits carry a Side too.
    const kind = property(facts, KIND_NAMES);
    const hexforge = facts.properties.has(U.unitId);
    const side = kind !== undefined && kind !== PIECE_KINDS.unit ? undefined : reader.sideOf(def, entry, name, kind, read, hexforge);
    if (!side) {
      const renamedTo = renamed?.has(entry.matchKey) === true;
      markers.push(paletteMarker(entry, def, prototypes, { entryName, gpid, path: paths.of(def, entryName), name }, renamedTo));
      continue;
    }
    const { type, typeName } = reader.typeOf(facts, name, notes);
    const values = reader.valuesOf(entry, def.decoded, hexforge, notes);
    const nationality = nonEmpty(facts, U.nationality);
    if (nationality && hexforge) side.nationalities.add(nationality);
    const id = unitIds.takeOrSlot(nonEmpty(facts, U.unitId) ?? name, 'unit', gpid);
    const named = { id, side, type, typeName, name: hexforge ? hexforgeOwnName(facts, name, typeName) : name, hexforge, values };
    units.push(importedUnit(def, entry, reader, read, noteLists, named, { gpid, entryName, path: paths.of(def, entryName) }));
    unitSides.push(side);
  }
  // Side ids may have been settled after a unit was read.
  for (let i = 0; i < units.length; i++) units[i].side = unitSides[i].id;
  return {
    units,
    sides: reader.sides,
    fields: withFieldKinds(reader.fields, units),
    markers,
    ids: unitIds,
    diagnostics: reader.conflictDiagnostics(),
  };
}

/**
 * A Hexforge piece's own name: none where the piece shows the name Hexforge composes for a unit
 * without one (designation, type and size, module/names.ts `unitPieceName`).
 */
function hexforgeOwnName(facts: PieceFacts, name: string, typeName: string): string {
  const composed = [nonEmpty(facts, U.designation), typeName, nonEmpty(facts, U.size)].filter((p) => p !== undefined && p !== '').join(' ');
  return name === composed ? '' : name;
}

/**
 * One unit in one shape; fields the piece does not state stay undefined. `read` is the slot's
 * notes and sources (importUnits' record for every slot): the unit keeps copies of them.
 */
function importedUnit(
  def: DefinitionRecord,
  entry: PieceEntry,
  reader: PaletteReader,
  read: { notes: string[]; readFrom: Record<string, ValueSource> },
  noteLists: NoteLists,
  named: { id: string; side: SideRecord; type: string; typeName: string; name: string; hexforge: boolean; values: PieceValues },
  slot: ImportedUnit['slot'],
): ImportedUnit {
  const { facts } = entry;
  const { hexforge, values } = named;
  const { front, reverse } = values;
  const formationId = nonEmpty(facts, U.formationId);
  const formation = hexforge
    ? formationId
      ? { id: formationId, name: nonEmpty(facts, U.formation) ?? formationId }
      : undefined
    : (vocabularyFormation(facts, reader.vocabulary, read) ?? reader.formationInPlaces(def, entry.matchKey, read.notes));
  const levelName = facts.layerLevelNames[0] ?? '';
  return {
    id: named.id,
    side: named.side.id,
    type: named.type,
    typeName: named.typeName,
    name: named.name,
    nationality: hexforge ? nonEmpty(facts, U.nationality) : undefined,
    size: nonEmpty(facts, U.size),
    formation,
    designation: hexforge ? nonEmpty(facts, U.designation) : undefined,
    steps: hexforge ? nonEmpty(facts, U.steps) : undefined,
    back:
      values.back ??
      (levelName === FLIP_LEVEL.reduced && reverse !== undefined && reverse.size > 0
        ? 'reduced'
        : hexforge && levelName === FLIP_LEVEL.back
          ? 'other'
          : undefined),
    flags: hexforge ? unitFlags(nonEmpty(facts, U.flags)) : NO_FLAGS,
    setup: hexforge ? nonEmpty(facts, U.setupCode) : undefined,
    entry: hexforge ? nonEmpty(facts, U.entry) : undefined,
    front: front ?? NO_VALUES,
    reverse: reverse ?? NO_VALUES,
    notes: noteLists.of(read.notes),
    sources: values.sources,
    readFrom: read.readFrom,
    slot,
    images: entry.images,
    matchKey: entry.matchKey,
    definition: def,
  };
}

/**
 * A palette slot that is no unit, as the sidecar keeps it; a piece without a name of its own is
 * named as VASSAL shows the slot (PieceSlot.getLocalizedConfigureName): by its Text Labels and
 * Layer levels, else by the slot's entryName (unless `renamedTo`: the name an update gave it).
 */
function paletteMarker(
  entry: PieceEntry,
  def: DefinitionRecord,
  prototypes: PrototypeIndex,
  slot: { entryName: string; gpid: string; path: string; name: string },
  renamedTo: boolean,
): UnitsResult['markers'][number] {
  const { entryName, gpid, path } = slot;
  const image = entry.facts.frontImage;
  const shown = entry.facts.name === '' ? shownName(def.decoded, prototypes, entry.facts) : undefined;
  const own = shown !== undefined && shown.trim() !== '';
  const named = own ? { name: renamedTo ? slot.name : shown, shownName: shown } : { name: slot.name };
  // Most markers have no Layer pictures: their record is made whole, without spreading.
  if (entry.facts.layerImages.length === 0) return { entryName, gpid, path, ...named, image, matchKey: entry.matchKey };
  return { entryName, gpid, path, ...named, image, ...layersOf(entry.facts), matchKey: entry.matchKey };
}

/**
 * The units' notes, one list per distinct content: units of one palette list mostly read the
 * same notes, and each keeps them to the end of the import (read-only, as every list of a unit).
 */
class NoteLists {
  private readonly lists = new Map<string, string[]>();

  /** The list holding what `notes` holds now (a note never holds a NUL, which XML cannot carry). */
  of(notes: readonly string[]): string[] {
    if (notes.length === 0) return NO_NOTES;
    const key = notes.length === 1 ? notes[0] : notes.join('\u0000');
    let list = this.lists.get(key);
    if (list === undefined) {
      list = notes.slice();
      this.lists.set(key, list);
    }
    return list;
  }
}

/** The notes of a unit that has none: shared, never written. */
const NO_NOTES: string[] = [];

function unitFlags(text: string | undefined): string[] {
  return text === undefined ? NO_FLAGS : text.split(' ').filter(Boolean);
}

/** The formation a piece names in the module's formation property, noted with its source. */
function vocabularyFormation(
  facts: PieceFacts,
  vocabulary: ModuleVocabulary,
  read: { notes: string[]; readFrom: Record<string, ValueSource> },
): ImportedUnit['formation'] {
  const name = vocabulary.formationProperty;
  const value = name !== undefined ? facts.properties.get(name)?.trim() : undefined;
  if (!name || !value || value.includes('$')) return undefined;
  const from = (ownReadFrom(read).formation = propertySource(facts, name));
  read.notes.push(`formation from ${describeSource(from)} "${value}"`);
  return { id: slug(value, 'formation'), name: value };
}

const PIECE_WINDOW = 'VASSAL.build.module.PieceWindow';

/** A text that names a side for a piece, and where it stands. */
interface Evidence {
  side: SideRecord;
  where: 'window' | 'list' | 'prototype' | 'name' | 'startWindow' | 'startFolder';
  text: string;
}
const NO_EVIDENCE: Evidence[] = [];

/** Where a side was named, in words, for notes. */
const SIDE_PLACE_WORDS = {
  window: 'palette window',
  list: 'palette list',
  prototype: 'prototype',
  name: 'piece name',
  startWindow: 'at-start stacks in the window',
  startFolder: 'at-start stacks in the map folder',
} as const;

function describeEvidence(e: Evidence): string {
  return e.where === 'startWindow'
    ? `${SIDE_PLACE_WORDS[e.where]} "${e.text}" of ${e.side.name}`
    : `${SIDE_PLACE_WORDS[e.where]} "${e.text}"`;
}

/** Exposed for the setup matcher: the index of the first palette unit with each match key. */
export function unitIndexByKey(units: readonly ImportedUnit[]): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < units.length; i++) if (!map.has(units[i].matchKey)) map.set(units[i].matchKey, i);
  return map;
}

export type { XmlElement };
