/**
 * VASSAL's SequenceEncoder: the one escaping scheme behind every piece definition, trait field,
 * saved-game command and list inside a field (format reference §3.1).
 *
 * Encoding joins elements with a single delimiter character. A delimiter inside an element is
 * prefixed with `\`; backslashes themselves are not escaped. An element that starts with `\`, or
 * both starts and ends with `'`, is wrapped in single quotes so the decoder gives it back intact.
 *
 * Decoding splits on delimiters not preceded by `\` (that backslash is dropped), strips one pair
 * of enclosing single quotes from tokens longer than one character, and treats an exhausted
 * input as "no more tokens" so callers can fall back to defaults for missing trailing fields.
 *
 * Each nesting level escapes only its own delimiter, so inner levels accumulate backslashes.
 */

/** Builds one encoded string; `append` mirrors VASSAL's `SequenceEncoder.append(String)`. */
export class SequenceEncoder {
  private buffer: string | null = null;

  constructor(readonly delimiter: string) {
    if (delimiter.length !== 1) throw new Error(`SequenceEncoder delimiter must be one character, got ${JSON.stringify(delimiter)}`);
  }

  /** Appends one element; `null` and `""` contribute only the delimiter. */
  append(element: string | null): this {
    this.startOrAddDelimiter();
    if (element !== null) this.buffer += encodeElement(element, this.delimiter);
    return this;
  }

  /** Java `String.valueOf(int)`; integers never contain a delimiter VASSAL uses. */
  appendInt(value: number): this {
    if (!Number.isInteger(value)) throw new Error(`appendInt needs an integer, got ${value}`);
    return this.append(String(value));
  }

  /** Java `String.valueOf(boolean)`. */
  appendBoolean(value: boolean): this {
    return this.append(value ? 'true' : 'false');
  }

  /** The encoded string, or `null` when nothing was appended (as in VASSAL). */
  get value(): string | null {
    return this.buffer;
  }

  private startOrAddDelimiter(): void {
    this.buffer = this.buffer === null ? '' : this.buffer + this.delimiter;
  }
}

/**
 * One element as `append` writes it after the delimiter: its delimiters escaped, and wrapped in
 * quotes when it starts with `\\` or starts and ends with `'`.
 */
export function encodeElement(element: string, delimiter: string): string {
  if (element.length === 0) return element;
  // Character codes rather than startsWith/endsWith: an element is often a long rope of
  // concatenations (an inner chain), which those would read through again.
  const first = element.charCodeAt(0);
  const needsQuotes = first === BACKSLASH || (first === QUOTE && element.charCodeAt(element.length - 1) === QUOTE);
  const escaped = escapeDelimiter(element, delimiter);
  return needsQuotes ? `'${escaped}'` : escaped;
}

function escapeDelimiter(element: string, delimiter: string): string {
  // Most elements hold no delimiter: skip the replacement that would copy them unchanged. The
  // replacement is a string of two characters; a "$" delimiter would be its last, which replaceAll
  // takes literally.
  return element.includes(delimiter) ? element.replaceAll(delimiter, '\\' + delimiter) : element;
}

/** Reads tokens back; mirrors VASSAL's `SequenceEncoder.Decoder`. */
export class SequenceDecoder {
  private input: string;
  /** Where the undecoded remainder starts; -1 once the last token has been taken. */
  private position: number;

  /** `start`: where in `value` the sequence begins (a prefix before it is not read). */
  constructor(
    value: string | null,
    readonly delimiter: string,
    start = 0,
  ) {
    if (delimiter.length !== 1) throw new Error(`SequenceDecoder delimiter must be one character, got ${JSON.stringify(delimiter)}`);
    // An index into the whole input instead of a sliced remainder per token: no string per step.
    this.input = value ?? '';
    this.position = value === null ? -1 : start;
  }

  /**
   * Reads `value` from `start` anew, as a new decoder would: code that splits many short sequences
   * in a row (every piece's trait chain) keeps one decoder instead of making one for each.
   */
  reset(value: string | null, start = 0): this {
    this.input = value ?? '';
    this.position = value === null ? -1 : start;
    return this;
  }

  hasMoreTokens(): boolean {
    return this.position >= 0;
  }

  /** The undecoded remainder ("" when exhausted), as VASSAL's `getRemaining`. */
  remaining(): string {
    return this.position < 0 ? '' : this.input.slice(this.position);
  }

