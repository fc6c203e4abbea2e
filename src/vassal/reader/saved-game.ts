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
import type { Diagnostic } from '../../diagnostics';
import { decodePiece, type PieceDefinition } from '../piece';
import { decodeSequence } from '../sequence-encoder';
import { basicPieceState } from '../traits/index';
import type { ReadLimits } from './limits';
import { readZip } from './zip';

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
}

export interface SavedStackRecord {
  id: string;
  mapId: string;
  x: number;
  y: number;
  pieceIds: string[];
}

export interface SavedGameContents {
  encoding: SaveEncoding;
  /** Every command, flattened, in order. */
  commands: string[];
  pieces: SavedPiece[];
  stacks: SavedStackRecord[];
  diagnostics: Diagnostic[];
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
export function decodeSavedGameBytes(bytes: Uint8Array, file: string): { text: string; encoding: SaveEncoding; diagnostics: Diagnostic[] } {
  const head = String.fromCharCode(...bytes.subarray(0, 5));
  const decoder = new TextDecoder('utf-8');
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
            file,
          },
        ]
      : [];
    return { text: decoder.decode(out), encoding: 'VCSK', diagnostics };
  }
  if (head.startsWith(VOBS) && bytes.length >= 5) {
    const key = bytes[4];
    const out = bytes.slice(5);
    for (let i = 0; i < out.length; i++) out[i] ^= key;
    return { text: decoder.decode(out), encoding: 'VOBS', diagnostics: [] };
  }
  return { text: decoder.decode(bytes), encoding: 'plain', diagnostics: [] };
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
  for (const command of commands) {
    if (!command.startsWith('+/')) continue;
    const fields = decodeSequence(command.slice(2), '/');
    if (fields[1] === 'stack') {
      const parts = decodeSequence(fields[2] ?? '', ';');
      const ids = parts.slice(3).filter((p) => !p.startsWith('@@'));
      stacks.push({ id: fields[0], mapId: parts[0] ?? '', x: Number(parts[1]), y: Number(parts[2]), pieceIds: ids });
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
    });
  }
  return { encoding, commands, pieces, stacks, diagnostics };
}

/** A .vsav archive (or a bare `savedGame` payload when the bytes are not a ZIP). */
export async function readSavedGame(bytes: Uint8Array, options: { file: string; limits: ReadLimits }): Promise<SavedGameContents> {
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  let payload = bytes;
  const diagnostics: Diagnostic[] = [];
  if (isZip) {
    const zip = await readZip(bytes, options);
    diagnostics.push(...zip.diagnostics);
    const entry = zip.entries.get(SAVED_GAME_ENTRY);
    if (!entry) {
      if (!zip.diagnostics.some((d) => d.severity === 'error')) {
        diagnostics.push({
          code: 'vassal/save-no-savedgame',
          severity: 'error',
          message: `${options.file}: the archive has no "savedGame" entry`,
          file: options.file,
        });
      }
      return { encoding: 'plain', commands: [], pieces: [], stacks: [], diagnostics };
    }
    payload = entry;
  }
  const { text, encoding, diagnostics: decodeDiagnostics } = decodeSavedGameBytes(payload, options.file);
  const parsed = parseSavedGame(text, encoding, options.file);
  return { ...parsed, diagnostics: [...diagnostics, ...decodeDiagnostics, ...parsed.diagnostics] };
}
