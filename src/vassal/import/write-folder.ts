/**
 * Writes an import's files into a game folder, all or nothing: everything goes into a temporary
 * sibling folder first, which is renamed into place only when complete. Every path is checked to
 * stay inside the folder (entry names were checked when the archive was read; this is the second
 * line of defence). The folder gets a marker file saying an import wrote it: only such a folder
 * is replaced by a later import with --force, never a folder the user made.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { isFileSpan, spanBlocks, SPAN_BLOCK_BYTES, type FileSpan } from '../../file-span';
import { GameFiles } from './game-files';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics';
import { cannotWriteReason, removeStaleTemps } from '../../cli/io';
import { realPathOf, within } from '../../cli/real-path';

export const IMPORT_MARKER = '.hexforge-import';

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function cannotWrite(out: string, error: unknown): Diagnostic {
  return {
    code: 'io/cannot-write',
    severity: 'error',
    message: `${out} cannot be written (${cannotWriteReason(error)}); nothing was written`,
    hint: 'choose an output folder you can write to',
    file: out,
  };
}

export interface WriteOptions {
  replace?: boolean;
  /**
   * Called with the temporary folder once every file is in it, before it takes the folder's place:
   * errors among what it returns leave the folder unwritten. Files are written first and checked
   * from disk, so a caller may let go of what it wrote before the check loads it again.
   */
  check?: (written: string) => Promise<Diagnostic[]>;
}

/**
 * Why `out` may not be written (it exists, and `replace` is off or it is no imported folder), or
 * undefined. The import asks before it reads the module, so a refusal costs no reading.
 */
export async function outFolderRefusal(out: string, replace: boolean | undefined): Promise<Diagnostic | undefined> {
  const target = path.resolve(out);
  const present = await exists(target);
  if (present && !replace) {
    return {
      code: 'import/out-exists',
      severity: 'error',
      message: `${out} already exists; nothing was written`,
      hint: 'choose a new folder, or pass --force to replace it',
      file: out,
    };
  }
  if (present && !(await exists(path.join(target, IMPORT_MARKER)))) {
    return {
      code: 'import/out-not-imported',
      severity: 'error',
      message: `${out} exists and was not written by an import; nothing was replaced`,
      hint: 'choose a new folder; --force replaces only a folder an earlier import wrote',
      file: out,
    };
  }
  return undefined;
}

/** The folder an input is read from: a module folder, the folder of a bare buildFile, else the file itself. */
async function readRoot(input: string): Promise<string> {
  const real = await realPathOf(input);
  const info = await stat(real).catch(() => undefined);
  if (info?.isFile() && /^buildFile(\.xml)?$/.test(path.basename(real))) return path.dirname(real);
  return real;
}

/**
 * Why `out` may not receive an import of `inputs` (the module, and the base of an extension), or
 * undefined: a game folder written inside a module folder would be read as part of that module the
 * next time, and one that is, or holds, the module would destroy what it is made from.
 */
export async function outOverlapRefusal(
  out: string,
  inputs: readonly string[],
  /** The option that names `out`: --out (a game folder) or --vmod (a copy of the module). */
  flag: 'out' | 'vmod' = 'out',
): Promise<Diagnostic | undefined> {
  const target = await realPathOf(out);
  for (const input of inputs) {
    const root = await readRoot(input);
    const relation = target === root ? 'is' : within(target, root) ? 'lies inside' : within(root, target) ? 'holds' : undefined;
    if (!relation) continue;
    const inputIsRoot = root === (await realPathOf(input));
    const what = inputIsRoot ? input : `the folder of ${input}`;
    return {
      code: 'import/out-overlaps-module',
      severity: 'error',
      message: `--${flag} ${out} ${relation} ${what}${relation === 'is' ? ' itself' : ''}, which the import reads; nothing was read or written`,
      hint:
        flag === 'out'
          ? 'write the game folder outside the module, e.g. --out data/<game>'
          : 'write the copy outside the module, under another name',
      file: out,
    };
  }
  return undefined;
}

export async function writeGameFolder(
  out: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  options: WriteOptions = {},
): Promise<Diagnostic[]> {
  const target = path.resolve(out);
  const refusal = await outFolderRefusal(out, options.replace);
  if (refusal) return [refusal];
  // Interrupted imports of this folder by processes that are gone left these behind.
  await removeStaleTemps(path.dirname(target), 0, `${path.basename(target)}.tmp-`);
  const temp = `${target}.tmp-${process.pid}`;
  let checked: Diagnostic[];
  try {
    await rm(temp, { recursive: true, force: true });
    const made = new Set<string>();
    let block: Uint8Array | undefined;
    for (const relative of files.keys()) {
      const file = path.resolve(temp, relative);
      if (!file.startsWith(temp + path.sep)) {
        await rm(temp, { recursive: true, force: true });
        return [
          {
            code: 'vassal/zip-unsafe-name',
            severity: 'error',
            message: `${relative} would be written outside ${out}; nothing was written`,
            file: out,
          },
        ];
      }
      // Synchronous writes: a module may hold tens of thousands of tiny files, and a thread-pool
      // round trip per file and per folder would cost more than the writing.
      const folder = path.dirname(file);
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
      // An entry the module archive stores as it is is copied from there, never read whole.
      const stored = files instanceof GameFiles ? files.stored(relative) : undefined;
      if (stored) writeSpanSync(file, stored.payload, (block ??= new Uint8Array(SPAN_BLOCK_BYTES)));
      else writeFileSync(file, files.get(relative)!);
    }
    await writeFile(path.join(temp, IMPORT_MARKER), 'written by hexforge import; hexforge import --force may replace this folder\n');
    // What the check says of the temporary folder, said of the folder it becomes.
    checked = ((await options.check?.(temp)) ?? []).map((d) =>
      d.file?.startsWith(temp) ? { ...d, file: path.join(out, d.file.slice(temp.length)) } : d,
    );
    if (checked.some((d) => d.severity === 'error')) {
      await rm(temp, { recursive: true, force: true });
      return checked;
    }
    if (await exists(target)) await rm(target, { recursive: true, force: true });
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    return [cannotWrite(out, error)];
  }
  return checked;
}

/** `span` written as the file `file`, a block at a time through `block`. */
function writeSpanSync(file: string, span: Uint8Array | FileSpan, block: Uint8Array): void {
  if (!isFileSpan(span)) return writeFileSync(file, span);
  const fd = openSync(file, 'w');
  try {
    for (const bytes of spanBlocks(span, block)) writeFully(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

function writeFully(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
}
