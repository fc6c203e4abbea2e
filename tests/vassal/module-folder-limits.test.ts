/** An unzipped module folder is held to the same limits as a .vmod, and each refusal says what to raise. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLimits } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { withTempDir } from './import-fixtures';

async function folderOf(dir: string, files: [string, number][]): Promise<string> {
  const root = path.join(dir, 'module');
  await mkdir(path.join(root, 'images'), { recursive: true });
  for (const [name, size] of files) await writeFile(path.join(root, name), new Uint8Array(size));
  return root;
}

describe('an unzipped module folder past the limits', () => {
  it('refuses files totalling more than --max-total-size, and says to raise it', async () => {
    await withTempDir(async (dir) => {
      const root = await folderOf(dir, [
        ['images/a.png', 600],
        ['images/b.png', 600],
      ]);
      const read = await readModuleEntries(root, readLimits({ maxTotalBytes: 1000 }));
      expect(read.diagnostics).toEqual([
        expect.objectContaining({ code: 'vassal/zip-too-large', file: root, hint: expect.stringContaining('--max-total-size') }),
      ]);
    });
  });

  it('refuses a file over --max-entry-size and too many files, each with the flag to raise', async () => {
    await withTempDir(async (dir) => {
      const root = await folderOf(dir, [['images/big.png', 2000]]);
      const big = await readModuleEntries(root, readLimits({ maxEntryBytes: 1000 }));
      expect(big.diagnostics).toEqual([
        expect.objectContaining({ code: 'vassal/zip-entry-too-large', hint: expect.stringContaining('--max-entry-size') }),
      ]);
      await writeFile(path.join(root, 'images', 'c.png'), new Uint8Array(1));
      const many = await readModuleEntries(root, readLimits({ maxEntries: 1 }));
      expect(many.diagnostics).toEqual([
        expect.objectContaining({ code: 'vassal/zip-too-many-entries', hint: expect.stringContaining('--max-entries') }),
      ]);
    });
  });
});
