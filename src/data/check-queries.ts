/**
 * checks.json against the engine's query declarations: every check names a query the game's
 * system answers, its input has only the keys that query declares, of the right types, and every
 * unit, hex, terrain, table, scenario… it names exists. The declarations come from the engine
 * (injected as a catalog, so data/ does not depend on engine/); each problem is a diagnostic at
 * the check's file:line:col with a did-you-mean.
 */
import type { ErrorObject } from 'ajv/dist/2020';
import type { ChecksFile, GameFile } from '../model/files';
import type { CheckContext } from './check-context';
import { closestName } from './did-you-mean';
import type { MapIndex } from './map-index';
import { condense } from './schemas';
import { checkQuerySchemaId, type FoundRef, type RefCollector } from './check-query-ids';
import { compiledCheckQueryValidator } from './compiled-validators';

/** What validation needs to know of one query. */
export interface CheckQuerySpec {
  /** JSON Schema of the input; undefined when the query declares none (its inputs are not checked). */
  input?: object;
  expect?: object;
  /** The game system it belongs to (undefined: generic). */
  system?: string;
}

export interface CheckQueryCatalog {
  spec(query: string): CheckQuerySpec | undefined;
  /** Every query name a game of this system may use. */
  names(system: string | undefined): string[];
}

/** The ids an `x-ref` string may name, by kind (input-schema.ts REF_KINDS). */
export interface CheckRefs {
  index?: MapIndex;
  units?: ReadonlySet<string>;
  sets: Partial<Record<string, ReadonlySet<string>>>;
}

const DECLARED_IN: Record<string, string> = {
  unit: 'units.csv',
  terrain: 'terrain.json',
  table: 'tables.json',
  tableModifier: 'tables.json modifiers',
  scenario: 'scenarios.json',
  side: 'game.json sides',
  nationality: 'game.json nationalities',
  weather: 'game.json weather',
  movementClass: 'game.json movementClasses',
  unitType: 'game.json unitTypes',
  unitSize: 'game.json unitSizes',
  unitFlag: 'game.json unitFlags',
  formation: 'game.json formations',
  zone: 'map.json zones',
  phase: 'tracks.json sequence',
  movementMode: 'game.json movementModes',
  strengthRule: 'game.json strength',
};

/** Problems of one value against a query's schema (pointers relative to the value), and the refs it names. */
export function inputProblems(
  schema: object,
  value: unknown,
  id: string,
): { problems: ReturnType<typeof condense>; refs: FoundRef[] } {
  const validate = compiledCheckQueryValidator(id, schema);
  const collector: RefCollector = { refs: [] };
  const ok = validate.call(collector, value);
  return { problems: ok ? [] : condense((validate.errors ?? []) as ErrorObject[], value), refs: dedupe(collector.refs) };
}

function dedupe(refs: FoundRef[]): FoundRef[] {
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = `${r.pointer}\u0000${r.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function checkCheckQueries(ctx: CheckContext, file: ChecksFile, game: GameFile, catalog: CheckQueryCatalog, refs: CheckRefs): void {
  const names = catalog.names(game.system);
  file.checks.forEach((check, i) => {
    const at = `/checks/${i}`;
    const spec = catalog.spec(check.query);
    if (!spec || (spec.system !== undefined && spec.system !== game.system)) {
      const guess = closestName(check.query, names);
      const other = spec?.system !== undefined ? ` (it belongs to the ${spec.system} system; this game's system is ${game.system ?? 'none'})` : '';
      ctx.error(
        'checks',
        `${at}/query`,
        'check/unknown-query',
        `the engine has no query "${check.query}" for this game${other}`,
        guess ? `did you mean "${guess}"? (\`hexforge engine list\` shows every query)` : '`hexforge engine list <game>` shows every query with its inputs',
      );
      return;
    }
    for (const [part, schema] of [
      ['input', spec.input],
      ['expect', spec.expect],
    ] as const) {
      if (!schema) continue;
      const value = part === 'input' ? check.input : check.expect;
      const { problems, refs: named } = inputProblems(schema, value, checkQuerySchemaId(check.query, part));
      const removed = ((schema as { 'x-removed'?: Record<string, string> })['x-removed'] ?? {}) as Record<string, string>;
      for (const p of problems)
        if (p.code === 'schema/unknown-property' && p.property !== undefined && removed[p.property] !== undefined && !p.pointer.slice(1).includes('/'))
          p.hint = removed[p.property];
      for (const p of problems) ctx.error('checks', `${at}/${part}${p.pointer}`, `check/${p.code.replace(/^schema\//, '')}`, `${check.query} ${part}: ${p.message}`, p.hint, p.atKey);
      if (problems.length === 0) for (const r of named) checkRef(ctx, `${at}/${part}${r.pointer}`, r, refs);
    }
  });
}

function checkRef(ctx: CheckContext, pointer: string, r: FoundRef, refs: CheckRefs): void {
  if (r.kind === 'hex') {
    if (!refs.index) return;
    const found = refs.index.hex(r.value);
    if (!found.ok) ctx.error('checks', pointer, found.code, found.message, found.hint);
    return;
  }
  if (r.kind === 'hexside') {
    if (!refs.index) return;
    const found = refs.index.hexside(r.value);
    if (!found.ok) ctx.error('checks', pointer, found.code, found.message, found.hint);
    return;
  }
  if (r.kind === 'terrain-or-hexside') {
    if (refs.sets.terrain?.has(r.value)) return;
    if (r.value.includes('/') && refs.index) {
      const found = refs.index.hexside(r.value);
      if (!found.ok) ctx.error('checks', pointer, found.code, found.message, found.hint);
      return;
    }
    // No set when terrain.json failed its own checks: its errors are reported there, not again here.
    ctx.ref('checks', pointer, 'terrain', r.value, refs.sets.terrain, 'terrain.json (or write a hexside "0101/0102")');
    return;
  }
  const known = r.kind === 'unit' ? refs.units : r.kind === 'movementMode' ? withNormal(refs.sets.movementMode) : refs.sets[r.kind];
  if (!known) return;
  ctx.ref('checks', pointer, r.kind, r.value, known, DECLARED_IN[r.kind] ?? r.kind);
}

function withNormal(modes: ReadonlySet<string> | undefined): ReadonlySet<string> {
  return new Set([...(modes ?? []), 'normal']);
}
