/** An output that collects other outputs' files (the proof): declared, built after them, never from a failed one. */
import { describe, expect, it } from 'vitest';
import { selectOutputs } from '../../src/cli/build';
import type { Game } from '../../src/model/game';
import type { Artifact, Generator } from '../../src/pipeline/generator';
import { inputsDigest } from '../../src/pipeline/inputs-digest';
import { runGenerators } from '../../src/pipeline/pipeline';
import { isDeclaredFile } from '../../src/pipeline/output-files';
import { COUNTER_SHEET, PAPER_SETTINGS, readsOfOutputs } from '../../src/pipeline/reads';
import { silentReporter } from '../../src/pipeline/reporter';
import type { FontSet } from '../../src/render/fonts';

const game = { id: 'g', info: { title: 'G' }, tracks: { turns: [] }, units: [] } as unknown as Game;
const noFonts = () => ({}) as FontSet;
const bytes = (s: string) => new TextEncoder().encode(s);

function writer(files: Map<string, Uint8Array | string>) {
  return async (artifacts: Artifact[]) => {
    for (const a of artifacts) files.set(a.path, Array.isArray(a.data) ? Buffer.concat(a.data) : (a.data as Uint8Array | string));
    return artifacts.map((a) => a.path);
  };
}

const part = (id: string, fails = false): Generator => ({
  id,
  description: id,
  reads: { game: ['tracks'], settings: [] },
  files: [`${id}.txt`],
  async run() {
    if (fails) return { artifacts: [], diagnostics: [{ code: 'x/failed', severity: 'error', message: 'failed' }] };
    return { artifacts: [{ path: `${id}.txt`, data: bytes(id) }], diagnostics: [] };
  },
});

function collector(from: string[], reads = readsOfOutputs(from.map((id) => part(id)))): Generator {
  return {
    id: 'all',
    description: 'all',
    reads,
    files: ['all.txt'],
    async run(ctx) {
      const parts = [];
      for (const id of from) parts.push(new TextDecoder().decode(await ctx.output(id, `${id}.txt`)));
      return { artifacts: [{ path: 'all.txt', data: parts.join('+') }], diagnostics: [] };
    },
  };
}

async function run(generators: Generator[]) {
  const files = new Map<string, Uint8Array | string>();
  const read = async (path: string) => {
    const data = files.get(path);
    if (data === undefined) throw new Error(`no ${path}`);
    return typeof data === 'string' ? bytes(data) : data;
  };
  const result = await runGenerators(game, generators, { epoch: 0, settings: {} }, noFonts, silentReporter, writer(files), undefined, read);
  return { result, files };
}

describe('outputs that collect other outputs', () => {
  it('read the files the outputs they declare wrote in this build', async () => {
    const { files, result } = await run([part('a'), part('b'), collector(['a', 'b'])]);
    expect(result.failed).toEqual([]);
    expect(files.get('all.txt')).toBe('a+b');
  });

  it('cannot read an output they do not declare', async () => {
    const sneaky = collector(['a', 'b'], readsOfOutputs([part('a')]));
    await expect(run([part('a'), part('b'), sneaky])).rejects.toThrow(/reads b\.txt of b but its reads do not declare it/);
  });

  it('are not built when an output they collect failed (no stale file is collected)', async () => {
    const { files, result } = await run([part('a'), part('b', true), collector(['a', 'b'])]);
    expect(result.failed).toEqual(['b', 'all']);
    expect(files.has('all.txt')).toBe(false);
  });

  it('read everything their outputs read, so they are rebuilt exactly when one of those is', () => {
    const reads = readsOfOutputs([
      { id: 'x', reads: { game: ['tracks'], settings: ['tile'] } },
      { id: 'y', reads: { game: ['info'], settings: [], paper: true } },
    ]);
    // The paper settings read counters.json's sheet and the paper --set keys: the collector reads them too.
    expect(reads).toMatchObject({
      game: [COUNTER_SHEET, 'info', 'tracks'],
      settings: [...PAPER_SETTINGS, 'tile'].sort(),
      outputs: ['x', 'y'],
    });
    const scope = { codeStamp: 'c', epoch: 0 };
    const base = inputsDigest(game, {}, reads, scope);
    expect(inputsDigest({ ...game, tracks: { turns: [{ turn: 1 }] } } as unknown as Game, {}, reads, scope)).not.toBe(base);
    expect(inputsDigest(game, { tile: true }, reads, scope)).not.toBe(base);
  });

  it('--only proof builds the components it collects first, in build order', () => {
    expect(selectOutputs('proof')).toEqual(['map', 'counters', 'aids', 'display', 'proof']);
    expect(selectOutputs('display')).toEqual(['display']);
  });
});

describe('values shared between outputs', () => {
  it('are computed once, and again after an output let them go', async () => {
    let computed = 0;
    const compute = async () => ++computed;
    const seen: number[] = [];
    const sharing = (id: string, forget: boolean): Generator => ({
      ...part(id),
      async run(ctx) {
        seen.push(await ctx.memo('shared', compute));
        if (forget) ctx.forgetMemo?.('shared');
        return { artifacts: [], diagnostics: [] };
      },
    });
    const generators = [sharing('a', false), sharing('b', true), sharing('c', false)];
    await runGenerators(game, generators, { epoch: 0, settings: {} }, noFonts, silentReporter, writer(new Map()));
    expect(seen).toEqual([1, 1, 2]);
  });
});

describe('the files an output declares', () => {
  it('hold it: a file it writes outside them is a bug, and nothing is written', async () => {
    const stray: Generator = { ...part('a'), files: ['b.txt'] };
    const files = new Map<string, Uint8Array | string>();
    await expect(runGenerators(game, [stray], { epoch: 0, settings: {} }, noFonts, silentReporter, writer(files))).rejects.toThrow(
      'the a output writes a.txt but its files do not declare it',
    );
    expect(files.size).toBe(0);
  });

  it('name the game by {game} and any one name by *', () => {
    expect(isDeclaredFile('g.bundle.json', ['{game}.bundle.json'], 'g')).toBe(true);
    expect(isDeclaredFile('h.bundle.json', ['{game}.bundle.json'], 'g')).toBe(false);
    expect(isDeclaredFile('aids/crt.png', ['aids.pdf', 'aids/*.png'], 'g')).toBe(true);
    expect(isDeclaredFile('aids/x/crt.png', ['aids/*.png'], 'g')).toBe(false);
    expect(isDeclaredFile('aidsXpdf', ['aids.pdf'], 'g')).toBe(false);
  });
});
