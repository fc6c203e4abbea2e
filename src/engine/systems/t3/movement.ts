/**
 * Movement activations and restrictions: MPs per moved unit or German divisional stack (10.0.A,
 * 10.1), river crossings (10.3.1), Strategic Movement (10.4, 13.0.D), ZOC movement (6.0.C-E, with
 * the enter/leave/ZOC-to-ZOC rules of game.json), and when stacking limits apply (9.0).
 */
import { isUnknown } from '../../../model/common';
import { QueryInputError, number, optNumber, string } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import { flag, label, list, side, units } from './read';
import * as rules from './rules';

/** 9.0: stacking limits are only in effect at the end of Movement and Combat Phases. */
const STACKING_MOMENTS = ['end-of-movement-phase', 'end-of-combat-phase'];
/** 6.0.E, 11.7.2.A: an advance after combat may go one hex EZOC to EZOC. */
const EZOC_ADVANCE_HEXES = 1;

export const movementCost: QueryHandler = (engine, input) => {
  const moved = units(engine, input, 'units');
  const together = flag(input, 'stackedAtStart') === true && flag(input, 'moveTogether') === true && flag(input, 'endTogether') === true;
  const formation = moved[0]?.formation;
  const stack = rules.divisionalStack(engine);
  const perUnit = rules.activationCosts(engine).value.mpPerUnit;
  const divisional =
    together &&
    moved.length > 1 &&
    formation !== undefined &&
    moved.every(
      (u) =>
        u.formation === formation &&
        u.nationality === stack.value.nationality &&
        typeof u.size === 'string' &&
        stack.value.sizes.includes(u.size),
    );
  if (divisional) {
    return {
      actual: { mps: perUnit },
      reasoning: [
        `${moved.map(label).join(', ')}: ${stack.value.sizes.join('/')} units of ${formation} that start stacked, move together and end together move as one divisional stack for ${perUnit} MP${stack.cite}`,
      ],
    };
  }
  const mps = moved.length * perUnit;
  return {
    actual: { mps },
    reasoning: [
      `${moved.length} unit(s) moved separately: ${perUnit} MP each [10.0.A L583]${together ? '' : '; not a divisional stack (must start stacked, move together and end together, 10.1)'}`,
    ],
  };
};

export const riverCrossing: QueryHandler = (engine, input) => {
  const river = engine.terrain(rules.riverTerrain(engine).value);
  const costs = rules.activationCosts(engine).value;
  if (!river) return unsupported('the game has no river terrain');
  if (flag(input, 'startAdjacent') !== true) {
    return {
      actual: { legal: false },
      reasoning: ['a unit crossing a river must start its Movement Phase adjacent to the river hexside [10.3.1 L625]'],
    };
  }
  const costsAll = river.movement === 'all';
  return {
    actual: { legal: true, mps: costs.mpRiverCrossing, stopsAfter: costsAll },
    reasoning: [
      `activated for ${costs.mpRiverCrossing} MPs instead of ${costs.mpPerUnit} [10.3.1 L625]`,
      costsAll
        ? 'crossing the river costs all MFs: the unit stops after it (terrain.json river: movement "all")'
        : 'river movement cost not "all"',
    ],
  };
};

export const strategicMove: QueryHandler = (engine, input) => {
  const who = side(engine, string(input, 'side'));
  const turn = number(input, 'turn');
  const segment = number(input, 'segment');
  const refuse = (why: string) => ({ actual: { allowed: false }, reasoning: [why] });
  const { value: sm, cite: where } = rules.strategicMovement(engine);
  if (sm.forbidden.some((f) => who === f.side && turn === f.turn && segment === f.segment))
    return refuse(`no ${who} Strategic Movement in its Player Segment ${segment} of turn ${turn}${where}`);
  if ((optNumber(input, 'alreadyThisPhase') ?? 0) >= sm.perPhase)
    return refuse(`only ${sm.perPhase} Strategic Movement per friendly Movement Phase${where}`);
  if (flag(input, 'movedRegularly'))
    return refuse('a unit uses Strategic or Regular Movement in a Movement Phase, never both [10.4.1.B L639]');
  if (flag(input, 'oos')) return refuse('OOS units may not conduct Strategic Movement [10.4.1.C L641]');
  if (flag(input, 'startInEzoc') || flag(input, 'entersEzoc') || flag(input, 'endsInEzoc'))
    return refuse('no Strategic Movement starting in, entering or ending in an EZOC [10.4.2 L645, 6.0.E L485]');
  const control = list(input, 'pathControl').map(String);
  const foreign = control.filter((c) => c !== who);
  if (foreign.length)
    return refuse(
      `the path must consist solely of friendly-controlled hexes; it enters ${foreign.join(', ')}-controlled hexes [10.4.2 L645]`,
    );
  return {
    actual: { allowed: true, mps: sm.mpCost },
    reasoning: [
      `one unit (or divisional stack) to any hex through friendly-controlled hexes, at ${sm.mpCost} MP [10.4.1.C L641, 10.4.2 L645]`,
    ],
  };
};

/** A path of hexes each marked "free" or "ezoc", checked against game.json's ZOC rules. */
export const zocMove: QueryHandler = (engine, input) => {
  const zoc = engine.game.info.zoc;
  if (!zoc || isUnknown(zoc)) return unsupported('game.json states no ZOC rules');
  const path = list(input, 'path').map((h, i) => {
    if (h !== 'free' && h !== 'ezoc') throw new QueryInputError(`input.path[${i}] must be "free" or "ezoc"`);
    return h;
  });
  const startInEzoc = flag(input, 'startInEzoc') === true;
  const reasoning: string[] = [];
  if (flag(input, 'advanceAfterCombat')) {
    const legal = path.length <= EZOC_ADVANCE_HEXES;
    reasoning.push(
      legal
        ? `an advance after combat may move one hex, even EZOC to EZOC [6.0.E L485, 11.7.2.A L843]`
        : `the EZOC-to-EZOC advance is one hex only [6.0.E L485]`,
    );
    return { actual: { legal }, reasoning };
  }
  const firstEzoc = path.indexOf('ezoc');
  if (startInEzoc && path[0] === 'ezoc' && zoc.zocToZoc === 'prohibited') {
    return {
      actual: { legal: false, stopAt: 0 },
      reasoning: ['leaving an EZOC directly into another EZOC is prohibited: the first hex entered must contain no EZOC [6.0.D L483]'],
    };
  }
  if (startInEzoc)
    reasoning.push(zoc.leave === 'free' ? 'leaving the EZOC into a hex without one [6.0.D L483]' : `leaving an EZOC: ${zoc.leave}`);
  if (firstEzoc >= 0 && zoc.enter === 'stop') {
    const legal = firstEzoc === path.length - 1;
    reasoning.push(`enters an EZOC at path hex ${firstEzoc} and must stop there${legal ? '' : `, but the path goes on`} [6.0.C L481]`);
    return { actual: { legal, stopAt: firstEzoc }, reasoning };
  }
  reasoning.push('no EZOC entered on the way');
  return { actual: { legal: true }, reasoning };
};

export const stackingCheck: QueryHandler = (_engine, input) => {
  const moment = string(input, 'moment');
  const checked = STACKING_MOMENTS.includes(moment);
  return {
    actual: { checked },
    reasoning: [
      `stacking limits are only in effect at the end of Movement and Combat Phases: ${moment} ${checked ? 'is' : 'is not'} such a moment [9.0 L567]`,
    ],
  };
};
