/** The drawings kept between builds in one pack file: read back as written, only the live ones kept, a damaged file read as empty. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDrawingPack, readDrawingPack } from '../../src/cli/drawing-pack';

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
});
