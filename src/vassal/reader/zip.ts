/**
 * ZIP bytes → entries, for untrusted .vmod and .vsav archives. Before any entry is inflated:
 *   - its name must be a plain relative path (no "..", no leading "/", no drive letter, no
 *     backslash, no NUL): such names could write outside an output folder (zip slip);
 *   - the entry count, each declared size, the total and the compression ratio are checked
 *     against ReadLimits (zip bombs). The ratio is checked per entry and for the archive as a
 *     whole: the entries together may inflate to `ratioFloorBytes` plus `maxRatio` times their
 *     compressed size, so many small bombs fail as surely as one large one. The total counts
 *     what the archive this one is nested in holds (a module's entries, for a save) through
 *     `budget`;
 *   - no entry may lie in a folder that is also a file entry (`a` and `a/b`);
 * and each entry must inflate to exactly its declared size, so a lying header cannot get past
 * the limits. Any refusal rejects the whole archive.
 * Directory entries are skipped. Pure: works on bytes in memory (./zip-file.ts reads an archive on
 * disk with the same checks).
 */
import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import type { Diagnostic } from '../../diagnostics';
import { TOTAL_SIZE_HINT, type ReadLimits } from './limits';

export interface ZipReadOptions {
  /** Archive name for diagnostics (a path, or `module.vmod!Setup.vsav` for a nested archive). */
  file: string;
  limits: ReadLimits;
  /**
   * Bytes already inflated by the archive this one sits in (and its other nested archives). The
   * archive is refused when it would take the sum past `maxTotalBytes`; when it is read, its
   * own total is added.
   */
  budget?: InflateBudget;
}

/** The uncompressed bytes read so far from a module and the archives inside it. */
export interface InflateBudget {
  inflated: number;
}

export interface ZipContents {
  /** Entry name → bytes, in archive order. */
  entries: Map<string, Uint8Array>;
  diagnostics: Diagnostic[];
}

/** Why an entry name is unsafe to use as a relative path, or undefined when it is fine. */
export function unsafeEntryName(name: string): string | undefined {
  if (name.includes('\0')) return 'contains a NUL character';
  if (name.includes('\\')) return 'contains a backslash (a path separator on Windows)';
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'starts with a drive letter';
  if (name.split('/').includes('..')) return 'climbs out of the archive with ".."';
  return undefined;
}

/** A refusal of the whole archive; every one says what the user can do about it. */
export function refusal(options: ZipReadOptions, code: string, message: string, hint: string): ZipContents {
  return {
    entries: new Map(),
    diagnostics: [{ code, severity: 'error', message: `${options.file}: ${message}`, hint, file: options.file }],
  };
}

/** What to do about an archive that is cut short or corrupt. */
export const DAMAGED_ARCHIVE_HINT = 'the file is cut short or damaged: download or copy it again from where it came';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    STRICT_UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

type RawEntry = yauzl.Entry & { fileNameRaw: Buffer; extraFields: { id: number; data: Buffer }[] };

const getFileName = (yauzl as unknown as { getFileNameLowLevel: (flag: number, raw: Buffer, extra: unknown[], strict: boolean) => string })
  .getFileNameLowLevel;

/** How yauzl reads every archive here: the central directory entry by entry, names as raw bytes. */
export const YAUZL_OPTIONS = { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false } as const;

export async function readZip(bytes: Uint8Array, options: ZipReadOptions): Promise<ZipContents> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, YAUZL_OPTIONS);
  } catch (error) {
    return unreadable(options, error);
  }
  const listed = await listArchive(zip, options);
  if ('diagnostics' in listed) return listed;
  const entries = new Map<string, Uint8Array>();
  const inflated = inflateListed(
    listed,
    (entry) => inflateEntry(entry, fileData(buffer, entry)),
    options,
    (name, _, data) => entries.set(name, data),
  );
  if (inflated.refused) return inflated.refused;
  if (options.budget) options.budget.inflated += listed.total;
  return { entries, diagnostics: inflated.diagnostics };
}

/** The refusal of bytes that are no ZIP archive. */
export function unreadable(options: ZipReadOptions, error: unknown): ZipContents {
  return refusal(options, 'vassal/zip-unreadable', `not a readable ZIP archive (${(error as Error).message})`, DAMAGED_ARCHIVE_HINT);
}

/**
 * The file entries of an opened archive, every one checked against the limits (count, names,
 * sizes, ratios, encryption, file/folder clashes) before anything is inflated; or the refusal.
 * Closes `zip`: entries are read from the archive's bytes afterwards, not through yauzl.
 */
