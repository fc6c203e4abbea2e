/**
 * The properties a piece shows, as VASSAL resolves them: Marker (`mark;`) constants, Dynamic
 * Property (`PROP;`) values, Text Label (`label;`) texts bound to a property name, and the same
 * from every prototype the piece uses, expanded in place. Outer traits shadow inner ones, so the
 * first definition of a name wins. Also collects the prototype names used (transitively) and the
 * images of the piece and its prototypes.
 */
import { decodeSequence } from '../sequence-encoder';
import {
  BASIC_NAME_PROPERTY,
  OLD_LAYER_ID,
  canBeActivated,
  decodeTrait,
  layerType,
  layerValue,
  markerProperties,
  oldLayerLevels,
  PROPERTY_SHEET_ID,
  propertySheetProperties,
  upgradeOldLayer,
  type DecodedTrait,
} from '../traits/index';
import type { DefinitionRecord } from '../reader/module';
import { attribute } from '../xml-tree';
import { echoedProperty, labelNeedsReading, readLabelText, type LabelReading } from './label-text';

export interface PieceFacts {
  /** Property name → value, first definition wins. */
  properties: Map<string, string>;
  /** Where each property came from: the slot itself or a prototype's name. */
  origin: Map<string, string>;
  /** Which kind of trait defines each property (where an update must change it). */
  carriers: Map<string, PropertyCarrier>;
  /** Prototype names in the order they were expanded (transitively). */
  prototypes: string[];
  /** The piece's name as VASSAL gives it: the outermost Basic Name trait's (or BasicName property's), else the BasicPiece's. */
  name: string;
  /**
   * Where the name comes from: undefined for the BasicPiece, '' for a Basic Name trait of the piece
   * itself, else the name of the prototype whose Basic Name trait gives it.
   */
  nameOrigin?: string;
  /** The kind of trait whose property BasicName gives the name, when not a Basic Name trait. */
  nameCarrier?: PropertyCarrier;
  frontImage: string;
  /** Images of Layer levels (backs, step faces), in chain order. */
  layerImages: string[];
  /** Level names of the first Layer with images (e.g. "+ (reduced)"). */
  layerLevelNames: string[];
  /** Whether the first Layer with images is always active (no activate key: players cannot flip it). */
  layerAlwaysActive: boolean;
  /** The picture the first Layer with images draws at its state; '' where it draws none (inactive, or a blank level). */
  layerShownImage: string;
  /** Text Label properties whose text the import cannot read (BeanShell, unknown `$name$`): their value is the text as written. */
  unreadLabels?: Map<string, Exclude<LabelReading, { kind: 'text' }>>;
  /** Text Label properties showing another property whole (`$name$`): they state nothing of their own. */
  echoLabels?: Set<string>;
  /** How many Text Labels (named or not) hold a text: each adds its text to the name VASSAL gives the piece. */
  labelsWithText: number;
  /** The sides the outermost Restricted Access trait lets move the piece (Restricted.mySetType's side list). */
  restrictedTo?: string[];
}

const RESTRICTED_ID = 'restrict;';

/** Trait kinds that give a piece a property value: Marker, Dynamic Property, Text Label. */
export type PropertyCarrier = 'mark' | 'PROP' | 'label' | 'sheet';

export type PrototypeIndex = Map<string, DefinitionRecord>;

export function prototypeIndex(definitions: readonly DefinitionRecord[]): PrototypeIndex {
  const index: PrototypeIndex = new Map();
  for (const def of definitions) {
    if (def.kind !== 'prototype') continue;
    const name = attribute(def.element, 'name') ?? '';
    if (!index.has(name)) index.set(name, def);
  }
  return index;
}

/**
 * The property maps of a piece that has none (most pieces of most modules): shared, never written
 * (setProperty gives a piece its own maps with its first property).
 */
const NO_PROPERTIES: Map<string, string> = new Map();
const NO_ORIGINS: Map<string, string> = new Map();
const NO_CARRIERS: Map<string, PropertyCarrier> = new Map();

function setProperty(facts: PieceFacts, name: string, value: string, originName: string, carrier: PropertyCarrier): void {
  if (name === '' || facts.properties.has(name)) return;
  if (facts.properties === NO_PROPERTIES) {
    facts.properties = new Map();
    facts.origin = new Map();
    facts.carriers = new Map();
  }
  facts.properties.set(name, value);
  facts.origin.set(name, originName);
  facts.carriers.set(name, carrier);
}

