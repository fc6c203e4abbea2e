/**
 * Two dependencies decompress built-in data as they load, which every command that lays out text or
 * writes a PDF paid for at start although Hexforge seldom or never uses it:
 * - @pdf-lib/fontkit Brotli-decodes its static dictionary (about 0.09 s of CPU), needed only to read
 *   a WOFF2 font; Hexforge embeds TrueType fonts (src/render/fonts.ts); and it inflates the data of
 *   its Arabic, Indic and Universal shapers (some 0.02 s), needed only to lay out text in the
 *   scripts those shape;
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
 * the package's own init, which stores the decoded bytes as a plain property. Its shapers' data is
 * made on first use too (fontkitWithDeferredShapers).
 */
export function fontkitWithDeferredData(): string {
  const file = requireFromRoot.resolve('@pdf-lib/fontkit');
  return fontkitWithDeferredShapers(
    replaceOnce(
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
    ),
    file,
  );
}

/**
 * The inflated data of each complex-script shaper, made on first use: the shaper reads its tries
 * and state machines through `.get` and `.match` only, and its decompositions and categories by
 * key, so each becomes an object answering those from data the package's own code inflates when
 * first asked (a Proxy for the keyed tables). Latin text never asks.
 */
const LAZY_SHAPER_DATA = `function lazyShaperData(make) {
\t  var data;
\t  return function () { return data || (data = make()); };
\t}
\tfunction keyedByData(data, name) {
\t  return new Proxy({}, { get: function (_, key) { return data()[name][key]; }, has: function (_, key) { return key in data()[name]; } });
\t}
`;

export const SHAPER_DATA_EDITS: [string, string][] = [
  [
    `\tvar trieData$1 = pako_1.inflate(base64Arraybuffer_2(base64DeflatedTrie$1));
\tvar trie$1 = new unicodeTrie(trieData$1);
`,
    `\t${LAZY_SHAPER_DATA}\tvar arabicData = lazyShaperData(function () { return { trie: new unicodeTrie(pako_1.inflate(base64Arraybuffer_2(base64DeflatedTrie$1))) }; });
\tvar trie$1 = { get: function (codePoint) { return arabicData().trie.get(codePoint); } };
`,
  ],
  [
    `\tvar indicMachine = JSON.parse(String.fromCharCode.apply(String, pako_1.inflate(base64Arraybuffer_2(base64DeflatedIndicMachine))));
\tvar useData = JSON.parse(String.fromCharCode.apply(String, pako_1.inflate(base64Arraybuffer_2(base64DeflatedUseData))));
\tvar trieData$2 = pako_1.inflate(base64Arraybuffer_2(base64DeflatedTrie$2));
\tvar decompositions = useData.decompositions;
\tvar trie$2 = new unicodeTrie(trieData$2);
\tvar stateMachine = new dfa(indicMachine);
`,
    `\tvar indicData = lazyShaperData(function () {
\t  var indicMachine = JSON.parse(String.fromCharCode.apply(String, pako_1.inflate(base64Arraybuffer_2(base64DeflatedIndicMachine))));
\t  var useData = JSON.parse(String.fromCharCode.apply(String, pako_1.inflate(base64Arraybuffer_2(base64DeflatedUseData))));
\t  return { decompositions: useData.decompositions, trie: new unicodeTrie(pako_1.inflate(base64Arraybuffer_2(base64DeflatedTrie$2))), machine: new dfa(indicMachine) };
\t});
\tvar decompositions = keyedByData(indicData, 'decompositions');
\tvar trie$2 = { get: function (codePoint) { return indicData().trie.get(codePoint); } };
\tvar stateMachine = { match: function (str) { return indicData().machine.match(str); } };
`,
  ],
  [
    `\tvar useData$1 = JSON.parse(String.fromCharCode.apply(String, pako_1.inflate(base64Arraybuffer_2(base64DeflatedUseData))));
\tvar trieData$3 = pako_1.inflate(base64Arraybuffer_2(base64DeflatedTrie$3));
\tvar categories = useData$1.categories,
\t    decompositions$1 = useData$1.decompositions;
\tvar trie$3 = new unicodeTrie(trieData$3);
\tvar stateMachine$1 = new dfa(useData$1);
`,
    `\tvar universalData = lazyShaperData(function () {
\t  var useData$1 = JSON.parse(String.fromCharCode.apply(String, pako_1.inflate(base64Arraybuffer_2(base64DeflatedUseData))));
\t  return { categories: useData$1.categories, decompositions: useData$1.decompositions, trie: new unicodeTrie(pako_1.inflate(base64Arraybuffer_2(base64DeflatedTrie$3))), machine: new dfa(useData$1) };
\t});
\tvar categories = keyedByData(universalData, 'categories'),
\t    decompositions$1 = keyedByData(universalData, 'decompositions');
\tvar trie$3 = { get: function (codePoint) { return universalData().trie.get(codePoint); } };
\tvar stateMachine$1 = { match: function (str) { return universalData().machine.match(str); } };
`,
  ],
];

/** fontkit's code with its complex-script shapers' data inflated on first use (LAZY_SHAPER_DATA). */
export function fontkitWithDeferredShapers(code: string, file: string): string {
  return SHAPER_DATA_EDITS.reduce((edited, [from, to]) => replaceOnce(edited, from, to, file), code);
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
