/**
 * A ZIP archive on disk, read as ./zip.ts reads one in memory (the same names, limits and
 * refusals), but its entries are read from the file when asked for and not kept: a module of
 * hundreds of megabytes is never held whole. Every entry is inflated once when the archive is
 * opened, to refuse one that does not inflate to its declared size before anything uses it.
 * The file is opened on the first read and stays open while anything can read it; it is closed
 * when its entries are no longer reachable (or the process ends), so nothing needs closing.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import yauzl from 'yauzl';
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
    return entry && inflateEntry(entry, compressedBytes(this.file.fd, entry));
  }

  /** An entry as packed in the archive (not inflated), to copy into another as it is. */
  packed(name: string): PackedEntry | undefined {
    const entry = this.located.get(name);
    if (!entry || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) return undefined;
    const payload = compressedBytes(this.file.fd, entry);
    return { method: entry.compressionMethod, crc: entry.crc32, size: entry.uncompressedSize, payload };
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

  get fd(): number {
    if (this.opened === undefined) {
      this.opened = openSync(this.path, 'r');
      closeWhenUnreachable.register(this, this.opened);
    }
    return this.opened;
  }
}

const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => closeSync(fd));

/** Bytes read past an entry's header in the hope of holding its local extra field too. */
const EXTRA_SLACK = 64;

/**
 * An entry's compressed bytes, read from the file through its local header: in one read when its
 * local extra field is no longer than its central one and a little more, as it nearly always is.
 */
function compressedBytes(fd: number, entry: yauzl.Entry): Uint8Array {
  const headerAt = entry.relativeOffsetOfLocalHeader;
  const guess = LOCAL_HEADER_BYTES + entry.fileNameLength + entry.extraFieldLength + EXTRA_SLACK;
  const first = Buffer.allocUnsafe(guess + entry.compressedSize);
  const got = readFully(fd, first, headerAt);
  const start = entryDataStart(first.subarray(0, Math.min(got, LOCAL_HEADER_BYTES)), entry) - headerAt;
  if (start + entry.compressedSize <= got) return first.subarray(start, start + entry.compressedSize);
  if (got < first.length) throw new Error('its data runs past the end of the archive');
  const data = Buffer.allocUnsafe(entry.compressedSize);
  if (readFully(fd, data, headerAt + start) < data.length) throw new Error('its data runs past the end of the archive');
  return data;
}

/** Fills `buffer` from `position` on, or as much as the file holds; returns the bytes read. */
function readFully(fd: number, buffer: Buffer, position: number): number {
  let read = 0;
  while (read < buffer.length) {
    const n = readSync(fd, buffer, read, buffer.length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return read;
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
    (entry) => compressedBytes(archive.fd, entry),
    options,
    (name, entry) => located.set(name, entry),
  );
  if (inflated.refused) return { diagnostics: inflated.refused.diagnostics };
  if (options.budget) options.budget.inflated += listed.total;
  return { entries: new ArchiveEntries(archive, located), diagnostics: inflated.diagnostics };
}
