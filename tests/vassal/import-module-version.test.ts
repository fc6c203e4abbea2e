/**
 * A module's own version (the GameModule's `version`, which VASSAL's About screen and module manager
 * show) is kept in game.json, so that the module built from the imported folder states it again and
 * a second import reads what the first did; data stating no version gets a version made from its
 * images, which an import of that module does not take for the data's own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtModuleEntries } from '../../scripts/built-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf } from './rebuild-kit';
import { TOOLBAR_BUILD_FILE, toolbarModuleEntries } from './toolbar-module-kit';

const VERSION = '2.1b (errata)';
const versioned = TOOLBAR_BUILD_FILE.replace('version="1"', `version="${VERSION}"`);

/** The GameModule's version attribute and moduledata's <version> of a module's entries. */
function statedVersions(entries: Map<string, Uint8Array>): { buildFile?: string; moduledata?: string } {
  const text = (name: string) => new TextDecoder().decode(entries.get(name));
  return {
    buildFile: /<VASSAL\.build\.GameModule [^>]*\bversion="([^"]*)"/.exec(text('buildFile.xml'))?.[1],
    moduledata: /<version>([^<]*)<\/version>/.exec(text('moduledata'))?.[1],
  };
}

describe("a module's own version", () => {
  it('is kept in game.json, stated again by the module built from it, and read again alike', async () => {
    expect(versioned).not.toBe(TOOLBAR_BUILD_FILE);
    const first = await importEntries(await toolbarModuleEntries(versioned), 'versioned');
    expect(jsonOf(first, 'game.json').version).toBe(VERSION);
    await withTempDir(async (dir) => {
      await writeGameFolder(path.join(dir, 'game'), first.files);
      const built = await builtModuleEntries(path.join(dir, 'game'));
      expect(statedVersions(built)).toEqual({ buildFile: VERSION, moduledata: VERSION });
      const second = await importEntries(built, 'versioned');
      expect(dataFiles(second)['game.json']).toMatchObject({ version: VERSION });
      expect((dataFiles(second)['game.json'] as { version?: string }).version).toBe(
        (dataFiles(first)['game.json'] as { version?: string }).version,
      );
    });
  });

  it('is made from the images for data stating none, and not taken for the data’s own by a second import', async () => {
    const first = await importEntries(await toolbarModuleEntries(versioned), 'plain');
    await withTempDir(async (dir) => {
      const game = path.join(dir, 'game');
      await writeGameFolder(game, first.files);
      const gameJson = path.join(game, 'game.json');
      const { version, ...rest } = JSON.parse(await readFile(gameJson, 'utf8')) as { version?: string };
      expect(version).toBe(VERSION);
      await writeFile(gameJson, `${JSON.stringify(rest, null, 2)}\n`);
      const built = await builtModuleEntries(game);
      const stated = statedVersions(built);
      // "1.0-" and 12 hex digits of the images' hash (art.ts imagesHash), in both places.
      expect(stated.buildFile).toMatch(/^1\.0-[0-9a-f]{12}$/);
      expect(stated.moduledata).toBe(stated.buildFile);
      const second = await importEntries(built, 'plain');
      expect(jsonOf(second, 'game.json')).not.toHaveProperty('version');
    });
  });
});
