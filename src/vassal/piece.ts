/**
 * VASSAL piece definitions: the text of a PieceSlot / PrototypeDefinition (and the `+/…` AddPiece
 * commands of saved games) ⇄ a chain of traits. This module alone owns that format.
 *
 *   decodePiece(text, where?)  → { piece, diagnostics }   text = XML text content, unescaped and trimmed
 *   encodePiece(piece)         → text                      encodePiece(decodePiece(s).piece) === s
 *                                                          whenever decoding reported no error
 *   checkPiece(piece, options) → Diagnostic[]              what VASSAL would reject or silently change
 *   imagesOfPiece(piece)       → string[]                  images to ship under `images/`
 *   basicPieceOf(piece)        → Trait                     the innermost BasicPiece
 *   expandPrototypes(piece, prototypes) → { piece, diagnostics }  the piece as VASSAL clones it for play
 *   encodeTraitChain / decodeTraitChain                   the TAB-nested type and state strings alone
 *
 * A piece is `{ id, traits }`: `id` is "null" in buildFiles (a unique id in saved games), and
 * `traits` runs outermost first with the BasicPiece last (the reverse of the editor's list).
 * Each trait is its own `{ type, state }` pair; build them with `./traits` (buildLayer,
 * buildMarker, buildUsePrototype, …) and read them with `decodeTrait`.
 *
 * Example, a two-sided counter using prototype "Unit":
 *   encodePiece({ id: 'null', traits: [
 *     buildLayer({ name: 'Step', images: ['back.png'], levelNames: ['+ (reduced)'], activateCommand: 'Flip',
 *                  activateKeyStroke: '70,130', description: 'Flip to reduced side' }),
 *     buildUsePrototype('Unit'),
 *     buildBasicPiece({ name: '1st Infantry', image: 'front.png', gpid: 1 }) ] })
 */
import type { Diagnostic } from '../diagnostics';
import { SequenceDecoder, encodeSequence } from './sequence-encoder';
import { BASIC_PIECE_ID } from './traits/basic-piece';
import { traitImages } from './traits/index';
import { USE_PROTOTYPE_ID, usePrototypeType } from './traits/use-prototype';
import { traitId, type Trait } from './traits/trait';

export interface PieceDefinition {
  /** AddPiece id: "null" in a buildFile. */
  id: string;
  /** Outermost first; the last one is the BasicPiece (`piece;`). */
  traits: Trait[];
}

/** Where a definition came from, copied into every diagnostic. */
export type Where = Pick<Diagnostic, 'file' | 'line' | 'column' | 'pointer'>;

const ADD_PIECE_PREFIX = '+/';
const NULL_ID = 'null';
const FIELD_SEPARATOR = '/';
const TRAIT_SEPARATOR = '\t';

/**
 * Nests segments the way `Decorator.getType/getState` do: outermost first, innermost written as is.
 * Each level is `encodeSequence([segment, inner], TAB)`, written in one pass instead of one level at
 * a time (which copied and escaped the whole inner chain again at every level: a quarter of what a
 * module's writing allocated). A TAB `depth` levels down gets `depth` backslashes; an element the
 * encoder would wrap in quotes (it starts with `\`, or starts and ends with `'`) gets them where
 * that level would put them, its closing quote after everything inside it.
 */
