/**
 * ZOC Links in play (10.0): the links of a side, moves executed in order with links re-evaluated
 * after each (10.4, 10.5), defensive reserve paths (10.4, 14.5) and supply paths (15.4).
 */
import { alternatingTriple, areAdjacent, axialDirectionBetween, oppositePair, type Hex } from '../../../hex';
import { sameSet } from '../../checks/compare';
import { QueryInputError, optStrings, string, type Input } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { unsupported } from '../../checks/query';
import type { Engine } from '../../context';
import { list, record, sideOf } from './common';
import { edgeUnits, hexsideName, idOf, linkBlocks, mapHex, sameHex, zocLinks, type Positioned } from './geometry';

function hexes(engine: Engine, input: Input, key: string): Hex[] {
  return (optStrings(input, key) ?? []).map((id) => mapHex(engine, id, `input.${key} hex`));
}

function positioned(engine: Engine, hs: Hex[]): Positioned[] {
  return hs.map((h) => ({ hex: h, label: idOf(engine, h)! }));
}

/** ring-of-fire.zocLinks {side, units, enemies, friendlyEdges?} → {hexLinks, hexsideLinks} (10.3–10.7). */
export const zocLinksQuery: QueryHandler = (engine, input) => {
  sideOf(engine, input.side);
  const reasoning: string[] = [];
  const units = positioned(engine, hexes(engine, input, 'units'));
  const virtual = edgeUnits(engine, optStrings(input, 'friendlyEdges') ?? [], reasoning);
  const links = zocLinks(engine, [...units, ...virtual], hexes(engine, input, 'enemies'));
  reasoning.push(...links.reasons);
  if (links.hexLinks.length + links.hexsideLinks.length === 0) reasoning.push('no ZOC Link stands');
  const actual = {
    hexLinks: links.hexLinks.map((h) => idOf(engine, h)!).sort(),
    hexsideLinks: links.hexsideLinks.map(([p, q]) => hexsideName(engine, p, q)).sort(),
  };
  const normalSide = (s: string) => s.split('/').sort().join('/');
  return {
    actual,
    reasoning,
    compare: (expect, got) => {
      const g = got as typeof actual;
      if (Array.isArray(expect.hexLinks) && !sameSet(expect.hexLinks, g.hexLinks)) return false;
      if (Array.isArray(expect.hexsideLinks) && !sameSet((expect.hexsideLinks as string[]).map(normalSide), g.hexsideLinks)) return false;
      return true;
    },
  };
};

/** Why a step from→to is barred: enemy-occupied (11.3) or an enemy link (10.4). */
function stepBlock(engine: Engine, from: Hex, to: Hex, enemies: Hex[], friendly: Hex[]): string | undefined {
  if (!areAdjacent(from, to)) throw new QueryInputError(`${idOf(engine, from)} and ${idOf(engine, to)} are not adjacent`);
  if (enemies.some((e) => sameHex(e, to))) return `${idOf(engine, to)} holds an enemy unit [11.3]`;
  const links = zocLinks(engine, positioned(engine, enemies), friendly);
  return linkBlocks(engine, links, from, to);
}

function path(engine: Engine, value: unknown, what: string): Hex[] {
  if (!Array.isArray(value) || value.length < 1) throw new QueryInputError(`${what} must be a list of hexes`);
  return value.map((id) => mapHex(engine, id, `${what} hex`));
}

/**
 * ring-of-fire.moveSequence {side, enemies, moves: [{unit, path}]} → {legal: [bool per move]}: each unit
 * starts on the first hex of its path; moves run in order and enemy links are re-evaluated at every
 * step with every friendly unit where it stands (10.5). An illegal move leaves its unit where it was.
 */
