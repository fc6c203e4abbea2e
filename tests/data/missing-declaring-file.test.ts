/**
 * A required file that is missing declares nothing the other files may be checked against: the
 * missing file is reported once, not followed by an unknown-id error at every reference to it
 * (data/demo's checks.json names terrain in several inputs). An optional file that is absent leaves
 * its references unknown, said once for each kind of id with how many references there are.
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

  it('tables.json (optional): its references are unknown, said once with how many', async () => {
    const { sources } = await readGameDir(DEMO);
    delete sources!.files.tables;
    const errors = validateGame(sources!, { checkQueries: CHECK_QUERY_CATALOG }).diagnostics.filter((d) => d.severity === 'error');
    // data/demo/checks.json names the table "crt" in five check inputs (grep -c '"table": "crt"').
    expect(errors.map((d) => [d.code, d.message, d.hint])).toEqual([
      ['ref/unknown-table', 'unknown table "crt" and 4 more reference(s): no table is declared', 'declare it in tables.json'],
    ]);
  });

  it('counters.json (optional): one error per kind of id it declares, not one per unit', async () => {
    expect(await errorsWithout('counters')).toEqual(['scenarios.json ref/unknown-marker', 'units.csv ref/unknown-template']);
  });
});
