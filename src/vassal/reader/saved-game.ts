/**
 * Saved games (.vsav, and predefined setups inside modules): the `savedGame` entry in any of the
 * three encodings VASSAL reads (reference §5.2):
 *   plain     the UTF-8 command string itself;
 *   `!VCSK`   then the key as two hex digits, then every byte XOR key as two hex digits
 *             (upper or lower case);
 *   `VOBS`    then the raw key byte, then the raw XORed bytes (VASSAL 3.8).
 * The command string is ESC-separated; nested lists escape their inner ESCs and are flattened
 * here. Piece commands `+/id/type/state` are decoded with the piece decoder; stacks
 * `+/id/stack/map;x;y;ids…;@@layer` are read into their members.
 */
import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../../diagnostics';
import { decodePiece, type PieceDefinition } from '../piece';
import { decodeSequence } from '../sequence-encoder';
import { basicPieceState } from '../traits/index';
import { documentTooLarge, type ReadLimits } from './limits';
import { readZip, type InflateBudget } from './zip';

export const COMMAND_SEPARATOR = '\u001b';
export const SAVED_GAME_ENTRY = 'savedGame';

export type SaveEncoding = 'plain' | 'VCSK' | 'VOBS';

export interface SavedPiece {
  id: string;
  piece: PieceDefinition;
  /** From the BasicPiece state: map id ("null" off-map) and map pixels. */
  mapId: string;
  x: number;
  y: number;
  gpid: string;
  /** Its command's index in `commands`. */
  command: number;
  /** Decoded without a diagnostic: it re-encodes as written, so it can be changed in place. */
  clean: boolean;
}

export interface SavedStackRecord {
  id: string;
  mapId: string;
  x: number;
  y: number;
  pieceIds: string[];
}

/**
 * A deck (counters/Deck.java): `+/id/deck;<type>/<map;x;y;faceDown;id,id…>`. Its type is the
 * deck's settings and name (Deck.getType); its state the map, pixel, whether its cards lie face
 * down, and its cards' piece ids in the deck's order (Deck.getState; no ids when it is empty).
 */
export interface SavedDeckRecord {
  id: string;
  type: string;
  mapId: string;
  x: number;
  y: number;
  faceDown: boolean;
  pieceIds: string[];
}

export const DECK_TYPE_PREFIX = 'deck;';

/** A deck's state: `map;x;y;faceDown[;id,id…]` (Deck.getState). */
export function deckState(state: string): Omit<SavedDeckRecord, 'id' | 'type'> {
  const [mapId, x, y, faceDown, ids] = decodeSequence(state, ';');
  return { mapId: mapId ?? '', x: Number(x), y: Number(y), faceDown: faceDown === 'true', pieceIds: ids ? decodeSequence(ids, ',') : [] };
}

export interface SavedGameContents {
  encoding: SaveEncoding;
  /** Every command, flattened, in order. */
  commands: string[];
  pieces: SavedPiece[];
  stacks: SavedStackRecord[];
  decks: SavedDeckRecord[];
  diagnostics: Diagnostic[];
  /** Kept when asked for (`keepArchive`), for a reader that writes the save back changed. */
  archive?: SavedGameArchive;
}

/** A save as read from its archive: every entry of the .vsav, and its command string. */
export interface SavedGameArchive {
  entries: ReadonlyMap<string, Uint8Array>;
  text: string;
}

const VCSK = '!VCSK';
const VOBS = 'VOBS';

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** The command string of a `savedGame` entry, whichever encoding it uses. */
export function decodeSavedGameBytes(
  bytes: Uint8Array,
  file: string,
): { text: string; encoding: SaveEncoding; diagnostics: Diagnostic[]; isUtf8: boolean } {
  const head = String.fromCharCode(...bytes.subarray(0, 5));
  if (head === VCSK) {
    const key = (hexValue(bytes[5]) << 4) | hexValue(bytes[6]);
    const body = bytes.subarray(7);
    const out = new Uint8Array(body.length >> 1);
    let bad = key < 0 || (body.length & 1) === 1;
    for (let i = 0; i < out.length; i++) {
      const hi = hexValue(body[2 * i]);
      const lo = hexValue(body[2 * i + 1]);
      if (hi < 0 || lo < 0) bad = true;
      out[i] = ((hi << 4) | lo) ^ key;
    }
    const diagnostics: Diagnostic[] = bad
      ? [
          {
            code: 'vassal/save-bad-obfuscation',
            severity: 'warning',
            message: `${file}: the !VCSK-obfuscated save holds characters that are not hex digits`,
            hint: RESAVE_HINT,
            file,
          },
        ]
      : [];
    return { ...decodeUtf8(out), encoding: 'VCSK', diagnostics };
  }
  if (head.startsWith(VOBS) && bytes.length >= 5) {
    const key = bytes[4];
    const out = bytes.slice(5);
    for (let i = 0; i < out.length; i++) out[i] ^= key;
    return { ...decodeUtf8(out), encoding: 'VOBS', diagnostics: [] };
  }
  return { ...decodeUtf8(bytes), encoding: 'plain', diagnostics: [] };
}

/** The text, with U+FFFD for malformed sequences as VASSAL decodes it, and whether there were any. */
function decodeUtf8(bytes: Uint8Array): { text: string; isUtf8: boolean } {
  // isUtf8 and Buffer's decoder are the fast paths; TextDecoder is several times slower on large
  // saves. A leading byte order mark is dropped, as TextDecoder does.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, isUtf8: isUtf8(bytes) };
}

