/**
 * `hexforge update` decodes each saved game of the module once: a save it patches as it patches it,
 * any other when the saves are checked before anything is written; a save that does not read still
 * refuses the module, nothing written.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip } from '../../src/vassal/module/zip';
import { csvText } from '../../src/vassal/import/csv';
import { readLimits, readModule, readModuleSave, readZip } from '../../src/vassal/reader/index';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { withTempDir } from './import-fixtures';
import { decoded } from './saved-game-decodings';
import { csvRows } from './update-edit';

vi.mock('../../src/vassal/reader/saved-game', async (original) => (await import('./saved-game-decodings')).countingSavedGame(original));

const limits = readLimits();
const UNIT = 'Unit_0_1-2';
const CHANGED = 'Unit_0_4-2';

/**
 * The save-heavy module (two setups of 24 pieces, 12 kinds) with a save no setup names (a copy of
 * the first) and `stray`, imported; value1 of Unit_0_1-2 (its name's first number) set to 4.
 */
async function edited(dir: string, stray?: Uint8Array): Promise<{ vmod: string; game: string }> {
  const generated = await saveHeavyModule({ saves: 2, pieces: 24 });
  const entries = new Map((await readZip(generated, { file: 'm.vmod', limits })).entries);
  entries.set('Other.vsav', entries.get('setup-0.vsav')!);
  const vmod = path.join(dir, 'm.vmod');
  const game = path.join(dir, 'game');
  const module = (await readModule(entries, { source: vmod, limits })).module!;
  await writeGameFolder(game, (await importModule(module, { id: 'm' })).files);
  if (stray) entries.set('Stray.vsav', stray);
  await writeFile(
    vmod,
    await writeZip(
      [...entries].map(([entry, data]) => ({ path: entry, data })),
      0,
    ),
  );
  const csv = path.join(game, 'units.csv');
  const { header, rows } = csvRows(await readFile(csv, 'utf8'));
  expect(rows.filter((r) => r.name === UNIT).map((r) => r.value1)).toContain('1');
  for (const row of rows) if (row.name === UNIT) row.value1 = '4';
  await writeFile(csv, csvText(header, rows));
  decoded.length = 0;
  return { vmod, game };
}

async function update(vmod: string, game: string, out: string): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const ok = await updateCommand(vmod, game, { out, limits }, io);
  return { ok, lines: lines.map((line) => line.replaceAll(path.dirname(vmod), '<work>')) };
}

describe('update decodes each saved game once', () => {
  it("the saves it patches and the one it leaves are each decoded once, and the changed kind's pieces are patched in each save", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await edited(dir);
      const out = path.join(dir, 'new.vmod');
      const { ok, lines } = await update(vmod, game, out);
      expect(ok, lines.join('\n')).toBe(true);
      expect(decoded.sort()).toEqual(['Other.vsav', 'setup-0.vsav', 'setup-1.vsav']);
      const written = (await readModule((await readZip(await readFile(out), { file: out, limits })).entries, { source: out, limits }))
        .module!;
      // Each save's pieces of the kind are renamed, its other pieces as they were.
      const original = (
        await readModule(new Map((await readZip(await readFile(vmod), { file: vmod, limits })).entries), { source: vmod, limits })
      ).module!;
      for (const save of ['setup-0.vsav', 'setup-1.vsav', 'Other.vsav']) {
        const before = (await readModuleSave(original, save))!.pieces.map((p) => p.piece.traits.at(-1)!.type);
        const after = (await readModuleSave(written, save))!.pieces.map((p) => p.piece.traits.at(-1)!.type);
        expect(before.filter((t) => t.endsWith(UNIT)).length, save).toBeGreaterThan(0);
        expect(after, save).toEqual(before.map((t) => (t.endsWith(`;${UNIT}`) ? `${t.slice(0, -UNIT.length)}${CHANGED}` : t)));
      }
    });
  });

  it('a save that does not read still refuses the module, naming it, and nothing is written', async () => {
    await withTempDir(async (dir) => {
      const noise = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);
      const { vmod, game } = await edited(dir, noise);
      const out = path.join(dir, 'new.vmod');
      const { ok, lines } = await update(vmod, game, out);
      expect(ok).toBe(false);
      expect(lines.join('\n')).toContain('<work>/m.vmod!Stray.vsav: error vassal/save-not-zip');
      expect(lines.at(-1)).toBe('<work>/new.vmod: nothing written');
      expect(existsSync(out)).toBe(false);
      expect(decoded.sort()).toEqual(['Other.vsav', 'Stray.vsav', 'setup-0.vsav', 'setup-1.vsav']);
    });
  });
});
