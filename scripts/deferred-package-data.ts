/**
 * Two dependencies decompress built-in data as they load, which every command that lays out text or
 * writes a PDF paid for at start although Hexforge seldom or never uses it:
 * - @pdf-lib/fontkit Brotli-decodes its static dictionary (about 0.09 s of CPU), needed only to read
 *   a WOFF2 font; Hexforge embeds TrueType fonts (src/render/fonts.ts);
 * - @pdf-lib/standard-fonts inflates its Symbol, ZapfDingbats and WinAnsi encodings (about 0.02 s),
 *   needed only for pdf-lib's standard 14 fonts.
 * The built CLI gets their code edited so that the data is decompressed on first use instead, by the
 * same code, so nothing changes if it ever is used. node_modules is left as installed: the edits
 * are made on the code esbuild reads. Each edit must match exactly once, so a dependency upgrade
 * that changes this code fails the build instead of shipping it unedited.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const requireFromRoot = createRequire(path.join(import.meta.dirname, '..', 'package.json'));

/** The file name, in dist/, of fontkit with its dictionary deferred. */
export const DEFERRED_FONTKIT_FILE = 'fontkit.cjs';

/** `code` with its one occurrence of `from` replaced by `to`; throws when `from` occurs other than once. */
function replaceOnce(code: string, from: string, to: string, file: string): string {
  const count = code.split(from).length - 1;
  if (count !== 1)
    throw new Error(`${file}: expected 1 match of ${JSON.stringify(from)}, found ${count}; update scripts/deferred-package-data.ts`);
  return code.replace(from, () => to);
}

/**
 * fontkit's CommonJS build (its package "main") with the Brotli dictionary decoded on first read of
 * `dictionary.dictionary`, the only place the decoder reads it: the accessor removes itself and runs
 * the package's own init, which stores the decoded bytes as a plain property.
 */
export function fontkitWithDeferredDictionary(): string {
  const file = requireFromRoot.resolve('@pdf-lib/fontkit');
  return replaceOnce(
    readFileSync(file, 'utf8'),
    '\tdictionary.init(BrotliDecompressBuffer);\n',
    `\tObject.defineProperty(dictionary, 'dictionary', {
\t  configurable: true,
\t  enumerable: true,
\t  get: function () {
\t    delete dictionary.dictionary;
\t    dictionary.init(BrotliDecompressBuffer);
\t    return dictionary.dictionary;
\t  },
\t});\n`,
    file,
  );
}

const ENCODING_MODULE = /[\\/]@pdf-lib[\\/]standard-fonts[\\/]lib[\\/]Encoding\.js$/;

/**
 * @pdf-lib/standard-fonts' Encoding module with the encodings inflated on first use: each of
 * `Encodings.Symbol`, `.ZapfDingbats` and `.WinAnsi` is a getter that builds the encoding as the
 * package does and replaces itself with it, so every later read returns the same object.
 */
export function standardFontEncodingsOnFirstUse(code: string, file: string): string {
  let edited = replaceOnce(
    code,
    'var decompressedEncodings = utils_1.decompressJson(all_encodings_compressed_json_1.default);\nvar allUnicodeMappings = JSON.parse(decompressedEncodings);\n',
    `var allUnicodeMappings;
function encodingOnFirstUse(name, key) {
    allUnicodeMappings = allUnicodeMappings || JSON.parse(utils_1.decompressJson(all_encodings_compressed_json_1.default));
    var encoding = new Encoding(name, allUnicodeMappings[key]);
    Object.defineProperty(exports.Encodings, name, { value: encoding, writable: true, enumerable: true, configurable: true });
    return encoding;
}
`,
    file,
  );
  for (const [name, key] of [
    ['Symbol', 'symbol'],
    ['ZapfDingbats', 'zapfdingbats'],
    ['WinAnsi', 'win1252'],
  ])
    edited = replaceOnce(
      edited,
      `    ${name}: new Encoding('${name}', allUnicodeMappings.${key}),\n`,
      `    get ${name}() { return encodingOnFirstUse('${name}', '${key}'); },\n`,
      file,
    );
  return edited;
}

/** Bundles @pdf-lib/standard-fonts with its encodings inflated on first use. */
export const deferStandardFontEncodings: Plugin = {
  name: 'defer-standard-font-encodings',
  setup(b) {
    b.onLoad({ filter: ENCODING_MODULE }, ({ path: file }) => ({
      contents: standardFontEncodingsOnFirstUse(readFileSync(file, 'utf8'), file),
      loader: 'js',
    }));
  },
};

/** src/render/fontkit.ts loading the copy of fontkit written beside the built chunks, instead of the package's. */
export const loadDeferredFontkit: Plugin = {
  name: 'load-deferred-fontkit',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]render[\\/]fontkit\.ts$/ }, ({ path: file }) => ({
      contents: replaceOnce(readFileSync(file, 'utf8'), "('@pdf-lib/fontkit')", `('./${DEFERRED_FONTKIT_FILE}')`, file),
      loader: 'ts',
    }));
  },
};
