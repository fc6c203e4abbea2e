/**
 * Golden buildFile.xml for data/demo (stand-in art, so only the `version` hash depends on the
 * pictures). Compared as text; regenerate with `UPDATE_GOLDENS=1 npx vitest run tests/vassal/module-golden.test.ts`
 * and review the diff by reading it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { standInModule } from './module-helpers';

const GOLDEN = 'tests/golden/vassal/demo.buildFile.xml';

describe('golden buildFile', () => {
  it('data/demo matches tests/golden/vassal/demo.buildFile.xml', async () => {
    const { result } = await standInModule('data/demo');
    if (process.env.UPDATE_GOLDENS === '1' || !existsSync(GOLDEN)) {
      mkdirSync(dirname(GOLDEN), { recursive: true });
      writeFileSync(GOLDEN, result.xml);
    }
    expect(result.xml).toBe(readFileSync(GOLDEN, 'utf8'));
  });
});
