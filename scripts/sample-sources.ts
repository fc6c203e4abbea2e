/**
 * Shows where a game's values come from: samples stated values (deterministically) and prints each
 * with the nearest `source` citation, so a reviewer can check them against the rulebook.
 *
 *   npx tsx scripts/sample-sources.ts data/kursk [count]
 */
import { readGameDir } from '../src/data/read-game-dir';
import { validateGame } from '../src/data/validate';
import { isUnknown } from '../src/model/common';
import type { Game } from '../src/model/game';

export interface SampledValue {
  path: string;
  value: string | number | boolean;
  source: string | undefined;
}

const META = new Set(['source', 'notes', 'description', 'quote', '$schema', 'reason', 'id', 'name', 'title', 'label', 'text']);

/** Every stated leaf value with the citation of its nearest object that has one. */
export function citedValues(game: Game): SampledValue[] {
  const out: SampledValue[] = [];
  const walk = (value: unknown, path: string, inherited: string | undefined): void => {
    if (value === null || value === undefined || isUnknown(value)) return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${path}/${i}`, inherited));
      return;
    }
    if (typeof value === 'object') {
      const own = (value as { source?: unknown }).source;
      const source = own === undefined ? inherited : typeof own === 'string' ? own : JSON.stringify(own);
      for (const [k, v] of Object.entries(value)) if (!META.has(k)) walk(v, `${path}/${k}`, source);
      return;
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push({ path, value, source: inherited });
  };
  walk({ terrain: game.terrain }, '/terrain.json', undefined);
  walk({ tables: game.tables }, '/tables.json', undefined);
  walk(
    {
      places: game.map.places,
      zones: game.map.zones.map(({ hexIds: _h, ...z }) => z),
      hexsides: game.map.hexsides.map(({ key: _k, ...s }) => s),
    },
    '/map.json',
    game.map.source === undefined ? undefined : JSON.stringify(game.map.source),
  );
  game.units.forEach((u) => {
    for (const [field, value] of [...Object.entries(u.front), ...Object.entries(u.reverse).map(([k, v]) => [`back.${k}`, v] as const)]) {
      if (!isUnknown(value)) out.push({ path: `/units.csv/${u.id}/${field}`, value: value as string | number, source: u.source });
    }
  });
  walk({ scenarios: game.scenarios }, '/scenarios.json', undefined);
  return out;
}

/** A fixed-stride sample, so the same data always shows the same values. */
export function sample<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const stride = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * stride)]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  const count = Number(process.argv[3] ?? 25);
  if (!dir) {
    console.error('usage: npx tsx scripts/sample-sources.ts <gameDir> [count]');
    process.exit(2);
  }
  const { sources } = await readGameDir(dir);
  const { game, diagnostics } = validateGame(sources!);
  if (!game) {
    console.error(`${dir} does not validate (${diagnostics.length} diagnostics): run hexforge validate`);
    process.exit(1);
  }
  const values = citedValues(game);
  const cited = values.filter((v) => v.source !== undefined).length;
  console.log(`${game.id}: ${values.length} stated values, ${cited} with a source citation\n`);
  for (const v of sample(values, count)) console.log(`${v.path} = ${JSON.stringify(v.value)}\n    source: ${v.source ?? '(none)'}`);
}
