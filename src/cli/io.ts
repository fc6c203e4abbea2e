/** Console and file helpers the commands share; output goes through here so tests can capture it. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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

/** Reads one line of a file for code frames; missing files simply give no frame. */
export function readSourceLine(file: string, line: number): string | undefined {
  try {
    return readFileSync(file, 'utf8').split(/\r\n|\r|\n/)[line - 1];
  } catch {
    return undefined;
  }
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
