/**
 * Layer / Embellishment `emb2;` (format reference §3.4): the trait behind flips and step levels.
 * State is one integer: > 0 active at that 1-based level, < 0 inactive at level −value (`layerValue`).
 */
import { bool, encodeList, fieldCodec, type FieldValues, type Trait } from './trait';
import { SequenceDecoder, decodeSequence, encodeSequence } from '../sequence-encoder';

export const LAYER_ID = 'emb2;';

export const layerType = fieldCodec(LAYER_ID, [
  // Legacy key fields the 3.7 editor still writes as `…;128;A;…;128;;…;128;;`.
  'activateCommand',
  'activateModifiers',
  'activateKey',
  'upCommand',
  'upModifiers',
  'upKey',
  'downCommand',
  'downModifiers',
  'downKey',
  'resetCommand',
  'resetKey',
  'resetLevel',
  'drawUnderneathWhenSelected',
  'xOff',
  'yOff',
  /** `,`-list; an empty entry is a blank level. */
  'images',
  /** `,`-list; each `name`, `prefix+` or `+suffix`. */
  'levelNames',
  'loop',
  'name',
  'rndKey',
  'rndText',
  'followProperty',
  'propertyName',
  'firstLevelValue',
  'version',
  'alwaysActive',
  'activateKeyStroke',
  'increaseKeyStroke',
  'decreaseKeyStroke',
  'description',
  'scale',
  // Added in 3.7 (#12153); 3.6 ignores them.
  'onlyPropertyName',
  'onlyPropertyState',
] as const);
export type LayerType = FieldValues<(typeof layerType.names)[number]>;

/** The Layer's encoding before 3.2 (`Embellishment.OLD_ID`), which VASSAL still reads. */
export const OLD_LAYER_ID = 'emb;';

/** An old Layer's fields as `Embellishment.originalSetType` reads them (keys upper-cased, `_` taken off the command). */
interface OldLayer {
  activateKey: string;
  resetCommand: string;
  resetKey: string;
  resetLevel: string;
  activateCommand: string;
  drawUnderneathWhenSelected: boolean;
  upKey: string;
  upCommand: string;
  downKey: string;
  downCommand: string;
  xOff: string;
  yOff: string;
  /** One per level, blank ones included. */
  images: string[];
  levelNames: string[];
}

/**
 * Reads an old Layer (`emb;`): the id, the activate keys (a nested `;` list: key, reset command,
 * reset key, reset level), the activate command (`_` first: drawn underneath), up key and command,
 * down key and command, the offsets, then one `image,name` token per level.
 */
function decodeOldLayer(type: string): OldLayer {
  const decoder = new SequenceDecoder(type, ';');
  decoder.nextToken('');
  const keys = new SequenceDecoder(decoder.nextToken(''), ';');
  const activateKey = keys.nextToken('').toUpperCase();
  const command = decoder.nextToken('');
  const old: OldLayer = {
    activateKey,
    resetCommand: keys.nextToken(''),
    resetKey: keys.nextToken(''),
    resetLevel: keys.nextToken('0'),
    activateCommand: command.startsWith('_') ? command.slice(1) : command,
    drawUnderneathWhenSelected: command.startsWith('_'),
    upKey: decoder.nextToken('').toUpperCase(),
    upCommand: decoder.nextToken(''),
    downKey: decoder.nextToken('').toUpperCase(),
    downCommand: decoder.nextToken(''),
    xOff: decoder.nextToken(''),
    yOff: decoder.nextToken(''),
    images: [],
    levelNames: [],
  };
  while (decoder.hasMoreTokens()) {
    const level = new SequenceDecoder(decoder.nextToken(), ',');
    old.images.push(level.nextToken(''));
    old.levelNames.push(level.nextToken(''));
  }
  return old;
}

/**
 * The levels of an old Layer (`emb;`), read as `Embellishment.originalSetType` reads them. Blank
 * images are skipped, as `layerImages` skips them; `levelNames` has one entry per level. Without
 * an activate key it cannot be activated (`canBeActivated`: VASSAL makes it always active).
 */
export function oldLayerLevels(type: string): { images: string[]; levelNames: string[]; canBeActivated: boolean } {
  const old = decodeOldLayer(type);
  return { images: old.images.filter((image) => image.length > 0), levelNames: old.levelNames, canBeActivated: old.activateKey.length > 0 };
}

/** Where an old Layer's levels start among its `;` tokens: after the id, keys, command, up and down key and command, and offsets. */
const OLD_LAYER_FIRST_LEVEL = 9;

/**
 * An old Layer (`emb;`) with the name of level `level` (0-based) set and every other character as
 * written; undefined when it has no such level or its encoding does not give the type back.
 */
export function oldLayerWithLevelName(type: string, level: number, name: string): string | undefined {
  const tokens = decodeSequence(type, ';');
  const at = OLD_LAYER_FIRST_LEVEL + level;
  if (level < 0 || at >= tokens.length || encodeSequence(tokens, ';') !== type) return undefined;
  const parts = decodeSequence(tokens[at], ',');
  if (encodeSequence(parts, ',') !== tokens[at]) return undefined;
  parts[1] = name;
  tokens[at] = encodeSequence(parts, ',')!;
  return encodeSequence(tokens, ';')!;
}

