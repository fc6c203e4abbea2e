/**
 * decodeTraitChain reads a chain in one pass over its text; it must give exactly what splitting
 * each level's text with VASSAL's decoder gives. The reference below is the level-by-level reading
 * it replaced (with the SequenceDecoder it used), kept here unchanged as the oracle, compared on
 * random chains (well-formed and broken, with escapes, backslashes, quotes and empty fields) and on
 * every definition of the fixture buildFiles.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import {
  checkPiece,
  decodeDefinition,
  decodePiece,
  decodeTraitChain,
  encodePiece,
  encodeTraitChain,
  type Where,
} from '../../src/vassal/piece';
import { encodeSequence } from '../../src/vassal/sequence-encoder';
import { traitId, type Trait } from '../../src/vassal/traits/trait';
import { Rng } from '../../scripts/fuzz/rng';
import { VASSAL_FIXTURES, describeShared } from '../shared-dir';
import { definitionsIn } from './fixture-definitions';

/** VASSAL's SequenceEncoder.Decoder, as the level-by-level reading used it. */
class ReferenceDecoder {
  private position: number;
  constructor(
    private readonly input: string,
    private readonly delimiter: string,
  ) {
    this.position = 0;
  }
  hasMoreTokens(): boolean {
    return this.position >= 0;
  }
  remaining(): string {
    return this.position < 0 ? '' : this.input.slice(this.position);
  }
  nextToken(): string {
    const start = this.position;
    if (start < 0) throw new Error('no more tokens');
    const input = this.input;
    let cut = input.indexOf(this.delimiter, start);
    let token: string | null = null;
    let segmentStart = start;
    while (cut > start && input.charCodeAt(cut - 1) === 0x5c) {
      token = (token ?? '') + input.slice(segmentStart, cut - 1);
      segmentStart = cut;
      cut = input.indexOf(this.delimiter, cut + 1);
    }
    const tail = cut < 0 ? input.slice(segmentStart) : input.slice(segmentStart, cut);
    this.position = cut < 0 ? -1 : cut + 1;
    const whole = token === null ? tail : token + tail;
    const last = whole.length - 1;
    return last > 0 && whole[0] === "'" && whole[last] === "'" ? whole.slice(1, last) : whole;
  }
}

/** The level-by-level splitting decodeTraitChain did before it read the chain in one pass. */
function referenceDecodeTraitChain(type: string, state: string, where: Where = {}): { traits: Trait[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const types: string[] = [];
  let rest = type;
  for (;;) {
    const decoder = new ReferenceDecoder(rest, '\t');
    const own = decoder.nextToken();
    types.push(own);
    if (!decoder.hasMoreTokens()) break;
    rest = decoder.nextToken();
    if (decoder.hasMoreTokens()) {
      diagnostics.push({
        code: 'vassal/dropped-type-segments',
        severity: 'error',
        message: `The type has unescaped TABs after trait ${JSON.stringify(traitId(own))}; VASSAL reads only the next segment and silently drops "${decoder.remaining().slice(0, 60)}"`,
        hint: 'Each nesting level must escape its inner TABs; build the chain with encodeTraitChain.',
        ...where,
      });
    }
  }
  const count = types.length;
  const traits: Trait[] = [];
  let stateRest = state;
  for (let i = 0; i < count - 1; i++) {
    const decoder = new ReferenceDecoder(stateRest, '\t');
    traits.push({ type: types[i], state: decoder.nextToken() });
    if (!decoder.hasMoreTokens()) {
      diagnostics.push({
        code: 'vassal/state-segment-count',
        severity: 'error',
        message: `The piece has ${count} traits but its state has only ${i + 1} segments; VASSAL aborts loading the module ("No state for trait")`,
        hint: 'Every trait needs a state segment, empty for stateless traits.',
        ...where,
      });
      while (traits.length < count) traits.push({ type: types[traits.length], state: '' });
      break;
    }
    stateRest = decoder.nextToken();
    if (decoder.hasMoreTokens()) {
      diagnostics.push({
        code: 'vassal/dropped-state-segments',
        severity: 'error',
        message: `The state has unescaped TABs after segment ${i + 1}; VASSAL silently drops "${decoder.remaining().slice(0, 60)}"`,
        hint: 'Each nesting level must escape its inner TABs; build the chain with encodeTraitChain.',
        ...where,
      });
    }
  }
  if (traits.length < count) traits.push({ type: types[count - 1], state: stateRest });
  return { traits, diagnostics };
}

/** A seeded generator, so a failure names a seed that repeats it. */
function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** Characters that matter to the decoding, most of all: TAB, backslash, quote. */
const PIECES = ['\t', '\\', "'", 'a', 'b', ';', '/', ',', ' ', '\\\t', "''", '\\\\'];

function randomText(next: () => number, maxLength: number): string {
  const length = Math.floor(next() * (maxLength + 1));
  let out = '';
  for (let i = 0; i < length; i++) out += PIECES[Math.floor(next() * PIECES.length)];
  return out;
}

/** A random edit of a text: a character inserted, removed or replaced (breaks escapes and quotes). */
function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const piece = PIECES[Math.floor(next() * PIECES.length)];
  const kind = next();
  if (kind < 0.4) return text.slice(0, at) + piece + text.slice(at);
  if (kind < 0.7) return text.slice(0, at) + text.slice(at + 1);
  return text.slice(0, at) + piece + text.slice(at + 1);
}

function expectSame(type: string, state: string, label: string): void {
  const where = { file: 'x', line: 1 };
  expect(decodeTraitChain(type, state, where), `${label}: ${JSON.stringify([type, state])}`).toEqual(
    referenceDecodeTraitChain(type, state, where),
  );
}

