/**
 * A saved game's pieces changed in place: the command string is rebuilt with the same nesting
 * (ESC-separated lists inside lists), every untouched command as it was, and written back in the
 * save's own encoding (plain, `!VCSK` with the same key and hex case, or `VOBS`), so an untouched
 * save comes back byte for byte. Pure.
 */
import { COMMAND_SEPARATOR, decodeSavedGameBytes, type SaveEncoding } from '../reader/saved-game';
import { decodeSequence, encodeSequence } from '../sequence-encoder';

/** Rebuilds a (possibly nested) command list with `change` applied to every single command. */
export function mapCommands(text: string, change: (command: string) => string, depth = 0): string {
  if (depth > 64 || !text.includes(COMMAND_SEPARATOR)) return change(text);
  const tokens = decodeSequence(text, COMMAND_SEPARATOR);
  return encodeSequence(
    tokens.map((t) => mapCommands(t, change, depth + 1)),
    COMMAND_SEPARATOR,
  )!;
}

const LOWER_DIGITS = new TextEncoder().encode('0123456789abcdef');
const UPPER_DIGITS = new TextEncoder().encode('0123456789ABCDEF');

/** The `savedGame` bytes for `text`, in the encoding (and key) of `original`. */
export function encodeSavedGameLike(original: Uint8Array, encoding: SaveEncoding, text: string): Uint8Array {
  const body = Buffer.from(text, 'utf8');
  if (encoding === 'plain') return body;
  if (encoding === 'VOBS') {
    const key = original[4];
    const out = new Uint8Array(5 + body.length);
    out.set(original.subarray(0, 5));
    for (let i = 0; i < body.length; i++) out[5 + i] = body[i] ^ key;
    return out;
  }
  // `!VCSK`, the key's two digits as written, then each byte XOR key as two hex digits, written
  // straight into bytes: building the hex as a string costs a rope the size of the save.
  const key = Number.parseInt(String.fromCharCode(original[5], original[6]), 16);
  // Keep the hex case the save was written with.
  const digits = /[A-F]/.test(String.fromCharCode(...original.subarray(7, 71))) ? UPPER_DIGITS : LOWER_DIGITS;
  const out = new Uint8Array(7 + 2 * body.length);
  out.set(original.subarray(0, 7));
  for (let i = 0, o = 7; i < body.length; i++, o += 2) {
    const v = body[i] ^ key;
    out[o] = digits[v >> 4];
    out[o + 1] = digits[v & 15];
  }
  return out;
}

/**
 * The `savedGame` payload with `change` applied to each command, in order; `unchanged` when nothing
 * changed, a problem when the save does not re-encode as it was written. `decoded` is the payload's
 * command string, when it was decoded already.
 */
export function patchSavedGamePayload(
  payload: Uint8Array,
  change: (command: string) => string,
  file: string,
  decoded: { text: string; encoding: SaveEncoding } = decodeSavedGameBytes(payload, file),
): { payload: Uint8Array } | { unchanged: true } | { problem: string } {
  const { text, encoding } = decoded;
  const patched = mapCommands(text, change);
  if (patched === text) return { unchanged: true };
  if (mapCommands(text, (c) => c) !== text) return { problem: `${file}: its command list does not re-encode as written` };
  const bytes = encodeSavedGameLike(payload, encoding, patched);
  const again = encodeSavedGameLike(payload, encoding, text);
  if (Buffer.compare(again, payload) !== 0) return { problem: `${file}: its ${encoding} encoding does not re-encode as written` };
  return { payload: bytes };
}
