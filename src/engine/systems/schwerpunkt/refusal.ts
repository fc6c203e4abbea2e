/** Combat Refusal (16.4 STEP 3 L482, 16.7 L504). */
import { number, optString } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { activityPoints, combatRefusal as refusalRule } from './rules';
import { bool, object } from './read';
import { kindOfSegment } from './segments';

export const combatRefusal: QueryHandler = (engine, input) => {
  const defender = object(input, 'defender');
  const attacker = object(input, 'attacker');
  const allEligible = bool(defender, 'allEligible', false);
  const defenderTpv = number(defender, 'tpv');
  const attackerTpv = number(attacker, 'tpv');
  const free = bool(input, 'retreatHexesFreeOfEnemyZoc', false);
  const refusal = refusalRule(engine);
  const reasoning: string[] = [];
  const superior = defenderTpv > attackerTpv;
  reasoning.push(
    `defender ${allEligible ? 'entirely' : 'not entirely'} of ${refusal.value.classes.join('/')} units, TPV ${defenderTpv} vs ${attackerTpv}: ${superior ? 'holds' : 'lacks'} Tactical Superiority`,
    `retreat hexes ${free ? 'free of' : 'in'} an EZOC`,
  );
  const allowed = allEligible && superior && free;
  if (!allowed) {
    reasoning.push(`Combat Refusal needs all three${refusal.cite}`);
    return { actual: { allowed: false }, reasoning };
  }
  const segment = optString(input, 'segment');
  const costs = activityPoints(engine);
  const apLost = segment === undefined || kindOfSegment(engine, segment) === 'schwerpunkt' ? costs.value.perCombat : 0;
  reasoning.push(
    `the defender may refuse: it retreats exactly ${refusal.value.retreatHexes} hexes${refusal.cite}`,
    `the attackers may advance into the vacated hex only (${refusal.value.advanceMax} hex)${refusal.cite}`,
    `the ${apLost} Activity Points spent on the combat are lost${refusal.cite}${costs.cite}`,
  );
  return {
    actual: {
      allowed: true,
      retreatHexes: refusal.value.retreatHexes,
      attackerAdvanceMax: refusal.value.advanceMax,
      attackerApLost: apLost,
    },
    reasoning,
  };
};