describe('decodeTraitChain reads a chain in one pass as the level-by-level decoder did', () => {
  it('on random chains nested up to 9 deep, encoded, broken by one edit, and raw', () => {
    for (let seed = 1; seed <= 4000; seed++) {
      const next = random(seed);
      const depth = 1 + Math.floor(next() * 9);
      const types = Array.from({ length: depth }, () => randomText(next, 6));
      const states = Array.from({ length: depth }, () => randomText(next, 6));
      // Some traits with no state, as most are.
      for (let i = 0; i < depth; i++) if (next() < 0.3) states[i] = '';
      const type = encodeTraitChain(types);
      const state = encodeTraitChain(states);
      expectSame(type, state, `seed ${seed}`);
      expectSame(mutate(type, next), mutate(state, next), `seed ${seed}, edited`);
      // Fewer state segments than traits, and more.
      expectSame(type, encodeTraitChain(states.slice(0, Math.max(1, depth - 2))), `seed ${seed}, short state`);
      expectSame(type, encodeTraitChain([...states, ...states]), `seed ${seed}, long state`);
      expectSame(randomText(next, 30), randomText(next, 30), `seed ${seed}, raw`);
    }
  });

  it('on chains a hand-written encoder gets wrong: unescaped TABs, trailing backslashes, quotes at each level', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['\t', '\t'],
      ['a\tb\tc', 'x\ty\tz'],
      ['a\\', 's\\'],
      ["a\t'b\\\tc'", "'\t'"],
      ["'a'\t'b'", "''\t''"],
      ['a\t\\\\\tb', '\\\t\\\t'],
      ['a\tb\\\tc\\\\\td', '1\t2\\\t3\\\\\t4'],
      ["a\t'\\b\\\t'c'\\\\\td'", "'"],
      ['mark;x\tpiece;;;i.png;n', '\t\tnull;0;0'],
    ];
    for (const [type, state] of cases) expectSame(type, state, 'case');
  });
});

/** What decodeDefinition says of a text, checked: "canonical" only when encodePiece gives the text back. */
function expectCanonicalOnlyIfSo(text: string, label: string): boolean {
  const { piece, diagnostics, canonical } = decodeDefinition(text);
  expect(decodePiece(text), label).toEqual({ piece, diagnostics });
  if (!canonical) return false;
  expect(encodePiece(piece!), label).toBe(text);
  // The check told the text finds what it finds when it encodes the piece itself.
  expect(checkPiece(piece!, { decodedFrom: text, encodesTo: text }), label).toEqual(checkPiece(piece!, { decodedFrom: text }));
  return true;
}

describe('decodeDefinition calls a text canonical only when encodePiece writes it so', () => {
  it('on random definitions, encoded, broken by one edit, and raw', () => {
    let canonical = 0;
    let encoded = 0;
    for (let seed = 1; seed <= 4000; seed++) {
      const next = random(seed);
      const depth = 1 + Math.floor(next() * 6);
      const types = Array.from({ length: depth }, () => randomText(next, 6));
      const states = Array.from({ length: depth }, () => randomText(next, 6));
      types[depth - 1] = 'piece;;;' + types[depth - 1].replaceAll('\t', '');
      const fields = [next() < 0.9 ? 'null' : randomText(next, 4), encodeTraitChain(types), encodeTraitChain(states)];
      const text = '+/' + encodeSequence(fields, '/');
      encoded++;
      if (expectCanonicalOnlyIfSo(text, `seed ${seed}`)) canonical++;
      expectCanonicalOnlyIfSo(mutate(text, next), `seed ${seed}, edited`);
      expectCanonicalOnlyIfSo('+/' + randomText(next, 30), `seed ${seed}, raw`);
      expectCanonicalOnlyIfSo(
        '+/' + encodeSequence([randomText(next, 5), randomText(next, 20), randomText(next, 20)], '/'),
        `seed ${seed}, fields`,
      );
    }
    // Not none: these segments are mostly backslashes and quotes, which the encoder often wraps in
    // quotes (read as not canonical, to be sure); the fixtures' definitions nearly all are.
    expect(canonical).toBeGreaterThan(encoded / 20);
  });
});

/** The fixtures' buildFiles; listed inside a test, since without ../shared the suite is collected, then skipped. */
function fixtureBuildFiles(): string[] {
  return readdirSync(VASSAL_FIXTURES)
    .map((folder) => join(VASSAL_FIXTURES, folder))
    .filter((folder) => statSync(folder).isDirectory())
    .flatMap((folder) =>
      readdirSync(folder)
        .filter((f) => f.startsWith('buildFile'))
        .map((f) => join(folder, f)),
    );
}

describeShared('decodeTraitChain on every definition of the fixture buildFiles', () => {
  it('reads each the same as the level-by-level decoder', () => {
    const buildFiles = fixtureBuildFiles();
    expect(buildFiles).toHaveLength(6);
    let definitions = 0;
    let canonical = 0;
    for (const file of buildFiles) {
      for (const definition of definitionsIn(file)) {
        const { piece } = decodePiece(definition.text);
        expect(piece, `${file}:${definition.line}`).not.toBeNull();
        // The type and state fields as VASSAL's decoder splits the definition.
        const fields = new ReferenceDecoder(definition.text.slice(2), '/');
        const id = fields.nextToken();
        const type = fields.nextToken();
        const state = fields.nextToken();
        expect(piece!.id).toBe(id);
        expect(piece!.traits).toEqual(referenceDecodeTraitChain(type, state).traits);
        expectSame(type, state, `${file}:${definition.line}`);
        if (expectCanonicalOnlyIfSo(definition.text, `${file}:${definition.line}`)) canonical++;
        definitions++;
      }
    }
    expect(definitions).toBeGreaterThan(2000);
    expect(canonical).toBeGreaterThan(definitions * 0.9);
  });
});