export async function listArchive(zip: yauzl.ZipFile, options: ZipReadOptions): Promise<Listing | ZipContents> {
  const { limits } = options;
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return refusal(
      options,
      'vassal/zip-too-many-entries',
      `${zip.entryCount} entries (limit ${limits.maxEntries})`,
      'raise --max-entries if the module is genuine',
    );
  }
  const listed = await listEntries(zip, options);
  zip.close();
  if ('diagnostics' in listed) return listed;
  return fileFolderClash(options, listed.entries) ?? listed;
}

/** A refusal's code, message and hint. */
type Refused = [code: string, message: string, hint: string];

/**
 * Why an entry is refused before anything is inflated: its name, its declared size, the declared
 * total so far (`before`: the file entries before it, and what the archives around this one
 * inflated), its compression ratio and the archive's so far, encryption.
 */
function entryRefused(raw: RawEntry, name: string, before: Sums, options: ZipReadOptions): Refused | undefined {
  const { limits } = options;
  const unsafe = unsafeEntryName(name);
  if (unsafe)
    return [
      'vassal/zip-unsafe-name',
      `entry ${JSON.stringify(name)} ${unsafe}; the archive is refused (it could write outside the output folder)`,
      "rebuild the archive with relative entry names (VASSAL's editor saves them so)",
    ];
  if (name.endsWith('/')) return undefined;
  if (raw.uncompressedSize > limits.maxEntryBytes)
    return [
      'vassal/zip-entry-too-large',
      `entry ${JSON.stringify(name)} inflates to ${raw.uncompressedSize} bytes (limit ${limits.maxEntryBytes})`,
      'raise --max-entry-size if the module is genuine',
    ];
  const outer = options.budget?.inflated ?? 0;
  const total = before.inflated + raw.uncompressedSize;
  if (outer + total > limits.maxTotalBytes)
    return [
      'vassal/zip-too-large',
      `entries inflate to more than ${limits.maxTotalBytes} bytes in total${outer > 0 ? ", counting the module's own entries, held while it is read" : ''} (reached at ${JSON.stringify(name)})`,
      TOTAL_SIZE_HINT,
    ];
  const ratio = raw.uncompressedSize / Math.max(1, raw.compressedSize);
  if (raw.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio)
    return [
      'vassal/zip-ratio',
      `entry ${JSON.stringify(name)} compresses ${Math.round(ratio)}:1 (limit ${limits.maxRatio}:1), the signature of a zip bomb`,
      'raise --max-ratio if the module is genuine',
    ];
  const compressed = before.compressed + raw.compressedSize;
  if (total > limits.ratioFloorBytes + limits.maxRatio * compressed)
    return [
      'vassal/zip-ratio',
      `the entries up to ${JSON.stringify(name)} inflate to ${total} bytes from ${compressed} compressed bytes, more than ${limits.ratioFloorBytes} bytes plus ${limits.maxRatio} times the compressed size: the signature of a zip bomb`,
      'raise --max-ratio if the module is genuine',
    ];
  if (raw.isEncrypted())
    return [
      'vassal/zip-encrypted',
      `entry ${JSON.stringify(name)} is encrypted; VASSAL cannot read it either`,
      'zip the module again without a password',
    ];
  return undefined;
}

export interface ListedEntry {
  entry: RawEntry;
  name: string;
}

/** Declared bytes of the file entries so far: uncompressed and compressed. */
interface Sums {
  inflated: number;
  compressed: number;
}

export interface Listing {
  entries: ListedEntry[];
  total: number;
}

