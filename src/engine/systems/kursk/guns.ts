/**
 * Gun units and Artillery Points (13.0, 19.4): counterbattery Levels, HQ point quotas, how often
 * artillery defends, the scenario gun pool and reserve guns, each number read from the game's rules.
 */
import type { Engine } from '../../context';
import { QueryInputError, number, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { scenario, specialRule } from './game-data';
import * as rules from './rules';

export function counterbattery(engine: Engine, input: Input): QueryAnswer {
  const start = number(input, 'artilleryPoints');
  const negated = number(input, 'negated');
  const levelTwo = rules.levelTwoArtilleryPoints(engine);
  const points = Math.max(0, start - negated);
  const reasoning = [`${start} − ${negated} negated = ${points} effective Artillery Points`];
  if (points <= 0) return unsupported('no Level is stated for a unit with every point negated', reasoning);
  if (points >= levelTwo.value)
    return unsupported(`Levels above Two are not stated: ${points} points could be Level Two or higher`, reasoning);
  reasoning.push(`below the ${levelTwo.value} points of Level Two: operates at Level One${levelTwo.cite}`);
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

export function artilleryUses(engine: Engine): QueryAnswer {
  const uses = rules.artilleryUses(engine);
  return {
    actual: { ...uses.value },
    reasoning: [
      `${Object.entries(uses.value)
        .map(([when, n]) => `${n} × ${when}`)
        .join(', ')}${uses.cite}`,
    ],
  };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function mayGunPool(engine: Engine): QueryAnswer {
  const { value: pool, cite: where } = rules.gunPool(engine);
  const removed = sum(pool.removed);
  const drawn = sum(pool.drawn);
  const reasoning = [
    `scenario ${pool.scenario}: ${removed} ${pool.counter} gun units removed, ${drawn} drawn; ${pool.underReserveHQs} of the ${pool.remainingBeforeReserve} remaining go under the reserve HQs${where}`,
    `pool = ${removed} + ${drawn} + ${pool.remainingBeforeReserve}`,
  ];
  const listed = engine.game.units
    .filter((u) => u.side === pool.side && pool.unitTypes.includes(u.type) && u.id.includes(pool.counter))
    .reduce((a, u) => a + u.count, 0);
  if (listed) reasoning.push(`units.csv holds ${listed} ${pool.counter} gun counters`);
  return {
    actual: {
      removed: { ...pool.removed },
      drawn: { ...pool.drawn },
      underReserveHQs: pool.underReserveHQs,
      remainingBeforeReserve: pool.remainingBeforeReserve,
      poolTotal: removed + drawn + pool.remainingBeforeReserve,
    },
    reasoning,
  };
}

/** 19.45: exactly the stated number of gun units under the reserve HQs, at least one under each, any mix of types. */
export function reserveGuns(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const { value: pool, cite: where } = rules.gunPool(engine);
  if (!specialRule(s, pool.specialRule)) return unsupported(`scenario ${s.id} has no ${pool.specialRule} reserve gun rule`);
  const hqs = number(input, 'reserveHQs');
  const artillery = number(input, 'artillery');
  const antitank = number(input, 'antitank');
  if (artillery < 0 || antitank < 0) throw new QueryInputError('gun counts must not be negative');
  const total = artillery + antitank;
  const legal = total === pool.underReserveHQs && total >= hqs;
  return {
    actual: { legal },
    reasoning: [
      `${total} gun units (${artillery} artillery, ${antitank} anti-tank; any mix) for ${hqs} reserve HQs: exactly ${pool.underReserveHQs}, at least one per HQ${where}`,
    ],
  };
}
