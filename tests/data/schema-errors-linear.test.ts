/**
 * A file with tens of thousands of schema errors is explained in time linear in their number: the
 * validators gathered a failing reference's errors by copying all gathered before (ajv's concat),
 * 30,000 failing turns of a track copying 450 million entries. Work is counted, not timed: the
 * entries Array concat copies while validating.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../../src/data/schemas';
import { standaloneValidators } from '../../scripts/build-dist';

/** The entries every Array concat copies from its receiver while `run` runs. */
function concatCopies<T>(run: () => T): { result: T; copied: number } {
  const concat = Array.prototype.concat;
  let copied = 0;
  Array.prototype.concat = function (this: unknown[], ...items: unknown[]) {
    copied += this.length;
    return concat.apply(this, items);
  } as typeof concat;
  try {
    return { result: run(), copied };
  } finally {
    Array.prototype.concat = concat;
  }
}

/** A track of `count` turns numbered from 1: the schema allows turns up to 9999, so count − 9999 fail. */
function tracks(count: number): unknown {
  return {
    turns: Array.from({ length: count }, (_, i) => ({ turn: i + 1 })),
    sequence: [{ id: 'move', name: 'Movement' }],
  };
}

const TURNS = 15_000;
const FAILING = TURNS - 9999;

describe('schema errors gathered in linear work', () => {
  it('validate explains 5,001 failing turns copying no gathered error per failure (validators compiled from source)', () => {
    const { result, copied } = concatCopies(() => validateAgainstSchema('tracks', tracks(TURNS)));
    expect(result).toHaveLength(FAILING);
    expect(result.every((p) => p.code === 'schema/maximum')).toBe(true);
    expect(result[0].pointer).toBe('/turns/9999/turn');
    // Copying the errors gathered so far at each failure is FAILING²/2 (12.5 million) entries.
    expect(copied).toBeLessThan(10 * FAILING);
  });

  it('the built CLI\'s standalone validators gather them the same way', () => {
    const code = standaloneValidators()['validators-verbose.cjs'];
    const module = { exports: {} as Record<string, ValidateFunction> };
    new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
    const explain = module.exports.tracks;
    const { copied } = concatCopies(() => explain(tracks(TURNS)));
    expect(explain.errors?.filter((e) => e.keyword === 'maximum')).toHaveLength(FAILING);
    expect(copied).toBeLessThan(10 * FAILING);
  }, 60_000);
});
