/**
 * `update` of the unpadded grid's module (./unpadded-grid-kit.ts), whose ids are padded wider than
 * VASSAL's names (hex 1205 is VASSAL's "125"): one unit's name changed in units.csv changes that
 * name only (the slot's entryName and its BasicPiece's name, in the palette and the at-start
 * stack); every stack keeps its location name and pixel as the author wrote them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { withTempDir } from '../import-fixtures';
import { editUnitsLine, importedModule, updated } from '../real-sweep4/update-kit';
import { UNPADDED_BUILD_FILE } from './unpadded-grid-kit';

it('one name changed on an unpadded wide grid: only that name changes', async () => {
  await withTempDir(async (dir) => {
    const { vmod, game } = await importedModule(dir, UNPADDED_BUILD_FILE);
    const line = (await readFile(path.join(game, 'units.csv'), 'utf8')).split('\n').find((l) => l.startsWith('b,'))!;
    expect(line.endsWith(',B')).toBe(true);
    await editUnitsLine(game, line, `${line.slice(0, -1)}Bravo`);
    const { xml } = await updated(vmod, game);
    const before = UNPADDED_BUILD_FILE.split('\n');
    const after = xml.split('\n');
    expect(after.length).toBe(before.length);
    const changed = before.flatMap((l, i) => (l === after[i] ? [] : [[l, after[i]]]));
    expect(changed.length).toBeGreaterThan(0);
    for (const [was, now] of changed)
      expect(now).toBe(was.replaceAll('entryName="B"', 'entryName="Bravo"').replaceAll('.png;B/', '.png;Bravo/'));
  });
}, 60_000);
