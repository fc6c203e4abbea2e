/**
 * The drawings kept between builds in one pack file: read back as written, only the live ones kept,
 * a change appended to the file while the dropped drawings take at most half of it, a damaged file
 * read as empty; a build's drawings wait in a temporary file beside the pack, not in it, until it saves.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDrawingPack, readDrawingPack } from '../../src/cli/drawing-pack';
import { removeStaleTemps } from '../../src/cli/io';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hexforge-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (...values: number[]) => Buffer.from(values);

describe('drawing pack', () => {
  it('keeps the live drawings of one build for the next, and drops the others', async () => {
    const file = path.join(dir, 'a.pack');
    const first = openDrawingPack(file, false);
    expect(await first.get('x')).toBeUndefined();
    first.put('x', bytes(1, 2, 3));
    first.put('y', bytes());
    first.put('z', bytes(9));
    expect(await first.get('x')).toEqual(bytes(1, 2, 3));
    await first.save(new Set(['x', 'y']));

    const stored = await readDrawingPack(file);
    expect([...stored.keys()]).toEqual(['x', 'y']);
    expect(stored.get('x')).toEqual(bytes(1, 2, 3));
    expect(stored.get('y')).toEqual(bytes());

    const second = openDrawingPack(file, false);
    expect(await second.get('x')).toEqual(bytes(1, 2, 3));
    expect(await second.get('z')).toBeUndefined();
    const written = statSync(file).mtimeMs;
    await second.save(new Set(['x', 'y']));
    expect(statSync(file).mtimeMs).toBe(written);
    await second.save(new Set(['y']));
    expect([...(await readDrawingPack(file)).keys()]).toEqual(['y']);
  });

  it('hands out the same drawings whether it reads the file whole or a drawing at a time, and none of a file cut short since', async () => {
    const whole = (bytes: number, after = 0) => ({ bytes, after });
    const file = path.join(dir, 'whole.pack');
    const first = openDrawingPack(file, false);
    first.put('a', bytes(1, 2, 3));
    first.put('b', bytes());
    first.put('c', bytes(7, 8));
    await first.save(new Set(['a', 'b', 'c']));
    const second = openDrawingPack(file, false);
    second.put('c', bytes(9));
    await second.save(new Set(['a', 'b', 'c']));
    for (const reading of [whole(0), whole(statSync(file).size), whole(statSync(file).size, 2)]) {
      const pack = openDrawingPack(file, false, reading);
      expect([await pack.get('a'), await pack.get('b'), await pack.get('c'), await pack.get('d')]).toEqual([
        bytes(1, 2, 3),
        bytes(),
        bytes(9),
        undefined,
      ]);
      await pack.save(new Set(['a', 'b', 'c']));
    }
    const size = statSync(file).size;
    for (const reading of [whole(0), whole(size)]) {
      const pack = openDrawingPack(file, false, reading);
      // The index is read; then the file loses its last byte, the end of the last drawing added ("c").
      expect(pack.has('c')).toBe(true);
      writeFileSync(file, readFileSync(file).subarray(0, size - 1));
      expect(await pack.get('c')).toBeUndefined();
      writeFileSync(file, Buffer.concat([readFileSync(file), bytes(9)]));
    }
  });

  it('tells which drawings it holds, from its file or this build, without reading them', async () => {
    const file = path.join(dir, 'has.pack');
    const first = openDrawingPack(file, false);
    first.put('kept', bytes(1));
    expect(first.has('kept')).toBe(true);
    expect(first.has('other')).toBe(false);
    await first.save(new Set(['kept']));
    const second = openDrawingPack(file, false);
    second.put('new', bytes(2));
    expect([second.has('kept'), second.has('new'), second.has('other')]).toEqual([true, true, false]);
    expect(openDrawingPack(file, true).has('kept')).toBe(false);
  });

  it('a fresh pack ignores what the file holds', async () => {
    const file = path.join(dir, 'b.pack');
    const first = openDrawingPack(file, false);
    first.put('x', bytes(1));
    await first.save(new Set(['x']));
    const fresh = openDrawingPack(file, true);
    expect(await fresh.get('x')).toBeUndefined();
    await fresh.save(new Set());
    expect((await readDrawingPack(file)).size).toBe(0);
  });

  it('reads a missing, truncated or damaged file as empty', async () => {
    expect((await readDrawingPack(path.join(dir, 'none.pack'))).size).toBe(0);
    const file = path.join(dir, 'c.pack');
    const pack = openDrawingPack(file, false);
    pack.put('x', bytes(1, 2, 3, 4));
    await pack.save(new Set(['x']));
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 1));
    expect((await readDrawingPack(file)).size).toBe(0);
    writeFileSync(file, Buffer.concat([whole.subarray(0, 4), Buffer.from('not json at all')]));
    expect((await readDrawingPack(file)).size).toBe(0);
  });

  it('appends a change to the file, and reads back the drawings as a pack written anew holds them', async () => {
    const file = path.join(dir, 'd.pack');
    const first = openDrawingPack(file, false);
    first.put('a', Buffer.alloc(1000, 1));
    first.put('b', Buffer.alloc(100, 2));
    await first.save(new Set(['a', 'b']));
    const before = readFileSync(file);

    // One drawing replaced by another: the former bytes stay as they are, the change follows them.
    const second = openDrawingPack(file, false);
    second.put('c', bytes(7, 8));
    await second.save(new Set(['a', 'c']));
    const after = readFileSync(file);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.subarray(0, before.length)).toEqual(before);
    const stored = await readDrawingPack(file);
    expect([...stored.keys()].sort()).toEqual(['a', 'c']);
    expect(stored.get('a')).toEqual(Buffer.alloc(1000, 1));
    expect(stored.get('c')).toEqual(bytes(7, 8));

    // A drawing dropped earlier and drawn again is stored again.
    const third = openDrawingPack(file, false);
    expect(await third.get('b')).toBeUndefined();
    third.put('b', Buffer.alloc(100, 3));
    await third.save(new Set(['a', 'b', 'c']));
    expect((await readDrawingPack(file)).get('b')).toEqual(Buffer.alloc(100, 3));
  });

  it('a drawing put again under a name the file holds replaces it, appended and written anew alike', async () => {
    const file = path.join(dir, 'r.pack');
    const first = openDrawingPack(file, false);
    first.put('record', Buffer.alloc(1000, 1));
    first.put('other', Buffer.alloc(1000, 2));
    await first.save(new Set(['record', 'other']));
    const second = openDrawingPack(file, false);
    second.put('record', bytes(3, 4));
    expect(await second.get('record')).toEqual(bytes(3, 4));
    await second.save(new Set(['record', 'other']));
    const appended = await readDrawingPack(file);
    expect(appended.get('record')).toEqual(bytes(3, 4));
    expect(appended.get('other')).toEqual(Buffer.alloc(1000, 2));
    // Replaced again, the file is mostly dropped drawings: written anew, with the latest.
    const third = openDrawingPack(file, false);
    third.put('record', bytes(5));
    await third.save(new Set(['record']));
    expect([...(await readDrawingPack(file))]).toEqual([['record', bytes(5)]]);
  });

  it('writes the file anew when the dropped drawings would take more than half of it', async () => {
    const file = path.join(dir, 'e.pack');
    const first = openDrawingPack(file, false);
    first.put('big', Buffer.alloc(1000, 1));
    first.put('small', bytes(1, 2));
    await first.save(new Set(['big', 'small']));
    const second = openDrawingPack(file, false);
    await second.save(new Set(['small']));

    const compact = path.join(dir, 'e-compact.pack');
    const fresh = openDrawingPack(compact, true);
    fresh.put('small', bytes(1, 2));
    await fresh.save(new Set(['small']));
    expect(readFileSync(file)).toEqual(readFileSync(compact));
  });

  it('a change cut short leaves a file read as empty, written anew by the next build', async () => {
    const file = path.join(dir, 'f.pack');
    const first = openDrawingPack(file, false);
    first.put('a', Buffer.alloc(100, 1));
    await first.save(new Set(['a']));
    const second = openDrawingPack(file, false);
    second.put('b', bytes(5));
    await second.save(new Set(['a', 'b']));
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 1));
    expect((await readDrawingPack(file)).size).toBe(0);

    const third = openDrawingPack(file, false);
    third.put('a', Buffer.alloc(100, 1));
    await third.save(new Set(['a']));
    expect([...(await readDrawingPack(file)).keys()]).toEqual(['a']);
  });

  it("keeps a build's drawings in a temporary file beside the pack until it saves, read back from there", async () => {
    const folder = path.join(dir, 'g');
    mkdirSync(folder);
    const file = path.join(folder, 'g.pack');
    const pack = openDrawingPack(file, false);
    const drawing = Buffer.alloc(5000, 4);
    pack.put('a', drawing);
    drawing.fill(0); // The pack holds what was put, not the caller's buffer.
    const spilled = readdirSync(folder);
    expect(spilled).toHaveLength(1);
    expect(spilled[0]).toMatch(new RegExp(`^g\\.pack\\.tmp-${process.pid}-\\d+$`));
    expect(statSync(path.join(folder, spilled[0])).size).toBe(5000);
    expect(await pack.get('a')).toEqual(Buffer.alloc(5000, 4));

    await pack.save(new Set(['a']));
    expect(readdirSync(folder)).toEqual(['g.pack']);
    expect((await readDrawingPack(file)).get('a')).toEqual(Buffer.alloc(5000, 4));
  });

  it('a build killed before it saves leaves the pack as it was, and its temporary file for the next build to remove', async () => {
    const folder = path.join(dir, 'h');
    mkdirSync(folder);
    const file = path.join(folder, 'h.pack');
    const first = openDrawingPack(file, false);
    first.put('a', bytes(1, 2));
    await first.save(new Set(['a']));
    const before = readFileSync(file);

    const killed = openDrawingPack(file, false);
    killed.put('b', bytes(3, 4));
    expect(readFileSync(file)).toEqual(before);
    const leftover = readdirSync(folder).find((name) => name !== 'h.pack')!;
    // The same name from a process that is gone: what removeStaleTemps removes.
    const gone = leftover.replace(`.tmp-${process.pid}-`, '.tmp-999999999-');
    writeFileSync(path.join(folder, gone), readFileSync(path.join(folder, leftover)));
    expect(await removeStaleTemps(folder)).toEqual([path.join(folder, gone)]);
    expect([...(await readDrawingPack(file)).keys()]).toEqual(['a']);
    await killed.save(new Set(['a']));
  });
});