/** Where collect() puts what a chain of traits says: a piece's facts, or a prototype's recorded expansion. */
interface FactsSink {
  property(name: string, value: string, originName: string, carrier: PropertyCarrier): void;
  prototype(name: string): void;
  /** A Basic Name trait's name, or a BasicName property's (the first one met, outermost, names the piece). */
  basicName(name: string, originName: string, carrier?: PropertyCarrier): void;
  layer(images: string[], levelNames: string[], alwaysActive: boolean, shown: string): void;
  /** A Restricted Access trait's sides. */
  restriction(sides: string[]): void;
  /** The expansion of a prototype used by the piece itself (the same for every piece using it). */
  expansion(name: string, def: DefinitionRecord): void;
}

/** One step of a prototype's expansion, replayed onto each piece using it (in order, as collect() met it). */
type ExpansionStep =
  | { kind: 'property'; name: string; value: string; originName: string; carrier: PropertyCarrier }
  | { kind: 'prototype'; name: string }
  | { kind: 'basicName'; name: string; originName: string; carrier?: PropertyCarrier }
  | { kind: 'layer'; images: string[]; levelNames: string[]; alwaysActive: boolean; shown: string }
  | { kind: 'restriction'; sides: string[] };

class RecordingSink implements FactsSink {
  readonly steps: ExpansionStep[] = [];
  property(name: string, value: string, originName: string, carrier: PropertyCarrier): void {
    this.steps.push({ kind: 'property', name, value, originName, carrier });
  }
  prototype(name: string): void {
    this.steps.push({ kind: 'prototype', name });
  }
  basicName(name: string, originName: string, carrier?: PropertyCarrier): void {
    this.steps.push({ kind: 'basicName', name, originName, carrier });
  }
  layer(images: string[], levelNames: string[], alwaysActive: boolean, shown: string): void {
    this.steps.push({ kind: 'layer', images, levelNames, alwaysActive, shown });
  }
  restriction(sides: string[]): void {
    this.steps.push({ kind: 'restriction', sides });
  }
  expansion(): void {
    throw new Error('a prototype expansion is recorded from the piece level only');
  }
}

/**
 * What is derived from one prototype, per prototype index and name, derived once: every palette
 * piece of a module uses the same few prototypes. A cache belongs to one kind of derivation.
 */
export class PerPrototype<T> {
  private readonly byIndex = new WeakMap<PrototypeIndex, Map<string, T>>();

  constructor(private readonly derive: (name: string, def: DefinitionRecord, prototypes: PrototypeIndex) => T) {}

  of(name: string, def: DefinitionRecord, prototypes: PrototypeIndex): T {
    let byName = this.byIndex.get(prototypes);
    if (byName === undefined) {
      byName = new Map();
      this.byIndex.set(prototypes, byName);
    }
    let derived = byName.get(name);
    if (derived === undefined) {
      derived = this.derive(name, def, prototypes);
      byName.set(name, derived);
    }
    return derived;
  }
}

/** Each prototype's expansion as a piece using it directly sees it. */
const expansions = new PerPrototype<ExpansionStep[]>((name, def, prototypes) => {
  const recording = new RecordingSink();
  collect(def.decoded, name, prototypes, recording, [name], false);
  return recording.steps;
});

class PieceSink implements FactsSink {
  /** Some Text Label property reads otherwise than its text is written ($…$, edge spaces, BeanShell). */
  labelToRead = false;
  /** Text Labels with text, named or not. */
  labelsWithText = 0;

  /** The prototype names met, copied into the facts at the end (an array grown by pushing holds 17 slots). */
  readonly prototypeNames: string[] = [];

  constructor(
    readonly facts: PieceFacts,
    private readonly prototypes: PrototypeIndex,
  ) {}
  property(name: string, value: string, originName: string, carrier: PropertyCarrier): void {
    if (carrier === 'label') {
      if (value.trim() !== '') this.labelsWithText++;
      if (name !== '' && !this.labelToRead) this.labelToRead = labelNeedsReading(value);
    }
    setProperty(this.facts, name, value, originName, carrier);
  }
  prototype(name: string): void {
    this.prototypeNames.push(name);
  }
  basicName(name: string, originName: string, carrier?: PropertyCarrier): void {
    if (this.facts.nameOrigin !== undefined) return;
    this.facts.name = name;
    this.facts.nameOrigin = originName;
    if (carrier) this.facts.nameCarrier = carrier;
  }
  layer(images: string[], levelNames: string[], alwaysActive: boolean, shown: string): void {
    const facts = this.facts;
    if (images.length === 0) return;
    if (facts.layerImages === NO_IMAGES) {
      // The first Layer's images as they are (read-only, as everywhere): most pieces have one Layer.
      facts.layerImages = images;
      facts.layerLevelNames = levelNames;
      facts.layerAlwaysActive = alwaysActive;
      facts.layerShownImage = shown;
    } else {
      facts.layerImages = facts.layerImages.concat(images);
    }
  }
  restriction(sides: string[]): void {
    this.facts.restrictedTo ??= sides;
  }
  expansion(name: string, def: DefinitionRecord): void {
    const steps = expansions.of(name, def, this.prototypes);
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if (step.kind === 'property') this.property(step.name, step.value, step.originName, step.carrier);
      else if (step.kind === 'prototype') this.prototypeNames.push(step.name);
      else if (step.kind === 'basicName') this.basicName(step.name, step.originName, step.carrier);
      else if (step.kind === 'restriction') this.restriction(step.sides);
      else this.layer(step.images, step.levelNames, step.alwaysActive, step.shown);
    }
  }
}

