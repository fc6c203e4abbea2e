/**
 * Reproducible ZIP archives for .vmod and .vsav files: entries sorted by name, one fixed
 * timestamp, PNG/JPEG/GIF stored (they are compressed already; deflating them again costs time
 * and gains nothing), everything else deflated.
 *
 * Timestamps: ZIP stores a DOS wall-clock time. We write the epoch's UTC fields, so the bytes do
 * not depend on the machine's time zone, and no extra Unix-time field, which would carry the zone
 * offset into the archive. DOS times start in 1980; earlier epochs are written as 1980-01-01.
 */
import zlib, { deflateRawSync } from 'node:zlib';
import type { ArchivePiece, FileSpan } from '../../file-span';

export interface ZipEntry {
  /** Path inside the archive, forward slashes. */
  path: string;
  data: Uint8Array | string;
}

const ALREADY_COMPRESSED = /\.(png|jpe?g|gif)$/i;

export function isStoredUncompressed(path: string): boolean {
  return ALREADY_COMPRESSED.test(path);
}

/**
 * The archive bytes. Each entry is compressed, whole, before the next one starts, so memory holds
 * the inputs, the compressed entries and the archive, never a compressor per entry. The layout is
 * the one yazl writes for buffers with a DOS timestamp: UTF-8 names, sizes and CRC in the local
 * header (no data descriptor), no extra fields, no comments, Unix mode 0644. Throws on duplicate
 * paths, and on archives that would need ZIP64 (65,535 entries or 4 GB; the read limits keep any
 * round trip far below that), both bugs in the caller rather than bad input.
 */
export async function writeZip(entries: readonly ZipEntry[], epochSeconds: number): Promise<Uint8Array> {
  const archive = Buffer.concat(zipParts(entries, epochSeconds));
  return new Uint8Array(archive.buffer, archive.byteOffset, archive.byteLength);
}

/**
 * The archive writeZip returns, as the pieces that follow each other in it: each entry's local
 * header and its payload (a stored picture is its own bytes, not a copy), then the central
 * directory. A big module is written to disk piece by piece, never joined in memory.
 */
export function zipParts(entries: readonly ZipEntry[], epochSeconds: number): Uint8Array[] {
  const sorted = sortedEntries(entries);
  const { date, time } = dosDateTime(epochSeconds);
  const records: { fields: HeaderFields; payload: Uint8Array }[] = [];
  let offset = 0;
  for (const entry of sorted) {
    const record = entryRecord(entry.path, entry.data, time, date, offset);
    records.push(record);
    offset += LOCAL_HEADER_SIZE + record.fields.name.length + record.payload.byteLength;
    if (offset > 0xfffffffe) throw new Error('the zip archive would need ZIP64 (over 4 GB)');
  }
  // All local headers in one buffer, the central directory in another: two allocations, not one per entry.
  const headers = Buffer.allocUnsafe(offset - records.reduce((n, r) => n + r.payload.byteLength, 0));
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const { fields, payload } of records) {
    const end = writeLocalHeader(headers, fields, at);
    parts.push(headers.subarray(at, end), payload);
    at = end;
  }
  parts.push(
    centralDirectory(
      records.map((r) => r.fields),
      offset,
    ),
  );
  return parts;
}

/**
 * An entry as packed in another archive, copied without inflating it: its method (0 stored, 8
 * deflated), CRC and sizes are kept as they were.
 */
export interface PackedEntry {
  method: 0 | 8;
  crc: number;
  size: number;
  /** The packed bytes, or where they lie in the archive they are copied from. */
  payload: Uint8Array | FileSpan;
}

/**
 * An entry stored as it is whose CRC-32 is already known (the module computes its pictures' CRCs
 * once, for its version, and the archive reuses them).
 */
export function storedEntry(data: Uint8Array, crc: number): PackedEntry {
  return { method: 0, crc, size: data.byteLength, payload: data };
}

