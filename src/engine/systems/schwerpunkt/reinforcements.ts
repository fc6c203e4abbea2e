/** German Variable Reinforcements drawn (11.4) and Soviet Replacements (12.0). */
import { QueryInputError, number, optNumber } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { FRONT_RANGE, MOTORIZED, NON_MOTORIZED } from './rules';
import { bool, object, optBool, Unanswerable } from './read';

/** 11.4 L380: Variable Reinforcements have a combat strength of 0, 1 or 2. */
const VARIABLE_REINFORCEMENT_STRENGTHS: readonly number[] = [0, 1, 2];

export const variableReinforcementDraw: QueryHandler = (_engine, input) => {
  const cs = number(input, 'cs');
  if (!VARIABLE_REINFORCEMENT_STRENGTHS.includes(cs)) throw new QueryInputError('input.cs must be 0, 1 or 2 [11.4 L380]');
  if (cs === 0) {
    return {
      actual: { placed: false, lost: false, redraw: false, vp: 0 },
      reasoning: [
        'a 0-strength Variable Reinforcement is set aside, never enters, gives no VP, and no other unit is drawn for it [11.4 L380, 19.21 L586]',
      ],
    };
  }
  if (bool(input, 'setupHexEverSovietControlled', false)) {
    return {
      actual: { placed: false, lost: true, redraw: false, vp: 0 },
      reasoning: [
        'its setup hex has been Soviet controlled: permanently lost, and no other unit is drawn [11.4 L379]',
        'not a step loss from combat or attrition, so no VP [19.21 L586]',
      ],
    };
  }
  return {
    actual: { placed: true, lost: false, redraw: false },
    reasoning: ['placed on the map in its setup hex (never in an Administrative Movement Box) [11.4 L379]'],
  };
};

export const sovietReplacement: QueryHandler = (_engine, input) => {
  const unit = object(input, 'unit');
  const available = object(input, 'available');
  const cls = unit.movementClass;
  if (cls !== MOTORIZED && cls !== NON_MOTORIZED)
    throw new Unanswerable(
      `replacements exist for motorized and non-motorized units only; the class of this unit (${String(cls)}) is not one of them [12.0 L382]`,
    );
  const pool = available[cls];
  if (typeof pool !== 'number') throw new QueryInputError(`input.available.${cls} must be a number`);
  const after = { ...available };
  const fail = (why: string) => ({ actual: { allowed: false, available: after }, reasoning: [why] });
  if (unit.eliminated === true) return fail('eliminated Soviet units never receive replacements [12.0 L384]');
  if (optBool(unit, 'reduced') !== true) return fail('only a unit that has suffered step losses may receive a replacement [12.0 L384]');
  if (unit.inSupply === false) return fail('the unit must be In Supply [12.0 L384]');
  if (bool(input, 'receivedThisSegment', false)) return fail('at most one replacement per unit per Administrative Segment [12.0 L384]');
  const inAmb = unit.inAmb === true;
  const distance = optNumber(input, 'frontDistance');
  if (!inAmb) {
    if (distance === undefined)
      throw new QueryInputError('input.frontDistance is required unless the unit is in an Administrative Movement Box');
    if (distance > FRONT_RANGE) return fail(`${distance} hexes from a Front Marker: out of range (${FRONT_RANGE}) [12.0 L384, 14.0 L408]`);
  }
  if (pool < 1)
    return fail(`no ${cls} replacement available (motorized replacements for motorized units only, and vice versa) [12.0 L384]`);
  after[cls] = pool - 1;
  return {
    actual: { allowed: true, available: after },
    reasoning: [
      `reduced ${cls} unit, In Supply, ${inAmb ? 'in an Administrative Movement Box' : `${distance} hexes from a Front Marker`}: one step rebuilt, ${cls} replacements ${pool} → ${pool - 1} [12.0 L384–385]`,
    ],
  };
};