/** A trait's property; one named BasicName names the piece as a Basic Name trait would (BasicPiece.getName asks the outermost trait). */
function traitProperty(sink: FactsSink, name: string, value: string, originName: string, carrier: PropertyCarrier): void {
  if (name === BASIC_NAME_PROPERTY) sink.basicName(value, originName, carrier);
  sink.property(name, value, originName, carrier);
}

function collect(
  decoded: readonly DecodedTrait[],
  originName: string,
  prototypes: PrototypeIndex,
  sink: FactsSink,
  path: string[],
  isRoot: boolean,
  facts?: PieceFacts,
): void {
  for (let i = 0; i < decoded.length; i++) {
    const trait = decoded[i];
    switch (trait.kind) {
      case 'marker':
        for (const [name, value] of markerProperties(trait.fields)) traitProperty(sink, name, value, originName, 'mark');
        break;
      case 'labeler':
        // A label without a property name states nothing, but its text still counts (PieceSink.property).
        traitProperty(sink, trait.type.propertyName ?? '', trait.state, originName, 'label');
        break;
      case 'layer': {
        const layer = layerReading(trait);
        sink.layer(layer.images, layer.levelNames, layer.alwaysActive, layer.shown);
        break;
      }
      case 'usePrototype': {
        const name = trait.type.prototypeName ?? '';
        const def = prototypes.get(name);
        // A prototype the module does not define is no trait in VASSAL: its name says nothing of the piece.
        if (def) sink.prototype(name);
        if (def && !path.includes(name)) {
          if (path.length === 0) {
            sink.expansion(name, def);
          } else {
            path.push(name);
            collect(def.decoded, name, prototypes, sink, path, false);
            path.pop();
          }
        }
        break;
      }
      case 'basicName':
        sink.basicName(trait.type.name ?? '', originName);
        break;
      case 'basicPiece':
        if (isRoot && facts && i === decoded.length - 1) {
          // A Basic Name trait, met before the BasicPiece (innermost), overrides its name.
          if (facts.nameOrigin === undefined) facts.name = trait.type.name ?? '';
          facts.frontImage = trait.type.imageName ?? '';
        }
        break;
      case 'unknown':
        if (trait.id === 'PROP;') {
          // Dynamic Property: type `PROP;name;numeric,min,max,wrap;commands`, state = value.
          const name = decodeSequence(trait.trait.type.slice('PROP;'.length), ';')[0] ?? '';
          traitProperty(sink, name, trait.trait.state, originName, 'PROP');
        } else if (trait.id === PROPERTY_SHEET_ID) {
          for (const [name, value] of propertySheetProperties(trait.trait)) traitProperty(sink, name, value, originName, 'sheet');
        } else if (trait.id === RESTRICTED_ID) {
          // Restricted Access: type `restrict;side,side;byPlayer;movement;description`.
          const sides = decodeSequence(trait.trait.type.slice(RESTRICTED_ID.length), ';')[0] ?? '';
          sink.restriction(decodeSequence(sides, ',').filter((side) => side !== ''));
        } else if (trait.id === OLD_LAYER_ID) {
          const layer = layerReading(trait);
          sink.layer(layer.images, layer.levelNames, layer.alwaysActive, layer.shown);
        }
        break;
      default:
        break;
    }
  }
}

/**
 * The picture a Layer draws at its value: level k's (blank levels draw nothing) at value k > 0,
 * none when its value is 0 or below, always-active Layers included (Embellishment.mySetState and
 * draw; VASSAL 3.7.26 draws an always-active Layer at state 0 as nothing, with empty bounds).
 * `levelImages`: every level's image, '' for a blank one.
 */
function layerPictureAt(levelImages: readonly string[], value: number): string {
  return value > 0 ? (levelImages[value - 1] ?? '') : '';
}

