import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  basicPieceOf,
  checkPiece,
  decodePiece,
  decodeTraitChain,
  encodePiece,
  encodeTraitChain,
  imagesOfPiece,
  isEngineBundledImage,
  type PieceDefinition,
} from '../../src/vassal/piece';
import {
  buildBasicPiece,
  buildDelete,
  buildLayer,
  buildMarker,
  buildReportState,
  buildUsePrototype,
  decodeTrait,
  encodeTrait,
  traitId,
} from '../../src/vassal/traits/index';
import { VASSAL_FIXTURES, describeShared } from '../shared-dir';
import { definitionsIn } from './fixture-definitions';

const TAB = '\t';
// Reference §3.5: strings VASSAL 3.7.26 accepted and re-emitted unchanged.
const GOLDEN = {
  twoSided: `+/null/emb2;Flip;128;A;;128;;;128;;;;1;false;0;0;back.png;+ (reduced);true;Step;;;false;;1;1;false;70,130;;;Flip to reduced side;1.0;;true${TAB}prototype;Unit\\${TAB}piece;;;front.png;1st Infantry/-1${TAB}\\${TAB}null;0;0;1;0`,
  alwaysActive: `+/null/emb2;;128;A;;128;;;128;;;;1;false;0;0;front.png,back.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Step layer;1.0;;true${TAB}piece;;;;1st Infantry/1${TAB}null;0;0;1;0`,
  marker: '+/null/piece;;;units\\/marker.png;Disrupted/null;0;0;2;0',
  prototype: `+/null/report;70\\,130;$location$: $newPieceName$ *;;;;false${TAB}delete;Delete;68,130;\\${TAB}mark;Side\\\\${TAB}piece;;;;/${TAB}\\${TAB}Red\\\\${TAB}null;0;0;;0`,
};

describe('reference §3.5 golden definitions', () => {
  const cases: Array<[keyof typeof GOLDEN, string[], string[], string[]]> = [
    ['twoSided', ['emb2;', 'prototype;', 'piece;'], ['-1', '', 'null;0;0;1;0'], ['back.png', 'front.png']],
    ['alwaysActive', ['emb2;', 'piece;'], ['1', 'null;0;0;1;0'], ['front.png', 'back.png']],
    ['marker', ['piece;'], ['null;0;0;2;0'], ['units/marker.png']],
    ['prototype', ['report;', 'delete;', 'mark;', 'piece;'], ['', '', 'Red', 'null;0;0;;0'], []],
  ];
  for (const [name, ids, states, images] of cases) {
    it(`${name}: decodes outermost-first, re-encodes byte-identically`, () => {
      const { piece, diagnostics } = decodePiece(GOLDEN[name]);
      expect(diagnostics).toEqual([]);
      expect(piece!.id).toBe('null');
      expect(piece!.traits.map((t) => traitId(t.type))).toEqual(ids);
      expect(piece!.traits.map((t) => t.state)).toEqual(states);
      expect(imagesOfPiece(piece!)).toEqual(images);
      expect(encodePiece(piece!)).toBe(GOLDEN[name]);
      expect(checkPiece(piece!, { target: '3.6' })).toEqual([]);
    });
  }

  it('building the two-sided counter from named options gives the verified string', () => {
    const piece: PieceDefinition = {
      id: 'null',
      traits: [
        buildLayer({
          name: 'Step',
          images: ['back.png'],
          levelNames: ['+ (reduced)'],
          activateCommand: 'Flip',
          activateKeyStroke: '70,130',
          description: 'Flip to reduced side',
        }),
        buildUsePrototype('Unit'),
        buildBasicPiece({ name: '1st Infantry', image: 'front.png', gpid: 1 }),
      ],
    };
    expect(encodePiece(piece)).toBe(GOLDEN.twoSided);
  });

  it('building the prototype definition gives the verified string', () => {
    const piece: PieceDefinition = {
      id: 'null',
      traits: [
        buildReportState({ keys: ['70,130'], reportFormat: '$location$: $newPieceName$ *' }),
        buildDelete(),
        buildMarker([['Side', 'Red']]),
        buildBasicPiece({ name: '' }),
      ],
    };
    expect(encodePiece(piece)).toBe(GOLDEN.prototype);
  });

  it('a "/" in an image name is written \\/ (reference §3.2)', () => {
    const text = encodePiece({ id: 'null', traits: [buildBasicPiece({ name: 'Disrupted', image: 'units/marker.png', gpid: 2 })] });
    expect(text).toBe(GOLDEN.marker);
  });

  it('saved-game form keeps its unique id', () => {
    const text = `+/1000/prototype;Unit${TAB}piece;;;a.png;A/${TAB}Main Map;252;346;1;1;UniqueID;1000`;
    const { piece, diagnostics } = decodePiece(text);
    expect(diagnostics).toEqual([]);
    expect(piece!.id).toBe('1000');
    expect(basicPieceOf(piece!).state).toBe('Main Map;252;346;1;1;UniqueID;1000');
    expect(encodePiece(piece!)).toBe(text);
  });
});

