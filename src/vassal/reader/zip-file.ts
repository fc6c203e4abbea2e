/**
 * A ZIP archive on disk, read as ./zip.ts reads one in memory (the same names, limits and
 * refusals), but its entries are read from the file when asked for and not kept: a module of
 * hundreds of megabytes is never held whole. Every compressed entry is inflated once when the
 * archive is opened, to refuse one that does not inflate to its declared size before anything uses
 * it; a stored one is checked by its sizes and place, without reading it.
 * The file is opened on the first read and stays open while anything can read it; it is closed
 * when its entries are no longer reachable (or the process ends), so nothing needs closing.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import yauzl from 'yauzl';
import { readFully, type FileSpan } from '../../file-span';
import type { Diagnostic } from '../../diagnostics';
import type { PackedEntry } from '../module/zip';
import { OnDemandMap } from './on-demand-map';
import {
  LOCAL_HEADER_BYTES,
  YAUZL_OPTIONS,
  entryDataStart,
  inflateEntry,
  inflateListed,
  listArchive,
  unreadable,
  type ZipReadOptions,
} from './zip';

/**
 * Entry name → bytes, each read from the archive file and inflated on every `get` (and every
 * step of an iteration): callers keep what they need and let the rest go.
 */
export class ArchiveEntries extends OnDemandMap<Uint8Array> {
  constructor(
    private readonly file: ArchiveFile,
    private readonly located: ReadonlyMap<string, yauzl.Entry>,
  ) {
    super();
  }

  get size(): number {
    return this.located.size;
  }

  /** The uncompressed bytes of every entry together, as their headers declare (and inflation checked). */
  get totalBytes(): number {
    let total = 0;
    for (const entry of this.located.values()) total += entry.uncompressedSize;
    return total;
  }

  has(name: string): boolean {
    return this.located.has(name);
  }

  get(name: string): Uint8Array | undefined {
    const entry = this.located.get(name);
    return entry && inflateEntry(entry, compressedBytes(this.file, entry));
  }

  /** An entry as packed in the archive (not inflated), to copy into another as it is. */
  packed(name: string): PackedEntry | undefined {
    const entry = this.located.get(name);
    if (!entry || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) return undefined;
    const { file } = this;
    const start = dataStart(file.fd, entry, file.bytes);
    // Read when the writing reaches it, a block at a time: the entry is copied, not held.
    const payload: FileSpan = {
      byteLength: entry.compressedSize,
      readInto: (target, offset) => readFully(file.fd, target, start + offset),
    };
    return { method: entry.compressionMethod, crc: entry.crc32, size: entry.uncompressedSize, payload };
  }

  /**
   * Whether entry `name` here and `otherName` in `other` are packed alike with the same bytes: then
   * they hold the same contents. Compared a block at a time in the same two buffers, so comparing
   * a module's art allocates nothing. False says only that this way cannot tell.
   */
  packedAlike(name: string, other: ArchiveEntries, otherName = name): boolean {
    const a = this.located.get(name);
    const b = other.located.get(otherName);
    if (!a || !b) return false;
    const alike = (['compressionMethod', 'compressedSize', 'uncompressedSize', 'crc32'] as const).every((k) => a[k] === b[k]);
    if (!alike) return false;
    const atA = dataStart(this.file.fd, a, this.file.bytes);
    const atB = dataStart(other.file.fd, b, other.file.bytes);
    for (let done = 0; done < a.compressedSize;) {
      const length = Math.min(COMPARE_BLOCK.a.length, a.compressedSize - done);
      const blockA = COMPARE_BLOCK.a.subarray(0, length);
      const blockB = COMPARE_BLOCK.b.subarray(0, length);
      if (readFully(this.file.fd, blockA, atA + done) < length || readFully(other.file.fd, blockB, atB + done) < length) return false;
      if (!blockA.equals(blockB)) return false;
      done += length;
    }
    return true;
  }

