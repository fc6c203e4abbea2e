/**
 * A module read with its save check deferred: the saves a reader uses are checked as it reads them,
 * and `check` then reads only the others, reporting every save's problems in entry order. Each save
 * is decoded once.
 */
import { describe, expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { readLimits, readModule, readModuleSave, type ReadModule } from '../../src/vassal/reader/index';
import { buildBasicPiece } from '../../src/vassal/traits/index';
import { buildFile, zipWith } from './hostile-module-kit';

const utf8 = (s: string) => new TextEncoder().encode(s);
const noise = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);

async function saveOf(pieceId: string): Promise<Uint8Array> {
  const piece = encodePiece({ id: pieceId, traits: [buildBasicPiece({ name: 'A', image: '' })] });
  return zipWith([{ name: 'savedGame', data: utf8(['begin_save', '', piece, 'end_save'].join('\u001b')), level: 6 }]);
}

/** The module, and the names of the saves its entries were asked for, in order. */
async function deferred(entries: Array<[string, Uint8Array]>): Promise<{ module: ReadModule; reads: string[] }> {
  const all = new Map<string, Uint8Array>([['buildFile.xml', utf8(buildFile())], ...entries]);
  const { module } = await readModule(all, { source: 'm.vmod', limits: readLimits(), deferSaveCheck: true });
  const reads: string[] = [];
  const files = module!.files as Map<string, Uint8Array>;
  const get = files.get.bind(files);
  files.get = (name: string) => {
    if (name.endsWith('.vsav')) reads.push(name);
    return get(name);
  };
  return { module: module!, reads };
}

describe('saves read once', () => {
  it('reading the module leaves the saves unread; a save used is not read again by the check', async () => {
    const { module, reads } = await deferred([
      ['a.vsav', noise],
      ['b.vsav', await saveOf('1001')],
      ['c.vsav', noise],
    ]);
    expect(module.savedGameNames).toEqual(['a.vsav', 'b.vsav', 'c.vsav']);
    expect(module.diagnostics).toEqual([]);
    expect((await readModuleSave(module, 'c.vsav'))!.pieces).toEqual([]);
    expect((await readModuleSave(module, 'b.vsav'))!.pieces.map((p) => p.id)).toEqual(['1001']);
    const checked = await module.saves.check();
    expect(reads).toEqual(['c.vsav', 'b.vsav', 'a.vsav']);
    // The problems come in entry order, whichever save was read first.
    expect(checked).toEqual({
      diagnostics: [
        expect.objectContaining({ code: 'vassal/save-not-zip', file: 'm.vmod!a.vsav' }),
        expect.objectContaining({ code: 'vassal/save-not-zip', file: 'm.vmod!c.vsav' }),
      ],
      refused: false,
    });
    // Reported once.
    expect(await module.saves.check()).toEqual({ diagnostics: [], refused: false });
    expect(reads).toHaveLength(3);
  });

  it('read without deferring, the module reports every save as it is read, as the deferred check does', async () => {
    const entries: Array<[string, Uint8Array]> = [
      ['a.vsav', noise],
      ['b.vsav', await saveOf('1001')],
    ];
    const all = new Map<string, Uint8Array>([['buildFile.xml', utf8(buildFile())], ...entries]);
    const eager = await readModule(all, { source: 'm.vmod', limits: readLimits() });
    const { module } = await deferred(entries);
    expect(eager.diagnostics).toEqual((await module.saves.check()).diagnostics);
    expect(eager.diagnostics.map((d) => d.file)).toEqual(['m.vmod!a.vsav']);
  });
});
