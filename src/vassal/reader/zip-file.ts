/**
 * A ZIP archive on disk, read as ./zip.ts reads one in memory (the same names, limits and
 * refusals), but its entries are read from the file when asked for and not kept: a module of
 * hundreds of megabytes is never held whole. Every entry is inflated once when the archive is
 * opened, to refuse one that does not inflate to its declared size before anything uses it.
 * The file is opened for each read and closed again, so nothing needs closing afterwards.
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
    private readonly file: string,
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
    if (!entry) return undefined;
    const fd = openSync(this.file, 'r');
    try {
      return inflateEntry(entry, compressedBytes(fd, entry));
    } finally {
      closeSync(fd);
    }
  }

  /** An entry as packed in the archive (not inflated), to copy into another as it is. */
  packed(name: string): PackedEntry | undefined {
    const entry = this.located.get(name);
    if (!entry || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) return undefined;
    const fd = openSync(this.file, 'r');
    try {
      const payload = compressedBytes(fd, entry);
      return { method: entry.compressionMethod, crc: entry.crc32, size: entry.uncompressedSize, payload };
    } finally {
      closeSync(fd);
    }
  }

  /** The entries whose names pass `keep`, read from the same open file. */
  filter(keep: (name: string) => boolean): ArchiveEntries {
    return new ArchiveEntries(this.file, new Map([...this.located].filter(([name]) => keep(name))));
  }

  keys(): MapIterator<string> {
    return this.located.keys();
  }
}

/** An entry's compressed bytes, read from the file through its local header. */
function compressedBytes(fd: number, entry: yauzl.Entry): Uint8Array {
  const header = Buffer.alloc(LOCAL_HEADER_BYTES);
  const got = readSync(fd, header, 0, LOCAL_HEADER_BYTES, entry.relativeOffsetOfLocalHeader);
  const start = entryDataStart(header.subarray(0, got), entry);
  const data = Buffer.allocUnsafe(entry.compressedSize);
  let read = 0;
  while (read < data.length) {
    const n = readSync(fd, data, read, data.length - read, start + read);
    if (n === 0) throw new Error('its data runs past the end of the archive');
    read += n;
  }
  return data;
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
  const fd = openSync(file, 'r');
  const located = new Map<string, yauzl.Entry>();
  let inflated;
  try {
    inflated = inflateListed(
      listed,
      (entry) => compressedBytes(fd, entry),
      options,
      (name, entry) => located.set(name, entry),
    );
  } finally {
    closeSync(fd);
  }
  if (inflated.refused) return { diagnostics: inflated.refused.diagnostics };
  if (options.budget) options.budget.inflated += listed.total;
  return { entries: new ArchiveEntries(file, located), diagnostics: inflated.diagnostics };
}