export function encodeTraitChain(segments: readonly string[]): string {
  const count = segments.length;
  if (count === 0) throw new Error('a trait chain needs at least the BasicPiece');
  const last = count - 1;
  // Whether level k - 1 wraps the inner chain (levels k … last) in quotes, found from the inside
  // out by that chain's first and last characters as the level one further in wrote them.
  const quoted = chainQuotes.length < count ? (chainQuotes = new Array<boolean>(count * 2).fill(false)) : chainQuotes;
  const innermost = segments[last];
  let first = innermost.charCodeAt(0);
  let end = innermost.charCodeAt(innermost.length - 1);
  quoted[last] = innermost.length > 0 && needsQuotes(first, end);
  for (let k = last - 1; k >= 1; k--) {
    const segment = segments[k];
    const innerEmpty = k + 1 === last && innermost.length === 0;
    end = innerEmpty ? TAB : quoted[k + 1] ? QUOTE : end;
    first = segment.length === 0 ? TAB : ownFirst(segment);
    quoted[k] = needsQuotes(first, end);
  }
  let out = '';
  let closing = '';
  for (let k = 0; k < last; k++) {
    const segment = segments[k];
    if (segment.length > 0) {
      const wrap = needsQuotes(segment.charCodeAt(0), segment.charCodeAt(segment.length - 1)) ? "'" : '';
      out += wrap + tabsEscaped(segment, k + 1) + wrap;
    }
    out += '\\'.repeat(k) + TRAIT_SEPARATOR;
    if (quoted[k + 1]) {
      out += "'";
      closing += "'";
    }
  }
  return out + tabsEscaped(innermost, last) + closing;
}

const TAB = 0x09;
const BACKSLASH = 0x5c;
const QUOTE = 0x27;
/** encodeTraitChain's scratch list of quote flags, shared by every call (it calls nothing that encodes another chain). */
let chainQuotes: boolean[] = [];

/** The SequenceEncoder's rule: an element starting with `\`, or starting and ending with `'`, is wrapped in quotes. */
function needsQuotes(first: number, last: number): boolean {
  return first === BACKSLASH || (first === QUOTE && last === QUOTE);
}

/** The first character of a non-empty segment as its own level writes it (quoted, or its TAB escaped). */
function ownFirst(segment: string): number {
  const first = segment.charCodeAt(0);
  if (needsQuotes(first, segment.charCodeAt(segment.length - 1))) return QUOTE;
  return first === TAB ? BACKSLASH : first;
}

/** The text with each TAB behind `depth` backslashes: escaped by `depth` nested levels. */
function tabsEscaped(text: string, depth: number): string {
  return depth > 0 && text.includes(TRAIT_SEPARATOR) ? text.replaceAll(TRAIT_SEPARATOR, '\\'.repeat(depth) + TRAIT_SEPARATOR) : text;
}

/**
 * Splits a type and a state string into traits as VASSAL does: the type chain decides how many
 * traits there are (`BasicCommandEncoder.createPiece`), then each trait takes one state segment
 * and hands the rest inwards (`Decorator.setState`); the BasicPiece takes the whole remainder.
 */