/** First pass: the central directory only. Nothing is inflated until every entry passed. */
function listEntries(zip: yauzl.ZipFile, options: ZipReadOptions): Promise<Listing | ZipContents> {
  const listed: ListedEntry[] = [];
  const sums: Sums = { inflated: 0, compressed: 0 };
  return new Promise((resolve) => {
    zip.on('error', (error: Error) =>
      resolve(refusal(options, 'vassal/zip-unreadable', `damaged ZIP archive (${error.message})`, DAMAGED_ARCHIVE_HINT)),
    );
    zip.on('end', () => resolve({ entries: listed, total: sums.inflated }));
    zip.on('entry', (raw: RawEntry) => {
      if (!isUtf8(raw.fileNameRaw)) {
        // VASSAL reads names as UTF-8 and fails on these; decoding them some other way would
        // quietly rename the entry.
        return resolve(
          refusal(
            options,
            'vassal/zip-bad-name',
            `an entry name is not UTF-8 (bytes ${raw.fileNameRaw.toString('hex')}); the archive is refused`,
            "rename the entry and zip the module again with UTF-8 names (as VASSAL's editor saves them)",
          ),
        );
      }
      const name = getFileName(raw.generalPurposeBitFlag, raw.fileNameRaw, raw.extraFields, true);
      const refused = entryRefused(raw, name, sums, options);
      if (refused) return resolve(refusal(options, ...refused));
      if (!name.endsWith('/')) {
        sums.inflated += raw.uncompressedSize;
        sums.compressed += raw.compressedSize;
        listed.push({ entry: raw, name });
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * Second pass: checks the listed entries (`check` inflates each, or verifies it would inflate to
 * its declared size, and throws when it cannot), handing each with what `check` gave to `keep`;
 * the first of two with one name is kept. The diagnostics, or the refusal of the first entry that
 * cannot be inflated.
 */
export function inflateListed<T>(
  listed: Listing,
  check: (entry: yauzl.Entry) => T,
  options: ZipReadOptions,
  keep: (name: string, entry: yauzl.Entry, checked: T) => void,
): { diagnostics: Diagnostic[]; refused?: ZipContents } {
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const { entry, name } of listed.entries) {
    if (seen.has(name)) {
      diagnostics.push(duplicateEntry(options, name));
      continue;
    }
    seen.add(name);
    try {
      keep(name, entry, check(entry));
    } catch (error) {
      return { diagnostics, refused: entryUnreadable(options, name, error) };
    }
  }
  return { diagnostics };
}

function duplicateEntry(options: ZipReadOptions, name: string): Diagnostic {
  return {
    code: 'vassal/zip-duplicate-entry',
    severity: 'warning',
    message: `${options.file}: entry ${JSON.stringify(name)} appears twice; the first is used`,
    hint: 'zip the module again so each entry appears once, keeping the copy you want',
    file: options.file,
  };
}

function entryUnreadable(options: ZipReadOptions, name: string, error: unknown): ZipContents {
  return refusal(
    options,
    'vassal/zip-entry-unreadable',
    `entry ${JSON.stringify(name)} cannot be inflated (${(error as Error).message}); the archive is refused`,
    DAMAGED_ARCHIVE_HINT,
  );
}

/** A refusal when one entry's name is a folder of another's (`a` and `a/b`): no folder can hold both. */
function fileFolderClash(options: ZipReadOptions, listed: readonly { name: string }[]): ZipContents | undefined {
  const files = new Set(listed.map((e) => e.name));
  for (const { name } of listed) {
    for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
      const folder = name.slice(0, slash);
      if (files.has(folder)) {
        return refusal(
          options,
          'vassal/zip-file-folder-clash',
          `entry ${JSON.stringify(name)} lies in a folder ${JSON.stringify(folder)} that is also a file entry; no folder can hold both, and the archive is refused`,
          `rename the file entry ${JSON.stringify(folder)} or the folder, and zip the module again`,
        );
      }
    }
  }
  return undefined;
}

/** Bytes of a local file header before its variable-length name and extra field. */
export const LOCAL_HEADER_BYTES = 30;

/**
 * Where an entry's compressed bytes start, from its local header (`header`: the header's first
 * LOCAL_HEADER_BYTES bytes, read at the entry's offset).
 */
export function entryDataStart(header: Buffer, entry: yauzl.Entry): number {
  if (header.length < LOCAL_HEADER_BYTES || header.readUInt32LE(0) !== 0x04034b50) throw new Error('its local header is missing');
  return entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** The compressed bytes of an entry, located through its local header (the archive is in memory). */
function fileData(archive: Buffer, entry: yauzl.Entry): Buffer {
  const at = entry.relativeOffsetOfLocalHeader;
  const start = entryDataStart(archive.subarray(at, at + LOCAL_HEADER_BYTES), entry);
  if (start + entry.compressedSize > archive.length) throw new Error('its data runs past the end of the archive');
  return archive.subarray(start, start + entry.compressedSize);
}

/**
 * One entry's bytes, inflated in one synchronous call into a buffer of its declared size (the size
 * was checked against the limits): no stream per entry, no chunks to join. An entry inflating to
 * more or less than it declares is refused.
 */
export function inflateEntry(entry: yauzl.Entry, raw: Uint8Array): Uint8Array {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw new Error(`compression method ${entry.compressionMethod} is not supported`);
  const size = entry.uncompressedSize;
  const inflated =
    entry.compressionMethod === 0 ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(1, size), chunkSize: Math.max(64, size) });
  if (inflated.length !== size) throw new Error(`entry inflates to ${inflated.length} bytes, not the ${size} it declares`);
  // A stored entry stays a view of the archive: images are stored, and copying them would hold the
  // module's art twice. An inflated one is copied to its own size when zlib's result is a view of a
  // larger block, which would otherwise stay alive.
  if (inflated === raw) return raw;
  return inflated.byteLength === inflated.buffer.byteLength ? inflated : new Uint8Array(inflated);
}
