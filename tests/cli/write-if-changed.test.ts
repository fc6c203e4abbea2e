/** An output holding the same bytes is not rewritten: its modification time stays. */
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileIfChanged } from '../../src/cli/io';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hexforge-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileIfChanged', () => {
  it('leaves identical bytes alone and replaces different ones', async () => {
    const file = path.join(dir, 'sub', 'a.bin');
    expect(await writeFileIfChanged(file, new Uint8Array([1, 2, 3]))).toBe(true);
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, old, old);
    expect(await writeFileIfChanged(file, new Uint8Array([1, 2, 3]))).toBe(false);
    expect(statSync(file).mtimeMs).toBe(old.getTime());
    expect(await writeFileIfChanged(file, 'abc')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('abc');
    expect(statSync(file).mtimeMs).toBeGreaterThan(old.getTime());
  });

  it('replaces a file of the same length with other bytes', async () => {
    const file = path.join(dir, 'b.txt');
    writeFileSync(file, 'xyz');
    expect(await writeFileIfChanged(file, 'xyq')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('xyq');
  });

  it('writes pieces one after the other, and compares them so', async () => {
    const file = path.join(dir, 'c.bin');
    // More pieces than one gathering write takes, some of them empty.
    const pieces = Array.from({ length: 2500 }, (_, i) => new Uint8Array(i % 7).fill(i % 251));
    const joined = Buffer.concat(pieces);
    expect(await writeFileIfChanged(file, pieces)).toBe(true);
    expect(readFileSync(file).equals(joined)).toBe(true);
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, old, old);
    expect(await writeFileIfChanged(file, pieces)).toBe(false);
    expect(await writeFileIfChanged(file, joined)).toBe(false);
    expect(statSync(file).mtimeMs).toBe(old.getTime());
    // Piece 2498 holds six bytes of 2498 % 251 = 239.
    const changed = pieces.map((piece, i) => (i === 2498 ? new Uint8Array(piece.length).fill(255) : piece));
    expect(await writeFileIfChanged(file, changed)).toBe(true);
    expect(readFileSync(file).equals(Buffer.concat(changed))).toBe(true);
  });
});
