/** A save's clean check is kept by the digest of its commands: found again for the same commands, never for others. */
import { describe, expect, it } from 'vitest';
import type { ImageCache } from '../../src/pipeline/generator';
import { keptPieceChecks } from '../../src/vassal/module/generator';

function memoryStore(): ImageCache & { entries: Map<string, Uint8Array> } {
  const entries = new Map<string, Uint8Array>();
  return {
    entries,
    async get(key) {
      return entries.get(key);
    },
    async put(key, data) {
      entries.set(key, data);
    },
  };
}

const save = (hex: string) => ['begin_save', `+/1000/piece;units/u1-front.png/null;${hex}`, 'SETUP_STACK\t', 'end_save'].join('\u001b');

describe('kept save checks', () => {
  it('a save checked clean is found by its commands, and a save differing in one character is not', async () => {
    const store = memoryStore();
    const kept = keptPieceChecks(store)!;
    const commands = save('0101');
    expect(await kept.getSave!(commands)).toBeUndefined();
    await kept.putSave!(commands, ['units/u1-front.png']);
    expect(await kept.getSave!(save('0101'))).toEqual(['units/u1-front.png']);
    expect(await kept.getSave!(save('0102'))).toBeUndefined();
    // A fresh reader of the same store (the next build) finds it too.
    expect(await keptPieceChecks(store)!.getSave!(commands)).toEqual(['units/u1-front.png']);
  });

  it("definitions are kept as one record, found by a later build's reader by their text's digest, written only when one changed", async () => {
    const store = memoryStore();
    const piece = (id: string) => ({ id, basicState: '', images: [`${id}.png`] });
    const first = keptPieceChecks(store)!;
    expect(await first.get('def a')).toBeUndefined();
    await first.put('def a', piece('a'));
    await first.put('def b', piece('b'));
    await first.finish!();
    expect(store.entries.size).toBe(1);
    const [record] = [...store.entries.values()];

    const second = keptPieceChecks(store)!;
    expect(await second.get('def a')).toEqual(piece('a'));
    expect(await second.get('def b')).toEqual(piece('b'));
    expect(await second.get('def a ')).toBeUndefined();
    await second.finish!();
    expect([...store.entries.values()][0]).toBe(record);

    // A definition no longer checked drops out; a new one joins.
    const third = keptPieceChecks(store)!;
    expect(await third.get('def a')).toEqual(piece('a'));
    await third.put('def c', piece('c'));
    await third.finish!();
    const fourth = keptPieceChecks(store)!;
    expect(await fourth.get('def b')).toBeUndefined();
    expect(await fourth.get('def c')).toEqual(piece('c'));
  });

  it('the key holds a digest of the commands, not the commands (a save is megabytes)', async () => {
    const store = memoryStore();
    const kept = keptPieceChecks(store)!;
    const commands = save('0101').repeat(1000);
    await kept.getSave!(commands);
    await kept.putSave!(commands, []);
    const [key] = [...store.entries.keys()];
    expect(key.length).toBeLessThan(100);
    expect(key).not.toContain('begin_save');
  });

  it('a put after a get of other commands keys by its own commands', async () => {
    const store = memoryStore();
    const kept = keptPieceChecks(store)!;
    await kept.getSave!(save('0101'));
    await kept.putSave!(save('0202'), ['b.png']);
    expect(await kept.getSave!(save('0101'))).toBeUndefined();
    expect(await kept.getSave!(save('0202'))).toEqual(['b.png']);
  });

  it('long lists that differ in a few names are kept once, each save read back as its own names', async () => {
    const store = memoryStore();
    const kept = keptPieceChecks(store)!;
    const names = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `units/u${from + i}-front.png`);
    const lists = [names(0, 1000), [...names(3, 1000), ...names(1000, 1005)], names(2, 1001).reverse()];
    for (const [i, list] of lists.entries()) await kept.putSave!(save(`0${i}`), list);
    const stored = [...store.entries.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0);
    const oneList = Buffer.byteLength(JSON.stringify(lists[0]));
    expect(stored).toBeLessThan(oneList * 1.2);
    const next = keptPieceChecks(store)!;
    for (const [i, list] of lists.entries()) expect(new Set(await next.getSave!(save(`0${i}`)))).toEqual(new Set(list));
  });

  it('a long list unlike the others is kept whole, and each reads back as its own', async () => {
    const store = memoryStore();
    const kept = keptPieceChecks(store)!;
    const names = (prefix: string) => Array.from({ length: 500 }, (_, i) => `${prefix}/p${i}.png`);
    await kept.putSave!(save('01'), names('units'));
    await kept.putSave!(save('02'), names('markers'));
    expect(new Set(await kept.getSave!(save('01')))).toEqual(new Set(names('units')));
    expect(new Set(await keptPieceChecks(store)!.getSave!(save('02')))).toEqual(new Set(names('markers')));
  });
});
