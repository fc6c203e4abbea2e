/**
 * A required file that is missing declares nothing the other files may be checked against: the
 * missing file is reported once, not followed by an unknown-id error at every reference to it
 * (data/demo's checks.json names terrain in several inputs). An optional file that is absent still
 * leaves its references unknown, as nothing else says what is wrong.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGameDir } from '../../src/data/read-game-dir';
import { validateGame } from '../../src/data/validate';
import { CHECK_QUERY_CATALOG } from '../../src/engine/checks/catalog';
import type { FileKind } from '../../src/data/schemas';

const DEMO = path.join(__dirname, '..', '..', 'data', 'demo');

async function errorsWithout(kind: FileKind): Promise<string[]> {
  const { sources } = await readGameDir(DEMO);
  delete sources!.files[kind];
  const { diagnostics } = validateGame(sources!, { checkQueries: CHECK_QUERY_CATALOG });
  return diagnostics.filter((d) => d.severity === 'error').map((d) => `${path.basename(d.file ?? '')} ${d.code}`);
}

describe('a file others refer to, missing', () => {
  it('terrain.json: reported once, its references in checks.json not checked', async () => {
    expect(await errorsWithout('terrain')).toEqual(['terrain.json file/missing']);
  });

  it('tables.json (optional): each reference to a table is still unknown', async () => {
    const errors = await errorsWithout('tables');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e === 'checks.json ref/unknown-table')).toBe(true);
  });
});
