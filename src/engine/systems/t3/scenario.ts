/**
 * Scenario rules: Scenario Three's RD setup exchanges (13.6.3.B), the Romanian 20's removal
 * (13.2.2), VPs for step losses (13.3.B-C), final and instant victory (13.4.B, 13.6.2), hex control
 * (3.3.C), and Random Event generation (12.0.C-E). Victory levels are read from the scenario's
 * victory entries ("exceeds N", "lower than N"); the VP per step from its points entry.
 */
import { isUnknown } from '../../../model/common';
import type { Engine } from '../../context';
import { QueryInputError, naturalRoll, number, optNumber, optString, string, unitFrom } from '../../checks/input';
import { unsupported, type QueryAnswer, type QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { crt, flag, label, list, otherSide, refuseUnknownSideKeys, side } from './read';
import * as rules from './rules';

function scenarioOf(engine: Engine, id: string) {
  const s = engine.game.scenarios.find((x) => x.id === id);
  if (!s) throw new QueryInputError(`scenario "${id}" is not in scenarios.json`);
  return s;
}

/** Setup hex of a unit in a scenario: the scenario's setup list, else the hex printed on the counter. */
function setupHex(engine: Engine, scenarioId: string, unitId: string): string | undefined {
  const s = scenarioOf(engine, scenarioId);
  for (const entry of s.setup ?? []) if (entry.units?.includes(unitId) && entry.hex) return entry.hex;
  return engine.unit(unitId)?.setupHex;
}

export const setupExchange: QueryHandler = (engine, input) => {
  const { value: rd, cite: where } = rules.rdExchange(engine);
  const id = string(input, 'scenario');
  const s = scenarioOf(engine, id);
  const rule = (s.specialRules ?? []).find((r) => r.source !== undefined && typeof r.source !== 'string' && r.source.rule === rd.rule);
  const pairs = list(input, 'exchanges');
  if (!rule) return { actual: { legal: false, used: 0, max: 0 }, reasoning: [`${s.name} has no set-up exchange rule (${rd.rule})`] };
  const reasoning = [`${rule.title}${cite(rule.source)}`];
  const positions: Record<string, string> = {};
  let legal = pairs.length <= rd.max;
  if (!legal) reasoning.push(`${pairs.length} exchanges: at most ${rd.max}${where}`);
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2 || pair.some((x) => typeof x !== 'string'))
      throw new QueryInputError('each exchange must be a pair of unit ids');
    const [a, b] = pair.map((u) => unitFrom(engine, u));
    const isRd = (u: typeof a) => u.side === rd.side && u.type === rd.type && u.size === rd.size;
    if (!isRd(a) || !isRd(b)) {
      legal = false;
      reasoning.push(`${label(a)} and ${label(b)} must both be ${rd.side} ${rd.type} ${rd.size} units${where}`);
      continue;
    }
    const ha = positions[a.id!] ?? setupHex(engine, id, a.id!);
    const hb = positions[b.id!] ?? setupHex(engine, id, b.id!);
    if (!ha || !hb) return unsupported(`the setup hex of ${ha ? b.id : a.id} is not known`, reasoning);
    positions[a.id!] = hb;
    positions[b.id!] = ha;
    reasoning.push(`${a.id} ${ha} ↔ ${b.id} ${hb}`);
  }
  return { actual: { legal, positions, used: pairs.length, max: rd.max }, reasoning };
};

/** VPs per step loss from the scenario's points entry (every scenario has one). */
function vpPerStep(engine: Engine, scenarioId?: string): { points: number; why: string } | undefined {
  const scenarios = scenarioId ? [scenarioOf(engine, scenarioId)] : engine.game.scenarios;
  const values = new Set<number>();
  let why = '';
  const entryId = rules.stepLossVictory(engine).value;
  for (const s of scenarios) {
    const entry = (s.victory ?? []).find((v) => v.id === entryId);
    if (entry?.points === undefined || isUnknown(entry.points)) return undefined;
    values.add(entry.points);
    why = `${entry.text}${cite(entry.source)}`;
  }
  return values.size === 1 ? { points: [...values][0], why } : undefined;
}