  /** The entries whose names pass `keep`, read from the same open file. */
  filter(keep: (name: string) => boolean): ArchiveEntries {
    return new ArchiveEntries(this.file, new Map([...this.located].filter(([name]) => keep(name))));
  }

  keys(): MapIterator<string> {
    return this.located.keys();
  }
}

/** The archive file, opened when first read; its descriptor is closed once nothing refers to it. */
class ArchiveFile {
  private opened?: number;

  constructor(private readonly path: string) {}

  private size?: number;

  get fd(): number {
    if (this.opened === undefined) {
      this.opened = openSync(this.path, 'r');
      closeWhenUnreachable.register(this, this.opened);
    }
    return this.opened;
  }

  /** The file's size when first asked (entries are read from an archive nothing rewrites meanwhile). */
  get bytes(): number {
    this.size ??= fstatSync(this.fd).size;
    return this.size;
  }
}

const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => closeSync(fd));

/** The two blocks packedAlike compares, allocated once. */
const COMPARE_BLOCK = { a: Buffer.alloc(256 * 1024), b: Buffer.alloc(256 * 1024) };

/** One local header's fixed part, read into the same bytes every time. */
const localHeader = Buffer.alloc(LOCAL_HEADER_BYTES);

/**
 * Where an entry's compressed bytes start in the file, through its local header; throws when the
 * header is missing or the bytes run past the end of the file (`fileBytes` long).
 */
function dataStart(fd: number, entry: yauzl.Entry, fileBytes: number): number {
  const got = readFully(fd, localHeader, entry.relativeOffsetOfLocalHeader);
  const start = entryDataStart(localHeader.subarray(0, got), entry);
  if (start + entry.compressedSize > fileBytes) throw new Error('its data runs past the end of the archive');
  return start;
}

/** An entry's compressed bytes, read from the file through its local header. */
function compressedBytes(file: ArchiveFile, entry: yauzl.Entry): Uint8Array {
  const data = Buffer.allocUnsafe(entry.compressedSize);
  if (readFully(file.fd, data, dataStart(file.fd, entry, file.bytes)) < data.length)
    throw new Error('its data runs past the end of the archive');
  return data;
}

/**
 * Checks an entry as ./zip.ts inflateEntry does without keeping what it reads. A stored entry (as
 * images are) is its compressed bytes: its sizes agree and its bytes lie inside the file, which
 * needs no read of them, so opening a module does not read its art.
 */
function checkEntry(file: ArchiveFile, entry: yauzl.Entry): void {
  if (entry.compressionMethod !== 0) {
    inflateEntry(entry, compressedBytes(file, entry));
    return;
  }
  if (entry.compressedSize !== entry.uncompressedSize)
    throw new Error(`entry inflates to ${entry.compressedSize} bytes, not the ${entry.uncompressedSize} it declares`);
  dataStart(file.fd, entry, file.bytes);
}

/** Opens the archive at `file` (the path in `options.file` names it in diagnostics). */
export async function readZipFile(file: string, options: ZipReadOptions): Promise<{ entries?: ArchiveEntries; diagnostics: Diagnostic[] }> {
  // yauzl lists the central directory through a descriptor of its own, closed with it; the
  // entries are read through this one.
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, YAUZL_OPTIONS);
  } catch (error) {
    return { diagnostics: unreadable(options, error).diagnostics };
  }
  const listed = await listArchive(zip, options);
  if ('diagnostics' in listed) return { diagnostics: listed.diagnostics };
  const archive = new ArchiveFile(file);
  const located = new Map<string, yauzl.Entry>();
  const inflated = inflateListed(
    listed,
    (entry) => checkEntry(archive, entry),
    options,
    (name, entry) => located.set(name, entry),
  );
  if (inflated.refused) return { diagnostics: inflated.refused.diagnostics };
  if (options.budget) options.budget.inflated += listed.total;
  return { entries: new ArchiveEntries(archive, located), diagnostics: inflated.diagnostics };
}
