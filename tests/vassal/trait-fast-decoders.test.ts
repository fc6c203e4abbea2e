/**
 * The trait decoders spelled out for the common layouts (every piece has a BasicPiece, most use a
 * prototype) give what the general field codecs give: the same fields, present or absent alike,
 * in the same order (which an encode and JSON.stringify follow).
 */
import { describe, expect, it } from 'vitest';
import {
  basicPieceState,
  basicPieceType,
  decodeBasicPieceState,
  decodeBasicPieceType,
  decodeUsePrototypeType,
  usePrototypeType,
} from '../../src/vassal/traits/index';

const sameAsCodec = (fast: unknown, general: unknown) => {
  expect(fast).toStrictEqual(general);
  expect(Object.keys(fast as object)).toEqual(Object.keys(general as object));
};

describe('spelled-out trait decoders', () => {
  it.each([
    '',
    'null',
    'null;29;104',
    'null;92;30;7441',
    'Main Map;252;346;1;0',
    'Main Map;252;346;1;1;UniqueID;1000',
    'a\\;b;1;2;;',
    ";'\\x';3",
  ])('BasicPiece state %j', (state) => sameAsCodec(decodeBasicPieceState(state), basicPieceState.decode(state)));

  it.each(['piece;;;front.png;1st Infantry', 'piece;;;;', 'piece;;;a.png', 'piece;;;a.png;n;extra', 'piece;;;x.png;A\\;B'])(
    'BasicPiece type %j',
    (type) => sameAsCodec(decodeBasicPieceType(type), basicPieceType.decode(type)),
  );

  it.each(['prototype;Unit', 'prototype;', 'prototype;Unit;k=v', 'prototype;Unit;;', 'prototype;A\\;B', "prototype;'\\x'"])(
    'UsePrototype type %j',
    (type) => sameAsCodec(decodeUsePrototypeType(type), usePrototypeType.decode(type)),
  );
});
