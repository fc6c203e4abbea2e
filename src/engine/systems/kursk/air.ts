/** Air warfare (17.0, optional): interception rolls and the Air Points of each scenario (19.7, 20.7, 21.7). */
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { cite } from '../../source-text';
import { scenario } from './game-data';
import * as rules from './rules';

export function interception(engine: Engine, input: Input): QueryAnswer {
  const who = string(input, 'interceptors');
  const committed = optNumber(input, 'committed') ?? 0;
  const faces = engine.game.info.dice?.[0]?.faces;
  if (faces === undefined) return unsupported('game.json gives no die');
  const { value: r, cite: where } = rules.interception(engine);
  let base: number;
  const reasoning: string[] = [];
  if (who === 'one') {
    base = r.oneSide;
    reasoning.push(`one side intercepts: success on 1-${base}${where}`);
  } else if (who === 'both') {
    base = r.bothSides;
    reasoning.push(`both intercept: the ${rules.sideName(engine, r.bothSidesRoller)} player rolls, success on 1-${base}${where}`);
  } else throw new QueryInputError('input.interceptors must be one or both');
  const bonus = Math.max(0, committed - r.freeAirPoints);
  if (bonus) reasoning.push(`${committed} Air Points committed: −${bonus} to the roll (one per point over ${r.freeAirPoints})`);
  const success: number[] = [];
  for (let roll = 1; roll <= faces; roll++) if (roll !== r.alwaysFails && roll - bonus <= base) success.push(roll);
  reasoning.push(`a ${r.alwaysFails} always fails`);
  return { actual: { ...(who === 'both' ? { roller: r.bothSidesRoller } : {}), success }, reasoning };
}

export function airPoints(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turn = number(input, 'turn');
  const schedule = rules.airPoints(engine).value[s.id];
  if (!schedule) return unsupported(`no Air Points are stated for scenario ${s.id}`);
  if (turn < s.firstTurn || turn > s.lastTurn)
    throw new QueryInputError(`turn ${turn} is outside scenario ${s.id} (${s.firstTurn}-${s.lastTurn})`);
  const entry = [...schedule].reverse().find((e) => e.fromTurn <= turn);
  if (!entry) return unsupported(`no Air Points are stated for scenario ${s.id} before Game-Turn ${schedule[0]?.fromTurn}`);
  const sides = Object.entries(entry.points).map(([side, points]) => `${rules.sideName(engine, side)} ${points}`);
  return {
    actual: { ...entry.points },
    reasoning: [`Game-Turn ${turn}: ${sides.join(', ')} Air Points (unless eliminated)${cite(entry.source)}`],
  };
}