/** An entry whose bytes (or packed bytes) are read only when the archive reaches it. */
export interface DeferredZipEntry {
  path: string;
  data: Uint8Array | string | (() => Uint8Array | PackedEntry);
}

/**
 * The same archive as zipParts, made while it is written: each entry's bytes are asked for, packed
 * and handed on before the next entry's are, so only one entry is held at a time (and the
 * directory's records, a few dozen bytes each).
 */
export function* zipStream(entries: readonly DeferredZipEntry[], epochSeconds: number): Generator<ArchivePiece> {
  const sorted = sortedEntries(entries);
  const { date, time } = dosDateTime(epochSeconds);
  const directory: HeaderFields[] = [];
  let offset = 0;
  for (const entry of sorted) {
    const data = typeof entry.data === 'function' ? entry.data() : entry.data;
    const { fields, payload } = isPacked(data)
      ? packedRecord(entry.path, data, time, date, offset)
      : entryRecord(entry.path, data, time, date, offset);
    directory.push(fields);
    const header = Buffer.allocUnsafe(LOCAL_HEADER_SIZE + fields.name.length);
    writeLocalHeader(header, fields, 0);
    offset += header.byteLength + payload.byteLength;
    if (offset > 0xfffffffe) throw new Error('the zip archive would need ZIP64 (over 4 GB)');
    yield header;
    yield payload;
  }
  yield centralDirectory(directory, offset);
}

function sortedEntries<T extends { path: string }>(entries: readonly T[]): T[] {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].path === sorted[i - 1].path) throw new Error(`duplicate zip entry ${sorted[i].path}`);
  }
  if (sorted.length >= 0xffff) throw new Error(`${sorted.length} zip entries need ZIP64`);
  return sorted;
}

/** One entry's header fields and payload (stored or deflated), its local header to start at `offset`. */
function entryRecord(
  path: string,
  input: Uint8Array | string,
  time: number,
  date: number,
  offset: number,
): { fields: HeaderFields; payload: Uint8Array } {
  const data = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const stored = isStoredUncompressed(path);
  // A copy of its own size: zlib's result is a view of an output chunk (16 KiB by default), which
  // would stay alive as long as the archive (49,000 tiny entries would hold 800 MB).
  const payload = stored
    ? data
    : new Uint8Array(deflateRawSync(data, { level: 6, chunkSize: Math.max(64, Math.min(16 * 1024, data.byteLength)) }));
  const fields: HeaderFields = {
    name: Buffer.from(path, 'utf8'),
    method: stored ? 0 : 8,
    time,
    date,
    crc: crc32(data),
    compressedSize: payload.byteLength,
    size: data.byteLength,
    offset,
  };
  return { fields, payload };
}

function isPacked(data: Uint8Array | string | PackedEntry): data is PackedEntry {
  return typeof data === 'object' && !(data instanceof Uint8Array);
}

function packedRecord(
  path: string,
  packed: PackedEntry,
  time: number,
  date: number,
  offset: number,
): { fields: HeaderFields; payload: Uint8Array | FileSpan } {
  const fields: HeaderFields = {
    name: Buffer.from(path, 'utf8'),
    method: packed.method,
    time,
    date,
    crc: packed.crc,
    compressedSize: packed.payload.byteLength,
    size: packed.size,
    offset,
  };
  return { fields, payload: packed.payload };
}

/** The central directory and its end record, for entries whose local headers end at `end`. */
function centralDirectory(records: readonly HeaderFields[], end: number): Uint8Array {
  const size = records.reduce((n, f) => n + CENTRAL_RECORD_SIZE + f.name.length, 0);
  const directory = Buffer.allocUnsafe(size + END_RECORD_SIZE);
  let at = 0;
  for (const fields of records) at = writeCentralRecord(directory, fields, at);
  writeEndOfCentralDirectory(directory, at, records.length, size, end);
  return directory;
}

