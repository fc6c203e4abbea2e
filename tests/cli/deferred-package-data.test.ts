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
import { deferStandardFontEncodings, fontkitWithDeferredData, SHAPER_DATA_EDITS } from '../../scripts/deferred-package-data';

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
    writeFileSync(file, fontkitWithDeferredData());
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

interface LaidOut {
  glyphs: { id: number; codePoints: number[] }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
}
interface ShapingFontkit {
  create(bytes: ArrayBuffer): { layout(text: string): LaidOut };
}

describe('fontkit with its complex-script shapers’ data made on first use', () => {
  it('lays out Arabic, Indic and Universal-shaper scripts as the installed package does', () => {
    const file = path.join(scratch, 'fontkit-shapers.cjs');
    writeFileSync(file, fontkitWithDeferredData());
    const ttf = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'));
    const bytes = () => ttf.buffer.slice(ttf.byteOffset, ttf.byteOffset + ttf.byteLength) as ArrayBuffer;
    const deferred = (require(file) as ShapingFontkit).create(bytes());
    const installed = (require('@pdf-lib/fontkit') as ShapingFontkit).create(bytes());
    // Arabic joins letters (isolated, initial, medial and final forms from the Arabic shaper's trie);
    // Devanagari and Khmer go through the Indic shaper (its decompositions, trie and state machine),
    // Balinese through the Universal one (its categories too).
    const texts = ['سلام عليكم', 'नमस्ते क्षत्रिय', 'ភាសាខ្មែរ', 'ᬅᬓ᭄ᬱᬭ'];
    for (const text of texts) {
      const [a, b] = [deferred.layout(text), installed.layout(text)];
      expect(a.glyphs.map((g) => [g.id, g.codePoints])).toEqual(b.glyphs.map((g) => [g.id, g.codePoints]));
      expect(a.positions).toEqual(b.positions);
    }
    // DejaVu has Arabic presentation forms: the joined word differs from its letters laid out apart.
    const word = installed.layout('سلام').glyphs.map((g) => g.id);
    const apart = [...'سلام'].map((letter) => installed.layout(letter).glyphs[0].id);
    expect(word).not.toEqual(apart.reverse());
  });
});

type Probe = (names: string[]) => Record<string, unknown>;

/**
 * The edited fontkit with a probe in its scope: the probe answers, for each name, what the edited
 * code's variable holds, and with `eager` what the package's own statements make (run in a
 * function of their own, so nothing of the edited code's is reused).
 */
function probedFontkit(): { lazy: Probe; eager: Probe } {
  const code = fontkitWithDeferredData();
  const end = '\n\treturn fontkit;\n\n})));';
  expect(code.split(end)).toHaveLength(2);
  const names = ['trie$1', 'trie$2', 'decompositions', 'stateMachine', 'trie$3', 'categories', 'decompositions$1', 'stateMachine$1'];
  const table = (list: string) =>
    `{ ${list
      .split(', ')
      .map((n) => `'${n}': ${n}`)
      .join(', ')} }`;
  const probe = `
\tfontkit.probeLazy = function () { return Object.assign(${table(names.join(', '))}, { machines: function () { return [indicData().machine, universalData().machine]; } }); };
\tfontkit.probeEager = function () {
${SHAPER_DATA_EDITS.map(([from]) => from).join('')}
\t  return ${table(names.join(', '))};
\t};`;
  const file = path.join(scratch, 'fontkit-probed.cjs');
  writeFileSync(file, code.replace(end, `${probe}${end}`));
  const loaded = require(file) as { probeLazy: () => Record<string, unknown>; probeEager: () => Record<string, unknown> };
  return { lazy: loaded.probeLazy, eager: loaded.probeEager } as unknown as { lazy: Probe; eager: Probe };
}

interface Trie {
  get(codePoint: number): number;
}
interface Machine {
  match(categories: number[]): Iterable<unknown>;
}

describe('fontkit with its complex-script shapers’ data made on first use', () => {
  it('answers every lookup of the Arabic, Indic and Universal shapers as the package’s own data does', () => {
    const { lazy, eager } = probedFontkit();
    const [a, b] = [lazy([]), eager([])];
    // Every code point of the Basic Multilingual Plane's scripts up to Balinese and beyond.
    const codePoints = Array.from({ length: 0x2000 }, (_, i) => i).concat(Array.from({ length: 0x1000 }, (_, i) => 0xa800 + i));
    for (const trie of ['trie$1', 'trie$2', 'trie$3'])
      expect(codePoints.map((c) => (a[trie] as Trie).get(c))).toEqual(codePoints.map((c) => (b[trie] as Trie).get(c)));
    for (const keyed of ['decompositions', 'decompositions$1']) {
      const table = b[keyed] as Record<number, number[]>;
      expect(Object.keys(table).length).toBeGreaterThan(10);
      for (const key of Object.keys(table)) expect((a[keyed] as Record<string, unknown>)[key]).toEqual(table[Number(key)]);
      expect((a[keyed] as Record<number, unknown>)[0x41]).toBeUndefined();
    }
    const categories = b.categories as string[];
    expect(categories.map((_, i) => (a.categories as string[])[i])).toEqual(categories);
    // The state machines that find syllables: the same tables (iterating a match needs a global
    // regeneratorRuntime that fontkit never defines, so neither the package nor Hexforge can).
    const data = lazy([]) as { machines: () => unknown[] };
    expect(data.machines()).toEqual([b.stateMachine, b.stateMachine$1]);
    expect(Object.keys(b.stateMachine as object)).toEqual(expect.arrayContaining(['stateTable', 'accepting', 'tags']));
    for (const machine of ['stateMachine', 'stateMachine$1']) expect((a[machine] as Machine).match).toBeTypeOf('function');
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