/**
 * Whether players can switch a Layer on and off (`Embellishment.canBeActivated`): one of version 0
 * (before 3.3's key strokes) by its activate key, absent read as "A"; any later one unless it is
 * always active, absent read as always active (`nextBoolean(true)`).
 */
export function canBeActivated(type: LayerType): boolean {
  if (intOf(type.version, 0) === 0) return (type.activateKey ?? 'A').length > 0;
  return type.alwaysActive !== undefined && type.alwaysActive !== 'true';
}

/** `InputEvent.CTRL_DOWN_MASK`: the modifiers `originalSetType` gives every old key. */
const CTRL = 128;

/** Java's old (`InputEvent.SHIFT_MASK` …) and new (`SHIFT_DOWN_MASK` …) modifier bits of each key: shift, ctrl, meta, alt, alt graph. */
const MODIFIER_PAIRS = [
  [1, 64],
  [2, 128],
  [4, 256],
  [8, 512],
  [32, 8192],
] as const;

/**
 * A single-character key with its modifiers as a key stroke, as `new NamedKeyStroke(char, modifiers)`
 * writes it: the character code, and the modifiers with both the old and the new bit of each key
 * (`KeyStroke` sets both: Ctrl is 130). Null for modifiers of other bits, which are not modelled here.
 */
function keyStrokeOf(key: string, modifiers: number): string | null {
  if (key.length === 0) return '';
  let known = 0;
  let both = 0;
  for (const [oldBit, newBit] of MODIFIER_PAIRS) {
    known |= oldBit | newBit;
    if ((modifiers & (oldBit | newBit)) !== 0) both |= oldBit | newBit;
  }
  return (modifiers & ~known) === 0 ? `${key.charCodeAt(0)},${both}` : null;
}

/**
 * The `emb2;` type VASSAL 3.7 writes for an old Layer it has read (`originalSetType`, then
 * `myGetType`): what the old form held, in the new fields, with the defaults `originalSetType`
 * leaves (levels loop, first level value 0) and key strokes made from the single-letter keys.
 * Checked against VASSAL 3.7.26 (tests/vassal/old-layers-in-vassal.test.ts).
 */
export function upgradeOldLayer(type: string): string {
  const old = decodeOldLayer(type);
  return layerType.encode({
    activateCommand: old.activateCommand,
    activateModifiers: '128',
    activateKey: old.activateKey,
    upCommand: old.upCommand,
    upModifiers: '128',
    upKey: old.upKey,
    downCommand: old.downCommand,
    downModifiers: '128',
    downKey: old.downKey,
    resetCommand: old.resetCommand,
    resetKey: old.resetKey,
    resetLevel: old.resetLevel,
    drawUnderneathWhenSelected: bool(old.drawUnderneathWhenSelected),
    xOff: old.xOff,
    yOff: old.yOff,
    images: encodeList(old.images),
    levelNames: encodeList(old.levelNames),
    loop: 'true',
    name: '',
    rndKey: '',
    rndText: '',
    followProperty: 'false',
    propertyName: '',
    firstLevelValue: '0',
    version: '1',
    alwaysActive: bool(old.activateKey.length === 0),
    activateKeyStroke: keyStrokeOf(old.activateKey, CTRL) ?? '',
    increaseKeyStroke: keyStrokeOf(old.upKey, CTRL) ?? '',
    decreaseKeyStroke: keyStrokeOf(old.downKey, CTRL) ?? '',
    description: '',
    scale: '1.0',
    onlyPropertyName: '',
    onlyPropertyState: 'true',
  });
}

/** Java `Integer.parseInt` of a field, or `fallback` when it is absent or no int (`Decoder.nextInt`). */
function intOf(field: string | undefined, fallback: number): number {
  return field !== undefined && /^[+-]?\d{1,9}$/.test(field) ? Number(field) : fallback;
}

/**
 * The type VASSAL 3.7 writes for a Layer of version 0 (`emb2;` before the key-stroke fields,
 * `Embellishment.BASE_VERSION`): `mySetType` makes key strokes of the single-letter keys and their
 * modifiers, makes the Layer always active when it has no activate key, and writes version 1 with
 * the defaults of the fields the type lacks. Any other type is given back as it is, and so is a
 * version-0 Layer VASSAL does not convert (a key of more than one letter) or whose modifiers this
 * does not model. Checked against VASSAL 3.7.26 (tests/vassal/old-layers-in-vassal.test.ts).
 */