interface HeaderFields {
  name: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts in the archive. */
  offset: number;
}

const LOCAL_HEADER_SIZE = 30;
const CENTRAL_RECORD_SIZE = 46;
const END_RECORD_SIZE = 22;
const VERSION_NEEDED = 20;
const VERSION_MADE_BY = (3 << 8) | 63; // Unix, spec 6.3
const NAME_IS_UTF8 = 1 << 11;
const FILE_MODE = 0o100644;

/** The fields local header and central record share, in the same order: from version needed to name length. */
function writeSharedFields(b: Buffer, f: HeaderFields, at: number): void {
  b.writeUInt16LE(VERSION_NEEDED, at);
  b.writeUInt16LE(NAME_IS_UTF8, at + 2);
  b.writeUInt16LE(f.method, at + 4);
  b.writeUInt16LE(f.time, at + 6);
  b.writeUInt16LE(f.date, at + 8);
  b.writeUInt32LE(f.crc, at + 10);
  b.writeUInt32LE(f.compressedSize, at + 14);
  b.writeUInt32LE(f.size, at + 18);
  b.writeUInt16LE(f.name.length, at + 22);
}

/** Writes the local header at `at`; returns where the entry's data starts. */
function writeLocalHeader(b: Buffer, f: HeaderFields, at: number): number {
  b.writeUInt32LE(0x04034b50, at);
  writeSharedFields(b, f, at + 4);
  b.writeUInt16LE(0, at + 28); // no extra field
  f.name.copy(b, at + LOCAL_HEADER_SIZE);
  return at + LOCAL_HEADER_SIZE + f.name.length;
}

/** Writes the central directory record at `at`; returns where the next one starts. */
function writeCentralRecord(b: Buffer, f: HeaderFields, at: number): number {
  b.writeUInt32LE(0x02014b50, at);
  b.writeUInt16LE(VERSION_MADE_BY, at + 4);
  writeSharedFields(b, f, at + 6);
  // Disk number, internal attributes and the comment length stay zero.
  b.fill(0, at + 30, at + 38);
  b.writeUInt32LE((FILE_MODE << 16) >>> 0, at + 38);
  b.writeUInt32LE(f.offset, at + 42);
  f.name.copy(b, at + CENTRAL_RECORD_SIZE);
  return at + CENTRAL_RECORD_SIZE + f.name.length;
}

function writeEndOfCentralDirectory(b: Buffer, at: number, count: number, size: number, offset: number): void {
  b.writeUInt32LE(0x06054b50, at);
  b.fill(0, at + 4, at + 8);
  b.writeUInt16LE(count, at + 8);
  b.writeUInt16LE(count, at + 10);
  b.writeUInt32LE(size, at + 12);
  b.writeUInt32LE(offset, at + 16);
  b.writeUInt16LE(0, at + 20);
}

/** DOS date and time fields of `epochSeconds` read in UTC, clamped to the DOS range (1980 to 2107). */
export function dosDateTime(epochSeconds: number): { date: number; time: number } {
  const d = new Date(Math.min(Math.max(epochSeconds, 315532800), 4354819198) * 1000); // 1980-01-01 … 2107-12-31T23:59:58Z
  return {
    date: d.getUTCDate() | ((d.getUTCMonth() + 1) << 5) | ((d.getUTCFullYear() - 1980) << 9),
    time: Math.floor(d.getUTCSeconds() / 2) | (d.getUTCMinutes() << 5) | (d.getUTCHours() << 11),
  };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as ZIP uses it), byte by byte: for Node versions without zlib.crc32 (before 20.15). */
export function crc32InScript(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** CRC-32 (ISO 3309, as ZIP uses it); zlib's own is twenty times faster on images. */
export const crc32: (bytes: Uint8Array) => number = (zlib as { crc32?: (data: Uint8Array) => number }).crc32 ?? crc32InScript;