/** Splits a command string into single commands, descending into nested lists. */
export function splitCommands(text: string): string[] {
  const out: string[] = [];
  const visit = (command: string, depth: number) => {
    if (depth > 64 || !command.includes(COMMAND_SEPARATOR)) {
      out.push(command);
      return;
    }
    for (const token of decodeSequence(command, COMMAND_SEPARATOR)) visit(token, depth + 1);
  };
  visit(text, 0);
  return out;
}

export function parseSavedGame(text: string, encoding: SaveEncoding, file: string): SavedGameContents {
  const diagnostics: Diagnostic[] = [];
  const commands = splitCommands(text);
  const pieces: SavedPiece[] = [];
  const stacks: SavedStackRecord[] = [];
  const decks: SavedDeckRecord[] = [];
  for (let index = 0; index < commands.length; index++) {
    const command = commands[index];
    if (!command.startsWith('+/')) continue;
    const fields = decodeSequence(command.slice(2), '/');
    if (fields[1] === 'stack') {
      const parts = decodeSequence(fields[2] ?? '', ';');
      const ids = parts.slice(3).filter((p) => !p.startsWith('@@'));
      stacks.push({ id: fields[0], mapId: parts[0] ?? '', x: Number(parts[1]), y: Number(parts[2]), pieceIds: ids });
      continue;
    }
    if (fields[1]?.startsWith(DECK_TYPE_PREFIX)) {
      decks.push({ id: fields[0], type: fields[1], ...deckState(fields[2] ?? '') });
      continue;
    }
    const decoded = decodePiece(command, { file });
    diagnostics.push(...decoded.diagnostics);
    if (!decoded.piece) continue;
    const basic = decoded.piece.traits[decoded.piece.traits.length - 1];
    const state = basicPieceState.decode(basic.state);
    pieces.push({
      id: decoded.piece.id,
      piece: decoded.piece,
      mapId: state.mapId ?? 'null',
      x: Number(state.x ?? 0),
      y: Number(state.y ?? 0),
      gpid: state.gpid ?? '',
      command: index,
      clean: decoded.diagnostics.length === 0,
    });
  }
  return { encoding, commands, pieces, stacks, decks, diagnostics };
}

/** What to do about a saved game that does not read: VASSAL writes a sound one. */
const RESAVE_HINT = 'open the module in VASSAL, load the game if it loads, and save it again (File > Save Game); or remove the file';

function saveRefusal(file: string, code: string, message: string, hint: string, diagnostics: Diagnostic[] = []): SavedGameContents {
  return {
    encoding: 'plain',
    commands: [],
    pieces: [],
    stacks: [],
    decks: [],
    diagnostics: [...diagnostics, { code, severity: 'error', message, hint, file }],
  };
}

/**
 * A .vsav archive. VASSAL reads a save only as a ZIP holding a `savedGame` entry (`GameState.
 * decodeSavedGame`: anything else is "Invalid saveFile format"), and its command string is UTF-8
 * text; other bytes are refused, naming the entry. `keepArchive` keeps its entries and command
 * string (`archive`), so that a save changed and written back is decoded once.
 */
export async function readSavedGame(
  bytes: Uint8Array,
  options: { file: string; limits: ReadLimits; budget?: InflateBudget; keepArchive?: boolean },
): Promise<SavedGameContents> {
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) {
    return saveRefusal(
      options.file,
      'vassal/save-not-zip',
      `${options.file}: not a saved game (a .vsav is a ZIP archive holding "savedGame")`,
      RESAVE_HINT,
    );
  }
  const zip = await readZip(bytes, options);
  if (zip.diagnostics.some((d) => d.severity === 'error'))
    return { encoding: 'plain', commands: [], pieces: [], stacks: [], decks: [], diagnostics: zip.diagnostics };
  const payload = zip.entries.get(SAVED_GAME_ENTRY);
  if (!payload) {
    return saveRefusal(
      options.file,
      'vassal/save-no-savedgame',
      `${options.file}: the archive has no "savedGame" entry`,
      RESAVE_HINT,
      zip.diagnostics,
    );
  }
  if (payload.byteLength > options.limits.maxDocumentBytes) {
    const too = documentTooLarge(`${options.file}!${SAVED_GAME_ENTRY}`, payload.byteLength, options.limits);
    return saveRefusal(options.file, too.code, too.message, too.hint!, zip.diagnostics);
  }
  const { text, encoding, diagnostics: decodeDiagnostics, isUtf8: utf8 } = decodeSavedGameBytes(payload, options.file);
  if (!utf8) {
    return saveRefusal(
      options.file,
      'vassal/save-not-text',
      `${options.file}: the "savedGame" entry is not a command string (${encoding === 'plain' ? 'its bytes' : `its bytes once ${encoding} de-obfuscated`} are not UTF-8 text)`,
      RESAVE_HINT,
      zip.diagnostics,
    );
  }
  const parsed = parseSavedGame(text, encoding, options.file);
  return {
    ...parsed,
    diagnostics: [...zip.diagnostics, ...decodeDiagnostics, ...parsed.diagnostics],
    ...(options.keepArchive ? { archive: { entries: zip.entries, text } } : {}),
  };
}