  /** Next token; throws when exhausted (a caller bug: check `hasMoreTokens` or pass a default). */
  nextToken(): string;
  /** Next token, or `fallback` when the input is exhausted. */
  nextToken<T>(fallback: T): string | T;
  nextToken<T>(fallback?: T): string | T {
    const start = this.position;
    if (start < 0) {
      // Counted, not compared: an explicit `undefined` is a fallback too.
      if (arguments.length === 1) return fallback as T;
      throw new Error('SequenceDecoder: no more tokens');
    }
    const input = this.input;
    // A delimiter right after `\` is data (that one backslash is dropped); the first other
    // delimiter ends the token. Jump from delimiter to delimiter; most tokens hold no escape.
    let cut = input.indexOf(this.delimiter, start);
    let token: string | null = null;
    let segmentStart = start;
    while (cut > start && input.charCodeAt(cut - 1) === BACKSLASH) {
      token = (token ?? '') + input.slice(segmentStart, cut - 1);
      segmentStart = cut;
      cut = input.indexOf(this.delimiter, cut + 1);
    }
    const tail = cut < 0 ? input.slice(segmentStart) : input.slice(segmentStart, cut);
    // A trailing delimiter leaves one empty token still to come.
    this.position = cut < 0 ? -1 : cut + 1;
    return unquote(token === null ? tail : token + tail);
  }

  /**
   * The next token, as `nextToken`, but `previous` itself when the token reads the same: values
   * the pieces of a module repeat ("true", "Flip", "null;0;0") are then one string for all
   * instead of a copy each, kept alive with the module. A token with an escape or quotes is read
   * anew.
   */
  nextTokenAs(previous: string | undefined): string {
    const start = this.position;
    if (previous === undefined || start < 0) return this.nextToken();
    const input = this.input;
    const cut = input.indexOf(this.delimiter, start);
    const end = cut < 0 ? input.length : cut;
    const last = previous.length - 1;
    if (
      end - start === previous.length &&
      last > 0 &&
      input.charCodeAt(end - 1) !== BACKSLASH &&
      !(previous.charCodeAt(0) === QUOTE && previous.charCodeAt(last) === QUOTE) &&
      input.startsWith(previous, start)
    ) {
      this.position = cut < 0 ? -1 : cut + 1;
      return previous;
    }
    return this.nextToken();
  }

  /** Java `Integer.parseInt` of the next token, or `fallback` if exhausted or not an int. */
  nextInt(fallback: number): number {
    if (this.position < 0) return fallback;
    const token = this.nextToken();
    if (!/^[+-]?\d+$/.test(token)) return fallback;
    const n = Number(token);
    return n >= -(2 ** 31) && n <= 2 ** 31 - 1 ? n : fallback;
  }

  /** `true` only for the exact token `true`; `fallback` if exhausted. */
  nextBoolean(fallback: boolean): boolean {
    return this.position < 0 ? fallback : this.nextToken() === 'true';
  }

  /**
   * All remaining tokens, in an array of their number: one grown by pushing holds 17 slots from its
   * first token on, and a module's decoded traits keep thousands of such short lists alive.
   */
  remainingTokens(): string[] {
    let count = 0;
    while (this.position >= 0) tokenScratch[count++] = this.nextToken();
    const out = tokenScratch.slice(0, count);
    // The scratch keeps its room, not the tokens; a long sequence's room is let go.
    if (count > SCRATCH_KEPT) tokenScratch.length = 0;
    else tokenScratch.fill('', 0, count);
    return out;
  }
}

/** Where remainingTokens collects tokens before copying them out (nextToken never calls it back). */
const tokenScratch: string[] = [];
/** The most slots the scratch keeps between sequences. */
const SCRATCH_KEPT = 1024;

const BACKSLASH = 0x5c;
const QUOTE = 0x27;

function unquote(token: string): string {
  const last = token.length - 1;
  return last > 0 && token.charCodeAt(0) === QUOTE && token.charCodeAt(last) === QUOTE ? token.slice(1, last) : token;
}

/** Encodes a list of elements; an empty list gives `null`, as VASSAL's encoder does. */
export function encodeSequence(elements: readonly string[], delimiter: string): string | null {
  const encoder = new SequenceEncoder(delimiter);
  for (const element of elements) encoder.append(element);
  return encoder.value;
}

/** Decodes every token of `value` (an empty string is one empty token). */
export function decodeSequence(value: string, delimiter: string): string[] {
  return new SequenceDecoder(value, delimiter).remainingTokens();
}
