/**
 * Supply: OOS effects (7.4), the conditions a supply line may not break (7.2.C, with 6.0.F for
 * EZOCs a friendly unit negates), and when an Attrition Check is due (7.5.A).
 */
import { QueryInputError, optNumber, optString } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import { crtMultiplier, flag, list } from './read';
import { VALUE_FLOOR } from './combat-values';
import * as rules from './rules';

export const outOfSupply: QueryHandler = (engine, input) => {
  const movementClass = optString(input, 'movementClass');
  const actual: Record<string, number> = {};
  const reasoning: string[] = [];
  if (movementClass !== undefined) {
    if (!engine.game.info.movementClasses?.some((c) => c.id === movementClass))
      throw new QueryInputError(`movement class "${movementClass}" is not in game.json`);
    const ma = rules.outOfSupplyMovement(engine).value[movementClass];
    if (ma === undefined) return unsupported(`no OOS MA stated for class ${movementClass}`);
    actual.ma = ma;
    reasoning.push(
      `${movementClass} OOS units have their MA reduced to ${ma} MF, regardless of their regular value${optNumber(input, 'ma') !== undefined ? ` (${optNumber(input, 'ma')})` : ''} [7.4.A L528-L531]`,
    );
  }
  const cs = optNumber(input, 'cs');
  const tr = optNumber(input, 'tr');
  if (cs !== undefined || tr !== undefined) {
    const m = crtMultiplier(engine, rules.crtModifiers(engine).value.outOfSupply);
    if (m === undefined) return unsupported('the CRT gives no known OOS multiplier');
    // Fractions are kept per unit (3.1.A); no unit goes below one (3.1.B, 11.6.A).
    if (cs !== undefined) actual.cs = Math.max(VALUE_FLOOR, cs * m);
    if (tr !== undefined) actual.tr = Math.max(VALUE_FLOOR, tr * m);
    reasoning.push(`OOS: CS and TR ×${m}, fractions kept until the side total [7.4.B L533, 3.1.A L362]`);
  }
  return { actual, reasoning };
};

/** One hex of a supply line, as the check describes it. */
interface LineHex {
  ezoc?: boolean;
  friendlyUnit?: boolean;
  enemyUnit?: boolean;
  acrossRiver?: boolean;
  bridged?: boolean;
  control?: string;
}

export const supplyLine: QueryHandler = (_engine, input) => {
  const path = list(input, 'path').map((h, i) => {
    if (!h || typeof h !== 'object' || Array.isArray(h)) throw new QueryInputError(`input.path[${i}] must describe a hex`);
    return h as LineHex;
  });
  const reasoning: string[] = [];
  for (const [i, h] of path.entries()) {
    const blocked =
      h.acrossRiver && !h.bridged
        ? 'crosses an unbridged river hexside [7.2.C.1 L513]'
        : h.enemyUnit
          ? 'enters a hex occupied by enemy units [7.2.C.2 L514]'
          : h.control === 'enemy'
            ? 'enters an enemy-controlled hex [7.2.C.3 L515]'
            : h.ezoc && !h.friendlyUnit
              ? 'enters an EZOC no friendly unit negates [7.2.C.4 L516]'
              : undefined;
    if (blocked) return { actual: { traceable: false }, reasoning: [...reasoning, `hex ${i + 1} ${blocked}`] };
    if (h.ezoc && h.friendlyUnit) reasoning.push(`hex ${i + 1}: the friendly unit negates the EZOC for supply [6.0.F L487]`);
    if (h.acrossRiver && h.bridged) reasoning.push(`hex ${i + 1}: the river is bridged; only unbridged rivers block [7.2.C.1 L513]`);
  }
  reasoning.push('no condition of 7.2.C is broken: the line may be of any length [7.2.C L511]');
  return { actual: { traceable: true }, reasoning };
};

export const attritionCheck: QueryHandler = (_engine, input) => {
  const before = flag(input, 'oosPreviousAdmin') === true;
  const now = flag(input, 'oosNow') === true;
  const check = before && now;
  return {
    actual: { check },
    reasoning: [
      check
        ? 'OOS in the previous and the current Administrative Segment: Attrition Check [7.5.A L537]'
        : 'not OOS in two consecutive Administrative Segments: no Attrition Check [7.5.A L537]',
    ],
  };
};
