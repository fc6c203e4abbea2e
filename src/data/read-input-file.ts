/**
 * The one way an input file is read: the path must name a regular file (a folder, a dangling or
 * looping link, a named pipe, a device or an unreadable file is a diagnostic naming it, never an
 * exception or a read that blocks forever), no larger than a limit, and valid UTF-8.
 */
import { Buffer, isUtf8 } from 'node:buffer';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics';
import { LineIndex } from './line-index';

/** Larger than any real data file (the largest bundled one is about 150 KB), small enough for memory. */
export const MAX_DATA_FILE_BYTES = 32 * 1024 * 1024;

export type ReadInput = { bytes: Uint8Array; diagnostics: [] } | { bytes?: undefined; diagnostics: Diagnostic[] };

const REASONS: Record<string, string> = {
  ENOENT: 'does not exist (a link pointing nowhere?)',
  ELOOP: 'is a loop of symbolic links',
  EACCES: 'cannot be read (permission denied)',
  EPERM: 'cannot be read (permission denied)',
  EISDIR: 'is a folder, not a file',
  ENAMETOOLONG: 'has a name too long for the file system',
  ENOTDIR: 'lies under something that is not a folder',
};

function problem(file: string, code: string, what: string, hint: string): ReadInput {
  return { diagnostics: [{ code, severity: 'error', message: `${file} ${what}`, hint, file }] };
}

/** Kind of a non-regular file, from its stat mode. */
function kindOf(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Reads a regular file's bytes. Opened without blocking (a named pipe with no writer would block
 * an ordinary open), then its type and size are checked on the open handle, so nothing can swap
 * the file between the check and the read.
 */
export async function readInputBytes(file: string, maxBytes = MAX_DATA_FILE_BYTES): Promise<ReadInput> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const hint =
      code === 'EACCES' || code === 'EPERM'
        ? 'give yourself permission to read it (chmod u+r), or copy it somewhere you can read'
        : 'replace it with the regular file it should be';
    return problem(file, 'file/unreadable', REASONS[code] ?? `cannot be opened (${code})`, hint);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return problem(file, 'file/not-a-file', `is ${kindOf(stats)}, not a regular file`, 'replace it with the regular file it should be');
    if (stats.size > maxBytes) {
      return problem(file, 'file/too-large', `is ${stats.size} bytes (limit ${maxBytes})`, 'a data file this large is not a game file; check the path');
    }
    const bytes = await handle.readFile();
    if (bytes.length > maxBytes) return problem(file, 'file/too-large', `grew past ${maxBytes} bytes while being read`, 'check the path');
    return { bytes, diagnostics: [] };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return problem(file, 'file/unreadable', REASONS[code] ?? `cannot be read (${code})`, 'replace it with the regular file it should be');
  } finally {
    await handle.close();
  }
}

/**
 * Bytes → text (a BOM kept: the parsers report it); bytes that are not UTF-8 are a diagnostic at
 * the line and column of the first bad one. Decoded, then checked, by Node's native UTF-8 code:
 * several times faster than a fatal TextDecoder on big files. The decoder writes U+FFFD for every
 * byte sequence that is not UTF-8, so a text without one came from UTF-8 and the bytes need no
 * second pass (a text of one-byte characters is not even scanned for it); only a text holding one
 * has its bytes checked.
 */
export function decodeUtf8(file: string, bytes: Uint8Array): { text?: string; diagnostics: Diagnostic[] } {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (!text.includes('\uFFFD') || isUtf8(bytes)) return { text, diagnostics: [] };
  const offset = firstInvalidUtf8(bytes);
  const before = new TextDecoder().decode(bytes.subarray(0, offset));
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  return {
    diagnostics: [
      {
        code: 'file/encoding',
        severity: 'error',
        message: utf16 ? 'file is UTF-16, not UTF-8' : `byte 0x${bytes[offset].toString(16).padStart(2, '0')} at offset ${offset} is not UTF-8`,
        hint: 'save the file as UTF-8 (without BOM)',
        file,
        ...new LineIndex(before).position(before.length),
      },
    ],
  };
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need >= bytes.length) return i;
    for (let k = 1; k <= need; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    // Overlong three-byte forms, surrogates and code points past U+10FFFF.
    if ((b === 0xe0 && bytes[i + 1] < 0xa0) || (b === 0xed && bytes[i + 1] > 0x9f)) return i;
    if ((b === 0xf0 && bytes[i + 1] < 0x90) || (b === 0xf4 && bytes[i + 1] > 0x8f)) return i;
    i += need + 1;
  }
  return Math.max(0, bytes.length - 1);
}

/** Reads a regular file as UTF-8 text, with every problem a diagnostic naming the file. */
export async function readInputText(file: string, maxBytes = MAX_DATA_FILE_BYTES): Promise<{ text?: string; diagnostics: Diagnostic[] }> {
  const read = await readInputBytes(file, maxBytes);
  if (!read.bytes) return { diagnostics: read.diagnostics };
  return decodeUtf8(file, read.bytes);
}
