/**
 * ZIP bytes → entries, for untrusted .vmod and .vsav archives. Before any entry is inflated:
 *   - its name must be a plain relative path (no "..", no leading "/", no drive letter, no
 *     backslash, no NUL): such names could write outside an output folder (zip slip);
 *   - the entry count, each declared size, the total and the compression ratio are checked
 *     against ReadLimits (zip bombs);
 * and while inflating, yauzl refuses entries whose real size exceeds the declared one, so a
 * lying header cannot get past the limits. Any refusal rejects the whole archive.
 * Directory entries are skipped. Pure: works on bytes in memory.
 */
import yauzl from 'yauzl';
import type { Diagnostic } from '../../diagnostics';
import type { ReadLimits } from './limits';

export interface ZipReadOptions {
  /** Archive name for diagnostics (a path, or `module.vmod!Setup.vsav` for a nested archive). */
  file: string;
  limits: ReadLimits;
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

function refusal(options: ZipReadOptions, code: string, message: string, hint?: string): ZipContents {
  return {
    entries: new Map(),
    diagnostics: [{ code, severity: 'error', message: `${options.file}: ${message}`, ...(hint ? { hint } : {}), file: options.file }],
  };
}

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

export async function readZip(bytes: Uint8Array, options: ZipReadOptions): Promise<ZipContents> {
  const { limits } = options;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    return refusal(options, 'vassal/zip-unreadable', `not a readable ZIP archive (${(error as Error).message})`);
  }
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
  const contents = 'diagnostics' in listed ? listed : await inflateEntries(zip, listed, options);
  zip.close();
  return contents;
}

/** A refusal's code, message and hint. */
type Refused = [code: string, message: string, hint?: string];

/**
 * Why an entry is refused before anything is inflated: its name, its declared size, the declared
 * total so far (`totalBefore`, the file entries before it), its compression ratio, encryption.
 */
function entryRefused(raw: RawEntry, name: string, totalBefore: number, limits: ReadLimits): Refused | undefined {
  const unsafe = unsafeEntryName(name);
  if (unsafe)
    return [
      'vassal/zip-unsafe-name',
      `entry ${JSON.stringify(name)} ${unsafe}; the archive is refused (it could write outside the output folder)`,
    ];
  if (name.endsWith('/')) return undefined;
  if (raw.uncompressedSize > limits.maxEntryBytes)
    return [
      'vassal/zip-entry-too-large',
      `entry ${JSON.stringify(name)} inflates to ${raw.uncompressedSize} bytes (limit ${limits.maxEntryBytes})`,
      'raise --max-entry-size if the module is genuine',
    ];
  if (totalBefore + raw.uncompressedSize > limits.maxTotalBytes)
    return [
      'vassal/zip-too-large',
      `entries inflate to more than ${limits.maxTotalBytes} bytes in total (reached at ${JSON.stringify(name)})`,
      'raise --max-total-size if the module is genuine',
    ];
  const ratio = raw.uncompressedSize / Math.max(1, raw.compressedSize);
  if (raw.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio)
    return [
      'vassal/zip-ratio',
      `entry ${JSON.stringify(name)} compresses ${Math.round(ratio)}:1 (limit ${limits.maxRatio}:1), the signature of a zip bomb`,
      'raise --max-ratio if the module is genuine',
    ];
  if (raw.isEncrypted()) return ['vassal/zip-encrypted', `entry ${JSON.stringify(name)} is encrypted; VASSAL cannot read it either`];
  return undefined;
}

interface ListedEntry {
  entry: RawEntry;
  name: string;
}

/** First pass: the central directory only. Nothing is inflated until every entry passed. */
function listEntries(zip: yauzl.ZipFile, options: ZipReadOptions): Promise<ListedEntry[] | ZipContents> {
  const listed: ListedEntry[] = [];
  let total = 0;
  return new Promise((resolve) => {
    zip.on('error', (error: Error) => resolve(refusal(options, 'vassal/zip-unreadable', `damaged ZIP archive (${error.message})`)));
    zip.on('end', () => resolve(listed));
    zip.on('entry', (raw: RawEntry) => {
      if (!isUtf8(raw.fileNameRaw)) {
        // VASSAL reads names as UTF-8 and fails on these; decoding them some other way would
        // quietly rename the entry.
        return resolve(
          refusal(
            options,
            'vassal/zip-bad-name',
            `an entry name is not UTF-8 (bytes ${raw.fileNameRaw.toString('hex')}); the archive is refused`,
          ),
        );
      }
      const name = getFileName(raw.generalPurposeBitFlag, raw.fileNameRaw, raw.extraFields, true);
      const refused = entryRefused(raw, name, total, options.limits);
      if (refused) return resolve(refusal(options, ...refused));
      if (!name.endsWith('/')) {
        total += raw.uncompressedSize;
        listed.push({ entry: raw, name });
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Second pass: inflates the listed entries; the first of two with one name is kept. */
async function inflateEntries(zip: yauzl.ZipFile, listed: readonly ListedEntry[], options: ZipReadOptions): Promise<ZipContents> {
  const entries = new Map<string, Uint8Array>();
  const diagnostics: Diagnostic[] = [];
  for (const { entry, name } of listed) {
    if (entries.has(name)) {
      diagnostics.push({
        code: 'vassal/zip-duplicate-entry',
        severity: 'warning',
        message: `${options.file}: entry ${JSON.stringify(name)} appears twice; the first is used`,
        file: options.file,
      });
      continue;
    }
    try {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size > entry.uncompressedSize) throw new Error('entry inflates past its declared size');
        chunks.push(chunk as Buffer);
      }
      const data = Buffer.concat(chunks);
      entries.set(name, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    } catch (error) {
      return refusal(
        options,
        'vassal/zip-entry-unreadable',
        `entry ${JSON.stringify(name)} cannot be inflated (${(error as Error).message}); the archive is refused`,
      );
    }
  }
  return { entries, diagnostics };
}
