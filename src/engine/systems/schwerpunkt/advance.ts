/** Advance after Combat (16.12 L556–559, 16.93 L526): one hex, a second only for qualifying attackers. */
import { QueryInputError } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { MAX_ADVANCE_HEXES, MOTORIZED, REFUSAL_RETREAT_HEXES } from './rules';
import { bool, isStationary, rulesUnits } from './read';

export const advanceLength: QueryHandler = (engine, input) => {
  const superiority = bool(input, 'attackerSuperiority', false);
  const retreated = input.defenderRetreated;
  if (!(retreated === 'eliminated' || (typeof retreated === 'number' && Number.isInteger(retreated) && retreated >= 0))) {
    throw new QueryInputError('input.defenderRetreated must be a number of hexes or "eliminated"');
  }
  const attackers = rulesUnits(engine, input.attackers, 'input.attackers');
  const reasoning: string[] = [];
  const vacated = retreated === 'eliminated' || retreated > 0;
  const secondHexCombat = superiority && (retreated === 'eliminated' || retreated >= REFUSAL_RETREAT_HEXES);
  reasoning.push(
    !vacated
      ? 'the defending hex was not vacated: no advance [16.12 L556]'
      : secondHexCombat
        ? `attacker had Tactical Superiority and the defender ${retreated === 'eliminated' ? 'was eliminated' : 'retreated two hexes'}: a second hex is possible [16.12 L557]`
        : `${superiority ? 'the defender retreated one hex' : 'no attacker Tactical Superiority'}: one hex only [16.12 L557]`,
  );
  const perUnit = attackers.map((u) => {
    if (!vacated) return 0;
    if (isStationary(engine, u)) {
      reasoning.push(`${u.label}: stationary units never advance [16.12 L559]`);
      return 0;
    }
    if (!secondHexCombat) return 1;
    const blockers: string[] = [];
    if (u.movementClass !== MOTORIZED) blockers.push('not motorized');
    if (!u.inSupply) blockers.push('not In Supply');
    if (u.raw.inEnemyZoc === true) blockers.push('advances from an EZOC');
    if (u.raw.acrossMajorRiver === true) blockers.push('attacked across a Major River [16.93 L526]');
    if (u.raw.advanceCrossesMajorRiver === true) blockers.push('the second hex would cross a Major River [16.93 L526]');
    reasoning.push(`${u.label}: ${blockers.length ? `one hex (${blockers.join(', ')})` : `${MAX_ADVANCE_HEXES} hexes`} [16.12 L557]`);
    return blockers.length ? 1 : MAX_ADVANCE_HEXES;
  });
  return { actual: { maxAdvance: Math.max(0, ...perUnit), perUnit }, reasoning };
};
