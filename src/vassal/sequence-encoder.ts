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
    if (element === null || element.length === 0) return this;
    const needsQuotes = element.startsWith('\\') || (element.startsWith("'") && element.endsWith("'"));
    const escaped = escapeDelimiter(element, this.delimiter);
    this.buffer += needsQuotes ? `'${escaped}'` : escaped;
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

function escapeDelimiter(element: string, delimiter: string): string {
  // Most elements hold no delimiter: skip the split and join that would copy them unchanged.
  return element.includes(delimiter) ? element.split(delimiter).join('\\' + delimiter) : element;
}

/** Reads tokens back; mirrors VASSAL's `SequenceEncoder.Decoder`. */
export class SequenceDecoder {
  /** Undecoded remainder; `null` once the last token has been taken. */
  private rest: string | null;

  constructor(
    value: string | null,
    readonly delimiter: string,
  ) {
    if (delimiter.length !== 1) throw new Error(`SequenceDecoder delimiter must be one character, got ${JSON.stringify(delimiter)}`);
    this.rest = value;
  }

  hasMoreTokens(): boolean {
    return this.rest !== null;
  }

  /** The undecoded remainder ("" when exhausted), as VASSAL's `getRemaining`. */
  remaining(): string {
    return this.rest ?? '';
  }

  /** Next token; throws when exhausted (a caller bug: check `hasMoreTokens` or pass a default). */
  nextToken(): string;
  /** Next token, or `fallback` when the input is exhausted. */
  nextToken<T>(fallback: T): string | T;
  nextToken<T>(...args: [] | [T]): string | T {
    if (this.rest === null) {
      if (args.length === 1) return args[0] as T;
      throw new Error('SequenceDecoder: no more tokens');
    }
    const input = this.rest;
    let token = '';
    let segmentStart = 0;
    let cut = -1;
    for (let i = 0; i < input.length; i++) {
      if (input[i] !== this.delimiter) continue;
      if (i > 0 && input[i - 1] === '\\') {
        // Escaped delimiter: drop the backslash, keep the delimiter as data.
        token += input.slice(segmentStart, i - 1);
        segmentStart = i;
      } else {
        cut = i;
        break;
      }
    }
    if (cut < 0) {
      token += input.slice(segmentStart);
      this.rest = null;
    } else {
      token += input.slice(segmentStart, cut);
      // A trailing delimiter leaves one empty token still to come.
      this.rest = input.slice(cut + 1);
    }
    return unquote(token);
  }

  /** Java `Integer.parseInt` of the next token, or `fallback` if exhausted or not an int. */
  nextInt(fallback: number): number {
    if (this.rest === null) return fallback;
    const token = this.nextToken();
    if (!/^[+-]?\d+$/.test(token)) return fallback;
    const n = Number(token);
    return n >= -(2 ** 31) && n <= 2 ** 31 - 1 ? n : fallback;
  }

  /** `true` only for the exact token `true`; `fallback` if exhausted. */
  nextBoolean(fallback: boolean): boolean {
    return this.rest === null ? fallback : this.nextToken() === 'true';
  }

  /** All remaining tokens. */
  remainingTokens(): string[] {
    const out: string[] = [];
    while (this.hasMoreTokens()) out.push(this.nextToken());
    return out;
  }
}

function unquote(token: string): string {
  return token.length > 1 && token.startsWith("'") && token.endsWith("'") ? token.slice(1, -1) : token;
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
