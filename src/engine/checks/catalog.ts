/**
 * Every query the engine answers, generic and per system, with its declaration when it has one:
 * what `hexforge validate` checks checks.json against, `hexforge engine list` prints and
 * `hexforge engine <query>` runs.
 */
import type { CheckQueryCatalog, CheckQuerySpec } from '../../data/check-queries';
import type { GameFile } from '../../model/files';
import { SYSTEMS } from '../systems';
import { GENERIC_QUERIES } from './generic-queries';
import { definitionOf, handlerOf, type QueryDefinition, type QueryHandler } from './query';

export interface CatalogEntry {
  name: string;
  /** The game system it belongs to (game.json "system"); undefined for generic queries. */
  system?: string;
  definition?: QueryDefinition;
  run: QueryHandler;
}

function entries(): CatalogEntry[] {
  const generic = Object.entries(GENERIC_QUERIES).map(([name, d]) => ({ name, definition: d, run: d.run }));
  const systems = Object.entries(SYSTEMS).flatMap(([system, queries]) =>
    Object.entries(queries).map(([name, q]) => ({ name, system, definition: definitionOf(q), run: handlerOf(q) })),
  );
  return [...generic, ...systems];
}

let all: Map<string, CatalogEntry> | undefined;

export function queryCatalog(): ReadonlyMap<string, CatalogEntry> {
  return (all ??= new Map(entries().map((e) => [e.name, e])));
}

/** The queries a game may use: the generic ones and its system's. */
export function queriesOfGame(info: Pick<GameFile, 'system'>): CatalogEntry[] {
  return [...queryCatalog().values()].filter((e) => e.system === undefined || e.system === info.system);
}

/** The declarations as `hexforge validate` reads them (data/check-queries.ts); one spec object per query, so validators compile once. */
const specs = new Map<string, CheckQuerySpec | undefined>();

export const CHECK_QUERY_CATALOG: CheckQueryCatalog = {
  spec(name) {
    if (!specs.has(name)) {
      const e = queryCatalog().get(name);
      const d = e?.definition;
      const input = d && (d.removed ? { ...d.input, 'x-removed': d.removed } : d.input);
      specs.set(name, e && { input, expect: d?.expect, system: e.system });
    }
    return specs.get(name);
  },
  names(system) {
    return queriesOfGame({ system }).map((e) => e.name);
  },
};
