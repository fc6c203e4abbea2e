/**
 * Regular Combat (12.3–12.72): strength multipliers (3.2, 12.5, 15.3), column shifts and the final
 * CRT column with virtual columns above 5:1 (12.35–12.63), the 1:3 limit (12.36), Maximum Effort and
 * fortification loss modifiers (12.64, 12.65), and step losses spread evenly (12.71).
 */
import { isUnknown } from '../../../model/common';
import type { TableFile } from '../../../model/files';
import { QueryInputError, number, optNumber, optString, optStrings, string, type Input } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { pickColumn } from '../../crt';
import { cite } from '../../source-text';
import { bool, fmt, list, optBool, record, sideOf, table, tableModifier } from './common';

/** tables.json id of the Combat Results Table. */
const CRT = 'crt';
/** The German Fortification protects German defenders only (12.43) and only a Soviet Barrage negates it (12.62). */
const FORTIFICATION = 'fortification';
const FORTIFIED_SIDE = 'german';
const BARRAGE_SIDE = 'soviet';
/** One Barrage per defending hex, and never without attacking ground units (12.62). */
const BARRAGES_PER_HEX = 1;
/** At most two air units give Ground Support to one attacked hex (13.3); none defend (13.3; optional rule 3 aside). */
const MAX_GROUND_SUPPORT = 2;
/** River hexsides (terrain.json) and the movement class that may not attack across a Major River (12.5). */
const MINOR_RIVER = 'minor-river';
const MAJOR_RIVER = 'major-river';
const NO_ATTACK_ACROSS_MAJOR_RIVER = 'mobile';
/** Automatic result when only the defender's reserves push the odds below 1:3 (12.36 L780). */
const RESERVES_BELOW_LIMIT_RESULT = 'A3';
/** The CRT modifier ids of tables.json used here. */
const MOD = {
  outOfSupply: 'out-of-supply',
  barrage: 'barrage',
  groundSupport: 'ground-support',
  concentric: 'concentric',
  maximumEffort: 'maximum-effort',
  fortificationLosses: 'fortification-losses',
} as const;

function crtOf(engine: Engine, input: Input): TableFile {
  return table(engine, optString(input, 'table') ?? CRT);
}

// ---------------------------------------------------------------- multipliers (3.2, 12.5, 15.3)

export const strengthMultiplier: QueryHandler = (engine, input) => {
  const crt = crtOf(engine, input);
  const role = optString(input, 'role') ?? 'attack';
  const movementClass = optString(input, 'movementClass');
  const reasoning: string[] = [];
  let multiplier = 1;
  for (const m of optStrings(input, 'modifiers') ?? []) {
    if (m === MOD.outOfSupply) {
      const mod = tableModifier(crt, m);
      if ('unknown' in mod) return unsupported(mod.unknown);
      multiplier *= mod.value;
      reasoning.push(`${mod.label}: ×${mod.value}${mod.citation}`);
    } else if (m === MINOR_RIVER || m === MAJOR_RIVER) {
      if (role !== 'attack') {
        reasoning.push(`${m}: rivers affect only units attacking across them [12.5]`);
        continue;
      }
      const terrain = engine.terrain(m);
      const value = terrain?.combat?.attackMultiplier;
      if (value === undefined || isUnknown(value)) return unsupported(`terrain.json gives no attack multiplier for ${m}`);
      if (m === MAJOR_RIVER) {
        if (movementClass === undefined)
          return unsupported('a Major River quarters leg units and bars mobile units: input.movementClass is needed [12.5]');
        if (movementClass === NO_ATTACK_ACROSS_MAJOR_RIVER) {
          return {
            actual: { prohibited: true },
            reasoning: [...reasoning, `mobile units may not attack across a Major River [12.5]${cite(terrain?.combat?.source)}`],
          };
        }
      }
      multiplier *= value;
      reasoning.push(`attacking across ${terrain!.name}: ×${value}${cite(terrain!.combat!.source)}`);
    } else throw new QueryInputError(`unknown modifier "${m}" (out-of-supply, minor-river, major-river)`);
  }
  reasoning.push(`modifiers are cumulative: ×${fmt(multiplier)} [3.2]`);
  return { actual: { multiplier }, reasoning };
};

// ---------------------------------------------------------------- column shifts (12.4–12.63)

interface ShiftParts {
  shift: number;
  reasoning: string[];
  unknown?: string;
}

