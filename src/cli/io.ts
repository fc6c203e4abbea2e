/** Console and file helpers the commands share; output goes through here so tests can capture it. */
import { mkdir, open, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { closeSync, fstatSync, openSync, readFileSync, readSync, constants } from 'node:fs';
import path from 'node:path';
import { EXIT, ExitError } from './exit-codes';
import { LineIndex } from '../data/line-index';
import type { Diagnostic } from '../diagnostics';
import { within } from './real-path';
import { isFileSpan, spanBlocks, SPAN_BLOCK_BYTES, type ArchivePiece } from '../file-span';

export interface Output {
  out(text: string): void;
  err(text: string): void;
  color: boolean;
}

export const processOutput: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && !process.env.CI,
};

/** Source files larger than this get no code frame (data files are far smaller). */
const MAX_FRAME_SOURCE_BYTES = 32 * 1024 * 1024;

/**
 * Reads one line of a file for code frames; a missing file, or anything but a regular file (a
 * pipe would block), simply gives no frame. Diagnostics about an entry inside an archive name it
 * `archive!entry` and get no frame from here: their excerpt travels with the diagnostic.
 */
export function readSourceLine(file: string, line: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > MAX_FRAME_SOURCE_BYTES) return undefined;
    const bytes = Buffer.alloc(stats.size);
    const read = readSync(fd, bytes, 0, stats.size, 0);
    return bytes
      .subarray(0, read)
      .toString('utf8')
      .split(/\r\n|\r|\n/)[line - 1];
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Replaces control characters (escape sequences could retitle or clear a terminal) by visible escapes. */
export function escapeControls(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Text shown on one line of a report: its control characters escaped, a line break and a tab too
 * (a name holding "\n" would otherwise start a line of its own that reads as another diagnostic).
 */
export function oneLine(text: string): string {
  return escapeControls(text).replace(/[\t\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A file path as shown: on one line (a break would split `file:line:col` in two), while the path
 * itself still finds the file's source lines.
 */
export const shownPath = oneLine;

/** Why a write failed, in words: a full disk, a file in the way, no permission. */
export function cannotWriteReason(failure: unknown): string {
  const code = (failure as NodeJS.ErrnoException).code ?? 'error';
  const why: Record<string, string> = {
    ENOTDIR: 'a part of the path is a file, not a folder',
    EEXIST: 'a part of the path is a file, not a folder',
    EISDIR: 'a folder is in the way',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOSPC: 'the disk is full',
  };
  // An error of no system call (a file copied from changed meanwhile) says what it is itself.
  return why[code] ?? (code === 'error' ? (failure as Error).message : code);
}

/**
 * A file or folder of the output could not be written: a step that failed on valid data (exit 3),
 * not data with errors (exit 1), so that a script can tell a full disk from a game to fix.
 */
export class OutputError extends ExitError {
  constructor(
    target: string,
    /** The file system's error, so a caller can name another path for the same failure. */
    readonly failure: unknown,
    /** What to do about it, in the words of the command (which flag names the output, if any). */
    hint = 'choose an output folder you can write to (--out)',
  ) {
    const reason = cannotWriteReason(failure);
    super(EXIT.failed, `${shownPath(target)}: error io/cannot-write: cannot write here (${reason})\n    hint: ${hint}`);
  }
}

/** Whether an output could not be written (a writer reported io/cannot-write rather than throwing OutputError). */
export function writeFailed(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.code === 'io/cannot-write');
}

/**
 * Source lines for code frames, each file read and indexed once per reader (one reader per report),
 * so thousands of diagnostics in one file cost one read. Missing files simply give no frame.
 */
export function sourceLineReader(): (file: string, line: number) => string | undefined {
  const files = new Map<string, LineIndex | undefined>();
  return (file, line) => {
    if (!files.has(file)) {
      try {
        files.set(file, new LineIndex(readFileSync(file, 'utf8')));
      } catch {
        files.set(file, undefined);
      }
    }
    const index = files.get(file);
    return index && line >= 1 && line <= index.lineCount ? index.lineText(line) : undefined;
  };
}

/** Numbers each temporary file, so two writes of one file in one process never share it. */
let tempSequence = 0;

/** A temporary name beside `file`, of this process: removeStaleTemps removes it once the process is gone. */
export function tempPathFor(file: string): string {
  return `${file}.tmp-${process.pid}-${++tempSequence}`;
}

/**
 * Writes a file atomically: to a temporary name beside it, then renamed, so a crash or an error
 * never leaves a half-written output where a complete one is expected.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array | Iterable<ArchivePiece>): Promise<void> {
  const temp = tempPathFor(file);
  let made: string | undefined;
  try {
    made = await mkdir(path.dirname(file), { recursive: true });
    if (typeof data === 'string' || data instanceof Uint8Array) await writeFile(temp, data);
    else await writePieces(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    if (made) await removeEmptyUpTo(path.resolve(path.dirname(file)), path.resolve(made));
    throw new OutputError(file, error);
  }
}

/**
 * The folders from `folder` up to `top` that a failed write made, removed while empty: a folder
 * another write put a file in meanwhile stays, and so does every folder above it.
 */
async function removeEmptyUpTo(folder: string, top: string): Promise<void> {
  for (let dir = folder; within(dir, top); dir = path.dirname(dir)) {
    const removed = await rmdir(dir).then(
      () => true,
      () => false,
    );
    if (!removed || dir === top) return;
  }
}

/**
 * Pieces written in order with gathering writes (a thousand, or 8 MiB, at a time), without joining
 * them first; a generator's pieces are made as the writing reaches them, so no more than a batch
 * of them is held. A span of another file is copied a block at a time through one buffer.
 */
async function writePieces(file: string, pieces: Iterable<ArchivePiece>, flags: 'w' | 'a' = 'w'): Promise<void> {
  const handle = await open(file, flags);
  let block: Uint8Array | undefined;
  try {
    let batch: Uint8Array[] = [];
    let size = 0;
    const flush = async () => {
      const { bytesWritten } = await handle.writev(batch);
      // writev may write less than asked (a full disk, a signal): the rest goes on piece by piece.
      if (bytesWritten < size) await handle.writeFile(Buffer.concat(batch).subarray(bytesWritten));
      batch = [];
      size = 0;
    };
    for (const piece of pieces) {
      if (isFileSpan(piece)) {
        if (batch.length > 0) await flush();
        for (const bytes of spanBlocks(piece, (block ??= new Uint8Array(SPAN_BLOCK_BYTES)))) await handle.writeFile(bytes);
        continue;
      }
      batch.push(piece);
      size += piece.byteLength;
      if (batch.length === WRITEV_BATCH || size >= WRITEV_BATCH_BYTES) await flush();
    }
    if (batch.length > 0) await flush();
  } finally {
    await handle.close();
  }
}

/** Appends pieces to the end of `file` as writeFileAtomic writes them (not atomic: a reader must tolerate a cut-short end). */
export async function appendPieces(file: string, pieces: Iterable<ArchivePiece>): Promise<void> {
  try {
    await writePieces(file, pieces, 'a');
  } catch (error) {
    throw new OutputError(file, error);
  }
}

const WRITEV_BATCH = 1024;
const WRITEV_BATCH_BYTES = 8 * 1024 * 1024;

/** Whether a process id is alive on this machine (signal 0 probes without sending anything). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const TEMP_NAME = /\.tmp-(\d+)(?:-\d+)?$/;

/**
 * Removes `<name>.tmp-<pid>[-<n>]` files and folders that a killed run left in `dir` (and, with
 * `depth`, in its subfolders); those of a live process are another run's work and are kept.
 */
export async function removeStaleTemps(dir: string, depth = 0, prefix = ''): Promise<string[]> {
  const removed: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const stale = TEMP_NAME.exec(entry.name);
    if (stale && entry.name.startsWith(prefix) && !processAlive(Number(stale[1]))) {
      await rm(full, { recursive: true, force: true });
      removed.push(full);
    } else if (entry.isDirectory() && depth > 0) removed.push(...(await removeStaleTemps(full, depth - 1, prefix)));
  }
  return removed;
}

/**
 * Writes a file atomically unless it already holds exactly these bytes, so an unchanged output keeps
 * its modification time (tools that watch out/ see only what changed). Returns whether it wrote.
 */
export async function writeFileIfChanged(file: string, data: string | Uint8Array | readonly Uint8Array[]): Promise<boolean> {
  if (await fileHolds(file, data)) return false;
  await writeFileAtomic(file, data);
  return true;
}

/** Whether `file` holds exactly these bytes (false when it cannot be read). */
export async function fileHolds(file: string, data: string | Uint8Array | readonly Uint8Array[]): Promise<boolean> {
  const pieces = typeof data === 'string' ? [Buffer.from(data)] : isPieces(data) ? data : [data];
  const existing = await readFile(file).catch(() => undefined);
  return existing !== undefined && holdsPieces(existing, pieces);
}

function isPieces(data: Uint8Array | readonly Uint8Array[]): data is readonly Uint8Array[] {
  return Array.isArray(data);
}

/** Whether `bytes` are exactly the pieces one after the other. */
function holdsPieces(bytes: Buffer, pieces: readonly Uint8Array[]): boolean {
  if (bytes.length !== pieces.reduce((n, piece) => n + piece.byteLength, 0)) return false;
  let at = 0;
  for (const piece of pieces) {
    if (bytes.compare(piece, 0, piece.byteLength, at, at + piece.byteLength) !== 0) return false;
    at += piece.byteLength;
  }
  return true;
}
