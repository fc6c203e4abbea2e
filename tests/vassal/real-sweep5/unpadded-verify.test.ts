/**
 * `verify --module` of the unpadded wide grid's module (with its board picture, whose size the
 * grid's extent comes from) against its own import: no discrepancy. Before, the check read the
 * module's grid without the board's size, so with ids of one digit, and reported the game's two
 * digits as a numbering discrepancy.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { verifyModuleCommand } from '../../../src/cli/verify-module';
import { importModule } from '../../../src/vassal/import/import-module';
import { writeGameFolder } from '../../../src/vassal/import/write-folder';
import { writeZip } from '../../../src/vassal/module/zip';
import { readLimits, readModuleFrom } from '../../../src/vassal/reader/index';
import { withTempDir } from '../import-fixtures';
import { unpaddedWithPicture } from './unpadded-grid-kit';

it('verify --module finds its own import of an unpadded wide grid the same', async () => {
  await withTempDir(async (dir) => {
    const vmod = path.join(dir, 'unpadded.vmod');
    await writeFile(
      vmod,
      await writeZip(
        [...unpaddedWithPicture()].map(([p, data]) => ({ path: p, data })),
        0,
      ),
    );
    const limits = readLimits();
    const game = path.join(dir, 'game');
    await writeGameFolder(game, (await importModule((await readModuleFrom(vmod, limits)).module!, { id: 'game' })).files);
    const lines: string[] = [];
    const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
    expect(await verifyModuleCommand(vmod, [game], { limits }, io), lines.join('\n')).toBe(true);
    expect(lines.join('\n')).toContain('no discrepancy');
  });
}, 60_000);
