/**
 * `verify --module` decodes each saved game of the module once: a setup's save as the import reads
 * it, any other save when the saves are checked before the module is compared.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyModuleCommand } from '../../src/cli/verify-module';
import { encodePiece } from '../../src/vassal/piece';
import { readLimits } from '../../src/vassal/reader/index';
import { buildBasicPiece } from '../../src/vassal/traits/index';
import { buildFile, vmod, zipWith } from './hostile-module-kit';
import { decoded } from './saved-game-decodings';

vi.mock('../../src/vassal/reader/saved-game', async (original) => (await import('./saved-game-decodings')).countingSavedGame(original));

const works: string[] = [];
afterEach(() => {
  for (const dir of works.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const utf8 = (s: string) => new TextEncoder().encode(s);

async function saveOf(pieceId: string): Promise<Uint8Array> {
  const piece = encodePiece({ id: pieceId, traits: [buildBasicPiece({ name: 'A', image: '' })] });
  return zipWith([{ name: 'savedGame', data: utf8(['begin_save', '', piece, 'end_save'].join('\u001b')), level: 6 }]);
}

async function verified(entries: Array<{ path: string; data: Uint8Array }>, setups: string[]): Promise<{ ok: boolean; err: string[] }> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'hexforge-verify-saves-'));
  works.push(work);
  const file = path.join(work, 'm.vmod');
  writeFileSync(file, await vmod(buildFile({ slots: [['A', []]], setups }), entries));
  const err: string[] = [];
  const io = { out: () => undefined, err: (text: string) => err.push(text), color: false };
  const ok = await verifyModuleCommand(file, [], { limits: readLimits() }, io);
  return { ok, err: err.map((line) => line.replaceAll(work, '<work>')) };
}

describe('verify --module decodes each saved game once', () => {
  it('a setup read by the import and a save no setup names are each decoded once', async () => {
    const { ok } = await verified(
      [
        { path: 'Setup.vsav', data: await saveOf('1001') },
        { path: 'Other.vsav', data: await saveOf('1002') },
      ],
      ['Setup.vsav'],
    );
    expect(ok).toBe(true);
    expect(decoded.sort()).toEqual(['Other.vsav', 'Setup.vsav']);
  });

  it('a broken save no setup names still refuses the module, naming the entry', async () => {
    const noise = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);
    const { ok, err } = await verified(
      [
        { path: 'Setup.vsav', data: await saveOf('1001') },
        { path: 'Stray.vsav', data: noise },
      ],
      ['Setup.vsav'],
    );
    expect(ok).toBe(false);
    expect(err.join('\n')).toContain('m.vmod!Stray.vsav: error vassal/save-not-zip');
    expect(err.at(-1)).toBe('<work>/m.vmod: could not be read');
    expect(decoded).toHaveLength(2);
  });
});
