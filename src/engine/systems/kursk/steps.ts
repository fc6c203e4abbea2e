/**
 * Step losses (9.46-9.53, 9.6) and recombination (14.22, 14.35): reduction markers on units with
 * non-consecutive Steps, counter substitution for units with a face per Step, "?" rifle divisions,
 * and who takes losses in a stack.
 */
import type { Engine } from '../../context';
import { QueryInputError, number, optString, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { numbers } from './cases';
import * as rules from './rules';

type Values = Record<string, number>;
type Marker = { id: string; attack: number; stepValue: number };

function values(v: unknown, what: string): Values {
  if (v === undefined) return {};
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new QueryInputError(`${what} must be an object of values`);
  return v as Values;
}

function withMarker(front: Values, marker: Marker): Values {
  const out: Values = { ...front };
  if (typeof front.attack === 'number') out.attack = front.attack + marker.attack;
  if (typeof front.stepValue === 'number') out.stepValue = front.stepValue + marker.stepValue;
  return out;
}

export function stepLoss(engine: Engine, input: Input): QueryAnswer {
  const unit = values(input.unit, 'input.unit') as Record<string, unknown>;
  const losses = number(input, 'losses');
  const reasoning: string[] = [];

  if (unit.multiCounter === true) {
    // 9.51: even Steps on a front face, odd on the reverse; an even unit flips, an odd one is replaced.
    let steps = Number(unit.stepValue);
    if (!Number.isInteger(steps) || steps < 1) throw new QueryInputError('input.unit.stepValue must be a positive whole number');
    const sequence: { stepValue: number; action: string }[] = [];
    for (let k = 0; k < losses && steps > 0; k++) {
      const action = steps === 1 ? 'eliminated' : steps % 2 === 0 ? 'flip' : 'next-counter';
      steps -= 1;
      sequence.push({ stepValue: steps, action });
      reasoning.push(
        `Step ${steps + 1} → ${steps}: ${action === 'flip' ? 'even, flip to the reverse' : action === 'next-counter' ? 'odd, replace by the next lower counter, front up' : 'one Step left, removed'} [9.51 L359, 9.46]`,
      );
    }
    return { actual: { sequence, eliminated: steps === 0 }, reasoning };
  }

  if (unit.questionFront === true) {
    // 9.52: flipping a "?" rifle division is one Step loss whatever the back shows; a zero back removes it.
    if (losses !== 1) return unsupported('9.52 states only the first Step loss of a "?" rifle division');
    const back = Number(unit.backStepValue);
    if (!Number.isFinite(back)) throw new QueryInputError('input.unit.backStepValue must be a number');
    reasoning.push(
      `flipping the "?" face counts as one Step loss [9.52 L360]${back === 0 ? '; the back shows Step Value 0: removed from play' : ''}`,
    );
    return { actual: back === 0 ? { eliminated: true } : { eliminated: false, face: 'back', stepValue: back }, reasoning };
  }

  if (unit.nonConsecutive === true) {
    const front = unit.front !== undefined ? values(unit.front, 'input.unit.front') : { stepValue: Number(unit.stepValue) };
    const back = values(unit.back, 'input.unit.back');
    const fiveStep = unit.fiveStep === true;
    const markerSteps = fiveStep ? 2 : 1;
    if (losses <= 0)
      return { actual: { marker: null, face: 'front', effective: front, stepValue: front.stepValue }, reasoning: ['no loss'] };
    if (losses <= markerSteps) {
      const markers = rules.stepMarkers(engine);
      const marker = markers.value[losses - 1];
      if (!marker) return unsupported(`the game states no marker for ${losses} Step losses`);
      const effective = withMarker(front, marker);
      reasoning.push(
        `${losses} Step loss(es) on a full-strength ${fiveStep ? 'five-Step ' : ''}unit: ${marker.id} marker, Attack ${marker.attack}, Step ${marker.stepValue}${markers.cite}`,
      );
      return { actual: { marker: marker.id, face: 'front', effective, stepValue: effective.stepValue }, reasoning };
    }
    if (losses === markerSteps + 1) {
      reasoning.push(`loss ${losses}: marker removed, counter flipped to its back face [9.53 L361]`);
      return { actual: { marker: null, face: 'back', effective: back, stepValue: back.stepValue }, reasoning };
    }
    return unsupported(
      'losses beyond the back face of a marker unit are not stated (Step values of the back face onward are on the counters)',
    );
  }
  return unsupported('input.unit must say multiCounter, questionFront or nonConsecutive (9.51-9.53)');
}

export function recombine(engine: Engine, input: Input): QueryAnswer {
  if (input.kampfgruppeSteps !== undefined) {
    const steps = numbers(input, 'kampfgruppeSteps');
    const side = rules.kampfgruppenSide(engine).value;
    const perDivision = rules.breakdown(engine).value.kampfgruppenPerDivision;
    if ((optString(input, 'side') ?? side) !== side || steps.length !== perDivision)
      throw new QueryInputError(`${perDivision} ${rules.sideName(engine, side)} Kampfgruppen recombine into one division`);
    const divisionSteps = steps.reduce((a, b) => a + b, 0);
    return {
      actual: { divisionSteps },
      reasoning: [
        `the division takes the total Steps of its ${perDivision} Kampfgruppen: ${steps.join(' + ')} = ${divisionSteps} [14.22 L565]`,
      ],
    };
  }
  const steps = numbers(input, 'divisionSteps');
  const perCorps = rules.breakdown(engine).value.divisionsPerCorps;
  if (steps.length < 2 || steps.length > perCorps) throw new QueryInputError(`two to ${perCorps} divisions recombine into a corps (14.35)`);
  const corpsSteps = steps.reduce((a, b) => a + b, 0) - 1;
  return {
    actual: { corpsSteps },
    reasoning: [`corps Steps = one less than the divisions' total ${steps.join(' + ')}: ${corpsSteps} [14.35 L579]`],
  };
}

interface StackMember {
  type: string;
  stepValue: number;
}

function stackOf(engine: Engine, input: Input, key = 'stack'): StackMember[] {
  const hq = rules.headquartersType(engine).value;
  const hqSteps = rules.hqSteps(engine).value;
  const v = input[key];
  if (!Array.isArray(v)) throw new QueryInputError(`input.${key} must be a list of units`);
  return v.map((u, k) => {
    const type = (u as Record<string, unknown>)?.type;
    if (typeof type !== 'string') throw new QueryInputError(`input.${key}[${k}].type is required`);
    const sv = (u as Record<string, unknown>).stepValue;
    return { type, stepValue: typeof sv === 'number' ? sv : type === hq ? hqSteps : NaN };
  });
}

/** 9.62: HQs take losses only once every other unit in the hex is gone; each HQ goes with one Step (9.63). */
export function lossAllocation(engine: Engine, input: Input): QueryAnswer {
  const stack = stackOf(engine, input);
  const losses = number(input, 'losses');
  const hq = rules.headquartersType(engine).value;
  const others = stack.filter((u) => u.type !== hq);
  if (others.some((u) => !Number.isFinite(u.stepValue))) throw new QueryInputError('every non-HQ unit needs a stepValue');
  const otherSteps = others.reduce((a, u) => a + u.stepValue, 0);
  const otherLosses = Math.min(losses, otherSteps);
  const hqLosses = Math.min(losses - otherLosses, stack.length - others.length);
  return {
    actual: { hqLosses, otherLosses },
    reasoning: [
      `${otherSteps} Steps in non-HQ units take ${otherLosses} of ${losses} losses first [9.62 L364]`,
      `HQs take ${hqLosses}, one Step each [9.63]`,
    ],
  };
}

/** 9.66: HQs alone are treated as Mobile; each has one Step (9.38) and goes with one Step loss (9.63). */
export function hqAlone(engine: Engine, input: Input): QueryAnswer {
  const stack = stackOf(engine, input);
  const hq = rules.headquartersType(engine);
  const hqSteps = rules.hqSteps(engine);
  const mode = rules.modes(engine).value.hqAlone;
  if (stack.length === 0 || stack.some((u) => u.type !== hq.value)) {
    return { actual: { hqOnly: false }, reasoning: ['the stack holds other units: 9.66 does not apply'] };
  }
  return {
    actual: { hqOnly: true, mode, stepValue: stack.length * hqSteps.value, eliminatedByOneStep: true },
    reasoning: [
      `HQs alone are treated as in ${mode} Mode [9.66 L368]`,
      `${hqSteps.value} intrinsic Step per HQ; one Step loss eliminates an HQ${hqSteps.cite}`,
    ],
  };
}

/** 9.37, 13.19, 13.28: gun units alone are eliminated at no loss to the attacker, without firing. */
export function gunsAlone(engine: Engine, input: Input): QueryAnswer {
  const types = input.units;
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))
    throw new QueryInputError('input.units must be a list of unit types');
  const guns = rules.gunUnits(engine).value.types;
  const alone = types.length > 0 && (types as string[]).every((t) => guns.includes(t));
  if (!alone)
    return { actual: { eliminated: false }, reasoning: ['the gun units are stacked with combat or HQ units: normal combat [9.37]'] };
  const by = optString(input, 'attackedBy') ?? 'combat';
  return {
    actual: { eliminated: true, attackerLosses: 0, modifiersUsed: false },
    reasoning: [
      `gun units alone, attacked by ${by}: eliminated at no loss to the attacker [9.37 L347]`,
      'no Strength Modifier [13.19] and no anti-tank fire [13.28]',
    ],
  };
}
