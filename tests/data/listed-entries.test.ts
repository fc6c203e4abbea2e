import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/data/validate';
import { censusOf } from '../../src/data/number-bounds';
import { entriesOf, LISTED_MIN_KEYS } from '../../src/data/listed-entries';
import { leanSchemas } from '../../src/data/lean-schemas';
import { minimalSources } from './helpers';

const SIDE = 40; // 1,600 hexes: past LISTED_MIN_KEYS, so the census keeps the terrain's listing

function hexId(column: number, row: number): string {
  return `${String(column).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

/** The minimal game on a 40 × 40 map with every hex's terrain written out, one of them as `odd`. */
function bigMapSources(odd: string) {
  const terrain: Record<string, string> = {};
  for (let c = 1; c <= SIDE; c++) for (let r = 1; r <= SIDE; r++) terrain[hexId(c, r)] = c === 7 && r === 9 ? odd : 'forest';
  return minimalSources({
    map: (t) =>
      t
        .replace('"last": 4 }', `"last": ${SIDE} }`)
        .replace('"last": 3 }', `"last": ${SIDE} }`)
        .replace('"0202": "forest"', JSON.stringify(terrain).slice(1, -1)),
  });
}

describe('listed entries of big objects', () => {
  it('lists an object in for…in order, kept by the census or not', () => {
    const big = Object.fromEntries(Array.from({ length: LISTED_MIN_KEYS + 5 }, (_, i) => [`k${i}`, i]));
    const value = JSON.parse(JSON.stringify({ big, small: { b: 1, a: 2, 10: 3 } }));
    censusOf(value, 64);
    for (const object of [value.big, value.small]) {
      const keys: string[] = [];
      for (const key in object) keys.push(key);
      expect(entriesOf(object)).toEqual({ keys, values: keys.map((k) => object[k]) });
    }
  });

  it('resolves every hex of a big map from its terrain', () => {
    const { game, diagnostics } = validateGame(bigMapSources('clear'));
    expect(diagnostics).toEqual([]);
    expect(game!.map.hexes).toHaveLength(SIDE * SIDE);
    const terrainOf = new Map(game!.map.hexes.map((h) => [h.id, JSON.stringify(h.terrain)]));
    expect([...terrainOf].filter(([, terrain]) => terrain !== '["forest"]')).toEqual([['0709', '["clear"]']]);
  });

  it('reports a terrain value the schema refuses, on a big map as on a small one', () => {
    const big = validateGame(bigMapSources('Forest')).diagnostics;
    expect(big.map((d) => [d.code, d.pointer])).toEqual([['schema/pattern', '/terrain/0709']]);
    const small = validateGame(minimalSources({ map: (t) => t.replace('"0202": "forest"', '"0202": ["forest", 7]') })).diagnostics;
    expect(small.map((d) => [d.code, d.pointer, d.line])).toEqual([['schema/type', '/terrain/0202/1', 8]]);
  });

  it('gives no schema a $dynamicAnchor, which would write to the context the value validators share', () => {
    const anchored: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$dynamicAnchor' || key === '$dynamicRef') anchored.push(`${at}/${key}`);
        visit(value, `${at}/${key}`);
      }
    };
    leanSchemas().forEach((schema, i) => visit(schema, `${(schema as { $id?: string }).$id ?? i}#`));
    expect(anchored).toEqual([]);
  });
});
