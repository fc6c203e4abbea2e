/**
 * The built CLI's query declarations (scripts/build-dist.ts writes them out as data, so that
 * validating a game's checks loads no engine code) answer every question as the engine's catalog does.
 */
import { describe, expect, it } from 'vitest';
import { checkQueryCatalogModule } from '../../scripts/build-dist';
import type { CheckQueryCatalog } from '../../src/data/check-queries';
import { CHECK_QUERY_CATALOG, queryCatalog } from '../../src/engine/checks/catalog';

async function builtCatalog(): Promise<CheckQueryCatalog> {
  const url = `data:text/javascript;base64,${Buffer.from(checkQueryCatalogModule()).toString('base64')}`;
  return ((await import(url)) as { CHECK_QUERY_CATALOG: CheckQueryCatalog }).CHECK_QUERY_CATALOG;
}

describe('the built check-query catalog', () => {
  it('gives every query the engine declares the same spec, and none to names it does not know', async () => {
    const built = await builtCatalog();
    const names = [...queryCatalog().keys()];
    expect(names.length).toBeGreaterThan(100);
    for (const name of names) expect(built.spec(name), name).toStrictEqual(CHECK_QUERY_CATALOG.spec(name));
    for (const name of ['noSuchQuery', 't3.noSuchQuery', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '', '.', 'generic.odds'])
      expect(built.spec(name), name).toBeUndefined();
    // The same object each time, as the engine's: a query's validators compile once.
    expect(built.spec(names[0])).toBe(built.spec(names[0]));
  });

  it('lists the same query names, in the same order, for every system and for none', async () => {
    const built = await builtCatalog();
    const systems = new Set([...queryCatalog().values()].map((e) => e.system));
    expect(systems.size).toBeGreaterThan(2);
    for (const system of [...systems, 'no-such-system'])
      expect(built.names(system), String(system)).toStrictEqual(CHECK_QUERY_CATALOG.names(system));
  });
});