export const stepLossVp: QueryHandler = (engine, input) => {
  const losing = side(engine, string(input, 'side'));
  const steps = number(input, 'steps');
  const per = vpPerStep(engine, optString(input, 'scenario'));
  if (!per) return unsupported('the VPs per step loss are not stated alike in every scenario');
  const gainer = otherSide(engine, losing);
  const sign = rules.vpSign(engine).value[gainer];
  if (sign === undefined) return unsupported(`the VPs Track direction of ${gainer} is not given`);
  const vpChange = steps * per.points * sign;
  return {
    actual: { vpChange },
    reasoning: [
      per.why,
      `${steps} ${losing} step(s) lost: ${gainer} VPs, ${vpChange >= 0 ? '+' : ''}${vpChange} on the net track [13.3.B-C L973-L975]`,
    ],
  };
};

export const romanianRemoval: QueryHandler = (engine, input) => {
  const unitId = string(input, 'unit');
  const hex = string(input, 'hex');
  const controller = side(engine, string(input, 'controlledBy'));
  const unit = engine.unit(unitId);
  if (!unit) throw new QueryInputError(`unit "${unitId}" is not in units.csv`);
  const entry = engine.game.scenarios
    .flatMap((s) => s.reinforcements ?? [])
    .find((r) => r.units?.includes(unitId) && r.hex === hex && /removed permanently/i.test(r.condition ?? ''));
  if (!entry)
    return {
      actual: { removed: false, vpChange: 0 },
      reasoning: [`no removal condition for ${unitId} tied to hex ${hex} in scenarios.json`],
    };
  const reasoning = [`${unitId}: ${entry.condition}${cite(entry.source)}`];
  if (controller === unit.side)
    return { actual: { removed: false, vpChange: 0 }, reasoning: [...reasoning, `${hex} is ${controller}-controlled: ${unitId} stays`] };
  const steps = unit.steps !== undefined && !isUnknown(unit.steps) ? unit.steps : undefined;
  const per = vpPerStep(engine);
  if (steps === undefined || !per) return unsupported(`the steps of ${unitId} or the VPs per step are not known`, reasoning);
  const sign = rules.vpSign(engine).value[controller];
  if (sign === undefined) return unsupported(`the VPs Track direction of ${controller} is not given`, reasoning);
  const vpChange = steps * per.points * sign;
  reasoning.push(
    `${hex} is ${controller}-controlled: ${unitId} is removed and counts as ${steps} step losses: ${vpChange >= 0 ? '+' : ''}${vpChange} VPs [13.2.2 L967, 13.3.B L973]`,
  );
  return { actual: { removed: true, vpChange }, reasoning };
};

export const victory: QueryHandler = (engine, input): QueryAnswer => {
  refuseUnknownSideKeys(engine, input, [['', 'UnitIn']]);
  const s = scenarioOf(engine, string(input, 'scenario'));
  const turn = number(input, 'turn');
  const vp = number(input, 'vp');
  const reasoning: string[] = [];
  // Instant wins: a unit of the entry's side in its hexes (input `<side>UnitIn`), with a supply line where the text asks one.
  for (const v of s.victory ?? []) {
    if (v.kind !== 'sudden-death' || !v.hexes?.length || !v.side) continue;
    const occupied = optString(input, `${v.side}UnitIn`);
    if (occupied === undefined || !v.hexes.includes(occupied)) continue;
    const needsSupply = /supply line/i.test(v.text);
    const supplied = flag(input, 'supplyLineToUnit') === true;
    if (!needsSupply || supplied) return { actual: { winner: v.side, instant: true }, reasoning: [`${v.text}${cite(v.source)}`] };
    reasoning.push(`a unit in ${occupied} but no supply line to it: no instant victory${cite(v.source)}`);
  }
  if (s.lastTurn === undefined || turn < s.lastTurn) {
    reasoning.push(`turn ${turn} is not the scenario's last (${s.lastTurn ?? '?'}): victory is determined at its very end`);
    const levels = (s.victory ?? []).filter((v) => v.kind === 'sudden-death' && !v.hexes?.length);
    if (levels.some((v) => v.points !== undefined && isUnknown(v.points)))
      return unsupported('the per-turn VP span for sudden death is not given', reasoning);
    return { actual: { winner: 'none' }, reasoning };
  }
  const level = (re: RegExp) => {
    for (const v of s.victory ?? []) {
      if (v.kind !== 'level' || !v.side) continue;
      const m = re.exec(v.text);
      if (m) return { side: v.side, value: Number(m[1]), v };
    }
    return undefined;
  };
  const above = level(/exceeds (-?\d+)/);
  const below = level(/lower than (-?\d+)/);
  if (!above || !below) return unsupported(`${s.name} states no VP levels this engine can read`, reasoning);
  reasoning.push(`final VPs ${vp} at the end of turn ${turn}`);
  if (vp > above.value)
    return { actual: { winner: above.side, instant: false }, reasoning: [...reasoning, `${above.v.text}${cite(above.v.source)}`] };
  if (vp < below.value)
    return { actual: { winner: below.side, instant: false }, reasoning: [...reasoning, `${below.v.text}${cite(below.v.source)}`] };
  const draw = (s.victory ?? []).find((v) => v.kind === 'level' && !v.side);
  return {
    actual: { winner: 'draw', instant: false },
    reasoning: [...reasoning, `${draw?.text ?? `between ${below.value} and ${above.value}: a draw`}${cite(draw?.source)}`],
  };
};

