import { writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeZip, zipStream } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { readZipFile } from '../../src/vassal/reader/zip-file';
import { pieceBytes } from '../../src/file-span';
import { withTempDir } from './import-fixtures';

const limits = readLimits();
const text = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('latin1') : undefined);

async function archive(): Promise<Uint8Array> {
  return writeZip(
    [
      { path: 'buildFile.xml', data: '<VASSAL.build.GameModule name="X"/>' },
      { path: 'images/a.png', data: new Uint8Array(3000).fill(7) },
      { path: 'notes/readme.txt', data: 'x'.repeat(20_000) },
    ],
    0,
  );
}

/** `bytes` as m.vmod in `dir`. */
function written(dir: string, bytes: Uint8Array): string {
  const file = path.join(dir, 'm.vmod');
  writeFileSync(file, bytes);
  return file;
}

describe('an archive on disk reads as the same archive in memory, one entry at a time', () => {
  it('has the same names and bytes as readZip gives', async () => {
    const bytes = await archive();
    await withTempDir(async (dir) => {
      const file = written(dir, bytes);
      const onDisk = await readZipFile(file, { file, limits });
      const inMemory = await readZip(bytes, { file, limits });
      expect(onDisk.diagnostics).toEqual([]);
      expect([...onDisk.entries!.keys()]).toEqual([...inMemory.entries.keys()]);
      for (const [name, data] of inMemory.entries) expect(text(onDisk.entries!.get(name)), name).toBe(text(data));
      expect(onDisk.entries!.totalBytes).toBe([...inMemory.entries.values()].reduce((n, d) => n + d.byteLength, 0));
    });
  });

  it('reads an entry from the file when asked for it, not from a copy made when it was opened', async () => {
    const bytes = await archive();
    await withTempDir(async (dir) => {
      const file = written(dir, bytes);
      const { entries } = await readZipFile(file, { file, limits });
      // The picture is stored: overwrite its bytes in place, same length.
      const at = Buffer.from(bytes).indexOf(Buffer.alloc(3000, 7));
      const handle = await open(file, 'r+');
      await handle.write(Buffer.alloc(3000, 9), 0, 3000, at);
      await handle.close();
      expect(entries!.get('images/a.png')!.every((b) => b === 9)).toBe(true);
    });
  });

  it('refuses, when opened, an entry that does not inflate to its declared size, as readZip does', async () => {
    const bytes = Buffer.from(await archive());
    // Lower the declared size of notes/readme.txt (deflated) in its central directory record.
    const record = bytes.lastIndexOf(Buffer.from('notes/readme.txt')) - 46;
    expect(bytes.readUInt32LE(record)).toBe(0x02014b50);
    bytes.writeUInt32LE(100, record + 24);
    await withTempDir(async (dir) => {
      const file = written(dir, bytes);
      const onDisk = await readZipFile(file, { file, limits });
      const inMemory = await readZip(new Uint8Array(bytes), { file, limits });
      expect(onDisk.entries).toBeUndefined();
      expect(onDisk.diagnostics).toEqual(inMemory.diagnostics);
      expect(onDisk.diagnostics[0].code).toBe('vassal/zip-entry-unreadable');
      expect(onDisk.diagnostics[0].message).toContain('"notes/readme.txt"');
    });
  });

  it('copies an entry as it is packed, without inflating it: the copy is the archive the entries make', async () => {
    const bytes = await archive();
    await withTempDir(async (dir) => {
      const file = written(dir, bytes);
      const { entries } = await readZipFile(file, { file, limits });
      const notes = entries!.packed('notes/readme.txt')!;
      // Deflated, and handed on deflated: 20,000 repeated bytes pack into a few dozen.
      expect(notes.method).toBe(8);
      expect(notes.size).toBe(20_000);
      expect(notes.payload.byteLength).toBeLessThan(200);
      const names = [...entries!.keys()];
      const copy = Buffer.concat(
        [
          ...zipStream(
            names.map((name) => ({ path: name, data: () => entries!.packed(name)! })),
            0,
          ),
        ].map(pieceBytes),
      );
      // The archive was written with the same epoch and deflater: a faithful copy is byte for byte the same.
      expect(copy.equals(Buffer.from(bytes))).toBe(true);
      const back = await readZip(copy, { file: 'copy', limits });
      expect(back.diagnostics).toEqual([]);
      expect(text(back.entries.get('notes/readme.txt'))).toBe('x'.repeat(20_000));
    });
  });
});
