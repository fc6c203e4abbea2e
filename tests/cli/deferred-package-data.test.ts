/**
 * The built CLI's copies of fontkit and @pdf-lib/standard-fonts decompress their data on first use
 * (scripts/deferred-package-data.ts); that data, once used, is what the installed packages give.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { externalDependencies } from '../../scripts/build-dist';
import { deferStandardFontEncodings, fontkitWithDeferredDictionary } from '../../scripts/deferred-package-data';

const require = createRequire(import.meta.url);

interface Encoding {
  name: string;
  supportedCodePoints: number[];
  unicodeMappings: Record<number, [number, string]>;
}
type Encodings = Record<'Symbol' | 'ZapfDingbats' | 'WinAnsi', Encoding>;

interface NamedFont {
  copyright: string;
  fullName: string;
  directory: { tables: Record<string, { offset: number; length: number }> };
}
interface FontkitLike {
  create(bytes: Buffer): NamedFont;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'hexforge-deferred-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** WOFF2's UIntBase128: 7 bits a byte, most significant first, the high bit set on all but the last. */
function uintBase128(value: number): number[] {
  const bytes = [value & 0x7f];
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
}

/** A WOFF2 file (W3C WOFF 2.0, section 5) holding only `nameTable`, untransformed, Brotli-compressed by Node. */
function woff2WithNameTable(nameTable: Buffer): Buffer {
  const compressed = brotliCompressSync(nameTable);
  const entry = Buffer.from([5, ...uintBase128(nameTable.length)]); // 5: 'name' in the known-tag table
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'ascii');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(48 + entry.length + compressed.length, 8);
  header.writeUInt16BE(1, 12);
  header.writeUInt32BE(12 + 16 + Math.ceil(nameTable.length / 4) * 4, 16);
  header.writeUInt32BE(compressed.length, 20);
  return Buffer.concat([header, entry, compressed]);
}

describe('fontkit with its Brotli dictionary decoded on first use', () => {
  it('reads a WOFF2 font as the installed package does', () => {
    const file = path.join(scratch, 'fontkit.cjs');
    writeFileSync(file, fontkitWithDeferredDictionary());
    const deferred = require(file) as FontkitLike;
    const installed = require('@pdf-lib/fontkit') as FontkitLike;
    const ttfBytes = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'));
    const { offset, length } = installed.create(ttfBytes).directory.tables.name;
    // The licence text of the name table is English prose: Brotli encodes much of it as references
    // into its static dictionary, which the decoder must then read.
    const woff2 = woff2WithNameTable(ttfBytes.subarray(offset, offset + length));
    const fromDeferred = deferred.create(woff2);
    const fromInstalled = installed.create(woff2);
    expect(fromDeferred.copyright).toBe(fromInstalled.copyright);
    expect(fromDeferred.fullName).toBe('DejaVu Sans Condensed');
    expect(fromDeferred.copyright).toMatch(/^Copyright \(c\) 2003 by Bitstream, Inc\./);
  });
});

describe('@pdf-lib/standard-fonts with its encodings inflated on first use', () => {
  it('builds each encoding on first read, equal to the installed one and the same object on every read', async () => {
    const result = await build({
      stdin: { contents: `export const { Encodings } = require('@pdf-lib/standard-fonts');`, resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      plugins: [deferStandardFontEncodings, externalDependencies],
      logLevel: 'silent',
    });
    const url = `data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`;
    const deferred = ((await import(url)) as { Encodings: Encodings }).Encodings;
    const installed = (require('@pdf-lib/standard-fonts') as { Encodings: Encodings }).Encodings;
    for (const name of ['Symbol', 'ZapfDingbats', 'WinAnsi'] as const) {
      expect(Object.getOwnPropertyDescriptor(deferred, name)?.get).toBeTypeOf('function');
      const encoding = deferred[name];
      expect(deferred[name]).toBe(encoding);
      expect(Object.getOwnPropertyDescriptor(deferred, name)?.value).toBe(encoding);
      expect(encoding.name).toBe(installed[name].name);
      expect(encoding.supportedCodePoints).toEqual(installed[name].supportedCodePoints);
      expect(encoding.unicodeMappings).toEqual(installed[name].unicodeMappings);
    }
    expect(Object.keys(deferred)).toEqual(Object.keys(installed));
    // Independent of the package: WinAnsi (Windows-1252) puts the euro sign at 0x80 and 'A' at 0x41.
    expect(deferred.WinAnsi.unicodeMappings[0x20ac]).toEqual([0x80, 'Euro']);
    expect(deferred.WinAnsi.unicodeMappings[0x41]).toEqual([0x41, 'A']);
  });
});
