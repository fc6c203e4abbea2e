/**
 * The supply state of hexes for one side, by the game's supply rules (supply.ts): the sources
 * (map zones of kind "supply"), what blocks a line, and whether the answer holds whatever the
 * map leaves unknown. Both `supply` checks and `hexforge engine supply --side` ask it.
 */
import { isUnknown } from '../model/common';
import type { Engine } from './context';
import { cite } from './source-text';
import { SupplyWorkspace, supplyLength, supplyPassableSlots, supplyRules, traceSupply } from './supply';
import { enemyZocMask } from './zoc';

export interface SupplySituation {
  /** Hexes holding enemy units, and those of them whose units exert ZOC. */
  enemyHexes: number[];
  zocHexes: number[];
  /** Hexes holding friendly units (they may negate enemy ZOC). */
  friendlyHexes: number[];
  /** Hexes the enemy controls (they may block the line and disable sources). */
  enemyControlled: number[];
  /** The longest line the question allows, over the game's own. */
  maxLength?: number;
}

export type SupplyAnswer = { state: 'in'; length: number } | { state: 'out'; why: string } | { state: 'unknown'; why: string };

export interface SideSupply {
  /** Source zones used, their hex count, and the rules that block a line, for the reasoning. */
  reasons: string[];
  zones: string[];
  sourceCount: number;
  at(hex: number): SupplyAnswer;
}

/** Supply source hexes of a side: map zones of kind "supply" for that side. */
export function supplySources(engine: Engine, side: string): { hexes: number[]; zones: string[]; citation: string; incomplete: boolean } {
  const zones = engine.game.map.zones.filter((z) => z.kind === 'supply' && z.side === side);
  const hexes = [...new Set(zones.flatMap((z) => z.hexIds))]
    .map((id) => engine.graph.indexOf(id))
    .filter((i): i is number => i !== undefined);
  return {
    hexes,
    zones: zones.map((z) => z.name ?? z.id),
    citation: zones.map((z) => cite(z.source)).join(''),
    incomplete: zones.some((z) => z.complete === false),
  };
}

const second = new WeakMap<Engine, [SupplyWorkspace, SupplyWorkspace]>();

function workspaces(engine: Engine): [SupplyWorkspace, SupplyWorkspace] {
  let ws = second.get(engine);
  if (!ws) second.set(engine, (ws = [new SupplyWorkspace(engine.graph.size), new SupplyWorkspace(engine.graph.size)]));
  return ws;
}

/** Traces supply for `side` once; `at(hex)` then answers for any hex. Undefined when the side has no source zone. */
export function sideSupply(engine: Engine, side: string, s: SupplySituation): SideSupply | undefined {
  const sources = supplySources(engine, side);
  if (sources.hexes.length === 0) return undefined;
  const g = engine.graph;
  const rules = supplyRules(engine);
  const reasons: string[] = [`sources of ${side}: ${sources.zones.join(', ')} (${sources.hexes.length} hexes)${sources.citation}`];
  const { blocked, blocks } = blockedHexes(engine, rules, s);
  reasons.push(
    `a supply line may not enter ${blocks.join('; ') || 'anything in particular'}${rules.stated ? rules.citation : ' (game.json states no supply rules: the defaults)'}`,
  );
  let usable = sources.hexes;
  if (rules.sourcesNeedControl && s.enemyControlled.length) {
    const lost = new Set(s.enemyControlled);
    usable = usable.filter((i) => !lost.has(i));
    if (usable.length < sources.hexes.length)
      reasons.push(`${sources.hexes.length - usable.length} source hexes are enemy-controlled and supply nothing`);
  }
  const stated = rules.maxLength;
  const gameMax = stated === undefined ? undefined : isUnknown(stated) ? 'unknown' : stated;
  const maxLength = s.maxLength ?? (gameMax === 'unknown' ? undefined : gameMax);
  if (maxLength !== undefined) reasons.push(`longest line ${maxLength} hexes${s.maxLength === undefined ? rules.citation : ''}`);
  const passable = supplyPassableSlots(engine);
  const [sure, maybe] = workspaces(engine);
  traceSupply(g.neighbors, passable, sure, usable, blocked, maxLength, true);
  const sureDist = Int32Array.from(sure.dist);
  traceSupply(g.neighbors, passable, maybe, usable, blocked, maxLength, false);
  const maybeDist = Int32Array.from(maybe.dist);
  const lengthWith = (dist: Int32Array, i: number, unknownBlocks: boolean) =>
    supplyLength(g.neighbors, passable, { dist, queue: sure.queue } as SupplyWorkspace, blocked, i, unknownBlocks);
  return {
    reasons,
    zones: sources.zones,
    sourceCount: sources.hexes.length,
    at(i) {
      const certain = lengthWith(sureDist, i, true);
      const possible = lengthWith(maybeDist, i, false);
      if (certain >= 0) {
        if (gameMax === 'unknown' && s.maxLength === undefined && certain > 0)
          return {
            state: 'unknown',
            why: `the longest supply line is not given (game.json supply.maxLength), and the shortest line is ${certain} hexes`,
          };
        return { state: 'in', length: certain };
      }
      if (possible >= 0)
        return {
          state: 'unknown',
          why: `a line of ${possible} hexes exists only through hexes or hexsides whose terrain the map does not give`,
        };
      if (sources.incomplete)
        return { state: 'unknown', why: `no line found, but the supply zones of ${side} list only some of their hexes` };
      return { state: 'out', why: `no line to a source${maxLength !== undefined ? ` within ${maxLength} hexes` : ''}` };
    },
  };
}

/** The hexes a supply line may not enter in this situation, and the rules that block it, in words. */
function blockedHexes(
  engine: Engine,
  rules: ReturnType<typeof supplyRules>,
  s: SupplySituation,
): { blocked: Uint8Array; blocks: string[] } {
  const blocked = new Uint8Array(engine.graph.size);
  const blocks: string[] = [];
  if (rules.blockedByEnemyUnits) {
    for (const i of s.enemyHexes) blocked[i] = 1;
    blocks.push(`enemy units (${s.enemyHexes.length} hex${s.enemyHexes.length === 1 ? '' : 'es'} given)`);
  }
  if (rules.blockedByEnemyZoc) {
    const mask = enemyZocMask(engine, s.zocHexes);
    let negated = 0;
    if (rules.friendlyNegatesZoc)
      for (const i of s.friendlyHexes)
        if (mask[i]) {
          mask[i] = 0;
          negated++;
        }
    for (let i = 0; i < mask.length; i++) if (mask[i]) blocked[i] = 1;
    blocks.push(
      `enemy ZOC${rules.friendlyNegatesZoc ? `, except where a friendly unit stands (${negated} hex${negated === 1 ? '' : 'es'})` : ' (friendly units do not negate it)'}`,
    );
  }
  if (rules.blockedByEnemyControl) {
    for (const i of s.enemyControlled) blocked[i] = 1;
    blocks.push(`enemy-controlled hexes (${s.enemyControlled.length} named)`);
  }
  if (rules.prohibitedTerrain?.length)
    blocks.push(`${rules.prohibitedTerrain.join(', ')}${rules.bridges?.length ? ` unless spanned by ${rules.bridges.join('/')}` : ''}`);
  if (rules.movementProhibitedBlocks) blocks.push('terrain prohibited to movement');
  return { blocked, blocks };
}