function shiftOf(engine: Engine, input: Input): ShiftParts {
  const crt = crtOf(engine, input);
  const defenderSide = sideOf(engine, input.defenderSide, 'input.defenderSide');
  const attackerSide = input.attackerSide === undefined ? undefined : sideOf(engine, input.attackerSide, 'input.attackerSide');
  const barrage = optBool(input, 'barrage') ?? false;
  const groundSupport = optNumber(input, 'groundSupport') ?? 0;
  const concentric = optBool(input, 'concentric') ?? false;
  const reasoning: string[] = [];
  let shift = 0;
  if (barrage && attackerSide !== undefined && attackerSide !== BARRAGE_SIDE)
    return { shift, reasoning, unknown: `only the ${BARRAGE_SIDE} player has Barrage markers [12.62]` };
  for (const id of optStrings(input, 'defenderTerrain') ?? []) {
    const t = engine.terrain(id);
    if (!t) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
    const s = t.combat?.shift;
    if (s === undefined || (t.combat?.appliesTo ?? 'defender-hex') !== 'defender-hex') continue;
    if (isUnknown(s)) return { shift, reasoning, unknown: `the column shift of ${t.name} is not given` };
    if (s === 0) continue;
    if (id === FORTIFICATION && defenderSide !== FORTIFIED_SIDE) {
      reasoning.push(`${t.name}: nothing for ${defenderSide} defenders [12.43]`);
      continue;
    }
    if (id === FORTIFICATION && barrage) {
      reasoning.push(`${t.name}: negated by the Barrage [12.62]`);
      continue;
    }
    shift += s;
    reasoning.push(`defender in ${t.name}: ${s > 0 ? `${s}R` : `${-s}L`}${cite(t.combat!.source)}`);
  }
  const add = (id: string, times: number) => {
    const m = tableModifier(crt, id);
    if ('unknown' in m) throw new QueryInputError(m.unknown);
    shift += m.value * times;
    reasoning.push(`${m.label}${times > 1 ? ` ×${times}` : ''}: ${m.value * times > 0 ? '+' : ''}${m.value * times}${m.citation}`);
  };
  if (barrage) add(MOD.barrage, 1);
  if (groundSupport > 0) {
    if (groundSupport > MAX_GROUND_SUPPORT)
      return { shift, reasoning, unknown: `at most ${MAX_GROUND_SUPPORT} air units may support one attack [13.3]` };
    add(MOD.groundSupport, groundSupport);
  }
  if (concentric) add(MOD.concentric, 1);
  reasoning.push(`net column shift ${shift > 0 ? `${shift}R` : shift < 0 ? `${-shift}L` : '0'} [12.36]`);
  return { shift, reasoning };
}

export const columnShift: QueryHandler = (engine, input) => {
  const r = shiftOf(engine, input);
  if (r.unknown) return unsupported(r.unknown, r.reasoning);
  return { actual: { shift: r.shift }, reasoning: r.reasoning };
};

export const netShift: QueryHandler = (_engine, input) => {
  const shifts = list(input, 'shifts').map((s) => {
    if (typeof s !== 'number') throw new QueryInputError('input.shifts must be numbers');
    return s;
  });
  const shift = shifts.reduce((a, b) => a + b, 0);
  return { actual: { shift }, reasoning: [`left and right shifts cancel: ${shifts.join(' ')} = net ${shift} [12.36]`] };
};

// ---------------------------------------------------------------- odds and the final column (12.35, 12.36)

interface Odds {
  attack: number;
  defend: number;
}

/** Raw odds rounded down in the defender's favour (12.35): N:1, or 1:N below 1:1. */
function rawOdds(attack: number, defend: number): Odds {
  if (attack <= 0 || defend <= 0) throw new QueryInputError('attack and defend must be positive');
  if (attack >= defend) return { attack: Math.floor(attack / defend), defend: 1 };
  return { attack: 1, defend: Math.ceil(defend / attack) };
}

const label = (o: Odds) => `${o.attack}:${o.defend}`;

/**
 * The CRT column after the net shift. Above the table's last column the odds count on as virtual
 * columns of one odds increment each (6:1, 7:1…) before shifting, and a result beyond the last
 * column is resolved on it (12.36). Shifting is exact only across columns known to be neighbours:
 * whole N:1 increments where the table lists every N:1 passed (or beyond its last column).
 */
