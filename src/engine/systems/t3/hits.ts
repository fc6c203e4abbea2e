/**
 * Combat hits (11.7): the defender's CHs as retreat hexes and step losses (11.7.1.1), the attacker's
 * as step losses only, even distribution of losses (11.7.F), retreat penalties (11.7.1.2), advance
 * after combat (11.7.2), and which counter shows after a unit's step losses (2.4.4[Steps]).
 */
import { isUnknown } from '../../../model/common';
import { takeStepLoss, type UnitState } from '../../steps';
import { QueryInputError, number, optNumber, optString, string, unitFrom } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import { count, flag, hasFlagEffect, isMotorized, label, namedSet, units } from './read';
import { riverTerrain } from './rules';
import type { UnitLike } from '../../checks/input';
import type { Engine } from '../../context';

/** 11.7.1.1.A-B: at most two retreat hexes, hence at most two CHs cancelled by retreating. */
const MAX_RETREAT_HEXES = 2;
/** 11.7.1.1.F: a defender unable to retreat takes one step loss more. */
const NO_RETREAT_EXTRA_LOSS = 1;
/** 11.7.1.2.C-D: extra step loss per stack retreating into an EZOC or across an unbridged river. */
const RETREAT_EXTRA_LOSS = 1;

function defenderList(engine: Engine, value: unknown): UnitLike[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((u, i) => unitFrom(engine, u, `defenders[${i}]`));
}

export const defenderHits: QueryHandler = (engine, input) => {
  const hits = number(input, 'hits');
  const defenders = count(input, 'defenders');
  const reasoning: string[] = [];
  if (flag(input, 'canRetreat') === false) {
    const stepLosses = hits > 0 ? hits + NO_RETREAT_EXTRA_LOSS : 0;
    reasoning.push(`unable to retreat: all ${hits} CH(s) as step losses plus ${NO_RETREAT_EXTRA_LOSS} [11.7.1.1.F L827]`);
    return { actual: { minRetreat: 0, maxRetreat: 0, retreatHexes: 0, stepLosses, minStepLosses: stepLosses, eliminated: [] }, reasoning };
  }
  const minRetreat = hits > defenders ? 1 : 0;
  const maxRetreat = Math.min(MAX_RETREAT_HEXES, hits);
  reasoning.push(
    minRetreat
      ? `${hits} CHs exceed the ${defenders} defending unit(s): at least one retreat hex [11.7.1.1.E L825]`
      : `${hits} CH(s), ${defenders} defending unit(s): retreat is voluntary [11.7.1.1.B-C L819-L821]`,
    `at most ${maxRetreat} CH(s) as retreat hexes, the rest as step losses [11.7.1.1.B L819]`,
  );
  const actual: Record<string, unknown> = { minRetreat, maxRetreat, minStepLosses: hits - maxRetreat };
  const retreat = optNumber(input, 'retreat');
  if (retreat !== undefined) {
    if (retreat < minRetreat || retreat > maxRetreat) {
      reasoning.push(`a retreat of ${retreat} hex(es) is not allowed`);
      return { actual: { ...actual, legal: false }, reasoning };
    }
    actual.legal = true;
    actual.retreatHexes = retreat;
    actual.stepLosses = hits - retreat;
    reasoning.push(`retreat ${retreat} hex(es), ${hits - retreat} step loss(es)`);
    const list = defenderList(engine, input.defenders);
    const eliminated = retreat > 0 && list ? list.filter((u) => hasFlagEffect(engine, u, 'static')) : [];
    if (eliminated.length)
      reasoning.push(
        `static Alarm battalions never retreat: ${eliminated.map(label).join(', ')} eliminated as the stack retreats [11.7.1.1 Exception L829]`,
      );
    actual.eliminated = eliminated.map(label);
  }
  return { actual, reasoning };
};

export const attackerHits: QueryHandler = (_engine, input) => {
  const hits = number(input, 'hits');
  return {
    actual: { stepLosses: hits, retreat: false },
    reasoning: [`the attacker absorbs all ${hits} CH(s) as step losses and never retreats [11.7.1.1.A L817]`],
  };
};

/** 11.7.F: nobody takes a second loss before everyone has one, and so on. */
export function spread(stepLosses: number, unitCount: number): number[] {
  if (unitCount <= 0) return [];
  return Array.from({ length: unitCount }, (_, i) => Math.floor(stepLosses / unitCount) + (i < stepLosses % unitCount ? 1 : 0));
}

export const distributeLosses: QueryHandler = (_engine, input) => {
  const losses = number(input, 'stepLosses');
  const n = count(input, 'units');
  const perUnit = spread(losses, n);
  return { actual: { perUnit }, reasoning: [`${losses} step loss(es) over ${n} unit(s), evenly: ${perUnit.join(', ')} [11.7.F L809]`] };
};

