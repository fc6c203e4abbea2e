/**
 * Supply (7.1–7.4): supply source hexes and whether they function, the OOS marker procedure, and
 * the movement of OOS units (reduced Movement Allowance, guaranteed one-hex move).
 */
import { number, optString, string } from '../../checks/input';
import { QueryInputError } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { oosMarker, oosMovementAllowance as oosAllowances } from './rules';
import { bool, Unanswerable } from './read';

export const oosMovementAllowance: QueryHandler = (engine, input) => {
  const movementClass = string(input, 'movementClass');
  const printed = number(input, 'ma');
  if (!(engine.game.info.movementClasses ?? []).some((c) => c.id === movementClass))
    throw new QueryInputError(`movement class "${movementClass}" is not in game.json`);
  const allowances = oosAllowances(engine);
  const ma = allowances.value[movementClass];
  if (ma === undefined)
    throw new Unanswerable(
      `the OOS Movement Allowance is stated for ${Object.keys(allowances.value).join(', ')} units only, not for ${movementClass} units${allowances.cite}`,
    );
  return { actual: { ma }, reasoning: [`OOS ${movementClass} unit: MA ${ma} regardless of its printed ${printed}${allowances.cite}`] };
};

export const oosGuaranteedMove: QueryHandler = (engine, input) => {
  const ma = number(input, 'ma');
  const cost = input.hexCost;
  const fromZoc = bool(input, 'fromEnemyZoc', false);
  const intoZoc = bool(input, 'intoEnemyZoc', false);
  const reasoning: string[] = [];
  if (cost === 'prohibited') {
    reasoning.push('the hex may not be entered at all; other movement rules stay in effect [7.4 L323]');
    return { actual: { canMove: false, hexes: 0 }, reasoning };
  }
  if (typeof cost !== 'number') throw new QueryInputError('input.hexCost must be a number of MPs or "prohibited"');
  const zoc = engine.game.info.zoc;
  if (fromZoc && intoZoc && zoc?.zocToZoc === 'prohibited') {
    reasoning.push(`moving directly from an EZOC into an EZOC is prohibited, guaranteed move or not [7.4 L323]${cite(zoc.source)}`);
    return { actual: { canMove: false, hexes: 0 }, reasoning };
  }
  reasoning.push(
    cost > ma
      ? `${cost} MP needed but only ${ma}: an OOS unit is still guaranteed one hex [7.4 L323]`
      : `${cost} MP within the MA of ${ma}`,
  );
  if (intoZoc && zoc?.enter === 'stop') reasoning.push('it must stop in the EZOC hex [6.3 L302]');
  return { actual: { canMove: true, hexes: 1 }, reasoning };
};

export const supplySource: QueryHandler = (engine, input) => {
  const side = string(input, 'side');
  const hex = string(input, 'hex');
  const zones = engine.game.map.zones.filter((z) => z.kind === 'supply' && z.side === side);
  if (zones.length === 0) throw new Unanswerable(`map.json has no supply zone for ${side}`);
  const zone = zones.find((z) => z.hexIds.includes(hex));
  const reasoning: string[] = [];
  if (!zone) {
    const partial = zones.find((z) => z.complete === false);
    if (partial) throw new Unanswerable(`${hex} is not listed, but the zone "${partial.name ?? partial.id}" lists only some of its hexes`);
    reasoning.push(
      `${hex} is not in the ${side} supply sources (${zones.map((z) => z.name ?? z.id).join(', ')})${zones.map((z) => cite(z.source)).join('')}`,
    );
    return { actual: { source: false, active: false }, reasoning };
  }
  reasoning.push(`${hex} is a ${side} supply source: ${zone.name ?? zone.id}${cite(zone.source)}`);
  const controlledBy = optString(input, 'controlledBy');
  if (controlledBy === 'mutual' || controlledBy === 'both')
    throw new Unanswerable('whether a mutually controlled source functions is not stated (3.4 L204, 7.3 L320)');
  const sides = (engine.game.info.sides ?? []).map((s) => s.id);
  if (controlledBy !== undefined && controlledBy !== 'none' && !sides.includes(controlledBy))
    throw new QueryInputError(`controlledBy must be a side, "none" or "mutual"`);
  const active = controlledBy === undefined || controlledBy === 'none' || controlledBy === side;
  reasoning.push(
    active
      ? 'it functions: friendly controlled or controlled by neither player [7.3 L320]'
      : `it ceases to function while enemy (${controlledBy}) controlled [7.3 L320]`,
  );
  return { actual: { source: true, active }, reasoning };
};

export const supplyStatus: QueryHandler = (engine, input) => {
  const had = bool(input, 'hadOosMarker', false);
  const canTrace = bool(input, 'canTrace', true);
  if (canTrace) {
    return {
      actual: { marker: null, attritionCheck: false },
      reasoning: [had ? 'can trace a supply line: the OOS marker is removed [7.1 L310]' : 'In Supply: no marker [7.1 L308]'],
    };
  }
  const marker = oosMarker(engine);
  if (!engine.game.counters.markers?.some((m) => m.id === marker.value))
    throw new QueryInputError(`the OOS marker "${marker.value}" is not in counters.json`);
  if (had) {
    return {
      actual: { marker: marker.value, face: 'reverse', attritionCheck: true },
      reasoning: [
        `still cannot trace: the OOS marker flips to its OOS Attrition side and the unit makes an Attrition Check${marker.cite} [7.5 L326]`,
      ],
    };
  }
  return {
    actual: { marker: marker.value, face: 'front', attritionCheck: false },
    reasoning: [`cannot trace a supply line: the unit receives an OOS marker${marker.cite}`],
  };
};
