/**
 * The I/O edge of reading a module: a path → the module's entries by name. Accepts a .vmod (or
 * any ZIP), an unzipped module folder, or a bare buildFile (`buildFile.xml` or the legacy
 * `buildFile`, read with its sibling files when they are there). Folders get the same limits as
 * archives (entry count, sizes), and names that are unsafe as relative paths are refused.
 */
import { lstat, open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics';
import { readInputBytes } from '../../data/read-input-file';
import { TOTAL_SIZE_HINT, type ReadLimits } from './limits';
import { BUILDFILE, BUILDFILE_LEGACY, buildFileRoot, isJunkEntry, readModule, type ReadModule } from './module';
import { readZip, unsafeEntryName } from './zip';
import { readZipFile } from './zip-file';

function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 0x03 || bytes[2] === 0x05) &&
    (bytes[3] === 0x04 || bytes[3] === 0x06)
  );
}

async function readFolder(root: string, limits: ReadLimits): Promise<{ entries: Map<string, Uint8Array>; diagnostics: Diagnostic[] }> {
  const entries = new Map<string, Uint8Array>();
  let total = 0;
  const fail = (code: string, message: string, hint: string) => ({
    entries: new Map<string, Uint8Array>(),
    diagnostics: [{ code, severity: 'error' as const, message: `${root}: ${message}`, file: root, hint }],
  });
  const pending: string[] = [''];
  while (pending.length > 0) {
    const relative = pending.shift()!;
    const names = (await readdir(path.join(root, relative))).sort();
    for (const name of names) {
      const entry = relative ? `${relative}/${name}` : name;
      if (name === '.git' || isJunkEntry(`${entry}`) || isJunkEntry(`${entry}/`)) continue;
      const unsafe = unsafeEntryName(entry);
      if (unsafe)
        return fail(
          'vassal/zip-unsafe-name',
          `file ${JSON.stringify(entry)} ${unsafe}`,
          'rename the file so its name is a plain relative path',
        );
      const info = await lstat(path.join(root, entry));
      if (info.isSymbolicLink()) continue; // a link could point anywhere; modules never need one
      if (info.isDirectory()) {
        pending.push(entry);
        continue;
      }
      if (!info.isFile()) continue;
      if (entries.size + 1 > limits.maxEntries)
        return fail('vassal/zip-too-many-entries', `more than ${limits.maxEntries} files`, 'raise --max-entries if the module is genuine');
      if (info.size > limits.maxEntryBytes)
        return fail(
          'vassal/zip-entry-too-large',
          `file ${JSON.stringify(entry)} is ${info.size} bytes (limit ${limits.maxEntryBytes})`,
          'raise --max-entry-size if the module is genuine',
        );
      total += info.size;
      if (total > limits.maxTotalBytes)
        return fail('vassal/zip-too-large', `files total more than ${limits.maxTotalBytes} bytes`, TOTAL_SIZE_HINT);
      const data = await readFile(path.join(root, entry));
      entries.set(entry, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    }
  }
  return { entries, diagnostics: [] };
}

function fileTooLarge(target: string, size: number, limits: ReadLimits): Diagnostic {
  return {
    code: 'vassal/zip-too-large',
    severity: 'error',
    message: `${target} is ${size} bytes (limit ${limits.maxTotalBytes})`,
    file: target,
    hint: TOTAL_SIZE_HINT,
  };
}

/** The entries of whatever `target` names, keyed as inside a .vmod; `folder` when it is an unzipped module folder. */
export async function readModuleEntries(
  target: string,
  limits: ReadLimits,
): Promise<{ entries?: Map<string, Uint8Array>; diagnostics: Diagnostic[]; folder?: boolean }> {
  let info;
  try {
    // The target itself may be a link (to a module folder, say); links inside a folder are skipped.
    info = await stat(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what =
      code === 'ENOENT' ? 'does not exist' : code === 'ELOOP' ? 'is a loop of symbolic links' : `cannot be read (${code ?? 'error'})`;
    return {
      diagnostics: [
        {
          code: 'io/not-found',
          severity: 'error',
          message: `${target} ${what}`,
          file: target,
          hint: 'check the path; pass a .vmod, an unzipped module folder, or a buildFile.xml',
        },
      ],
    };
  }
  if (info.isDirectory()) {
    try {
      return { ...(await readFolder(target, limits)), folder: true };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return {
        diagnostics: [
          {
            code: 'io/unreadable',
            severity: 'error',
            message: `${target}: a file or folder in the module cannot be read (${code})`,
            hint: 'check that you may read every file and folder in the module folder',
            file: target,
          },
        ],
      };
    }
  }
  if (info.size > limits.maxTotalBytes) return { diagnostics: [fileTooLarge(target, info.size, limits)] };
  const read = await readInputBytes(target, limits.maxTotalBytes);
  if (!read.bytes) return { diagnostics: read.diagnostics };
  // A view, not a copy: a module may be hundreds of megabytes.
  const bytes = new Uint8Array(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength);
  if (isZip(bytes)) return readZip(bytes, { file: target, limits });
  const base = path.basename(target);
  // An empty module is a copy or download cut short, not a file of another kind (an empty buildFile goes on to the XML reader's own message).
  if (bytes.length === 0 && base !== BUILDFILE && base !== BUILDFILE_LEGACY && !/\.xml$/i.test(base))
    return { diagnostics: [emptyModule(target)] };
  if (base === BUILDFILE || base === BUILDFILE_LEGACY || /\.xml$/i.test(base)) {
    // A bare buildFile: read it as the module's buildFile; siblings such as images/ join in
    // only when the file sits in a module folder under its own name.
    if (base === BUILDFILE || base === BUILDFILE_LEGACY) {
      const folder = await readFolder(path.dirname(target), limits).catch(() => ({ entries: new Map(), diagnostics: [{}] }));
      if (folder.diagnostics.length === 0) {
        const entries = folder.entries;
        // Only the named buildFile counts, even if both variants lie side by side.
        entries.delete(base === BUILDFILE ? BUILDFILE_LEGACY : BUILDFILE);
        return { entries, diagnostics: [] };
      }
    }
    return { entries: new Map([[BUILDFILE, bytes]]), diagnostics: [] };
  }
  return {
    diagnostics: [
      {
        code: 'vassal/not-a-module',
        severity: 'error',
        message: `${target} is neither a ZIP (.vmod) nor a buildFile`,
        hint: 'pass a .vmod, an unzipped module folder, or a buildFile.xml',
        file: target,
      },
    ],
  };
}

function emptyModule(target: string): Diagnostic {
  return {
    code: 'vassal/empty-module',
    severity: 'error',
    message: `${target} is empty (0 bytes): there is no module in it`,
    hint: 'the copy or download was probably cut short: fetch or copy the module again',
    file: target,
  };
}

/**
 * Archives up to this size are read into memory whole: listing tens of thousands of entries from
 * a file takes a read each, which costs more time than holding a few megabytes saves.
 */
const IN_MEMORY_ARCHIVE_BYTES = 32 * 1024 * 1024;

/**
 * The entries of whatever `target` names, as readModuleEntries reads them, except that a ZIP
 * archive of more than IN_MEMORY_ARCHIVE_BYTES is not read into memory: its entries are read from
 * the file when asked for (./zip-file.ts), so neither the archive nor its inflated entries are held
 * at once.
 */
export async function readModuleEntriesOnDemand(
  target: string,
  limits: ReadLimits,
): Promise<{ entries?: ReadonlyMap<string, Uint8Array>; diagnostics: Diagnostic[]; folder?: boolean }> {
  const size = await zipFileSize(target);
  if (size === undefined || size <= IN_MEMORY_ARCHIVE_BYTES) return readModuleEntries(target, limits);
  if (size > limits.maxTotalBytes) return { diagnostics: [fileTooLarge(target, size, limits)] };
  return readZipFile(target, { file: target, limits });
}

/** The size of `target` when it is a file starting as a ZIP archive does (undefined when not, or unreadable). */
async function zipFileSize(target: string): Promise<number | undefined> {
  let handle;
  try {
    handle = await open(target, 'r');
    const info = await handle.stat();
    if (!info.isFile()) return undefined;
    const head = new Uint8Array(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return isZip(head.subarray(0, bytesRead)) ? info.size : undefined;
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/** Reads and decodes a module from a path (`deferSaveCheck`: see ReadModuleOptions). */
export async function readModuleFrom(
  target: string,
  limits: ReadLimits,
  { deferSaveCheck = false } = {},
): Promise<{ module?: ReadModule; diagnostics: Diagnostic[] }> {
  const read = await readModuleEntriesOnDemand(target, limits);
  if (!read.entries || read.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: read.diagnostics };
  const result = await readModule(read.entries, { source: target, limits, deferSaveCheck, ...(read.folder ? { folder: true } : {}) });
  return { module: result.module, diagnostics: [...read.diagnostics, ...result.diagnostics] };
}

/** The buildFile root of whatever `target` names (see buildFileRoot); undefined when it cannot be read. */
export async function readBuildFileRoot(target: string, limits: ReadLimits): Promise<ReturnType<typeof buildFileRoot>> {
  const read = await readModuleEntriesOnDemand(target, limits);
  if (!read.entries) return undefined;
  return buildFileRoot(read.entries, { source: target, limits, ...(read.folder ? { folder: true } : {}) });
}