/** A Layer (or an old `emb;` one) as the import reads it, at the trait's state. */
export interface LayerReading {
  /** Images of its levels, blank levels left out (shared: read-only). */
  images: string[];
  /** Its level names, one per level (shared: read-only). */
  levelNames: string[];
  /** No activate key: players cannot switch it off (canBeActivated). */
  alwaysActive: boolean;
  /** Its value at the state (layerValue): above 0, the 1-based level shown; else inactive. */
  value: number;
  /** The picture it draws at the state, '' for none (or where it has no image). */
  shown: string;
}

/**
 * Each Layer trait's reading, made once: the piece's facts and its value texts (./value-texts.ts)
 * both read every Layer, and slots of one definition text share their decoded traits.
 */
const layerReadings = new WeakMap<DecodedTrait, LayerReading>();

function readLayer(trait: LayerTrait): LayerReading {
  if (trait.kind === 'layer') {
    const levelImages = decodeSequence(trait.type.images ?? '', ',');
    const images = levelImages.includes('') ? levelImages.filter((image) => image.length > 0) : levelImages;
    const value = layerValue(trait.state, Math.max(1, levelImages.length));
    const alwaysActive = !canBeActivated(trait.type);
    // The facts keep the level names of the first Layer with images; the value texts read every Layer's.
    const levelNames = decodeSequence(trait.type.levelNames ?? '', ',');
    return { images, levelNames, alwaysActive, value, shown: images.length > 0 ? layerPictureAt(levelImages, value) : '' };
  }
  const old = oldLayerLevels(trait.trait.type);
  // An old Layer draws as the Layer VASSAL reads it as (Embellishment.originalSetType).
  const upgraded = old.images.length > 0 ? layerType.decode(upgradeOldLayer(trait.trait.type)) : undefined;
  const upgradedImages = upgraded ? decodeSequence(upgraded.images ?? '', ',') : [];
  return {
    images: old.images,
    levelNames: old.levelNames,
    alwaysActive: !old.canBeActivated,
    value: layerValue(trait.trait.state, old.levelNames.length),
    shown: upgraded ? layerPictureAt(upgradedImages, layerValue(trait.trait.state, Math.max(1, upgradedImages.length))) : '',
  };
}

/** A Layer trait: a Layer, or an old Layer (`emb;`, OLD_LAYER_ID), which the trait decoder leaves unknown. */
export type LayerTrait = Extract<DecodedTrait, { kind: 'layer' | 'unknown' }>;

export function layerReading(trait: LayerTrait): LayerReading {
  let reading = layerReadings.get(trait);
  if (reading === undefined) {
    reading = readLayer(trait);
    layerReadings.set(trait, reading);
  }
  return reading;
}

/** Level names of a Layer without images: never read (only the first Layer with images gives them). */
const NO_NAMES: string[] = [];
/** The Layer images of a piece without any (most pieces): shared, never written (PieceSink.layer gives a piece its own). */
const NO_IMAGES: string[] = [];
/** The prototypes of a piece that uses none: shared, never written (pieceFacts gives a piece its own). */
const NO_PROTOTYPE_NAMES: string[] = [];

export function pieceFacts(def: Pick<DefinitionRecord, 'decoded'>, prototypes: PrototypeIndex): PieceFacts {
  const facts: PieceFacts = {
    properties: NO_PROPERTIES,
    origin: NO_ORIGINS,
    carriers: NO_CARRIERS,
    prototypes: NO_PROTOTYPE_NAMES,
    name: '',
    frontImage: '',
    layerImages: NO_IMAGES,
    layerLevelNames: NO_NAMES,
    layerAlwaysActive: false,
    layerShownImage: '',
    labelsWithText: 0,
  };
  const sink = new PieceSink(facts, prototypes);
  collect(def.decoded, '', prototypes, sink, [], true, facts);
  if (sink.prototypeNames.length > 0) facts.prototypes = sink.prototypeNames.slice();
  facts.labelsWithText = sink.labelsWithText;
  if (sink.labelToRead) readLabels(facts);
  return facts;
}

/**
 * Each Text Label property's value as VASSAL answers it (./label-text.ts), its `$name$`
 * references replaced by the values of the piece's own properties; a label naming the piece
 * (property BasicName) names it with that value. A text the import cannot read is kept as written,
 * and noted in `unreadLabels`; one showing another property whole, in `echoLabels`.
 */