describe('trait chains', () => {
  it('the k-th nested TAB carries k−1 backslashes', () => {
    expect(encodeTraitChain(['a;', 'b;', 'c;', 'piece;'])).toBe(`a;${TAB}b;\\${TAB}c;\\\\${TAB}piece;`);
  });

  it('each level quotes what SequenceEncoder quotes: an element starting with \\, or starting and ending with a quote', () => {
    // Level by level (reference §3.1): "'q'" is quoted at its own level; the inner chain "\tpiece;"
    // starts with a TAB, so it is escaped, not quoted; "\x" is quoted at the outer level.
    expect(encodeTraitChain(['\\x', "'q'", '', 'piece;'])).toBe(`'\\x'${TAB}''q''\\${TAB}\\\\${TAB}piece;`);
    // "\tb" escapes to "\\\tb", so the chain it starts begins with a backslash: the outer level quotes all of it.
    expect(encodeTraitChain(['a', `${TAB}b`, 'c'])).toBe(`a${TAB}'\\\\${TAB}b\\${TAB}c'`);
  });

  it('a TAB inside one trait is escaped at its own level and survives', () => {
    const traits = [
      { type: `mark;Note`, state: `line1${TAB}line2` },
      { type: 'piece;;;;', state: 'null;0;0;;0' },
    ];
    const type = encodeTraitChain(traits.map((t) => t.type));
    const state = encodeTraitChain(traits.map((t) => t.state));
    expect(decodeTraitChain(type, state)).toEqual({ traits, diagnostics: [] });
  });
});

describe('diagnostics for definitions VASSAL rejects', () => {
  it('fewer state segments than traits (VASSAL: "No state for trait", module does not load)', () => {
    const { diagnostics } = decodePiece(`+/null/delete;Delete;68,130;${TAB}piece;;;;/null;0;0;;0`);
    expect(diagnostics.map((d) => d.code)).toEqual(['vassal/state-segment-count']);
    expect(diagnostics[0].severity).toBe('error');
  });

  it('flat, unescaped TABs: VASSAL drops the traits after the second', () => {
    const { piece, diagnostics } = decodePiece(`+/null/delete;${TAB}clone;${TAB}piece;;;;/${TAB}${TAB}null;0;0`, {
      file: 'buildFile.xml',
      line: 7,
    });
    expect(diagnostics.map((d) => d.code)).toEqual(['vassal/dropped-type-segments', 'vassal/dropped-state-segments']);
    expect(diagnostics[0]).toMatchObject({ file: 'buildFile.xml', line: 7 });
    expect(piece!.traits.map((t) => t.type)).toEqual(['delete;', 'clone;']);
  });

  it('missing state field, empty text, wrong prefix', () => {
    expect(decodePiece('+/null/piece;;;a.png;A').diagnostics.map((d) => d.code)).toEqual(['vassal/missing-state']);
    expect(decodePiece('')).toMatchObject({ piece: null, diagnostics: [{ code: 'vassal/empty-definition' }] });
    expect(decodePiece('piece;;;a.png;A')).toMatchObject({ piece: null, diagnostics: [{ code: 'vassal/not-add-piece' }] });
  });

  it('unescaped "/" after the state is ignored by VASSAL and flagged', () => {
    expect(decodePiece('+/null/piece;;;a.png;A/null;0;0/junk').diagnostics.map((d) => d.code)).toEqual(['vassal/extra-fields']);
  });
});

