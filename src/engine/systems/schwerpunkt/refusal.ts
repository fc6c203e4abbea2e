/** Combat Refusal (16.4 STEP 3 L482, 16.7 L504). */
import { number, optString } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { AP_PER_COMBAT, REFUSAL_ADVANCE_MAX, REFUSAL_RETREAT_HEXES } from './rules';
import { bool, object } from './read';
import { kindOfSegment } from './segments';

export const combatRefusal: QueryHandler = (engine, input) => {
  const defender = object(input, 'defender');
  const attacker = object(input, 'attacker');
  const allMotorized = bool(defender, 'allMotorized', false);
  const defenderTpv = number(defender, 'tpv');
  const attackerTpv = number(attacker, 'tpv');
  const free = bool(input, 'retreatHexesFreeOfEnemyZoc', false);
  const reasoning: string[] = [];
  const superior = defenderTpv > attackerTpv;
  reasoning.push(
    `defender ${allMotorized ? 'entirely motorized' : 'not entirely motorized'}, TPV ${defenderTpv} vs ${attackerTpv}: ${superior ? 'holds' : 'lacks'} Tactical Superiority`,
    `retreat hexes ${free ? 'free of' : 'in'} an EZOC`,
  );
  const allowed = allMotorized && superior && free;
  if (!allowed) {
    reasoning.push('Combat Refusal needs all three [16.7 L504]');
    return { actual: { allowed: false }, reasoning };
  }
  const segment = optString(input, 'segment');
  const apLost = segment === undefined || kindOfSegment(engine, segment) === 'schwerpunkt' ? AP_PER_COMBAT : 0;
  reasoning.push(
    `the defender may refuse: it retreats exactly ${REFUSAL_RETREAT_HEXES} hexes [16.7 L504]`,
    `the attackers may advance into the vacated hex only (${REFUSAL_ADVANCE_MAX} hex) [16.7 L504]`,
    `the ${apLost} Activity Points spent on the combat are lost [16.7 L504, 16.2 L466]`,
  );
  return {
    actual: { allowed: true, retreatHexes: REFUSAL_RETREAT_HEXES, attackerAdvanceMax: REFUSAL_ADVANCE_MAX, attackerApLost: apLost },
    reasoning,
  };
};