export function decodeTraitChain(type: string, state: string, where: Where = {}): { traits: Trait[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  return { traits: splitTraitChain(type, state, where, diagnostics), diagnostics };
}

/**
 * decodeTraitChain's traits, its problems added to `diagnostics` (a piece's own: no list and result per chain).
 *
 * Read in one pass over the text, without making the text of each level: level `depth` of a chain
 * is a range of the text in which every TAB still carries the `depth` backslashes the outer levels
 * escaped it with (a TAB behind exactly `depth` of them is that level's delimiter), and the quotes
 * a level wraps its inner chain in are left out of the range. Only the segments are copied out.
 * The same traits and diagnostics as splitting each level's text with VASSAL's decoder (which
 * copied the whole inner chain at every level).
 */
function splitTraitChain(type: string, state: string, where: Where, diagnostics: Diagnostic[]): Trait[] {
  const types = chainTypes;
  let count = 0;
  const level = chainLevel;
  level.start = 0;
  level.end = type.length;
  chainIsCanonical = true;
  for (let depth = 0; ; depth++) {
    const { start, end } = level;
    const cut = levelDelimiter(type, start, end, depth);
    const ownEnd = cut < 0 ? end : cut - depth;
    const own = levelToken(type, start, ownEnd, depth + 1);
    types[count++] = own;
    // The BasicPiece's type is written as it is: read with its TABs' escapes or quotes dropped, it is not its text.
    if (!writtenPlain(type, start, ownEnd) || (cut < 0 && own.length !== ownEnd - start)) chainIsCanonical = false;
    if (cut < 0) break;
    const next = levelDelimiter(type, cut + 1, end, depth);
    if (next >= 0) {
      diagnostics.push({
        code: 'vassal/dropped-type-segments',
        severity: 'error',
        message: `The type has unescaped TABs after trait ${JSON.stringify(traitId(own))}; VASSAL reads only the next segment and silently drops "${levelText(type, next + 1, end, depth).slice(0, 60)}"`,
        hint: 'Each nesting level must escape its inner TABs; build the chain with encodeTraitChain.',
        ...where,
      });
    }
    enterSecondSegment(type, cut, next, depth);
  }

  // Each trait is made as its state segment is read: no list of states beside the types.
  const traits = chainTraits;
  let made = 0;
  level.start = 0;
  level.end = state.length;
  for (let depth = 0; depth < count - 1; depth++) {
    const { start, end } = level;
    const cut = levelDelimiter(state, start, end, depth);
    const ownEnd = cut < 0 ? end : cut - depth;
    const ownQuoted = enclosedInQuotes(state, start, ownEnd);
    if (!writtenPlain(state, start, ownEnd)) chainIsCanonical = false;
    traits[made++] = {
      type: types[depth],
      state: recentState(recentStates, depth, state, ownQuoted ? start + 1 : start, ownQuoted ? ownEnd - 1 : ownEnd, depth + 1),
    };
    if (cut < 0) {
      diagnostics.push({
        code: 'vassal/state-segment-count',
        severity: 'error',
        message: `The piece has ${count} traits but its state has only ${depth + 1} segments; VASSAL aborts loading the module ("No state for trait")`,
        hint: 'Every trait needs a state segment, empty for stateless traits.',
        ...where,
      });
      for (; made < count; made++) traits[made] = { type: types[made], state: '' };
      break;
    }
    const next = levelDelimiter(state, cut + 1, end, depth);
    if (next >= 0) {
      diagnostics.push({
        code: 'vassal/dropped-state-segments',
        severity: 'error',
        message: `The state has unescaped TABs after segment ${depth + 1}; VASSAL silently drops "${levelText(state, next + 1, end, depth).slice(0, 60)}"`,
        hint: 'Each nesting level must escape its inner TABs; build the chain with encodeTraitChain.',
        ...where,
      });
    }
    enterSecondSegment(state, cut, next, depth);
  }
  // The BasicPiece takes the innermost level whole.
  if (made < count)
    traits[made++] = { type: types[count - 1], state: recentState(recentRests, count - 1, state, level.start, level.end, count - 1) };

  // A copy of the exact length for the piece to keep; the scratch lists let go of this chain's
  // segments (which hold the whole document text alive).
  const kept = traits.slice(0, made);
  types.fill('', 0, count);
  traits.fill(NO_TRAIT, 0, made);
  return kept;
}

/**
 * Whether the chain splitTraitChain read last is the very text encodeTraitChain writes for the
 * segments it gave (false when unsure; see writtenPlain).
 */
let chainIsCanonical = true;

/**
 * Whether the encoder writes the value read from `text[start, end)` as that text again: it neither
 * starts with `\` nor starts and ends with `'` (it was not wrapped in quotes, and its value needs
 * none). Escapes come back as they were: the encoder escapes every delimiter inside an element,
 * and every one inside a segment was escaped, or it would have ended the segment.
 */
function writtenPlain(text: string, start: number, end: number): boolean {
  return end === start || !needsQuotes(text.charCodeAt(start), text.charCodeAt(end - 1));
}

/** The range of the chain's text splitTraitChain reads the current level in (shared: it calls nothing that splits another chain). */
const chainLevel = { start: 0, end: 0 };

/**
 * Moves chainLevel inwards to the second segment of its level, found between `cut` and `next` (-1:
 * the level's end), without the quotes the decoder strips from it.
 */
function enterSecondSegment(text: string, cut: number, next: number, depth: number): void {
  const level = chainLevel;
  level.start = cut + 1;
  if (next >= 0) level.end = next - depth;
  if (!writtenPlain(text, level.start, level.end)) chainIsCanonical = false;
  if (enclosedInQuotes(text, level.start, level.end)) {
    level.start++;
    level.end--;
  }
}

/**
 * Where level `depth`'s next delimiter is in `text[from, end)`: the first TAB behind exactly `depth`
 * backslashes (every TAB in a level's range has at least that many); -1 when there is none.
 */
function levelDelimiter(text: string, from: number, end: number, depth: number): number {
  for (let tab = text.indexOf(TRAIT_SEPARATOR, from); tab >= 0 && tab < end; tab = text.indexOf(TRAIT_SEPARATOR, tab + 1))
    if (text.charCodeAt(tab - depth - 1) !== BACKSLASH) return tab;
  return -1;
}

/**
 * A segment of level `depth` read as VASSAL's decoder gives it: one pair of enclosing quotes left
 * out, and its TABs without the `depth + 1` backslashes that escaped them at this level and outside it.
 */
function levelToken(text: string, start: number, end: number, drop: number): string {
  return enclosedInQuotes(text, start, end) ? levelText(text, start + 1, end - 1, drop) : levelText(text, start, end, drop);
}

/** `text[start, end)` with `drop` backslashes fewer before each TAB. */
function levelText(text: string, start: number, end: number, drop: number): string {
  const part = text.slice(start, end);
  return drop > 0 && part.includes(TRAIT_SEPARATOR) ? part.replaceAll('\\'.repeat(drop) + TRAIT_SEPARATOR, TRAIT_SEPARATOR) : part;
}

/**
 * Whether the decoder strips one pair of quotes from the segment `text[start, end)`: it is longer
 * than one character and starts and ends with `'` (no escape removes either: a dropped backslash
 * stands right before a TAB).
 */
function enclosedInQuotes(text: string, start: number, end: number): boolean {
  return end - start > 1 && text.charCodeAt(start) === QUOTE && text.charCodeAt(end - 1) === QUOTE;
}

/**
 * The lists decodeTraitChain fills as it splits a chain, used by every call (it calls nothing that
 * splits another) and never shortened: lists of its own would grow room for 17 entries at their
 * first push, twice for each of a module's or a save's thousands of pieces.
 */
const chainTypes: string[] = [];
/**
 * The short state segment last read at each depth of a chain, and the BasicPiece's state by the
 * chain's depth: pieces mostly repeat their states ("-1" for a Layer, "null;0;0" for a BasicPiece
 * off-map), which are then one string for all (see SHORT_VALUE in ./traits/trait.ts).
 */
const recentStates: (string | undefined)[] = [];
const recentRests: (string | undefined)[] = [];
const SHORT_STATE = 13;

/** levelText's state segment, the very string last read at this depth when it reads the same. */
function recentState(recent: (string | undefined)[], depth: number, text: string, start: number, end: number, drop: number): string {
  const previous = recent[depth];
  // A remembered state holds no TAB: a range of its length that starts with it is it, escapes and all.
  if (previous !== undefined && previous.length === end - start && text.startsWith(previous, start)) return previous;
  const state = levelText(text, start, end, drop);
  if (state.length < SHORT_STATE && !state.includes(TRAIT_SEPARATOR)) recent[depth] = state;
  return state;
}

const chainTraits: Trait[] = [];
/** The decoder decodePiece reads its fields with (see `SequenceDecoder.reset`). */
const fieldDecoder = new SequenceDecoder('', FIELD_SEPARATOR);
const NO_TRAIT: Trait = { type: '', state: '' };

/** The definition text (`+/null/<type>/<state>`) of a piece. */
export function encodePiece(piece: PieceDefinition): string {
  const type = encodeTraitChain(piece.traits.map((t) => t.type));
  const state = encodeTraitChain(piece.traits.map((t) => t.state));
  return ADD_PIECE_PREFIX + encodeSequence([piece.id, type, state], FIELD_SEPARATOR);
}

/**
 * Reads a definition. `text` is the element's text content after XML unescaping and `trim()`
 * (VASSAL's `Builder.getText`). Returns `piece: null` only when there is nothing to decode.
 */
export function decodePiece(text: string, where: Where = {}): { piece: PieceDefinition | null; diagnostics: Diagnostic[] } {
  const { piece, diagnostics } = decodeDefinition(text, where);
  return { piece, diagnostics };
}

/**
 * decodePiece, and whether `text` is exactly what encodePiece writes for the piece read (false
 * when unsure): a check of that piece then need not encode it again to know its text.
 */
export function decodeDefinition(
  text: string,
  where: Where = {},
): { piece: PieceDefinition | null; diagnostics: Diagnostic[]; canonical: boolean } {
  if (!text.startsWith(ADD_PIECE_PREFIX)) {
    return {
      canonical: false,
      piece: null,
      diagnostics: [
        {
          code: text.length === 0 ? 'vassal/empty-definition' : 'vassal/not-add-piece',
          severity: 'error',
          message:
            text.length === 0 ? 'The piece definition is empty' : `A piece definition must start with "+/", found "${text.slice(0, 20)}"`,
          hint: text.length === 0 ? 'CDATA sections are ignored by VASSAL; write the definition as escaped text.' : undefined,
          ...where,
        },
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const decoder = fieldDecoder.reset(text, ADD_PIECE_PREFIX.length);
  // A buildFile's every definition has the id "null": one string for all of them.
  const id = decoder.nextTokenAs(NULL_ID);
  const type = decoder.nextToken(null);
  const state = decoder.nextToken(null);
  if (type === null || state === null) {
    diagnostics.push({
      code: 'vassal/missing-state',
      severity: 'error',
      message: `The definition lacks its ${type === null ? 'type and state' : 'state'} field; VASSAL fails to read it`,
      hint: 'The form is +/null/<type>/<state>, with every "/" inside type and state escaped as "\\/".',
      ...where,
    });
  }
  if (decoder.hasMoreTokens()) {
    diagnostics.push({
      code: 'vassal/extra-fields',
      severity: 'warning',
      message: `Unescaped "/" after the state; VASSAL ignores "${decoder.remaining().slice(0, 60)}"`,
      hint: 'Escape every "/" inside type and state as "\\/".',
      ...where,
    });
  }
  decoder.reset('');
  const traits = splitTraitChain(type ?? '', state ?? '', where, diagnostics);
  const canonical = diagnostics.length === 0 && chainIsCanonical && fieldsWrittenPlain(text);
  return { piece: { id, traits }, diagnostics, canonical };
}

/**
 * Whether the definition's id, type and state fields are each written as the encoder writes the
 * value read from it (writtenPlain, with `/` the delimiter): exactly three, none in quotes.
 */
function fieldsWrittenPlain(text: string): boolean {
  let start = ADD_PIECE_PREFIX.length;
  for (let field = 0; field < 3; field++) {
    let cut = text.indexOf(FIELD_SEPARATOR, start);
    while (cut > start && text.charCodeAt(cut - 1) === BACKSLASH) cut = text.indexOf(FIELD_SEPARATOR, cut + 1);
    const end = cut < 0 ? text.length : cut;
    if (!writtenPlain(text, start, end) || cut < 0 !== (field === 2)) return false;
    start = cut + 1;
  }
  return true;
}

export function basicPieceOf(piece: PieceDefinition): Trait {
  return piece.traits[piece.traits.length - 1];
}

/** VASSAL's Comment trait: dropped whenever a piece is cloned with its prototypes expanded. */
const COMMENT_ID = 'cmt;';

/**
 * The piece as VASSAL's `PieceCloner.clonePiece` makes it for play (palette drags, at-start stacks,
 * saves): each UsePrototype trait is replaced, in place, by its PrototypeDefinition's traits (all but
 * the definition's BasicPiece), with the states the definition holds, and prototypes used inside a
 * prototype are expanded the same way. As in VASSAL, a UsePrototype naming no definition, or a
 * definition with no trait but its BasicPiece, vanishes; Comment traits vanish; a prototype that
 * (directly or not) uses itself is an error VASSAL reports as an infinite loop, and is dropped.
 * Legacy prototype parameters (`prototype;Name;k=v`) would make VASSAL substitute `$k$` through its
 * expression evaluator; they are reported, and the definition is expanded as written.
 */
export function expandPrototypes(
  piece: PieceDefinition,
  prototypes: ReadonlyMap<string, PieceDefinition>,
  where: Where = {},
): { piece: PieceDefinition; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const traits: Trait[] = [];
  expandTraits(piece.traits, piece.traits.length, prototypes, [], where, diagnostics, traits);
  return { piece: { id: piece.id, traits }, diagnostics };
}

/** expandPrototypes for the first `count` traits, added to `out`; `using`: the prototypes being expanded, outermost first. */
function expandTraits(
  traits: readonly Trait[],
  count: number,
  prototypes: ReadonlyMap<string, PieceDefinition>,
  using: readonly string[],
  where: Where,
  diagnostics: Diagnostic[],
  out: Trait[],
): void {
  for (let index = 0; index < count; index++) {
    const trait = traits[index];
    const id = traitId(trait.type);
    if (id === COMMENT_ID) continue;
    if (id !== USE_PROTOTYPE_ID) {
      out.push(trait);
      continue;
    }
    const { prototypeName = '', parameters } = usePrototypeType.decode(trait.type);
    const definition = prototypes.get(prototypeName);
    if (!definition) {
      diagnostics.push({
        code: 'vassal/unknown-prototype',
        severity: 'warning',
        message: `The piece uses prototype ${JSON.stringify(prototypeName)}, which the module does not define; VASSAL drops the trait`,
        hint: 'Define the prototype or remove the UsePrototype trait.',
        ...where,
      });
      continue;
    }
    if (using.includes(prototypeName)) {
      diagnostics.push({
        code: 'vassal/prototype-loop',
        severity: 'error',
        message: `Prototype ${JSON.stringify(prototypeName)} uses itself (${[...using, prototypeName].join(' → ')}); VASSAL reports an infinite loop`,
        hint: 'Remove the UsePrototype trait that closes the loop.',
        ...where,
      });
      continue;
    }
    if (parameters !== undefined && parameters !== '') {
      diagnostics.push({
        code: 'vassal/prototype-parameters',
        severity: 'warning',
        message: `Prototype ${JSON.stringify(prototypeName)} is used with legacy parameters "${parameters}"; they are not substituted here`,
        hint: 'Replace the parameters with properties (Marker traits) on the piece.',
        ...where,
      });
    }
    expandTraits(definition.traits, definition.traits.length - 1, prototypes, [...using, prototypeName], where, diagnostics, out);
  }
}

/** Every image the piece's known traits draw, in chain order, without duplicates. */
export function imagesOfPiece(piece: PieceDefinition): string[] {
  return [...new Set(piece.traits.flatMap(traitImages))];
}

/** Names starting with `/` are resources inside the VASSAL jar, not files in the module. */
export function isEngineBundledImage(name: string): boolean {
  return name.startsWith('/');
}

export type VassalTarget = '3.6' | '3.7';

/** Trait ids VASSAL 3.6.19 knows (BasicCommandEncoder factory table, reference §3.4). */
const TRAIT_IDS_3_6 = new Set([
  'piece;',
  'emb;',
  'emb2;',
  'prototype;',
  'mark;',
  'label;',
  'report;',
  'delete;',
  'clone;',
  'immob;',
  'markmoved;',
  'obs;',
  'hide;',
  'propertysheet;',
  'sendto;',
  'PROP;',
  'calcProp;',
  'macro;',
  'globalkey;',
  'globalhotkey;',
  'rotate;',
  'placemark;',
  'replace;',
  'return;',
  'footprint;',
  'restrict;',
  'hideCmd;',
  'submenu;',
  'menuSeparator;',
  'translate;',
  'AreaOfEffect;',
  'button;',
  'deselect;',
  'mat;',
  'matPiece;',
  'pivot;',
  'playSound;',
  'setprop;',
  'table;',
  'locmsg;',
  'nonRect;',
  'nonRect2;',
  'basicName;',
]);
/** Added in 3.7.0. */
const TRAIT_IDS_ADDED_3_7 = new Set(['setpieceprop;', 'border;', 'attach;', 'locCommand;', 'cmt;']);

/** Whether VASSAL 3.7 builds the trait of this id itself (its BasicCommandEncoder's table). */
export function isVassalTraitId(id: string): boolean {
  return TRAIT_IDS_3_6.has(id) || TRAIT_IDS_ADDED_3_7.has(id);
}

/** XML 1.0 cannot carry these at all, even as character references. */
const XML_FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Every character XML_FORBIDDEN can match, without the look-arounds: text without one needs no further look. */
const XML_FORBIDDEN_CANDIDATE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

/** Whether the text holds a character XML 1.0 cannot carry (a control character, U+FFFE/U+FFFF, a lone surrogate). */
export function holdsXmlForbidden(text: string): boolean {
  return XML_FORBIDDEN_CANDIDATE.test(text) && XML_FORBIDDEN.test(text);
}

/**
 * Whether the text holds a character that may be one XML 1.0 cannot carry: one of them, or a
 * surrogate, which is one unless paired. A single scan: text without one needs no further look.
 */
export function mayHoldXmlForbidden(text: string): boolean {
  return XML_FORBIDDEN_CANDIDATE.test(text);
}

/** Where the first character XML 1.0 cannot carry stands in the text, or -1. */
export function xmlForbiddenIndex(text: string): number {
  return XML_FORBIDDEN_CANDIDATE.test(text) ? text.search(XML_FORBIDDEN) : -1;
}

export interface CheckOptions {
  /** The oldest VASSAL the module must load in; traits newer than that are errors. Default 3.6. */
  target?: VassalTarget;
  where?: Where;
  /** The definition text the piece was decoded from: when it encodes back to that text, it reads back as itself. */
  decodedFrom?: string;
  /** The text encodePiece gives for the piece, when the caller knows it (a canonical text decodeDefinition read it from): not encoded again. */
  encodesTo?: string;
}

/** checkPiece's findings, each with the piece's place (one object per piece, not a closure). */
class Findings {
  readonly list: Diagnostic[] = [];
  constructor(private readonly where: Where) {}

  add(code: string, severity: Diagnostic['severity'], message: string, hint?: string): void {
    this.list.push({ code, severity, message, ...(hint ? { hint } : {}), ...this.where });
  }
}

/** What VASSAL would reject, drop or silently change in this piece once written to a buildFile. */
export function checkPiece(piece: PieceDefinition, options: CheckOptions = {}): Diagnostic[] {
  const where = options.where ?? {};
  const target = options.target ?? '3.6';
  const findings = new Findings(where);

  if (piece.traits.length === 0) {
    findings.add('vassal/no-basic-piece', 'error', 'The piece has no traits; it needs at least a BasicPiece');
    return findings.list;
  }
  const count = piece.traits.length;
  for (let index = 0; index < count; index++) {
    const trait = piece.traits[index];
    const id = traitId(trait.type);
    checkTraitKind(id, index, count, target, findings);
    checkTraitText(trait, id, index, index === count - 1, findings);
  }
  if (holdsXmlForbidden(piece.id)) findings.add('vassal/forbidden-char', 'error', 'The piece id holds a character XML 1.0 cannot carry');
  checkEncoding(piece, findings, options.decodedFrom, options.encodesTo);
  return findings.list;
}

/** The BasicPiece innermost and only there; every other trait one the target VASSAL knows. */
function checkTraitKind(id: string, index: number, count: number, target: VassalTarget, findings: Findings): void {
  const isLast = index === count - 1;
  if (isLast && id !== BASIC_PIECE_ID) {
    findings.add('vassal/no-basic-piece', 'error', `The innermost trait is ${JSON.stringify(id)}, not a BasicPiece ("piece;")`);
  } else if (!isLast && id === BASIC_PIECE_ID) {
    findings.add(
      'vassal/basic-piece-not-last',
      'error',
      `A BasicPiece appears at position ${index + 1} of ${count}; only the innermost trait may be one`,
    );
  } else if (!TRAIT_IDS_3_6.has(id)) {
    if (TRAIT_IDS_ADDED_3_7.has(id)) {
      if (target === '3.6')
        findings.add('vassal/trait-too-new', 'error', `Trait ${JSON.stringify(id)} needs VASSAL 3.7; 3.6 replaces it with an empty Marker`);
    } else {
      findings.add(
        'vassal/unknown-trait',
        'warning',
        `Trait ${JSON.stringify(id)} is not a VASSAL trait; VASSAL replaces it with an empty Marker`,
      );
    }
  }
}

/** Characters in a trait's type and state that the buildFile or VASSAL's decoding would not keep. */
function checkTraitText(trait: Trait, id: string, index: number, isLast: boolean, findings: Findings): void {
  if (isLast && trait.type.includes(TRAIT_SEPARATOR)) {
    findings.add(
      'vassal/tab-in-basic-piece',
      'error',
      'The BasicPiece type contains a TAB; VASSAL decodes it as a further trait',
      'Remove TABs from the piece name and image name.',
    );
  }
  // Called once per part, not over a list of pairs: a module checks its thousands of pieces' every trait.
  checkPartText(trait.type, 'type', id, index, findings);
  checkPartText(trait.state, 'state', id, index, findings);
}

function checkPartText(text: string, part: 'type' | 'state', id: string, index: number, findings: Findings): void {
  if (holdsXmlForbidden(text)) {
    findings.add(
      'vassal/forbidden-char',
      'error',
      `Trait ${index + 1} (${id}) ${part} holds a character XML 1.0 cannot carry (control character or lone surrogate)`,
      'Remove control characters other than TAB and LF.',
    );
  }
  if (text.includes('\r')) {
    findings.add(
      'vassal/carriage-return',
      'warning',
      `Trait ${index + 1} (${id}) ${part} holds a CR, which XML parsing turns into LF unless written as &#13;`,
    );
  }
}

const WHITESPACE = /\s/;

/** Whether trim() would change the text, without the copy trim() makes. */
function endsInWhitespace(text: string): boolean {
  return text.length > 0 && (WHITESPACE.test(text[0]) || WHITESPACE.test(text[text.length - 1]));
}

/** The encoded definition survives VASSAL's trimming and reads back as the same piece. */
function checkEncoding(piece: PieceDefinition, findings: Findings, decodedFrom: string | undefined, encodesTo: string | undefined): void {
  const text = encodesTo ?? encodePiece(piece);
  if (endsInWhitespace(text)) {
    findings.add(
      'vassal/outer-whitespace',
      'error',
      'The definition ends with whitespace, which VASSAL trims when reading the buildFile',
      'Remove trailing spaces and newlines from the last state value.',
    );
  }
  // Decoding is a function of the text alone: the text the piece came from decodes to the piece.
  if (text === decodedFrom) return;
  const reread = decodePiece(text);
  const same =
    reread.piece !== null &&
    reread.piece.id === piece.id &&
    reread.piece.traits.length === piece.traits.length &&
    reread.piece.traits.every((t, i) => t.type === piece.traits[i].type && t.state === piece.traits[i].state);
  if (!same) {
    findings.add(
      'vassal/not-round-trip',
      'error',
      'The definition does not read back as written (a value ending in "\\" before a delimiter, or a TAB inside the BasicPiece)',
      'Avoid trailing backslashes in names and values.',
    );
  }
}