export const moveSequence: QueryHandler = (engine, input) => {
  sideOf(engine, input.side);
  const enemies = hexes(engine, input, 'enemies');
  const moves = list(input, 'moves').map((m, i) => {
    const r = record(m, `input.moves[${i}]`);
    return { unit: string(r, 'unit'), path: path(engine, r.path, `input.moves[${i}].path`) };
  });
  const where = new Map<string, Hex>();
  for (const m of moves) if (!where.has(m.unit)) where.set(m.unit, m.path[0]);
  const legal: boolean[] = [];
  const reasoning: string[] = [];
  for (const m of moves) {
    const start = where.get(m.unit)!;
    if (!sameHex(start, m.path[0])) throw new QueryInputError(`${m.unit} is in ${idOf(engine, start)}, not ${idOf(engine, m.path[0])}`);
    let blocked: string | undefined;
    let at = start;
    for (const next of m.path.slice(1)) {
      where.set(m.unit, at);
      blocked = stepBlock(engine, at, next, enemies, [...where.values()]);
      if (blocked) break;
      at = next;
    }
    if (blocked) {
      where.set(m.unit, start);
      reasoning.push(`${m.unit}: illegal, ${blocked}; it stays in ${idOf(engine, start)}`);
    } else {
      where.set(m.unit, at);
      reasoning.push(`${m.unit}: ${m.path.map((h) => idOf(engine, h)).join('→')} legal`);
    }
    legal.push(!blocked);
  }
  return { actual: { legal }, reasoning };
};

/**
 * ring-of-fire.defensiveReserveMove {side, enemies, path} → {legal}: never into an enemy unit, an
 * enemy Hex Link or across an enemy Hexside Link (10.4). A path the links allow still has to lie
 * within half the movement allowance (14.5), which needs the path's terrain.
 */
export const defensiveReserveMove: QueryHandler = (engine, input) => {
  sideOf(engine, input.side);
  const enemies = hexes(engine, input, 'enemies');
  const p = path(engine, input.path, 'input.path');
  for (let i = 1; i < p.length; i++) {
    const blocked = stepBlock(engine, p[i - 1], p[i], enemies, [p[i - 1]]);
    if (blocked)
      return {
        actual: { legal: false },
        reasoning: [`defensive reserves may not be moved into or across enemy ZOC Links: ${blocked} [10.4, 14.5]`],
      };
  }
  return unsupported(
    'no ZOC Link bars the path, but whether it lies within half the movement allowance (14.5) depends on terrain the map does not give',
    ['no enemy unit or ZOC Link on the path [10.4]'],
  );
};

/** ring-of-fire.supplyPath {side, path, enemies} → {open}: free of enemy units and enemy ZOC Links (15.4). */
export const supplyPath: QueryHandler = (engine, input) => {
  sideOf(engine, input.side);
  const enemies = hexes(engine, input, 'enemies');
  const p = path(engine, input.path, 'input.path');
  const links = zocLinks(engine, positioned(engine, enemies), []);
  const reasoning = [...links.reasons];
  if (enemies.some((e) => sameHex(e, p[0])))
    return { actual: { open: false }, reasoning: [...reasoning, `${idOf(engine, p[0])} holds an enemy unit [15.4]`] };
  for (let i = 1; i < p.length; i++) {
    if (!areAdjacent(p[i - 1], p[i])) throw new QueryInputError(`${idOf(engine, p[i - 1])} and ${idOf(engine, p[i])} are not adjacent`);
    const blocked = enemies.some((e) => sameHex(e, p[i]))
      ? `${idOf(engine, p[i])} holds an enemy unit`
      : linkBlocks(engine, links, p[i - 1], p[i]);
    if (blocked) return { actual: { open: false }, reasoning: [...reasoning, `a supply line may not pass: ${blocked} [15.4, 10.4]`] };
  }
  return { actual: { open: true }, reasoning: [...reasoning, 'no enemy unit or ZOC Link on the path [15.4]'] };
};

/**
 * ring-of-fire.concentric {defender, attackers} → {concentric} (12.61): attacks from two opposite hexes or
 * from three alternating hexes (four or more always include such a set).
 */
export const concentric: QueryHandler = (engine, input) => {
  const defender = mapHex(engine, input.defender, 'input.defender');
  const dirs = new Set<number>();
  const attackers = optStrings(input, 'attackers') ?? [];
  for (const id of attackers) {
    const h = mapHex(engine, id, 'input.attackers hex');
    if (!areAdjacent(h, defender)) throw new QueryInputError(`attacking hex ${id} is not adjacent to ${input.defender}`);
    dirs.add(axialDirectionBetween(defender, h));
  }
  const opposite = oppositePair(dirs) !== undefined;
  const alternating = alternatingTriple(dirs) !== undefined;
  const yes = opposite || alternating;
  return {
    actual: { concentric: yes },
    reasoning: [
      `${dirs.size} attacking direction(s) around ${input.defender}`,
      opposite
        ? 'two attacking hexes are opposite each other [12.61]'
        : alternating
          ? 'three alternating attacking hexes [12.61]'
          : 'no opposite pair and no three alternating hexes: not concentric [12.61]',
    ],
  };
};
