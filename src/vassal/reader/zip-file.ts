/**
 * A ZIP archive on disk, read as ./zip.ts reads one in memory (the same names, limits and
 * refusals), but its entries are read from the file when asked for and not kept: a module of
 * hundreds of megabytes is never held whole. Every entry is inflated once when the archive is
 * opened, to refuse one that does not inflate to its declared size before anything uses it.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import yauzl from 'yauzl';
import type { Diagnostic } from '../../diagnostics';
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
 * step of an iteration): callers keep what they need and let the rest go. The file stays open
 * until `close`.
 */
export class ArchiveEntries implements ReadonlyMap<string, Uint8Array> {
  constructor(
    private readonly fd: number,
    private readonly located: ReadonlyMap<string, yauzl.Entry>,
  ) {}

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
    return entry && inflateEntry(entry, compressedBytes(this.fd, entry));
  }

  /** The entries whose names pass `keep`, read from the same open file. */
  filter(keep: (name: string) => boolean): ArchiveEntries {
    return new ArchiveEntries(this.fd, new Map([...this.located].filter(([name]) => keep(name))));
  }

  keys(): MapIterator<string> {
    return this.located.keys();
  }

  *entries(): MapIterator<[string, Uint8Array]> {
    for (const name of this.located.keys()) yield [name, this.get(name)!];
  }

  *values(): MapIterator<Uint8Array> {
    for (const name of this.located.keys()) yield this.get(name)!;
  }

  forEach(callback: (value: Uint8Array, key: string, map: ReadonlyMap<string, Uint8Array>) => void, thisArg?: unknown): void {
    for (const [name, data] of this.entries()) callback.call(thisArg, data, name, this);
  }

  [Symbol.iterator](): MapIterator<[string, Uint8Array]> {
    return this.entries();
  }

  close(): void {
    closeSync(this.fd);
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
  const inflated = inflateListed(
    listed,
    (entry) => compressedBytes(fd, entry),
    options,
    (name, entry) => located.set(name, entry),
  );
  if (inflated.refused) {
    closeSync(fd);
    return { diagnostics: inflated.refused.diagnostics };
  }
  if (options.budget) options.budget.inflated += listed.total;
  return { entries: new ArchiveEntries(fd, located), diagnostics: inflated.diagnostics };
}
