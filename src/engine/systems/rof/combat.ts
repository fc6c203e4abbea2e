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
import { SIDE_KEYS, bool, fmt, list, optBool, record, refuseUnreadSideKeys, sideOf, table, tableModifier, terrainName } from './common';
import * as rules from './rules';
import { sideName } from '../rule-values';

/** The rule values this module reads, from the game's systemRules. */
function combatRules(engine: Engine) {
  const f = rules.fortification(engine).value;
  const r = rules.rivers(engine).value;
  return {
    mod: rules.combatModifiers(engine).value,
    fortification: f.terrain,
    fortifiedSide: f.protects,
    barrageSide: f.negatedBy,
    barragesPerHex: rules.barragesPerHex(engine).value,
    maxGroundSupport: rules.maxGroundSupport(engine).value,
    minorRiver: r.minor,
    majorRiver: r.major,
    noAttackAcrossMajorRiver: r.noAttackAcrossMajor,
    reservesBelowLimitResult: rules.reservesBelowLimitResult(engine).value,
  };
}

/** The Combat Results Table: input.table, else the game's one table of kind "crt". */
function crtOf(engine: Engine, input: Input): TableFile {
  const id = optString(input, 'table');
  if (id !== undefined) return table(engine, id);
  const crts = engine.game.tables.filter((t) => t.kind === 'crt');
  if (crts.length !== 1) throw new QueryInputError(`input.table is needed: the game has ${crts.length} tables of kind "crt"`);
  return crts[0];
}

// ---------------------------------------------------------------- multipliers (3.2, 12.5, 15.3)

