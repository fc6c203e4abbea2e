/** Advance after Combat (16.12 L556–559, 16.93 L526): one hex, a second only for qualifying attackers. */
import { QueryInputError } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { advance } from './rules';
import { bool, isStationary, rulesUnits } from './read';
import { maxOf } from '../../../extremes';

export const advanceLength: QueryHandler = (engine, input) => {
  const superiority = bool(input, 'attackerSuperiority', false);
  const retreated = input.defenderRetreated;
  if (!(retreated === 'eliminated' || (typeof retreated === 'number' && Number.isInteger(retreated) && retreated >= 0))) {
    throw new QueryInputError('input.defenderRetreated must be a number of hexes or "eliminated"');
  }
  const rule = advance(engine);
  const { maxHexes, secondHexClasses, secondHexAfterRetreat } = rule.value;
  const attackers = rulesUnits(engine, input.attackers, 'input.attackers');
  const reasoning: string[] = [];
  const vacated = retreated === 'eliminated' || retreated > 0;
  const secondHexCombat = superiority && (retreated === 'eliminated' || retreated >= secondHexAfterRetreat);
  reasoning.push(
    !vacated
      ? 'the defending hex was not vacated: no advance [16.12 L556]'
      : secondHexCombat
        ? `attacker had Tactical Superiority and the defender ${retreated === 'eliminated' ? 'was eliminated' : `retreated ${retreated} hexes`}: a second hex is possible${rule.cite}`
        : `${superiority ? `the defender retreated ${retreated} hex(es)` : 'no attacker Tactical Superiority'}: one hex only${rule.cite}`,
  );
  const classNames = secondHexClasses.map((c) => engine.game.info.movementClasses?.find((m) => m.id === c)?.name ?? c).join(' or ');
  const perUnit = attackers.map((u) => {
    if (!vacated) return 0;
    if (isStationary(engine, u)) {
      reasoning.push(`${u.label}: stationary units never advance [16.12 L559]`);
      return 0;
    }
    if (!secondHexCombat) return 1;
    const blockers: string[] = [];
    if (u.movementClass === undefined || !secondHexClasses.includes(u.movementClass)) blockers.push(`not ${classNames}`);
    if (!u.inSupply) blockers.push('not In Supply');
    if (u.raw.inEnemyZoc === true) blockers.push('advances from an EZOC');
    if (u.raw.attackedAcrossNoAdvanceHexside === true) blockers.push('attacked across a hexside that denies the second hex [16.93 L526]');
    if (u.raw.secondHexAcrossNoAdvanceHexside === true) blockers.push('the second hex would cross a hexside that denies it [16.93 L526]');
    reasoning.push(`${u.label}: ${blockers.length ? `one hex (${blockers.join(', ')})` : `${maxHexes} hexes`}${rule.cite}`);
    return blockers.length ? 1 : maxHexes;
  });
  return { actual: { maxAdvance: maxOf(perUnit, 0), perUnit }, reasoning };
};
