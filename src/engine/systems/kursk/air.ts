/** Air warfare (17.0, optional): interception rolls and the Air Points of each scenario (19.7, 20.7, 21.7). */
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { scenario } from './game-data';

/** 17.0: one side intercepting succeeds on 1-2; both intercepting, the German rolls and succeeds on 1-5. */
const ONE_SIDE_SUCCESS = 2;
const BOTH_SIDES_SUCCESS = 5;
/** 17.11: −1 to the roll per Air Point over three committed; a six always fails. */
const FREE_INTERCEPTORS = 3;
const ALWAYS_FAILS = 6;

/** Air Points each side holds from a turn on, per scenario, as the scenario Cases give them. */
const AIR_POINTS: Record<string, { fromTurn: number; german: number; soviet: number; rule: string }[]> = {
  may: [{ fromTurn: 1, german: 4, soviet: 2, rule: '19.7 L791' }],
  jul: [
    { fromTurn: 1, german: 2, soviet: 0, rule: '20.7 L867' },
    { fromTurn: 2, german: 5, soviet: 4, rule: '20.7 L867' },
  ],
  aug: [
    { fromTurn: 1, german: 5, soviet: 6, rule: '21.7 L939' },
    { fromTurn: 2, german: 5, soviet: 4, rule: '21.7 L939 (Soviet −2 on Game-Turn Two)' },
    { fromTurn: 4, german: 4, soviet: 4, rule: '21.7 L939 (German −1 on Game-Turn Four)' },
  ],
};

export function interception(engine: Engine, input: Input): QueryAnswer {
  const who = string(input, 'interceptors');
  const committed = optNumber(input, 'committed') ?? 0;
  const faces = engine.game.info.dice?.[0]?.faces ?? 6;
  let base: number;
  const reasoning: string[] = [];
  if (who === 'one') {
    base = ONE_SIDE_SUCCESS;
    reasoning.push(`one side intercepts: success on 1-${base} [17.0 L624]`);
  } else if (who === 'both') {
    base = BOTH_SIDES_SUCCESS;
    reasoning.push(`both intercept: the German rolls, success on 1-${base} [17.0 L624]`);
  } else throw new QueryInputError('input.interceptors must be one or both');
  const bonus = Math.max(0, committed - FREE_INTERCEPTORS);
  if (bonus) reasoning.push(`${committed} Air Points committed: −${bonus} to the roll [17.11 L630]`);
  const success: number[] = [];
  for (let roll = 1; roll <= faces; roll++) if (roll !== ALWAYS_FAILS && roll - bonus <= base) success.push(roll);
  reasoning.push(`a ${ALWAYS_FAILS} always fails [17.11]`);
  return { actual: { ...(who === 'both' ? { roller: 'german' } : {}), success }, reasoning };
}

export function airPoints(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turn = number(input, 'turn');
  const schedule = AIR_POINTS[s.id];
  if (!schedule) return unsupported(`no Air Points are stated for scenario ${s.id}`);
  if (turn < s.firstTurn || turn > s.lastTurn)
    throw new QueryInputError(`turn ${turn} is outside scenario ${s.id} (${s.firstTurn}-${s.lastTurn})`);
  const entry = [...schedule].reverse().find((e) => e.fromTurn <= turn)!;
  return {
    actual: { german: entry.german, soviet: entry.soviet },
    reasoning: [`Game-Turn ${turn}: German ${entry.german}, Soviet ${entry.soviet} Air Points (unless eliminated) [${entry.rule}]`],
  };
}