function readLabels(facts: PieceFacts): void {
  // Each label read once, from its text as written; one met again while it is read (a loop) is unknown.
  const read = new Map<string, LabelReading | null>();
  const of = (name: string): LabelReading | undefined => {
    const known = read.get(name);
    if (known !== undefined) return known ?? undefined;
    read.set(name, null);
    const reading = readLabelText(facts.properties.get(name) ?? '', name, value);
    read.set(name, reading);
    return reading;
  };
  const value = (name: string): string | undefined => {
    if (facts.carriers.get(name) !== 'label' || (name === BASIC_NAME_PROPERTY && facts.nameCarrier !== 'label'))
      return propertySeenByLabels(facts, name);
    const reading = of(name);
    return reading?.kind === 'text' ? reading.text : undefined;
  };
  const readings: [string, LabelReading][] = [];
  for (const [name, carrier] of facts.carriers) if (carrier === 'label') readings.push([name, of(name)!]);
  for (const [name, reading] of readings) {
    if (echoedProperty(facts.properties.get(name) ?? '', name) !== undefined) (facts.echoLabels ??= new Set()).add(name);
    if (reading.kind !== 'text') {
      (facts.unreadLabels ??= new Map()).set(name, reading);
      continue;
    }
    facts.properties.set(name, reading.text);
    if (name === BASIC_NAME_PROPERTY && facts.nameCarrier === 'label') facts.name = reading.text;
  }
}

/**
 * The value a `$name$` reference in a Text Label of the piece reads (the outermost trait
 * answering the name, Labeler.getProperty): its property (a Text Label's as read), the piece name
 * for BasicName (a Basic Name trait answers it) and PieceName; undefined where the import cannot know it.
 */
export function propertySeenByLabels(facts: PieceFacts, name: string): string | undefined {
  if (name === BASIC_NAME_PROPERTY && facts.nameCarrier === undefined) return facts.name;
  if (name === PIECE_NAME_PROPERTY) return pieceNameSeenByLabels(facts);
  if (facts.unreadLabels?.has(name)) return undefined;
  return facts.properties.get(name);
}

/** The property a Text Label's text reads as the piece's name (Labeler.setLabel). */
const PIECE_NAME_PROPERTY = 'PieceName';

/**
 * What `$PieceName$` reads in a Text Label: VASSAL sets it when the label's state is set, to the
 * name of the traits inside the label as they then stand (outer traits' states are set first), so
 * it is known only where no state changes that name: a name from a Basic Name trait or the
 * BasicPiece, and no other Text Label with text (whose name format would add to it).
 */
function pieceNameSeenByLabels(facts: PieceFacts): string | undefined {
  return facts.nameCarrier === undefined && facts.labelsWithText <= 1 ? facts.name : undefined;
}

/** Facts of a piece given as traits only (saved-game pieces, which are usually prototype-expanded). */
export function factsOfTraits(traits: readonly { type: string; state: string }[], prototypes: PrototypeIndex): PieceFacts {
  return pieceFacts({ decoded: traits.map(decodeTrait) }, prototypes);
}

/** Property names lower-cased → value (the last of names differing only in case wins), built once per facts. */
const lowerCaseProperties = new WeakMap<PieceFacts, Map<string, string>>();

/** The candidate names callers pass are a handful of constants: each is lower-cased once. */
const lowerCaseNames = new Map<string, string>();

function lowerCaseName(name: string): string {
  let lower = lowerCaseNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    lowerCaseNames.set(name, lower);
  }
  return lower;
}

/** Case-insensitive property lookup among a few candidate names (a constant list: no array per call). */
export function property(facts: PieceFacts, names: readonly string[]): string | undefined {
  if (facts.properties.size === 0) return undefined;
  for (const name of names) {
    if (facts.properties.has(name)) return facts.properties.get(name);
  }
  let lower = lowerCaseProperties.get(facts);
  if (!lower) {
    lower = new Map();
    for (const [k, v] of facts.properties) lower.set(k.toLowerCase(), v);
    lowerCaseProperties.set(facts, lower);
  }
  for (const name of names) {
    const v = lower.get(lowerCaseName(name));
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * A piece's Layer images, where it has any, and whether that Layer is always active (kept out of
 * the record otherwise), with the picture it draws at the piece's state where that is not its
 * first ('' for none; records written before it was kept hold none, and read as the first).
 */
export function layersOf(facts: PieceFacts): { layers?: string[]; layersAlwaysActive?: true; layerShown?: string } {
  if (facts.layerImages.length === 0) return {};
  if (!facts.layerAlwaysActive) return { layers: facts.layerImages };
  const shown = facts.layerShownImage;
  return { layers: facts.layerImages, layersAlwaysActive: true, ...(shown !== facts.layerImages[0] ? { layerShown: shown } : {}) };
}
