/** vassal-check on an unzipped module: VASSAL gets the folder packed as a .vmod, not the folder. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveForCheck } from '../../src/cli/vassal-check-archive';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { withTempDir } from '../vassal/import-fixtures';

async function unzippedModule(dir: string): Promise<string> {
  const folder = path.join(dir, 'My Module');
  await mkdir(path.join(folder, 'images', 'units'), { recursive: true });
  await writeFile(path.join(folder, 'buildFile.xml'), '<VASSAL.build.GameModule name="m"/>');
  await writeFile(path.join(folder, 'moduledata'), '<data/>');
  await writeFile(path.join(folder, 'images', 'units', 'a.png'), Buffer.from([137, 80, 78, 71]));
  return folder;
}

async function entriesOf(archive: string): Promise<Map<string, string>> {
  const zip = await readZip(new Uint8Array(await readFile(archive)), { file: archive, limits: readLimits() });
  expect(zip.diagnostics).toEqual([]);
  return new Map([...zip.entries].map(([name, bytes]) => [name, Buffer.from(bytes).toString('latin1')]));
}

describe('the archive vassal-check hands to VASSAL', () => {
  it('packs an unzipped module folder with its files at the archive root, and removes it afterwards', async () => {
    await withTempDir(async (dir) => {
      const folder = await unzippedModule(dir);
      const checked = await archiveForCheck(folder);
      expect(checked.archive).not.toBe(folder);
      expect(path.basename(checked.archive)).toBe('My Module.vmod');
      const entries = await entriesOf(checked.archive);
      expect([...entries.keys()].sort()).toEqual(['buildFile.xml', 'images/units/a.png', 'moduledata']);
      expect(entries.get('buildFile.xml')).toBe('<VASSAL.build.GameModule name="m"/>');
      await checked.dispose();
      expect(existsSync(checked.archive)).toBe(false);
    });
  });

  it('packs the folder of a buildFile passed on its own', async () => {
    await withTempDir(async (dir) => {
      const folder = await unzippedModule(dir);
      const checked = await archiveForCheck(path.join(folder, 'buildFile.xml'));
      expect([...(await entriesOf(checked.archive)).keys()]).toContain('images/units/a.png');
      await checked.dispose();
    });
  });

  it('hands a .vmod, or a path that does not exist, to VASSAL as it is', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'game.vmod');
      await writeFile(vmod, 'PK');
      expect((await archiveForCheck(vmod)).archive).toBe(vmod);
      expect((await archiveForCheck(path.join(dir, 'missing.vmod'))).archive).toBe(path.join(dir, 'missing.vmod'));
    });
  });
});
