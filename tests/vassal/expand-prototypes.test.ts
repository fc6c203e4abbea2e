/**
 * Prototype expansion as VASSAL's `PieceCloner.clonePiece` does it (what palette drags, at-start
 * stacks and saves hold): checked on hand-made chains and against a save VASSAL itself wrote.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { basicPieceOf, expandPrototypes, type PieceDefinition } from '../../src/vassal/piece';
import { DEFAULT_READ_LIMITS, readModuleFrom, readSavedGame } from '../../src/vassal/reader/index';
import { attribute } from '../../src/vassal/xml-tree';
import {
  basicPieceState,
  buildBasicPiece,
  buildDelete,
  buildLayer,
  buildMarker,
  buildUsePrototype,
  traitId,
  type Trait,
} from '../../src/vassal/traits/index';
import { VASSAL_FIXTURES, describeShared } from '../shared-dir';

const prototype = (...traits: Trait[]): PieceDefinition => ({ id: 'null', traits: [...traits, buildBasicPiece({ name: '' })] });
const COMMENT: Trait = { type: 'cmt;A note', state: '' };

it('replaces each UsePrototype, in place, by the definition traits with their states, nested ones too', () => {
  const side = buildMarker([['Side', 'Red']]);
  const layer = { ...buildLayer({ name: 'Step', images: ['b.png'], levelNames: [''], activateCommand: 'Flip' }), state: '1' };
  const remove = buildDelete({ key: '68,130' });
  const prototypes = new Map([
    ['Unit', prototype(remove, buildUsePrototype('Side'), layer)],
    ['Side', prototype(side)],
  ]);
  const own = buildMarker([['UnitId', 'u1']]);
  const basic = buildBasicPiece({ name: '1st', image: 'f.png', gpid: 7 });
  const { piece, diagnostics } = expandPrototypes({ id: 'null', traits: [own, buildUsePrototype('Unit'), basic] }, prototypes);
  expect(diagnostics).toEqual([]);
  expect(piece.traits).toEqual([own, remove, side, layer, basic]);
});

it('drops what VASSAL drops: unknown and empty prototypes, Comments; a loop is an error', () => {
  const prototypes = new Map([
    ['Empty', prototype()],
    ['A', prototype(buildUsePrototype('B'))],
    ['B', prototype(buildMarker([['k', 'v']]), buildUsePrototype('A'))],
  ]);
  const basic = buildBasicPiece({ name: 'x' });
  const r = expandPrototypes({ id: 'null', traits: [COMMENT, buildUsePrototype('Empty'), buildUsePrototype('Nope'), basic] }, prototypes);
  expect(r.piece.traits).toEqual([basic]);
  expect(r.diagnostics.map((d) => d.code)).toEqual(['vassal/unknown-prototype']);
  const loop = expandPrototypes({ id: 'null', traits: [buildUsePrototype('A'), basic] }, prototypes);
  expect(loop.piece.traits.map((t) => traitId(t.type))).toEqual(['mark;', 'piece;']);
  expect(loop.diagnostics.map((d) => d.code)).toEqual(['vassal/prototype-loop']);
});

describeShared('a save VASSAL wrote', () => {
  it("Kassala's Default Setup: every saved piece is its palette slot with prototypes expanded", async () => {
    const folder = join(VASSAL_FIXTURES, 'rummelsworth__vassal-module-kassala__vmod');
    const { module } = await readModuleFrom(folder, DEFAULT_READ_LIMITS);
    const save = await readSavedGame(readFileSync(join(folder, 'Default Setup.vsav')), {
      file: 'Default Setup.vsav',
      limits: DEFAULT_READ_LIMITS,
    });
    const definitions = module!.definitions;
    const prototypes = new Map(definitions.filter((d) => d.kind === 'prototype').map((d) => [attribute(d.element, 'name')!, d.piece]));
    const slotByGpid = new Map(
      definitions.filter((d) => d.kind === 'slot').map((d) => [basicPieceState.decode(basicPieceOf(d.piece).state).gpid, d.piece]),
    );
    expect(save.pieces).toHaveLength(23);
    for (const saved of save.pieces) {
      const slot = slotByGpid.get(saved.gpid)!;
      expect(slot.traits.some((t) => traitId(t.type) === 'prototype;')).toBe(true);
      const expanded = expandPrototypes(slot, prototypes);
      expect(expanded.diagnostics).toEqual([]);
      // Every trait but the BasicPiece (whose state holds the map and position) as VASSAL saved it.
      expect(expanded.piece.traits.slice(0, -1)).toEqual(saved.piece.traits.slice(0, -1));
      expect(basicPieceOf(expanded.piece).type).toBe(basicPieceOf(saved.piece).type);
    }
  });
});
