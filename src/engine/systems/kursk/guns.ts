/**
 * Gun units and Artillery Points (13.0, 19.4): counterbattery Levels, HQ point quotas, how often
 * artillery defends, the May gun pool and reserve guns.
 */
import type { Engine } from '../../context';
import { QueryInputError, number, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { scenario, specialRule } from './game-data';

/** 13.61: "a Soviet unit of Level Two has 8 Artillery Points" (no other Level threshold is stated). */
const LEVEL_TWO_POINTS = 8;
/** 13.17: artillery defends once per overrun in either Enemy Movement Phase and once per Combat Segment. */
const ARTILLERY_USES = { perOverrunInEnemyMovementPhases: 1, firstCombatSegment: 1, secondCombatSegment: 1 };
/** 19.42: five 10-3-4 artillery and five 10-3-4 anti-tank removed; fifteen of each drawn. */
const MAY_REMOVED = { artillery: 5, antitank: 5 };
const MAY_DRAWN = { artillery: 15, antitank: 15 };
/** 19.45: nine of the twenty remaining gun units go under the reserve HQs, at least one each. */
const MAY_RESERVE_GUNS = 9;
const MAY_REMAINING = 20;

export function counterbattery(_engine: Engine, input: Input): QueryAnswer {
  const start = number(input, 'artilleryPoints');
  const negated = number(input, 'negated');
  const points = Math.max(0, start - negated);
  const reasoning = [`${start} − ${negated} negated = ${points} effective Artillery Points [13.61 L548]`];
  if (points <= 0) return unsupported('no Level is stated for a unit with every point negated', reasoning);
  if (points >= LEVEL_TWO_POINTS)
    return unsupported(`Levels above Two are not stated: ${points} points could be Level Two or higher`, reasoning);
  reasoning.push(`below the ${LEVEL_TWO_POINTS} points of Level Two: operates at Level One [13.61]`);
  return { actual: { points, level: 1 }, reasoning };
}

/** 13.33: an HQ's Artillery Points serve the whole Phase. */
export function gunPoints(_engine: Engine, input: Input): QueryAnswer {
  const quota = number(input, 'artillery');
  const spent = number(input, 'spentFirstSegment');
  const availableSecondSegment = Math.max(0, quota - spent);
  return {
    actual: { availableSecondSegment },
    reasoning: [
      `the quota of ${quota} covers the whole Phase: ${spent} spent in the First Segment leaves ${availableSecondSegment} [13.33 L524]`,
    ],
  };
}

export function artilleryUses(): QueryAnswer {
  return {
    actual: { ...ARTILLERY_USES },
    reasoning: ['every overrun in either Enemy Movement Phase, once in the First and once in the Second Combat Segment [13.17 L502]'],
  };
}

export function mayGunPool(engine: Engine): QueryAnswer {
  const removed = MAY_REMOVED.artillery + MAY_REMOVED.antitank;
  const drawn = MAY_DRAWN.artillery + MAY_DRAWN.antitank;
  const reasoning = [
    `${removed} 10-3-4 gun units removed, ${drawn} drawn [19.42 L742]`,
    `"nine of the twenty remaining" go under the reserve HQs [19.45 L745]: pool = ${removed} + ${drawn} + ${MAY_REMAINING}`,
  ];
  const listed = engine.game.units
    .filter((u) => u.side === 'soviet' && (u.type === 'artillery' || u.type === 'antitank') && /10-3-4/.test(u.id))
    .reduce((a, u) => a + u.count, 0);
  if (listed) reasoning.push(`units.csv holds ${listed} 10-3-4 gun counters`);
  return {
    actual: {
      removed: { ...MAY_REMOVED },
      drawn: { ...MAY_DRAWN },
      underReserveHQs: MAY_RESERVE_GUNS,
      remainingBeforeReserve: MAY_REMAINING,
      poolTotal: removed + drawn + MAY_REMAINING,
    },
    reasoning,
  };
}

/** 19.45: exactly nine gun units under the reserve HQs, at least one under each, any mix of types. */
export function reserveGuns(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  if (!specialRule(s, '19.45')) return unsupported(`scenario ${s.id} has no 19.45 reserve gun rule`);
  const hqs = number(input, 'reserveHQs');
  const artillery = number(input, 'artillery');
  const antitank = number(input, 'antitank');
  if (artillery < 0 || antitank < 0) throw new QueryInputError('gun counts must not be negative');
  const total = artillery + antitank;
  const legal = total === MAY_RESERVE_GUNS && total >= hqs;
  return {
    actual: { legal },
    reasoning: [
      `${total} gun units (${artillery} artillery, ${antitank} anti-tank; any mix) for ${hqs} reserve HQs: exactly ${MAY_RESERVE_GUNS}, at least one per HQ [19.45 L745]`,
    ],
  };
}