export const retreatPenalty: QueryHandler = (engine, input) => {
  const into = optString(input, 'into');
  const across = optString(input, 'across');
  const reasoning: string[] = [];
  let extraStepLosses = 0;
  let stop = false;
  let legal = true;
  if (into !== undefined) {
    switch (into) {
      case 'ezoc':
        extraStepLosses += RETREAT_EXTRA_LOSS;
        reasoning.push(`into a hex with an EZOC: +${RETREAT_EXTRA_LOSS} step loss per stack [11.7.1.2.C L837]`);
        break;
      case 'friendly-overstacked':
      case 'enemy-occupied':
      case 'off-map':
        legal = false;
        reasoning.push(
          `no retreat ${into === 'off-map' ? 'off the map' : into === 'enemy-occupied' ? 'into enemy-occupied hexes' : 'into friendly-occupied hexes causing overstacking'} [11.7.1.2.B L835]`,
        );
        break;
      case 'free':
        reasoning.push('an open hex: no penalty');
        break;
      default:
        throw new QueryInputError(`input.into "${into}" is not one of ezoc, friendly-overstacked, enemy-occupied, off-map, free`);
    }
  }
  if (across !== undefined) {
    if (!engine.terrain(across)) throw new QueryInputError(`terrain "${across}" is not in terrain.json`);
    if (across === riverTerrain(engine).value) {
      if (flag(input, 'bridged')) reasoning.push('across a bridged river: bridges negate the river penalty [11.7.1.2.D L839]');
      else {
        extraStepLosses += RETREAT_EXTRA_LOSS;
        stop = true;
        reasoning.push(`across an unbridged river: +${RETREAT_EXTRA_LOSS} step loss per stack, then the retreat stops [11.7.1.2.D L839]`);
      }
    } else reasoning.push(`across ${across}: no retreat effect stated`);
  }
  return { actual: { extraStepLosses, stop, legal }, reasoning };
};

export const advance: QueryHandler = (engine, input) => {
  if (optString(input, 'side') === 'defender') {
    return { actual: { firstHex: false, secondHex: false }, reasoning: ['defenders never advance after combat [11.7.2.G L855]'] };
  }
  const reasoning: string[] = [];
  const retreatHexes = optNumber(input, 'defenderRetreatHexes') ?? 0;
  const eliminated = flag(input, 'defendersEliminated') ?? false;
  const vacated = eliminated || retreatHexes > 0 || flag(input, 'vacated') === true;
  reasoning.push(
    vacated
      ? 'the defending hex was vacated: any attacking units may occupy it, even EZOC to EZOC [11.7.2.A L843]'
      : 'the defending hex was not vacated: no advance [11.7.2.A L843]',
  );
  const attackers = units(engine, input, 'attackers');
  const river = namedSet(input, 'acrossRiver');
  const oos = namedSet(input, 'oos');
  const hadTs = flag(input, 'attackerHadTs') ?? false;
  const fromEzoc = flag(input, 'fromEzoc') ?? false;
  let secondHex = false;
  if (!vacated) {
    // nothing more
  } else if (!hadTs) reasoning.push('no second hex: the attacker did not have TS [11.7.2.B L845]');
  else if (!(retreatHexes >= MAX_RETREAT_HEXES || eliminated))
    reasoning.push(`no second hex: the defender retreated ${retreatHexes} hex(es), not two, and was not eliminated [11.7.2.B L845]`);
  else if (fromEzoc) reasoning.push('no second hex: the advance is made from an EZOC hex [11.7.2.C L847]');
  else if (flag(input, 'advanceCrossesRiver')) reasoning.push('no second hex: the advance would cross an unbridged river [11.7.2.C L847]');
  else {
    const eligible: string[] = [];
    for (const u of attackers) {
      const why =
        isMotorized(engine, u) !== true
          ? 'not motorized'
          : oos.all || (u.id !== undefined && oos.ids.has(u.id)) || (u as { oos?: boolean }).oos === true
            ? 'OOS'
            : river.all || (u.id !== undefined && river.ids.has(u.id))
              ? 'attacked across an unbridged river'
              : undefined;
      if (why) reasoning.push(`${label(u)}: no second hex (${why}) [11.7.2.B-C L845-L847]`);
      else eligible.push(label(u));
    }
    secondHex = eligible.length > 0;
    if (secondHex)
      reasoning.push(
        `${eligible.join(', ')} may advance a second hex: TS, defender retreated two hexes or eliminated, non-OOS motorized [11.7.2.B L845]`,
      );
  }
  return { actual: { firstHex: vacated, secondHex }, reasoning };
};

/** The counter and face in play after a unit loses `stepsLost` steps (flip, then substitute counter). */
export const stepLoss: QueryHandler = (engine, input) => {
  const id = string(input, 'unit');
  const lost = number(input, 'stepsLost');
  const unit = engine.unit(id);
  if (!unit) throw new QueryInputError(`unit "${id}" is not in units.csv`);
  let state: UnitState = { unit: id, face: 'front' };
  const reasoning: string[] = [];
  for (let i = 0; i < lost; i++) {
    const current = engine.unit(state.unit);
    if (current && isUnknown(current.steps) && current.back === undefined)
      return unsupported(`the steps of ${current.id} are not known`, reasoning);
    const r = takeStepLoss(engine.game, state);
    reasoning.push(
      `step loss ${i + 1}: ${r.reason}${r.state?.unit !== state.unit && r.state ? ' (its substitute counter) [2.4.4[Steps].C L322]' : ''}`,
    );
    if (r.eliminated || !r.state) return { actual: { eliminated: true }, reasoning: [...reasoning, 'eliminated [2.4.4[Steps].B L320]'] };
    state = r.state;
  }
  return { actual: { counter: state.unit, face: state.face, eliminated: false }, reasoning };
};
