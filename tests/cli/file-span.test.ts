/**
 * Spans of a file copied into another by the writer (src/file-span.ts, src/cli/io.ts): an archive
 * entry copied as it is packed, a block at a time, between pieces given as bytes.
 */
import { openSync, readFileSync, readSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/cli/io';
import { SPAN_BLOCK_BYTES, pieceBytes, spanBlocks, type FileSpan } from '../../src/file-span';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits } from '../../src/vassal/reader/index';
import { readZipFile } from '../../src/vassal/reader/zip-file';
import { withTempDir } from '../vassal/import-fixtures';

/** Bytes whose every block differs from the next, so a block written twice or out of place shows. */
function numbered(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed + Math.floor(i / 997)) & 0xff;
  return bytes;
}

describe('a file span is written as the bytes it covers', () => {
  it('between byte pieces, across block boundaries, two spans of one file in a row', async () => {
    await withTempDir(async (dir) => {
      const source = numbered(3 * SPAN_BLOCK_BYTES + 123, 5);
      const sourceFile = path.join(dir, 'source.bin');
      writeFileSync(sourceFile, source);
      const fd = openSync(sourceFile, 'r');
      const span = (start: number, length: number): FileSpan => ({
        byteLength: length,
        readInto: (target, offset) => readSync(fd, target, 0, target.length, start + offset),
      });
      const head = numbered(10, 1);
      const tail = numbered(20, 2);
      const first = span(7, 2 * SPAN_BLOCK_BYTES + 50);
      const second = span(1, 99);
      const out = path.join(dir, 'out.bin');
      await writeFileAtomic(out, [head, first, second, tail]);
      const expected = Buffer.concat([head, source.subarray(7, 7 + first.byteLength), source.subarray(1, 100), tail]);
      expect(Buffer.compare(readFileSync(out), expected)).toBe(0);
      expect(Buffer.compare(Buffer.from(pieceBytes(first)), source.subarray(7, 7 + first.byteLength))).toBe(0);
    });
  });

  it('a span past the end of its file is an error, not a short copy', () => {
    const short: FileSpan = { byteLength: 10, readInto: (target, offset) => (offset < 4 ? Math.min(target.length, 4 - offset) : 0) };
    expect(() => [...spanBlocks(short, new Uint8Array(8))]).toThrow(/6 bytes before the end/);
  });

  it('an archive entry handed on as packed is read from its archive when written, and a changed archive fails the write', async () => {
    await withTempDir(async (dir) => {
      const art = numbered(SPAN_BLOCK_BYTES + 1000, 9);
      const file = path.join(dir, 'm.vmod');
      writeFileSync(file, await writeZip([{ path: 'images/a.png', data: art }], 0));
      const { entries } = await readZipFile(file, { file, limits: readLimits() });
      const packed = entries!.packed('images/a.png')!;
      expect(packed.method).toBe(0);
      expect(packed.payload).not.toBeInstanceOf(Uint8Array);
      await writeFileAtomic(path.join(dir, 'copy.bin'), [packed.payload]);
      expect(Buffer.compare(readFileSync(path.join(dir, 'copy.bin')), art)).toBe(0);
      truncateSync(file, 500);
      await expect(writeFileAtomic(path.join(dir, 'late.bin'), [packed.payload])).rejects.toThrow(/before the end of an entry/);
      // Nothing half-written is left.
      expect(readdirSync(dir).sort()).toEqual(['copy.bin', 'm.vmod']);
    });
  });
});
