/**
 * The built CLI compiles the validator files it loads on every validation from V8's code cache made
 * beside them at build time (scripts/build-dist.ts): each cache is one V8 accepts for its file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { asCommonJsFunction, CODE_CACHE_SUFFIX } from '../../scripts/build-dist';

const dist = path.join(__dirname, '..', '..', 'dist');

describe('validator code caches', () => {
  it('are made for the lean validators and every query family, and V8 accepts each for its file', () => {
    const caches = readdirSync(dist).filter((name) => name.endsWith(CODE_CACHE_SUFFIX));
    expect(caches).toEqual(
      expect.arrayContaining([`validators-lean.cjs${CODE_CACHE_SUFFIX}`, `validators-checks-generic.cjs${CODE_CACHE_SUFFIX}`]),
    );
    for (const cache of caches) {
      const file = path.join(dist, cache.slice(0, -CODE_CACHE_SUFFIX.length));
      const script = new Script(asCommonJsFunction(readFileSync(file, 'utf8')), {
        filename: file,
        cachedData: readFileSync(path.join(dist, cache)),
      });
      expect(script.cachedDataRejected, cache).toBe(false);
    }
  });

  it('is refused for code other than its own, which then compiles from its text', () => {
    const file = path.join(dist, 'validators-lean-rows.cjs');
    const other = asCommonJsFunction(`${readFileSync(file, 'utf8')}\n// another file`);
    const script = new Script(other, { filename: file, cachedData: readFileSync(`${file}${CODE_CACHE_SUFFIX}`) });
    expect(script.cachedDataRejected).toBe(true);
  });
});