export function upgradeVersion0Layer(type: string): string {
  const fields = layerType.decode(type);
  if (intOf(fields.version, 0) !== 0 || (fields.extra ?? []).length > 0) return type;
  const activateKey = fields.activateKey ?? 'A';
  const upKey = fields.upKey ?? '';
  const downKey = fields.downKey ?? '';
  if (activateKey.length > 1 || upKey.length > 1 || downKey.length > 1) return type;
  const activateKeyStroke = keyStrokeOf(activateKey, intOf(fields.activateModifiers, CTRL));
  const increaseKeyStroke = keyStrokeOf(upKey, intOf(fields.upModifiers, CTRL));
  const decreaseKeyStroke = keyStrokeOf(downKey, intOf(fields.downModifiers, CTRL));
  if (activateKeyStroke === null || increaseKeyStroke === null || decreaseKeyStroke === null) return type;
  return layerType.encode({
    rndKey: '',
    rndText: '',
    followProperty: 'false',
    propertyName: '',
    firstLevelValue: '1',
    description: '',
    scale: '1.0',
    onlyPropertyName: '',
    onlyPropertyState: 'true',
    ...fields,
    version: '1',
    alwaysActive: bool(activateKey.length === 0),
    activateKeyStroke,
    increaseKeyStroke,
    decreaseKeyStroke,
  });
}

/**
 * How many levels VASSAL gives a Layer (`Embellishment.imageName.length`): one per entry of its
 * image list, blank ones included, at least one (`nextStringArray(1)`: an empty list is one blank level).
 */
export function layerLevelCount(type: LayerType): number {
  const images = type.images ?? '';
  return images === '' ? 1 : Math.max(1, decodeSequence(images, ',').length);
}

/**
 * A Layer's value as VASSAL holds it once it has read the state (`Embellishment.mySetState`): the
 * first `;` token as an int (−1 when absent or not one), then kept within ±`levels` (the Layer's
 * level count: `layerLevelCount`, or an old Layer's number of levels), so a state above the last
 * level shows the last level. Above 0: active at that 1-based level; else inactive.
 */
export function layerValue(state: string, levels: number): number {
  // `| 0`: a Java int (no −0 when a Layer has no levels).
  return Math.min(Math.max(-levels, new SequenceDecoder(state, ';').nextInt(-1)), levels) | 0;
}

/** Image names of every level, blank levels excluded. */
export function layerImages(type: LayerType): string[] {
  // Read straight off the decoder, empty names skipped: no token list to filter (import reads every Layer).
  const images: string[] = [];
  const decoder = new SequenceDecoder(type.images ?? '', ',');
  while (decoder.hasMoreTokens()) {
    const image = decoder.nextToken();
    if (image.length > 0) images.push(image);
  }
  return images;
}

export interface LayerOptions {
  /** Layer name; VASSAL exposes `<name>_Level`, `<name>_Active` … */
  name: string;
  /** One image per level (`""` = blank level). */
  images: readonly string[];
  /** One per level: a full name, `prefix+` or `+suffix`; empty leaves the name unchanged. */
  levelNames?: readonly string[];
  /** Menu text of the activate command. */
  activateCommand?: string;
  /** Keystroke `code,modifiers` toggling activation, e.g. `70,130` for Ctrl+F. */
  activateKeyStroke?: string;
  increaseKeyStroke?: string;
  decreaseKeyStroke?: string;
  /** Wrap from the last level to the first. */
  loop?: boolean;
  /** Always shown; levels are cycled with increase/decrease instead of activation. */
  alwaysActive?: boolean;
  xOff?: number;
  yOff?: number;
  description?: string;
  /** Initial state: the 1-based level shown; negative = inactive. Defaults to 1 if always active, else −1. */
  initialValue?: number;
}

/** A Layer with the field values the 3.7 editor writes (verified strings in reference §3.5). */
export function buildLayer(options: LayerOptions): Trait {
  const alwaysActive = options.alwaysActive ?? false;
  const type = layerType.encode({
    activateCommand: options.activateCommand ?? '',
    activateModifiers: '128',
    activateKey: 'A',
    upCommand: '',
    upModifiers: '128',
    upKey: '',
    downCommand: '',
    downModifiers: '128',
    downKey: '',
    resetCommand: '',
    resetKey: '',
    resetLevel: '1',
    drawUnderneathWhenSelected: 'false',
    xOff: String(options.xOff ?? 0),
    yOff: String(options.yOff ?? 0),
    images: encodeList(options.images),
    levelNames: encodeList(options.levelNames ?? options.images.map(() => '')),
    loop: bool(options.loop ?? true),
    name: options.name,
    rndKey: '',
    rndText: '',
    followProperty: 'false',
    propertyName: '',
    firstLevelValue: '1',
    version: '1',
    alwaysActive: bool(alwaysActive),
    activateKeyStroke: options.activateKeyStroke ?? '',
    increaseKeyStroke: options.increaseKeyStroke ?? '',
    decreaseKeyStroke: options.decreaseKeyStroke ?? '',
    description: options.description ?? '',
    scale: '1.0',
    onlyPropertyName: '',
    onlyPropertyState: 'true',
  });
  return { type, state: String(options.initialValue ?? (alwaysActive ? 1 : -1)) };
}
