/**
 * Saves marked as checked elsewhere (a round trip's copy of an extension's saves, the same bytes as
 * the original's) are not decoded again when the module's saves are checked, and report nothing;
 * the others are checked as before.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import { checkDeferredSaves, readLimits, readModule, readZip, type ReadModule } from '../../src/vassal/reader/index';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { decoded } from './saved-game-decodings';

vi.mock('../../src/vassal/reader/saved-game', async (original) => (await import('./saved-game-decodings')).countingSavedGame(original));

const limits = readLimits();
const notAZip = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);

/** The save-heavy module (two setups) with a save that is not a ZIP, read with its save check deferred. */
async function deferred(): Promise<ReadModule> {
  const entries = new Map((await readZip(await saveHeavyModule({ saves: 2, pieces: 24 }), { file: 'm.vmod', limits })).entries);
  entries.set('Noise.vsav', notAZip);
  const read = await readModule(entries, { source: 'm.vmod', limits, deferSaveCheck: true });
  expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(decoded).toEqual([]);
  return read.module!;
}

async function checked(module: ReadModule): Promise<{ module?: ReadModule; diagnostics: Diagnostic[] }> {
  const read: { module?: ReadModule; diagnostics: Diagnostic[] } = { module, diagnostics: [] };
  await checkDeferredSaves(read);
  return read;
}

describe('saves checked elsewhere', () => {
  it('are not decoded again, and report nothing', async () => {
    const module = await deferred();
    module.saves.checkedElsewhere(['Noise.vsav', 'setup-1.vsav']);
    const read = await checked(module);
    expect(read.diagnostics).toEqual([]);
    expect(read.module).toBe(module);
    expect(decoded).toEqual(['setup-0.vsav']);
  });

  it('the others are checked as before: a save that is not a ZIP is an error', async () => {
    const read = await checked(await deferred());
    expect(read.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['m.vmod!Noise.vsav vassal/save-not-zip']);
    expect(decoded.sort()).toEqual(['Noise.vsav', 'setup-0.vsav', 'setup-1.vsav']);
  });
});
