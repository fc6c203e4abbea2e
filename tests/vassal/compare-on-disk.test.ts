/**
 * Two module archives on disk compared as the round trip compares them: a stored entry packed alike
 * in both is compared block by block as it lies in each file, never read whole; one byte changed
 * anywhere is still a difference, even where the archive's own CRC claims the entries agree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPAN_BLOCK_BYTES } from '../../src/file-span';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readModule, type ReadModule } from '../../src/vassal/reader/index';
import { ArchiveEntries, readZipFile } from '../../src/vassal/reader/zip-file';
import { compareModules } from '../../src/vassal/roundtrip/compare';
import { withTempDir } from './import-fixtures';

const BUILD_FILE = '<VASSAL.build.GameModule name="X" version="1"/>';
const ART_BYTES = 2 * SPAN_BLOCK_BYTES + 77;

function art(): Uint8Array {
  const bytes = new Uint8Array(ART_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 13 + (i >> 10)) & 0xff;
  return bytes;
}

async function moduleFile(dir: string, name: string, image: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    await writeZip(
      [
        { path: 'buildFile.xml', data: BUILD_FILE },
        { path: 'images/map.png', data: image },
      ],
      0,
    ),
  );
  return file;
}

/** The module in `file`, its entries read from the file when asked for (as large modules are). */
async function onDisk(file: string): Promise<ReadModule> {
  const limits = readLimits();
  const { entries } = await readZipFile(file, { file, limits });
  expect(entries).toBeInstanceOf(ArchiveEntries);
  return (await readModule(entries!, { source: file, limits })).module!;
}

async function differences(a: string, b: string): Promise<string[]> {
  return (await compareModules(await onDisk(a), await onDisk(b))).differences.map((d) => `${d.where}: ${d.message}`);
}

describe('modules on disk compared entry by entry', () => {
  it('finds none between two archives holding the same art', async () => {
    await withTempDir(async (dir) => {
      expect(await differences(await moduleFile(dir, 'a.vmod', art()), await moduleFile(dir, 'b.vmod', art()))).toEqual([]);
    });
  });

  it('finds one changed byte in the last block, with the CRC and sizes made to agree', async () => {
    await withTempDir(async (dir) => {
      const a = await moduleFile(dir, 'a.vmod', art());
      const changed = art();
      changed[ART_BYTES - 3] ^= 0xff;
      const b = await moduleFile(dir, 'b.vmod', changed);
      // The same CRC in b's local and central headers as in a's: only the bytes tell them apart.
      const [bytesA, bytesB] = [readFileSync(a), readFileSync(b)];
      const crcOf = (bytes: Buffer, at: number) => bytes.readUInt32LE(at);
      const central = bytesB.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      const centralA = bytesA.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      const local = bytesB.indexOf(Buffer.from('images/map.png')) - 30;
      const localA = bytesA.indexOf(Buffer.from('images/map.png')) - 30;
      bytesB.writeUInt32LE(crcOf(bytesA, centralA + 16), central + 16);
      bytesB.writeUInt32LE(crcOf(bytesA, localA + 14), local + 14);
      writeFileSync(b, bytesB);
      expect(await differences(a, b)).toEqual(['images/map.png: bytes differ']);
    });
  });
});
