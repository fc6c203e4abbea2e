/**
 * A trait as VASSAL stores it: one TAB segment of a piece's type and the matching segment of its
 * state (format reference §3.3). These two strings are the lossless truth; the named-field views
 * in this folder are decoded from them and encode back to them.
 */
import { SequenceDecoder, decodeSequence, encodeElement, encodeSequence } from '../sequence-encoder';

export interface Trait {
  /** Own type segment, e.g. `delete;Delete;68,130;`. Starts with the trait id. */
  readonly type: string;
  /** Own state segment, e.g. `-1` for a Layer, `""` for stateless traits. */
  readonly state: string;
}

/**
 * The id VASSAL dispatches on: the type up to and including the first `;`, or the whole type
 * when it has no `;` (BasicCommandEncoder.typePrefix).
 */
export function traitId(type: string): string {
  const semicolon = type.indexOf(';');
  return semicolon < 0 ? type : type.slice(0, semicolon + 1);
}

/**
 * Named `;`-separated fields. A field left `undefined` was absent from the string (older VASSAL
 * versions omit trailing fields); `extra` holds fields beyond the ones this code knows (newer
 * versions add trailing fields). Both are kept so decoding then encoding changes nothing.
 */
export type FieldValues<Name extends string> = { [K in Name]?: string } & { extra?: string[] };

export interface FieldCodec<Name extends string> {
  readonly id: string;
  readonly names: readonly Name[];
  /** Fields of `text`, which must start with `id`. */
  decode(text: string): FieldValues<Name>;
  /** `id` followed by the `;`-encoded fields, up to the last one present. */
  encode(values: FieldValues<Name>): string;
}

/**
 * A codec for the common layout `id` + SequenceEncoder(';') of fields, as used by `myGetType`
 * of most traits (VASSAL writes `ID + se.getValue()` and reads with `Decoder(type, ';')`,
 * skipping the id token).
 */
export function fieldCodec<const Names extends readonly string[]>(id: string, names: Names): FieldCodec<Names[number]> {
  type Name = Names[number];
  const memory = fieldMemory(names);
  return {
    id,
    names,
    decode(text: string): FieldValues<Name> {
      if (!text.startsWith(id)) throw new Error(`${JSON.stringify(text.slice(0, 40))} does not start with ${id}`);
      return decodeFields(names, new SequenceDecoder(text, ';', id.length), memory);
    },
    encode(values: FieldValues<Name>): string {
      return id + encodeFields(names, values);
    },
  };
}

/** Fields without an id prefix (BasicPiece state, Report state and the like). */
export function plainFieldCodec<const Names extends readonly string[]>(names: Names) {
  type Name = Names[number];
  const memory = fieldMemory(names);
  return {
    names,
    decode(text: string): FieldValues<Name> {
      return decodeFields(names, new SequenceDecoder(text, ';'), memory);
    },
    encode(values: FieldValues<Name>): string {
      return encodeFields(names, values);
    },
  };
}

/**
 * One record per codec with every field, in order, made with named properties and held for good.
 * decodeFields sets a record's fields by computed keys, for which V8 gives up its fast layout past
 * 16 fields (a Layer has 33) and keeps a hash table per record, unless the layout it reaches
 * already exists: this record keeps each layout from 1 to all fields in existence.
 */
const FIELD_ORDERS: object[] = [];

function keepFieldOrder(names: readonly string[]): void {
  FIELD_ORDERS.push(Object.fromEntries(names.map((name) => [name, ''])));
}

/**
 * What decoding a codec's fields keeps between calls.
 * `recent`: the short value last read for each field. The traits of a module repeat most of their
 * field values ("true", "false", a Layer's "Flip"): a field that reads as its last value is given
 * that same string (`nextTokenAs`), so the module keeps one copy instead of one per trait. Only
 * values shorter than a sliced string (13 characters; a longer one shares its text's characters
 * anyway) are kept: a slice would keep a whole document alive after its reading.
 * `shapes`: by count of fields present, a record of those fields, copied for each decoding (see
 * decodeFields).
 */
interface FieldMemory {
  recent: (string | undefined)[];
  shapes: (object | undefined)[];
}

const SHORT_VALUE = 13;

function fieldMemory(names: readonly string[]): FieldMemory {
  keepFieldOrder(names);
  return { recent: names.map(() => undefined), shapes: [] };
}

/** The first `count` fields of `names`, in order, each "". */
function fieldShape(names: readonly string[], count: number): object {
  const shape: Record<string, string> = {};
  for (let i = 0; i < count; i++) shape[names[i]] = '';
  return shape;
}

/** The tokens decodeFields reads before it makes the record (it calls nothing that decodes fields). */
const fieldTokens: string[] = [];

/**
 * The named fields in order, then any further tokens as `extra`. The record is a copy of the
 * codec's shape for that many fields, made at its full size at once: set one by one, a Layer's 33
 * fields grew it a few at a time, each step a larger copy of the last.
 */
function decodeFields<Name extends string>(names: readonly Name[], decoder: SequenceDecoder, memory: FieldMemory): FieldValues<Name> {
  const { recent, shapes } = memory;
  let count = 0;
  while (count < names.length && decoder.hasMoreTokens()) {
    const value = decoder.nextTokenAs(recent[count]);
    if (value.length < SHORT_VALUE) recent[count] = value;
    fieldTokens[count++] = value;
  }
  const values: Record<string, string | string[]> = { ...(shapes[count] ??= fieldShape(names, count)) };
  for (let i = 0; i < count; i++) values[names[i]] = fieldTokens[i];
  // The tokens may be slices of a document: the scratch list lets go of them.
  fieldTokens.fill('', 0, count);
  if (decoder.hasMoreTokens()) values.extra = decoder.remainingTokens();
  return values as FieldValues<Name>;
}

/**
 * The fields up to the last one present (all of them when there are `extra` ones), absent ones
 * empty, then the extra ones, joined as SequenceEncoder(';') joins them ("" for none): written
 * straight into one string, as a module writes the traits of its thousands of pieces.
 */
function encodeFields<Name extends string>(names: readonly Name[], values: FieldValues<Name>): string {
  const extra = values.extra;
  const hasExtra = extra !== undefined && extra.length > 0;
  let count = hasExtra ? names.length : 0;
  for (let i = names.length - 1; i >= count; i--) {
    if (values[names[i]] !== undefined) {
      count = i + 1;
      break;
    }
  }
  let out = '';
  for (let i = 0; i < count; i++) {
    const value = values[names[i]];
    if (i > 0) out += FIELD_DELIMITER;
    if (value) out += encodeElement(value, FIELD_DELIMITER);
  }
  if (hasExtra)
    for (let i = 0; i < extra.length; i++) out += (count + i > 0 ? FIELD_DELIMITER : '') + encodeElement(extra[i], FIELD_DELIMITER);
  return out;
}

const FIELD_DELIMITER = ';';

/** A `,`-list inside one field (image lists, level names, Marker keys). */
export function decodeList(field: string): string[] {
  return decodeSequence(field, ',');
}

export function encodeList(items: readonly string[]): string {
  return encodeSequence(items, ',') ?? '';
}

/** Java `String.valueOf(boolean)`. */
export function bool(value: boolean): string {
  return value ? 'true' : 'false';
}