function finalColumn(crt: TableFile, raw: Odds, shift: number, reasoning: string[]): string | { unknown: string } {
  const columns = crt.columns ?? [];
  const listed = new Map(columns.filter((c) => c.odds).map((c) => [`${c.odds![0]}:${c.odds![1]}`, c.label]));
  const last = columns[columns.length - 1];
  if (!last?.odds || last.odds[1] !== 1) return { unknown: `table ${crt.id} does not end on an N:1 column` };
  const top = last.odds[0];
  if (shift === 0) {
    if (raw.defend === 1 && raw.attack > top) {
      reasoning.push(`${label(raw)} is beyond the last column: resolved on ${last.label} [12.36]`);
      return last.label;
    }
    const l = listed.get(label(raw));
    if (l) return l;
    return { unknown: `table ${crt.id} lists only some columns; ${label(raw)} is not among them` };
  }
  if (raw.defend !== 1) return { unknown: `shifting from ${label(raw)}: the columns below 1:1 are not all given` };
  let n = raw.attack;
  const step = shift > 0 ? 1 : -1;
  for (let k = 0; k < Math.abs(shift); k++) {
    n += step;
    if (n <= top && !listed.has(`${n}:1`))
      return { unknown: `table ${crt.id} lists only some columns: whether ${n}:1 is a column (and what is next to it) is not given` };
  }
  const shifted = n > top ? `${n}:1 (virtual)` : `${n}:1`;
  reasoning.push(`${label(raw)} shifted ${shift > 0 ? `${shift} right` : `${-shift} left`} → ${shifted} [12.36]`);
  if (n > top) {
    reasoning.push(`beyond the last column: resolved on ${last.label} [12.36]`);
    return last.label;
  }
  return listed.get(`${n}:1`)!;
}

export const finalColumnQuery: QueryHandler = (engine, input) => {
  const crt = crtOf(engine, input);
  const attack = number(input, 'attack');
  const defend = number(input, 'defend');
  const raw = rawOdds(attack, defend);
  const reasoning = [`${fmt(attack)} to ${fmt(defend)} = ${label(raw)}, rounded down [12.35]${cite(crt.source)}`];
  if (raw.attack === 1 && raw.defend > 3)
    return { actual: { rawOdds: label(raw), legal: false }, reasoning: [...reasoning, 'worse than 1:3: no attack [12.36]'] };
  const s = shiftOf(engine, input);
  reasoning.push(...s.reasoning);
  if (s.unknown) return unsupported(s.unknown, reasoning);
  const column = finalColumn(crt, raw, s.shift, reasoning);
  if (typeof column !== 'string') return unsupported(column.unknown, reasoning);
  return { actual: { rawOdds: label(raw), shift: s.shift, column }, reasoning };
};

/** rof.attackOdds: the 1:3 limit, and the automatic result when defensive reserves push the odds below it (12.36). */
export const attackOdds: QueryHandler = (engine, input) => {
  const crt = crtOf(engine, input);
  const attack = number(input, 'attack');
  const defend = number(input, 'defend');
  const reasoning: string[] = [];
  const declared = pickColumn(crt, { attack, defend }, reasoning);
  if (declared.kind === 'unknown') return unsupported(declared.why, reasoning);
  if (declared.kind === 'prohibited')
    return { actual: { legal: false }, reasoning: [...reasoning, 'odds worse than the lowest column may not be attacked [12.36]'] };
  const after = optNumber(input, 'defendAfterReserves');
  if (after === undefined) return { actual: { legal: true }, reasoning };
  reasoning.push(`defensive reserves raise the defense to ${fmt(after)} [14.5]`);
  const resolved = pickColumn(crt, { attack, defend: after }, reasoning);
  if (resolved.kind !== 'prohibited') return { actual: { legal: true }, reasoning };
  const automatic = crt.results?.find((r) => r.code === RESERVES_BELOW_LIMIT_RESULT);
  if (!automatic) return unsupported(`table ${crt.id} does not list the result ${RESERVES_BELOW_LIMIT_RESULT}`, reasoning);
  reasoning.push(`the reserves alone pushed the odds below 1:3: automatic ${automatic.code}${cite(automatic.source)}`);
  return { actual: { legal: true, automatic: automatic.code }, reasoning };
};

// ---------------------------------------------------------------- losses (12.64, 12.65, 12.71)

export interface Losses {
  attacker: number;
  defender: number;
}

export function parseResult(text: string): Losses {
  const out = { attacker: 0, defender: 0 };
  if (text === '-' || text === '') return out;
  for (const part of text.split('/')) {
    const m = /^([AD])(\d+)$/.exec(part.trim());
    if (!m) throw new QueryInputError(`"${text}" is not a CRT result (A#, D#, A#/D#)`);
    out[m[1] === 'A' ? 'attacker' : 'defender'] = Number(m[2]);
  }
  return out;
}

export function formatResult(l: Losses): string {
  const parts = [l.attacker > 0 ? `A${l.attacker}` : '', l.defender > 0 ? `D${l.defender}` : ''].filter(Boolean);
  return parts.length ? parts.join('/') : '-';
}

