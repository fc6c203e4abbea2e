/**
 * A round trip compares the written copy decoding each of its saved games once: a save whose bytes
 * changed as the comparison reads it (checked then), the others when the copy's saves are checked;
 * a save of the copy that does not read still names itself.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import { writeZip } from '../../src/vassal/module/zip';
import { checkDeferredSaves, readLimits, readModule, readZip, type ReadModule } from '../../src/vassal/reader/index';
import { compareWithCopy } from '../../src/vassal/roundtrip/roundtrip';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { withTempDir } from './import-fixtures';
import { decodedFiles, forgetDecodings } from './saved-game-decodings';

vi.mock('../../src/vassal/reader/saved-game', async (original) => (await import('./saved-game-decodings')).countingSavedGame(original));

const limits = readLimits();
const zipOf = (entries: Map<string, Uint8Array>, epoch = 0) =>
  writeZip(
    [...entries].map(([name, data]) => ({ path: name, data })),
    epoch,
  );

/** The save-heavy module (two setups), read as the round trip reads it, its saves checked; and its entries. */
async function original(): Promise<{ module: ReadModule; entries: Map<string, Uint8Array> }> {
  const entries = new Map((await readZip(await saveHeavyModule({ saves: 2, pieces: 24 }), { file: 'm.vmod', limits })).entries);
  const read: { module?: ReadModule; diagnostics: Diagnostic[] } = await readModule(entries, {
    source: 'm.vmod',
    limits,
    deferSaveCheck: true,
  });
  await checkDeferredSaves(read);
  expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  forgetDecodings();
  return { module: read.module!, entries };
}

describe("the round trip's copy decodes each saved game once", () => {
  it('a save packed again (other bytes, the same game) is decoded once on each side, the unchanged one once in the copy', async () => {
    await withTempDir(async (dir) => {
      const { module, entries } = await original();
      // The same savedGame entry stamped with another date: other bytes, the same commands.
      const inner = new Map((await readZip(entries.get('setup-0.vsav')!, { file: 'setup-0.vsav', limits })).entries);
      const copy = new Map(entries).set('setup-0.vsav', await zipOf(inner, 1767225600));
      expect(Buffer.from(copy.get('setup-0.vsav')!).equals(Buffer.from(entries.get('setup-0.vsav')!))).toBe(false);
      const file = path.join(dir, 'copy.vmod');
      await writeFile(file, await zipOf(copy));
      const diagnostics: Diagnostic[] = [];
      const comparison = await compareWithCopy(module, file, limits, diagnostics);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(comparison?.differences).toEqual([]);
      expect(decodedFiles.sort()).toEqual(
        ['m.vmod!setup-0.vsav', 'm.vmod (round trip)!setup-0.vsav', 'm.vmod (round trip)!setup-1.vsav'].sort(),
      );
    });
  });

  it("a copy's save that does not read is reported once, naming it, and the comparison says it differs", async () => {
    await withTempDir(async (dir) => {
      const { module, entries } = await original();
      const noise = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);
      const file = path.join(dir, 'copy.vmod');
      await writeFile(file, await zipOf(new Map(entries).set('setup-1.vsav', noise)));
      const diagnostics: Diagnostic[] = [];
      const comparison = await compareWithCopy(module, file, limits, diagnostics);
      const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}: ${d.code}`);
      expect(errors).toEqual(['m.vmod (round trip)!setup-1.vsav: vassal/save-not-zip']);
      // A save that does not read leaves the copy readable (its problem is reported): it holds no command of the original's.
      expect(comparison?.differences).toEqual([{ where: 'setup-1.vsav', message: 'saved game commands differ' }]);
      expect(decodedFiles.filter((d) => d.includes('round trip')).sort()).toEqual(
        ['m.vmod (round trip)!setup-0.vsav', 'm.vmod (round trip)!setup-1.vsav'].sort(),
      );
    });
  });
});
