/**
 * How a build writes an output's file (build-cache.ts writeFile): new bytes replace the file's,
 * whether or not their length changed, and a file that already holds the bytes (written by the
 * last build, or put back by hand) is left as it is.
 */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBuildCache } from '../../src/cli/build-cache';
import type { Game } from '../../src/model/game';
import type { Generator } from '../../src/pipeline/generator';
import { tempDir } from '../temp-dir';

const scope = { codeStamp: 'test', epoch: 0 };
/** The cache reads the game only through a generator's declared reads: this one reads nothing. */
const game = { id: 'g' } as Game;
const generator: Generator = {
  id: 'out',
  description: 'one file',
  reads: { game: [], settings: [] },
  files: [],
  run: async () => ({ artifacts: [], diagnostics: [] }),
};

/** One build that writes `data` into `file` and records it. */
async function build(outDir: string, file: string, data: string | Uint8Array[]): Promise<void> {
  const cache = await openBuildCache(outDir, game, {}, scope, false);
  await cache.writeFile(file, data);
  await cache.record(generator, [file], []);
  await cache.save();
}

describe('writing an output file', () => {
  it('replaces bytes of the same length, of another length, and leaves bytes already there', async () => {
    const outDir = tempDir('hexforge-cache-write-');
    const file = path.join(outDir, 'out.txt');
    await build(outDir, file, 'attack 7');
    expect(readFileSync(file, 'utf8')).toBe('attack 7');
    // The file as the last build wrote it, new bytes of the same length.
    await build(outDir, file, 'attack 8');
    expect(readFileSync(file, 'utf8')).toBe('attack 8');
    // In pieces, and longer.
    await build(outDir, file, [Buffer.from('attack '), Buffer.from('10')]);
    expect(readFileSync(file, 'utf8')).toBe('attack 10');
    // Edited by hand to other bytes of the same length, with the time the build recorded: written again.
    const recorded = statSync(file);
    writeFileSync(file, 'attack 99');
    utimesSync(file, recorded.atime, recorded.mtime);
    await build(outDir, file, 'attack 11');
    expect(readFileSync(file, 'utf8')).toBe('attack 11');
    // Put back by hand with exactly the bytes the build makes: the file is kept, not written again.
    writeFileSync(file, 'attack 12');
    const handmade = statSync(file);
    await build(outDir, file, 'attack 12');
    expect(statSync(file).ino).toBe(handmade.ino);
    expect(statSync(file).mtimeMs).toBe(handmade.mtimeMs);
  });
});