export const combatResult: QueryHandler = (engine, input) => {
  const crt = crtOf(engine, input);
  const printed = string(input, 'crtResult');
  const losses = parseResult(printed);
  const attackerSide = sideOf(engine, input.attackerSide, 'input.attackerSide');
  const barrage = optBool(input, 'barrage') ?? false;
  let fortified: boolean;
  if (input.germanDefenderInFortification !== undefined) fortified = bool(input, 'germanDefenderInFortification');
  else {
    const defenderSide = sideOf(engine, input.defenderSide, 'input.defenderSide');
    fortified = defenderSide === FORTIFIED_SIDE && (optStrings(input, 'defenderTerrain') ?? []).includes(FORTIFICATION);
  }
  const reasoning = [`CRT result ${printed}`];
  if (bool(input, 'maximumEffort')) {
    const m = tableModifier(crt, MOD.maximumEffort);
    if ('unknown' in m) return unsupported(m.unknown);
    // 12.65: an attacker's zero becomes one; a defender's zero stays zero.
    losses.attacker = losses.attacker === 0 ? 1 : losses.attacker * m.value;
    losses.defender *= m.value;
    reasoning.push(`Maximum Effort doubles both results (attacker 0 → 1, defender 0 stays 0): ${formatResult(losses)}${m.citation}`);
  }
  if (fortified && attackerSide !== FORTIFIED_SIDE) {
    if (barrage) reasoning.push('the Barrage negates the Fortification loss modifiers [12.62, 12.64]');
    else {
      const m = tableModifier(crt, MOD.fortificationLosses);
      if ('unknown' in m) return unsupported(m.unknown);
      losses.defender = Math.max(0, losses.defender - m.value);
      losses.attacker += m.value;
      reasoning.push(
        `German defenders in a Fortification: German losses −${m.value}, Soviet losses +${m.value}, after any doubling: ${formatResult(losses)}${m.citation}`,
      );
    }
  }
  return { actual: { result: formatResult(losses), attacker: losses.attacker, defender: losses.defender }, reasoning };
};

export const stepLoss: QueryHandler = (_engine, input) => {
  const r = parseResult(string(input, 'result'));
  let owed = r.defender > 0 ? r.defender : r.attacker;
  const units = list(input, 'units').map((u, i) => {
    const x = record(u, `input.units[${i}]`);
    return { id: string(x, 'id'), steps: number(x, 'steps') };
  });
  const reasoning = [`${owed} step loss(es) to take [12.71]`];
  // Even spread: every unit takes one loss before any takes a second (12.71); the owner picks the order.
  while (owed > 0 && units.some((u) => u.steps > 0)) {
    for (const u of units) {
      if (owed === 0) break;
      if (u.steps === 0) continue;
      u.steps -= 1;
      owed -= 1;
      reasoning.push(`${u.id} loses a step: ${u.steps} left`);
    }
  }
  if (owed > 0) reasoning.push(`${owed} further loss(es) ignored: no steps left [12.71]`);
  return {
    actual: {
      steps: Object.fromEntries(units.map((u) => [u.id, u.steps])),
      eliminated: units.filter((u) => u.steps === 0).map((u) => u.id),
      ignored: owed,
    },
    reasoning,
  };
};

// ---------------------------------------------------------------- Barrage and Ground Support (12.62, 13.3)

export const barrageLegal: QueryHandler = (engine, input) => {
  const defenderSide = sideOf(engine, input.defenderSide, 'input.defenderSide');
  const terrain = optStrings(input, 'defenderTerrain') ?? [];
  const attackers = number(input, 'groundAttackers');
  const already = number(input, 'barragesOnHex');
  const why =
    defenderSide !== FORTIFIED_SIDE || !terrain.includes(FORTIFICATION)
      ? 'Barrage markers may be used only against German units in Fortifications'
      : attackers <= 0
        ? 'a Barrage may never attack alone: ground units must attack the hex'
        : already >= BARRAGES_PER_HEX
          ? 'only one Barrage marker per defending hex'
          : undefined;
  return {
    actual: { legal: why === undefined },
    reasoning: [
      why
        ? `${why} [12.62]`
        : 'a German hex in a Fortification attacked by ground units, no Barrage there yet: legal; the marker is then removed from the game [12.62]',
    ],
  };
};

export const groundSupport: QueryHandler = (engine, input) => {
  const crt = crtOf(engine, input);
  const role = string(input, 'role');
  const air = number(input, 'airUnits');
  if (role !== 'attacker')
    return {
      actual: { legal: false },
      reasoning: [
        'Ground Support is flown for the attacker only [13.3] (defensive Ground Support exists only as optional Air Power rule 3)',
      ],
    };
  if (air < 1 || air > MAX_GROUND_SUPPORT)
    return { actual: { legal: false }, reasoning: [`between 1 and ${MAX_GROUND_SUPPORT} air units per attacked hex [13.3]`] };
  const m = tableModifier(crt, MOD.groundSupport);
  if ('unknown' in m) return unsupported(m.unknown);
  return { actual: { legal: true, shift: m.value * air }, reasoning: [`${air} air unit(s) × ${m.value} column right${m.citation}`] };
};