export const hexControl: QueryHandler = (engine, input) => {
  refuseUnknownSideKeys(engine, input, [
    ['', 'UnitMovesThrough'],
    ['', 'UnitEnters'],
    ['betweenFrontLineAnd', 'Source'],
    ['traces', 'Supply'],
  ]);
  const held = side(engine, string(input, 'controlledBy'), 'controlledBy');
  const enemy = otherSide(engine, held);
  // 3.3.C.1: an enemy unit entering or moving through the hex takes it at once.
  if (flag(input, `${enemy}UnitMovesThrough`) || flag(input, `${enemy}UnitEnters`)) {
    return {
      actual: { controlledBy: enemy, when: 'instantly' },
      reasoning: [`a ${enemy} unit enters or moves through the hex: control changes the instant it does [3.3.C.1 L380]`],
    };
  }
  // 3.3.C.2: consolidation at the end of a Player Segment.
  const moment = optString(input, 'moment');
  const m = moment ? /^end-of-([a-z-]+)-segment$/.exec(moment) : null;
  if (m) {
    const gainer = side(engine, m[1], 'moment side');
    if (gainer === held) return { actual: { controlledBy: held }, reasoning: [`already ${held}-controlled`] };
    const cap = gainer.charAt(0).toUpperCase() + gainer.slice(1);
    const between = flag(input, `betweenFrontLineAnd${cap}Source`);
    const traces = flag(input, `traces${cap}Supply`);
    const occupiedByEnemyOfGainer = flag(input, 'enemyOccupied');
    if (between === undefined || traces === undefined || occupiedByEnemyOfGainer === undefined) {
      throw new QueryInputError(`consolidation needs enemyOccupied, betweenFrontLineAnd${cap}Source and traces${cap}Supply`);
    }
    const changes = !occupiedByEnemyOfGainer && between && traces;
    return {
      actual: { controlledBy: changes ? gainer : held, when: changes ? 'end of segment' : undefined },
      reasoning: [
        changes
          ? `at the end of the ${gainer} segment a non-enemy-occupied hex between the front line and a ${gainer} supply source that traces a supply line becomes ${gainer}-controlled [3.3.C.2 L381]`
          : `the hex does not meet 3.3.C.2 (non-enemy-occupied, between the front line and a friendly source, tracing supply): stays ${held} [3.3.C.2 L381]`,
      ],
    };
  }
  return {
    actual: { controlledBy: held },
    reasoning: ['no enemy unit entered and no end-of-segment consolidation: control is unchanged [3.3.D L383]'],
  };
};

export const randomEvent: QueryHandler = (engine, input) => {
  // 12.0.C: the unmodified roll of the combat, on the CRT's dice.
  const roll = naturalRoll(engine, crt(engine), input);
  if (flag(input, 'fromRandomEvent'))
    return { actual: { event: false }, reasoning: ['combat due to a Random Event may not generate another [12.0.E L889]'] };
  const rolls = rules.randomEventRolls(engine);
  const event = rolls.value.includes(roll);
  const drm = optNumber(input, 'drm');
  return {
    actual: { event },
    reasoning: [
      `unmodified roll ${roll}${drm !== undefined ? ` (the DRM ${drm} does not count)` : ''}: ${event ? 'a Random Event' : 'no Random Event'} (only unmodified ${rolls.value.join(' or ')})${rolls.cite}`,
    ],
  };
};
