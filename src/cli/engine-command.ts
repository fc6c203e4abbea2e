/**
 * `hexforge engine <odds|combat|reach|supply|stack> <game> …`: asks the rules engine one question
 * about a game (folder or bundle) and prints the answer with its reasoning. Each subcommand builds
 * the same input a check would and runs the same query, so what it prints is what verify checks.
 */
import { hasErrors } from '../diagnostics';
import { QueryInputError } from '../engine/checks/input';
import {
  GENERIC_QUERIES,
  engineFor,
  supplyLength,
  supplyPassableSlots,
  supplySources,
  supplyWorkspace,
  traceSupply,
  enemyZocMask,
} from '../engine';
import type { Game } from '../model/game';
import { ExitError, EXIT } from './exit-codes';
import { diagnosticsAsJsonLines, formatDiagnostics } from './format-diagnostics';
import { readSourceLine, type Output } from './io';
import { loadBundledGame } from './verify';

export type EngineQuestion = 'odds' | 'combat' | 'reach' | 'supply' | 'stack';

export interface EngineOptions {
  json?: boolean;
  table?: string;
  attack?: string;
  defend?: string;
  column?: string;
  roll?: string;
  drm?: string;
  shift?: string;
  terrain?: string;
  across?: string;
  unit?: string;
  class?: string;
  ma?: string;
  from?: string;
  weather?: string;
  enemies?: string;
  side?: string;
  hex?: string;
  maxLength?: string;
  units?: string;
}

const list = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

function num(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) throw new ExitError(EXIT.usage, `--${name} takes a number, not "${text}"`);
  return n;
}

function need<T>(name: string, value: T | undefined): T {
  if (value === undefined) throw new ExitError(EXIT.usage, `--${name} is required`);
  return value;
}

/** The input a check would give for the question, from the command-line options. */
function inputFor(question: EngineQuestion, o: EngineOptions): Record<string, unknown> {
  const common = { ...(o.table ? { table: o.table } : {}), ...(o.weather ? { weather: o.weather } : {}) };
  switch (question) {
    case 'odds':
    case 'combat':
      return {
        ...common,
        ...(o.column
          ? { column: o.column }
          : { attack: need('attack', num('attack', o.attack)), defend: need('defend', num('defend', o.defend)) }),
        ...(question === 'combat' ? { roll: need('roll', num('roll', o.roll)) } : {}),
        ...(o.drm !== undefined ? { drm: num('drm', o.drm) } : {}),
        ...(o.shift !== undefined ? { shift: num('shift', o.shift) } : {}),
        ...(o.terrain ? { defenderTerrain: list(o.terrain) } : {}),
        ...(o.across ? { across: list(o.across) } : {}),
      };
    case 'reach':
      if (!o.unit && !o.class) throw new ExitError(EXIT.usage, 'reach needs --unit <id> or --class <movement class> with --ma');
      return {
        ...common,
        ...(o.unit ? { unit: o.unit } : { movementClass: o.class }),
        ...(o.ma !== undefined ? { ma: num('ma', o.ma) } : {}),
        from: need('from', o.from),
        ...(o.enemies ? { enemies: list(o.enemies) } : {}),
      };
    case 'supply':
      return {
        side: need('side', o.side),
        hex: need('hex', o.hex),
        ...(o.enemies ? { enemies: list(o.enemies) } : {}),
        ...(o.maxLength !== undefined ? { maxLength: num('max-length', o.maxLength) } : {}),
      };
    case 'stack':
      return {
        ...common,
        side: need('side', o.side),
        units: need('units', list(o.units)),
        ...(o.terrain ? { terrain: list(o.terrain) } : {}),
      };
  }
}

