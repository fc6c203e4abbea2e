/**
 * Temporary folders for tests. Each is removed once the test file that made it has run, whether its
 * tests passed or failed, so a run leaves nothing in the system's temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

// Registered as the test file imports this module: it runs after that file's tests.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under the system's temporary folder, its name starting with `prefix`. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
