/** Variable Reinforcements drawn (11.4) and Replacements (12.0). */
import { QueryInputError, number, optNumber } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { frontRange, replacementClasses, variableReinforcementStrengths } from './rules';
import { bool, object, optBool, Unanswerable } from './read';

export const variableReinforcementDraw: QueryHandler = (engine, input) => {
  const cs = number(input, 'cs');
  const strengths = variableReinforcementStrengths(engine);
  if (!strengths.value.includes(cs)) throw new QueryInputError(`input.cs must be one of ${strengths.value.join(', ')}${strengths.cite}`);
  if (cs === 0) {
    return {
      actual: { placed: false, lost: false, redraw: false, vp: 0 },
      reasoning: [
        'a 0-strength Variable Reinforcement is set aside, never enters, gives no VP, and no other unit is drawn for it [11.4 L380, 19.21 L586]',
      ],
    };
  }
  if (bool(input, 'setupHexEverEnemyControlled', false)) {
    return {
      actual: { placed: false, lost: true, redraw: false, vp: 0 },
      reasoning: [
        'its setup hex has been enemy controlled: permanently lost, and no other unit is drawn [11.4 L379]',
        'not a step loss from combat or attrition, so no VP [19.21 L586]',
      ],
    };
  }
  return {
    actual: { placed: true, lost: false, redraw: false },
    reasoning: ['placed on the map in its setup hex (never in an Administrative Movement Box) [11.4 L379]'],
  };
};

export const replacement: QueryHandler = (engine, input) => {
  const unit = object(input, 'unit');
  const available = object(input, 'available');
  const cls = unit.movementClass;
  const classes = replacementClasses(engine);
  if (typeof cls !== 'string' || !classes.value.includes(cls))
    throw new Unanswerable(
      `replacements exist for ${classes.value.join(' and ')} units only; the class of this unit (${String(cls)}) is not one of them${classes.cite}`,
    );
  const pool = available[cls];
  if (typeof pool !== 'number') throw new QueryInputError(`input.available.${cls} must be a number`);
  const after = { ...available };
  const fail = (why: string) => ({ actual: { allowed: false, available: after }, reasoning: [why] });
  if (unit.eliminated === true) return fail('eliminated units never receive replacements [12.0 L384]');
  if (optBool(unit, 'reduced') !== true) return fail('only a unit that has suffered step losses may receive a replacement [12.0 L384]');
  if (unit.inSupply === false) return fail('the unit must be In Supply [12.0 L384]');
  if (bool(input, 'receivedThisSegment', false)) return fail('at most one replacement per unit per Administrative Segment [12.0 L384]');
  const inAmb = unit.inAmb === true;
  const distance = optNumber(input, 'frontDistance');
  if (!inAmb) {
    if (distance === undefined)
      throw new QueryInputError('input.frontDistance is required unless the unit is in an Administrative Movement Box');
    const range = frontRange(engine);
    if (distance > range.value.hexes)
      return fail(`${distance} hexes from a Front Marker: out of range (${range.value.hexes}) [12.0 L384]${range.cite}`);
  }
  if (pool < 1) return fail(`no ${cls} replacement available (each class's replacements serve that class only)${classes.cite}`);
  after[cls] = pool - 1;
  return {
    actual: { allowed: true, available: after },
    reasoning: [
      `reduced ${cls} unit, In Supply, ${inAmb ? 'in an Administrative Movement Box' : `${distance} hexes from a Front Marker`}: one step rebuilt, ${cls} replacements ${pool} → ${pool - 1} [12.0 L384–385]`,
    ],
  };
};