export async function engineCommand(question: EngineQuestion, target: string, options: EngineOptions, io: Output): Promise<boolean> {
  const { game, diagnostics } = await loadBundledGame(target);
  if (!game || hasErrors(diagnostics)) {
    if (options.json) io.out(diagnosticsAsJsonLines(diagnostics));
    else io.err(formatDiagnostics(diagnostics, readSourceLine, io.color));
    return false;
  }
  if (question === 'supply' && options.hex === undefined) return sideSupply(game, options, io);
  const input = inputFor(question, options);
  let answer;
  try {
    answer = GENERIC_QUERIES[question](engineFor(game), input);
  } catch (error) {
    // A unit id that is not in the game, a malformed list: the question is wrong, not the engine.
    if (error instanceof QueryInputError) throw new ExitError(EXIT.usage, `hexforge engine ${question}: ${error.message}`);
    throw error;
  }
  const cannot = answer.unsupported ?? answer.gap;
  if (options.json) {
    io.out(
      JSON.stringify({
        question,
        input,
        answer: answer.actual,
        reasoning: answer.reasoning,
        ...(answer.unsupported ? { unsupported: answer.unsupported } : {}),
        ...(answer.gap ? { gap: answer.gap } : {}),
      }),
    );
    return !cannot;
  }
  for (const line of answer.reasoning) io.out(`  ${line}`);
  if (answer.gap) {
    io.out(`gap (the data does not give what the answer needs): ${answer.gap}`);
    return false;
  }
  if (cannot) {
    io.out(`cannot answer: ${cannot}`);
    return false;
  }
  io.out(describe(question, answer.actual));
  return true;
}

function describe(question: EngineQuestion, actual: unknown): string {
  if (question === 'reach' && actual && typeof actual === 'object' && 'costs' in actual) {
    const costs = (actual as { costs: Record<string, number> }).costs;
    return `reachable (${Object.keys(costs).length}): ${Object.entries(costs)
      .map(([h, c]) => `${h}=${c}`)
      .join(' ')}`;
  }
  return JSON.stringify(actual);
}

/** Supply of every unit of a side that has a setup hex: one multi-source search for all of them. */
function sideSupply(game: Game, options: EngineOptions, io: Output): boolean {
  const side = need('side', options.side);
  const engine = engineFor(game);
  const g = engine.graph;
  const sources = supplySources(engine, side);
  if (sources.hexes.length === 0) {
    io.out(`cannot answer: map.json has no supply zone for side "${side}"`);
    return false;
  }
  const enemyHexes = (list(options.enemies) ?? game.units.filter((u) => u.side !== side && u.setupHex).map((u) => u.setupHex!))
    .map((id) => g.indexOf(id))
    .filter((i): i is number => i !== undefined);
  const blocked = enemyZocMask(engine, enemyHexes);
  for (const i of enemyHexes) blocked[i] = 1;
  const ws = supplyWorkspace(engine);
  const passable = supplyPassableSlots(engine);
  const maxLength = num('max-length', options.maxLength);
  traceSupply(g.neighbors, passable, ws, sources.hexes, blocked, maxLength);
  const rows = game.units
    .filter((u) => u.side === side && u.setupHex)
    .map((u) => {
      const length = supplyLength(g.neighbors, passable, ws, blocked, g.indexOf(u.setupHex!)!);
      return { unit: u.id, hex: u.setupHex!, inSupply: length >= 0 && (maxLength === undefined || length <= maxLength), length };
    });
  if (options.json) io.out(JSON.stringify({ question: 'supply', side, sources: sources.zones, enemies: enemyHexes.length, units: rows }));
  else {
    io.out(`  sources of ${side}: ${sources.zones.join(', ')} (${sources.hexes.length} hexes)${sources.citation}`);
    io.out(`  ${enemyHexes.length} enemy hexes block, with their ZOC (units at their setup hexes unless --enemies is given)`);
    for (const r of rows)
      io.out(
        `${r.inSupply ? 'in supply    ' : 'OUT OF SUPPLY'} ${r.unit} at ${r.hex}${r.length >= 0 ? ` (${r.length} hexes to a source)` : ''}`,
      );
    io.out(`${rows.filter((r) => r.inSupply).length} of ${rows.length} units in supply`);
  }
  return true;
}