describe('checkPiece', () => {
  const basic = buildBasicPiece({ name: 'A', image: 'a.png' });
  const codes = (piece: PieceDefinition, target: '3.6' | '3.7' = '3.6') => checkPiece(piece, { target }).map((d) => d.code);

  it('unknown and too-new trait ids (VASSAL swaps them for an empty Marker)', () => {
    expect(codes({ id: 'null', traits: [{ type: 'bogus;x', state: '' }, basic] })).toEqual(['vassal/unknown-trait']);
    expect(codes({ id: 'null', traits: [{ type: 'cmt;note', state: '' }, basic] }, '3.6')).toEqual(['vassal/trait-too-new']);
    expect(codes({ id: 'null', traits: [{ type: 'cmt;note', state: '' }, basic] }, '3.7')).toEqual([]);
  });

  it('BasicPiece must be last and only last', () => {
    expect(codes({ id: 'null', traits: [buildDelete()] })).toEqual(['vassal/no-basic-piece']);
    expect(codes({ id: 'null', traits: [basic, buildDelete(), basic] })).toEqual(['vassal/basic-piece-not-last']);
    expect(codes({ id: 'null', traits: [] })).toEqual(['vassal/no-basic-piece']);
  });

  it('characters XML cannot carry, CRs, trailing whitespace, TAB in the BasicPiece', () => {
    expect(codes({ id: 'null', traits: [buildMarker([['A', 'x\u0001']]), basic] })).toEqual(['vassal/forbidden-char']);
    expect(codes({ id: 'null', traits: [buildMarker([['A', 'x\ud800']]), basic] })).toEqual(['vassal/forbidden-char']);
    expect(codes({ id: 'null', traits: [buildMarker([['A', '1\r\n2']]), basic] })).toEqual(['vassal/carriage-return']);
    expect(codes({ id: 'null', traits: [buildBasicPiece({ name: 'A ', image: 'a.png' })] })).toEqual([]);
    const trailing = { id: 'null', traits: [{ type: 'piece;;;a.png;A', state: 'null;0;0;;1;Note;x ' }] };
    expect(codes(trailing)).toEqual(['vassal/outer-whitespace']);
    expect(codes({ id: 'null', traits: [buildDelete(), buildBasicPiece({ name: `A${TAB}B` })] })).toEqual([
      'vassal/tab-in-basic-piece',
      'vassal/not-round-trip',
    ]);
  });

  it('a trait type ending in a backslash does not read back', () => {
    expect(codes({ id: 'null', traits: [{ type: 'mark;Path\\', state: '' }, basic] })).toEqual(['vassal/not-round-trip']);
  });

  it('a piece checked with the text it was decoded from is judged as without it', () => {
    const pieces: PieceDefinition[] = [
      { id: 'null', traits: [{ type: 'mark;Path\\', state: '' }, basic] },
      { id: 'null', traits: [buildDelete(), buildBasicPiece({ name: `A${TAB}B` })] },
      { id: 'null', traits: [buildMarker([['A', 'x\u0001;y']]), basic] },
      { id: 'null', traits: [{ type: 'piece;;;a.png;A', state: 'null;0;0;;1;Note;x ' }] },
      { id: 'null', traits: [buildMarker([['\\A', "'b'"]]), basic] },
    ];
    for (const written of pieces) {
      const text = encodePiece(written);
      const read = decodePiece(text).piece!;
      const all = (decodedFrom?: string) => checkPiece(read, { decodedFrom }).map((d) => d.code);
      expect(all(text)).toEqual(all());
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every definition in every fixture buildFile. Expected counts are from the fixtures' README.

const FIXTURES = VASSAL_FIXTURES;
interface Expected {
  buildFile: string;
  elements: Record<string, number>;
  traits: Record<string, number>;
  longestChain: number;
}

const EXPECTED: Record<string, Expected> = {
  rummelsworth__vassal_module_kassala__vmod: {
    buildFile: 'rummelsworth__vassal-module-kassala__vmod/buildFile.xml',
    elements: { PieceSlot: 36, PrototypeDefinition: 1 },
    traits: { 'piece;': 37, 'prototype;': 36, 'clone;': 1, 'delete;': 1 },
    longestChain: 3,
  },
  jzedwards_template: {
    buildFile: 'jzedwards__vassal-hex-n-counters-template__template/buildFile.xml',
    elements: { PieceSlot: 10, CardSlot: 3, PrototypeDefinition: 17 },
    traits: {
      'mark;': 37,
      'prototype;': 31,
      'piece;': 30,
      'label;': 21,
      'emb2;': 7,
      'PROP;': 7,
      'report;': 3,
      'macro;': 3,
      'obs;': 3,
      'rotate;': 2,
      'clone;': 2,
      'delete;': 2,
      'propertysheet;': 2,
      'AreaOfEffect;': 1,
      'footprint;': 1,
      'sendto;': 1,
      'markmoved;': 1,
    },
    longestChain: 12,
  },
  jzedwards_ragnarok: {
    buildFile: 'jzedwards__vassal-hex-n-counters-template__ragnarok-vassal/buildFile.xml',
    elements: { PieceSlot: 34, PrototypeDefinition: 17 },
    traits: {
      'piece;': 51,
      'prototype;': 40,
      'emb2;': 34,
      'label;': 17,
      'mark;': 12,
      'PROP;': 6,
      'report;': 3,
      'rotate;': 2,
      'clone;': 2,
      'delete;': 2,
      'propertysheet;': 2,
      'AreaOfEffect;': 1,
      'footprint;': 1,
      'sendto;': 1,
      'markmoved;': 1,
    },
    longestChain: 12,
  },
  uckelman_tld_legacy: {
    buildFile: 'uckelman__tld-mod__root/buildFile',
    elements: { PieceSlot: 2070, PrototypeDefinition: 6 },
    traits: { 'piece;': 2076, 'prototype;': 2073, 'emb2;': 990, 'delete;': 5, 'rotate;': 4, 'markmoved;': 1, 'placemark;': 1 },
    longestChain: 4,
  },
  vassalengine_template_dist: {
    buildFile: 'vassalengine__vassal-module-template__dist/buildFile.xml',
    elements: {},
    traits: {},
    longestChain: 0,
  },
  sayden_counters: {
    buildFile: 'sayden__counters__vassal/buildFile.xml',
    elements: { PrototypeDefinition: 1 },
    traits: { 'delete;': 1, 'markmoved;': 1, 'clone;': 1, 'rotate;': 1, 'piece;': 1 },
    longestChain: 5,
  },
};

describeShared('fixture buildFiles: every definition decodes and re-encodes byte-identically', () => {
  it('covers every fixture folder', () => {
    const folders = readdirSync(FIXTURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(
      Object.values(EXPECTED)
        .map((e) => e.buildFile.split('/')[0])
        .sort(),
    ).toEqual(folders);
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(name, () => {
      const file = join(FIXTURES, expected.buildFile);
      const definitions = definitionsIn(file);
      const elements: Record<string, number> = {};
      const traits: Record<string, number> = {};
      let longestChain = 0;
      for (const definition of definitions) {
        elements[definition.element] = (elements[definition.element] ?? 0) + 1;
        const where = { file: expected.buildFile, line: definition.line };
        const { piece, diagnostics } = decodePiece(definition.text, where);
        expect(diagnostics, `line ${definition.line}`).toEqual([]);
        expect(encodePiece(piece!), `line ${definition.line}`).toBe(definition.text);
        for (const trait of piece!.traits) {
          traits[traitId(trait.type)] = (traits[traitId(trait.type)] ?? 0) + 1;
          expect(encodeTrait(decodeTrait(trait)), `line ${definition.line} ${traitId(trait.type)}`).toEqual(trait);
        }
        longestChain = Math.max(longestChain, piece!.traits.length);
        expect(checkPiece(piece!, { target: '3.7', where }).filter((d) => d.severity === 'error')).toEqual([]);
      }
      expect(elements).toEqual(expected.elements);
      expect(traits).toEqual(expected.traits);
      expect(longestChain).toBe(expected.longestChain);
      console.info(`${name}: ${definitions.length} definitions round-tripped (${JSON.stringify(elements)})`);
    });
  }

  it('Kassala: the images its pieces name are exactly its 13 counter images, all present', () => {
    const folder = join(FIXTURES, 'rummelsworth__vassal-module-kassala__vmod');
    const images = new Set<string>();
    for (const definition of definitionsIn(join(folder, 'buildFile.xml'))) {
      for (const image of imagesOfPiece(decodePiece(definition.text).piece!)) if (!isEngineBundledImage(image)) images.add(image);
    }
    const counterFiles = readdirSync(join(folder, 'images')).filter((f) => /^(Christian|Moslem)_/.test(f));
    expect(counterFiles).toHaveLength(13);
    expect([...images].sort()).toEqual(counterFiles.sort());
    for (const image of images) expect(existsSync(join(folder, 'images', image))).toBe(true);
  });
});
