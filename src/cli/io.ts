/** Console and file helpers the commands share; output goes through here so tests can capture it. */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LineIndex } from '../data/line-index';

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

/**
 * Writes a file atomically: to a temporary name beside it, then renamed, so a crash or an error
 * never leaves a half-written output where a complete one is expected.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes a file atomically unless it already holds exactly these bytes, so an unchanged output keeps
 * its modification time (tools that watch out/ see only what changed). Returns whether it wrote.
 */
export async function writeFileIfChanged(file: string, data: string | Uint8Array): Promise<boolean> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const existing = await readFile(file).catch(() => undefined);
  if (existing && existing.length === bytes.length && existing.equals(bytes)) return false;
  await writeFileAtomic(file, bytes);
  return true;
}
