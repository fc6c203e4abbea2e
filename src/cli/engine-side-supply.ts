/**
 * `hexforge engine supply <game> --side <id>` without --hex: the supply state of every unit of a
 * side whose start hex is known (printed on the counter, or fixed by the scenario), by one trace.
 * Units set up by zone or by free choice have no hex until a player places them: they are counted
 * and named, never silently left out; --positions id@hex,… gives their hexes.
 */
import { engineFor } from '../engine';
import type { Engine } from '../engine/context';
import { fixedStartHexes } from '../engine/setup';
import { sideSupply, type SupplyAnswer } from '../engine/supply-state';
import type { Game } from '../model/game';
import { QueryInputError } from '../engine/checks/input';
import { oneLine, type Output } from './io';

const list = (v: unknown): string[] =>
  v === undefined
    ? []
    : Array.isArray(v)
      ? v.map(String)
      : String(v)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);

type Scenario = Game['scenarios'][number];
type HexOf = (id: string, what: string) => number;
type SupplyRow = { unit: string; hex: string } & SupplyAnswer;

export function sideSupplyReport(game: Game, input: Record<string, unknown>, options: { json?: boolean }, io: Output): boolean {
  const side = typeof input.side === 'string' ? input.side : undefined;
  if (!side) throw new QueryInputError('--side is required');
  const engine = engineFor(game);
  const g = engine.graph;
  const scenarioId = typeof input.scenario === 'string' ? input.scenario : undefined;
  const scenario = scenarioId === undefined ? game.scenarios[0] : game.scenarios.find((s) => s.id === scenarioId);
  if (scenarioId !== undefined && !scenario) throw new QueryInputError(`scenario "${scenarioId}" is not in scenarios.json`);
  const hexOf: HexOf = (id, what) => {
    const i = g.indexOf(id);
    if (i === undefined) throw new QueryInputError(`${what} "${id}" is not a hex of the map`);
    return i;
  };
  const start = startHexes(engine, scenario, input.positions, hexOf);
  const { enemies, zocHexes } = enemyHexes(game, side, start, input.enemies, hexOf);
  const friendly = game.units.filter((u) => u.side === side && start.has(u.id)).map((u) => start.get(u.id)!);
  const maxLength = input.maxLength === undefined ? undefined : Number(input.maxLength);
  if (maxLength !== undefined && !(Number.isInteger(maxLength) && maxLength >= 0))
    throw new QueryInputError(`--max-length takes a whole number of hexes, 0 or more, not ${JSON.stringify(input.maxLength)}`);
  const trace = sideSupply(engine, side, {
    enemyHexes: enemies,
    zocHexes,
    friendlyHexes: friendly,
    enemyControlled: [],
    ...(maxLength !== undefined ? { maxLength } : {}),
  });
  if (!trace) {
    io.out(`cannot answer: map.json has no supply zone for side "${side}"`);
    return false;
  }
  const units = game.units.filter((u) => u.side === side);
  const placed = units.filter((u) => start.has(u.id));
  const unplaced = units.filter((u) => !start.has(u.id));
  const rows: SupplyRow[] = placed.map((u) => ({ unit: u.id, hex: g.ids[start.get(u.id)!], ...trace.at(start.get(u.id)!) }));
  if (options.json) {
    io.out(
      JSON.stringify({
        question: 'supply',
        side,
        scenario: scenario?.id ?? null,
        sources: trace.zones,
        enemies: enemies.length,
        units: rows,
        withoutHex: unplaced.map((u) => u.id),
      }),
    );
    return placed.length > 0;
  }
  for (const line of trace.reasons) io.out(`  ${oneLine(line)}`);
  io.out(
    `  ${enemies.length} enemy hexes block, with their ZOC (${input.enemies !== undefined ? 'as given' : 'enemy units at their start hexes'})`,
  );
  printRows(rows, io);
  if (unplaced.length > 0) io.out(withoutHexLine(unplaced, side, scenario));
  return placed.length > 0;
}

/** Unit id → hex: those the data fixes, then those --positions gives. */
function startHexes(engine: Engine, scenario: Scenario | undefined, positions: unknown, hexOf: HexOf): Map<string, number> {
  const start = fixedStartHexes(engine, scenario);
  for (const p of list(positions)) {
    const [unit, hex] = p.split('@');
    if (!unit || !hex || !engine.unit(unit)) throw new QueryInputError(`--positions takes unit@hex pairs of units.csv ids, not "${p}"`);
    start.set(unit, hexOf(hex, 'position'));
  }
  return start;
}

/** The enemy hexes that block, and those that exert ZOC: as --enemies gives them, else the other sides' placed units. */
function enemyHexes(
  game: Game,
  side: string,
  start: ReadonlyMap<string, number>,
  given: unknown,
  hexOf: HexOf,
): { enemies: number[]; zocHexes: number[] } {
  const enemies =
    given !== undefined
      ? list(given).map((h) => hexOf(h, 'enemy hex'))
      : game.units.filter((u) => u.side !== side && start.has(u.id)).map((u) => start.get(u.id)!);
  const noZoc = new Set(
    game.units
      .filter((u) => (u.flags ?? []).some((f) => f === 'no-zoc' || game.info.unitFlags?.find((x) => x.id === f)?.effect === 'no-zoc'))
      .map((u) => u.id),
  );
  const zocHexes =
    given !== undefined
      ? enemies
      : game.units.filter((u) => u.side !== side && start.has(u.id) && !noZoc.has(u.id)).map((u) => start.get(u.id)!);
  return { enemies, zocHexes };
}

/** One line per placed unit, then the count in supply. */
function printRows(rows: readonly SupplyRow[], io: Output): void {
  for (const r of rows) {
    const state = r.state === 'in' ? 'in supply    ' : r.state === 'out' ? 'OUT OF SUPPLY' : 'not known    ';
    const detail = r.state === 'in' ? ` (${r.length} ${r.length === 1 ? 'hex' : 'hexes'} to a source)` : ` (${r.why})`;
    io.out(`${state} ${r.unit} at ${r.hex}${detail}`);
  }
  const count = (s: string) => rows.filter((r) => r.state === s).length;
  io.out(
    `${count('in')} of ${rows.length} placed units in supply${count('unknown') ? `, ${count('unknown')} not known from the data` : ''}`,
  );
}

/** The units left out for want of a start hex, named, and how to give theirs. */
function withoutHexLine(unplaced: readonly Game['units'][number][], side: string, scenario: Scenario | undefined): string {
  return `${unplaced.length} unit${unplaced.length === 1 ? '' : 's'} of ${side} ${unplaced.length === 1 ? 'has' : 'have'} no start hex in ${scenario ? `scenario ${scenario.id}` : 'the data'} (set up by zone, by free choice or later): ${unplaced
    .slice(0, 8)
    .map((u) => u.id)
    .join(', ')}${unplaced.length > 8 ? ', …' : ''}; give their hexes with --positions unit@hex,…`;
}