export const strengthMultiplier: QueryHandler = (engine, input) => {
  const c = combatRules(engine);
  const crt = crtOf(engine, input);
  const role = optString(input, 'role') ?? 'attack';
  const movementClass = optString(input, 'movementClass');
  const reasoning: string[] = [];
  let multiplier = 1;
  for (const m of optStrings(input, 'modifiers') ?? []) {
    if (m === c.mod.outOfSupply) {
      const mod = tableModifier(crt, m);
      if ('unknown' in mod) return unsupported(mod.unknown);
      multiplier *= mod.value;
      reasoning.push(`${mod.label}: ×${mod.value}${mod.citation}`);
    } else if (m === c.minorRiver || m === c.majorRiver) {
      if (role !== 'attack') {
        reasoning.push(`${m}: rivers affect only units attacking across them [12.5]`);
        continue;
      }
      const terrain = engine.terrain(m);
      const value = terrain?.combat?.attackMultiplier;
      if (value === undefined || isUnknown(value)) return unsupported(`terrain.json gives no attack multiplier for ${m}`);
      if (m === c.majorRiver) {
        if (movementClass === undefined)
          return unsupported(
            `${terrainName(engine, m)} bars ${c.noAttackAcrossMajorRiver} units from attacking across it: input.movementClass is needed [12.5]`,
          );
        if (movementClass === c.noAttackAcrossMajorRiver) {
          return {
            actual: { prohibited: true },
            reasoning: [
              ...reasoning,
              `${c.noAttackAcrossMajorRiver} units may not attack across ${terrain?.name ?? m} [12.5]${cite(terrain?.combat?.source)}`,
            ],
          };
        }
      }
      multiplier *= value;
      reasoning.push(`attacking across ${terrain!.name}: ×${value}${cite(terrain!.combat!.source)}`);
    } else throw new QueryInputError(`unknown modifier "${m}" (${c.mod.outOfSupply}, ${c.minorRiver}, ${c.majorRiver})`);
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
  const c = combatRules(engine);
  const crt = crtOf(engine, input);
  const defenderSide = sideOf(engine, input.defenderSide, 'input.defenderSide');
  const attackerSide = input.attackerSide === undefined ? undefined : sideOf(engine, input.attackerSide, 'input.attackerSide');
  const barrage = optBool(input, 'barrage') ?? false;
  const groundSupport = optNumber(input, 'groundSupport') ?? 0;
  const concentric = optBool(input, 'concentric') ?? false;
  const reasoning: string[] = [];
  let shift = 0;
  if (barrage && attackerSide !== undefined && attackerSide !== c.barrageSide)
    return { shift, reasoning, unknown: `only the ${c.barrageSide} player has Barrage markers [12.62]` };
  for (const id of optStrings(input, 'defenderTerrain') ?? []) {
    const t = engine.terrain(id);
    if (!t) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
    const s = t.combat?.shift;
    if (s === undefined || (t.combat?.appliesTo ?? 'defender-hex') !== 'defender-hex') continue;
    if (isUnknown(s)) return { shift, reasoning, unknown: `the column shift of ${t.name} is not given` };
    if (s === 0) continue;
    if (id === c.fortification && defenderSide !== c.fortifiedSide) {
      reasoning.push(`${t.name}: nothing for ${defenderSide} defenders [12.43]`);
      continue;
    }
    if (id === c.fortification && barrage) {
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
  if (barrage) add(c.mod.barrage, 1);
  if (groundSupport > 0) {
    if (groundSupport > c.maxGroundSupport)
      return { shift, reasoning, unknown: `at most ${c.maxGroundSupport} air units may support one attack [13.3]` };
    add(c.mod.groundSupport, groundSupport);
  }
  if (concentric) add(c.mod.concentric, 1);
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
  const lowest = crt.columns?.[0];
  if (!lowest?.odds) return unsupported(`table ${crt.id} does not give the odds of its first column`, reasoning);
  const [lowAttack, lowDefend] = lowest.odds;
  if (raw.attack * lowDefend < lowAttack * raw.defend)
    return { actual: { rawOdds: label(raw), legal: false }, reasoning: [...reasoning, `worse than ${lowest.label}: no attack [12.36]`] };
  const s = shiftOf(engine, input);
  reasoning.push(...s.reasoning);
  if (s.unknown) return unsupported(s.unknown, reasoning);
  const column = finalColumn(crt, raw, s.shift, reasoning);
  if (typeof column !== 'string') return unsupported(column.unknown, reasoning);
  return { actual: { rawOdds: label(raw), shift: s.shift, column }, reasoning };
};

/** ring-of-fire.attackOdds: the 1:3 limit, and the automatic result when defensive reserves push the odds below it (12.36). */
export const attackOdds: QueryHandler = (engine, input) => {
  const c = combatRules(engine);
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
  const automatic = crt.results?.find((r) => r.code === c.reservesBelowLimitResult);
  if (!automatic) return unsupported(`table ${crt.id} does not list the result ${c.reservesBelowLimitResult}`, reasoning);
  reasoning.push(`the reserves alone pushed the odds below the lowest column: automatic ${automatic.code}${cite(automatic.source)}`);
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
  const c = combatRules(engine);
  const crt = crtOf(engine, input);
  const printed = string(input, 'crtResult');
  const losses = parseResult(printed);
  const attackerSide = sideOf(engine, input.attackerSide, 'input.attackerSide');
  const barrage = optBool(input, 'barrage') ?? false;
  let fortified: boolean;
  // The input key names the protected side: `<side>DefenderInFortification` (germanDefenderInFortification in RoF).
  const fortifiedKey = `${c.fortifiedSide}DefenderInFortification`;
  refuseUnreadSideKeys(input, SIDE_KEYS.inFortification, [fortifiedKey]);
  if (input[fortifiedKey] !== undefined) fortified = bool(input, fortifiedKey);
  else {
    const defenderSide = sideOf(engine, input.defenderSide, 'input.defenderSide');
    fortified = defenderSide === c.fortifiedSide && (optStrings(input, 'defenderTerrain') ?? []).includes(c.fortification);
  }
  const reasoning = [`CRT result ${printed}`];
  if (bool(input, 'maximumEffort')) {
    const m = tableModifier(crt, c.mod.maximumEffort);
    if ('unknown' in m) return unsupported(m.unknown);
    // 12.65: an attacker's zero becomes one; a defender's zero stays zero.
    losses.attacker = losses.attacker === 0 ? 1 : losses.attacker * m.value;
    losses.defender *= m.value;
    reasoning.push(`${m.label}: both results ×${m.value} (attacker 0 → 1, defender 0 stays 0): ${formatResult(losses)}${m.citation}`);
  }
  if (fortified && attackerSide !== c.fortifiedSide) {
    if (barrage) reasoning.push(`the Barrage negates the ${terrainName(engine, c.fortification)} loss modifiers [12.62, 12.64]`);
    else {
      const m = tableModifier(crt, c.mod.fortificationLosses);
      if ('unknown' in m) return unsupported(m.unknown);
      losses.defender = Math.max(0, losses.defender - m.value);
      losses.attacker += m.value;
      reasoning.push(
        `${sideName(engine, c.fortifiedSide)} defenders in ${terrainName(engine, c.fortification)}: defender losses −${m.value}, attacker losses +${m.value}, after Maximum Effort: ${formatResult(losses)}${m.citation}`,
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
  const c = combatRules(engine);
  const defenderSide = sideOf(engine, input.defenderSide, 'input.defenderSide');
  const terrain = optStrings(input, 'defenderTerrain') ?? [];
  const attackers = number(input, 'groundAttackers');
  const already = number(input, 'barragesOnHex');
  const why =
    defenderSide !== c.fortifiedSide || !terrain.includes(c.fortification)
      ? `Barrage markers may be used only against ${sideName(engine, c.fortifiedSide)} units in ${terrainName(engine, c.fortification)}`
      : attackers <= 0
        ? 'a Barrage may never attack alone: ground units must attack the hex'
        : already >= c.barragesPerHex
          ? `at most ${c.barragesPerHex} Barrage marker(s) per defending hex`
          : undefined;
  return {
    actual: { legal: why === undefined },
    reasoning: [
      why
        ? `${why} [12.62]`
        : `a ${sideName(engine, c.fortifiedSide)} hex in ${terrainName(engine, c.fortification)} attacked by ground units, Barrages below the limit: legal; the marker is then removed from the game [12.62]`,
    ],
  };
};

export const groundSupport: QueryHandler = (engine, input) => {
  const c = combatRules(engine);
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
  if (air < 1 || air > c.maxGroundSupport)
    return { actual: { legal: false }, reasoning: [`between 1 and ${c.maxGroundSupport} air units per attacked hex [13.3]`] };
  const m = tableModifier(crt, c.mod.groundSupport);
  if ('unknown' in m) return unsupported(m.unknown);
  return { actual: { legal: true, shift: m.value * air }, reasoning: [`${air} air unit(s) × ${m.value} column right${m.citation}`] };
};
