/**
 * Tank Combat (12.1–12.161): firing order, the mandatory combats, a scripted Tank Combat Segment
 * (and the Reserve Combat Phase's segment) with legality of every shot and immediate losses, and
 * who may advance after a tank combat clears a hex (12.15).
 */
import { matches, sameSet } from '../../checks/compare';
import { QueryInputError, naturalRoll, optNumber, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer, type QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { readRow } from '../../crt';
import { cite } from '../../source-text';
import { HEX_SIDES, areAdjacent } from '../../../hex';
import { directionTo } from '../../graph';
import * as rules from './rules';
import { bool, list, optBool, optList, record, sideOf, table } from './common';
import { axialOf } from './geometry';

type Tcer = number | 'unknown';

function tcerOf(value: unknown, id: string): Tcer {
  if (value === '?') return 'unknown';
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new QueryInputError(`tcer of ${id} must be a whole number or "?"`);
}

// ---------------------------------------------------------------- firing order (12.12)

interface FireUnit {
  id: string;
  tcer: number;
  defender: boolean;
}

/** Descending TCER; on equal ratings the defender's units first; units of one side with one rating form one step. */
export function fireOrder(units: FireUnit[]): FireUnit[][] {
  const sorted = [...units].sort((a, b) => b.tcer - a.tcer || Number(b.defender) - Number(a.defender));
  const steps: FireUnit[][] = [];
  for (const u of sorted) {
    const last = steps[steps.length - 1];
    if (last && last[0].tcer === u.tcer && last[0].defender === u.defender) last.push(u);
    else steps.push([u]);
  }
  return steps;
}

export const tankFireOrder: QueryHandler = (engine, input) => {
  const read = (key: 'attacker' | 'defender') => {
    const r = record(input[key], `input.${key}`);
    sideOf(engine, r.side, `input.${key}.side`);
    return list(r, 'units').map((u, i) => {
      const x = record(u, `input.${key}.units[${i}]`);
      const id = string(x, 'id');
      const t = tcerOf(x.tcer, id);
      if (t === 'unknown') throw new QueryInputError(`the firing order needs the TCER of ${id}`);
      return { id, tcer: t, defender: key === 'defender' };
    });
  };
  const steps = fireOrder([...read('attacker'), ...read('defender')]);
  return {
    actual: { order: steps.map((s) => s.map((u) => u.id)) },
    reasoning: [
      'highest Tank Combat Effectiveness Rating fires first; on equal ratings the defender fires before the attacker; the owner orders his own units of equal rating [12.12]',
      ...steps.map((s, i) => `${i + 1}. ${s.map((u) => u.id).join(', ')} (TCER ${s[0].tcer}, ${s[0].defender ? 'defender' : 'attacker'})`),
    ],
  };
};

// ---------------------------------------------------------------- adjacency of abstract or map hexes

interface Board {
  adjacent(a: string, b: string): boolean;
  barrier(a: string, b: string): boolean;
  /** The name of the hexside terrain that stops Tank Combat. */
  barrierName: string;
}

function boardOf(engine: Engine, input: Input): Board {
  const pairs =
    input.adjacent === undefined
      ? undefined
      : new Set(
          list(input, 'adjacent').map((p) => {
            if (!Array.isArray(p) || p.length !== 2) throw new QueryInputError('input.adjacent entries must be pairs of hexes');
            return [String(p[0]), String(p[1])].sort().join('|');
          }),
        );
  const sides = input.hexsides === undefined ? {} : record(input.hexsides, 'input.hexsides');
  const barrier = rules.tankCombat(engine).value.barrier;
  const sideTerrain = (a: string, b: string): string[] => {
    const stated = sides[`${a}/${b}`] ?? sides[`${b}/${a}`];
    if (stated !== undefined) {
      if (!Array.isArray(stated)) throw new QueryInputError(`input.hexsides["${a}/${b}"] must be a list of terrain ids`);
      return stated.map(String);
    }
    const i = engine.graph.indexOf(a);
    const j = engine.graph.indexOf(b);
    if (i === undefined || j === undefined) return [];
    const d = directionTo(engine.graph, i, j);
    return d < 0 ? [] : [...(engine.graph.sideFeatures[i * HEX_SIDES + d] ?? [])];
  };
  return {
    adjacent: (a, b) => {
      if (pairs) return pairs.has([a, b].sort().join('|'));
      if (engine.graph.indexOf(a) === undefined || engine.graph.indexOf(b) === undefined) {
        throw new QueryInputError(`hexes "${a}" and "${b}": give input.adjacent for hexes that are not map hexes`);
      }
      return areAdjacent(axialOf(engine, a), axialOf(engine, b));
    },
    barrier: (a, b) => sideTerrain(a, b).includes(barrier),
    barrierName: engine.terrain(barrier)?.name ?? barrier,
  };
}

// ---------------------------------------------------------------- mandatory combats (12.11, 12.13, 12.16)

export const tankCombatsRequired: QueryHandler = (engine, input) => {
  const phasing = sideOf(engine, input.phasing, 'input.phasing');
  const board = boardOf(engine, input);
  const reserveSegment = input.segment === 'reserve';
  const units = list(input, 'units').map((u, i) => {
    const x = record(u, `input.units[${i}]`);
    const id = string(x, 'id');
    return {
      id,
      side: sideOf(engine, x.side, `input.units[${i}].side`),
      hex: string(x, 'hex'),
      tank: x.tcer !== undefined || x.type === rules.tankCombat(engine).value.tankType,
      reserve: optBool(x, 'reserve') ?? false,
      marked: optBool(x, 'tankCombatMarker') ?? false,
    };
  });
  const reasoning: string[] = [];
  const attacking = [
    ...new Set(units.filter((u) => u.tank && u.side === phasing && (!reserveSegment || (u.reserve && !u.marked))).map((u) => u.hex)),
  ];
  const defending = [...new Set(units.filter((u) => u.tank && u.side !== phasing && !u.marked).map((u) => u.hex))];
  const combats: [string, string][] = [];
  for (const a of attacking) {
    for (const d of defending) {
      if (!board.adjacent(a, d)) continue;
      if (board.barrier(a, d)) {
        reasoning.push(`${a}–${d}: separated by ${board.barrierName}, no Tank Combat (bridge or not) [12.11, 12.14]`);
        continue;
      }
      combats.push([a, d]);
      reasoning.push(
        `${a} must engage ${d}: adjacent enemy tank type units [12.11${reserveSegment ? ', 12.16' : ''}]; several attacking hexes attack one after another [12.13]`,
      );
    }
  }
  if (combats.length === 0 && reasoning.length === 0) reasoning.push('no adjacent enemy tank type units: no Tank Combat');
  const asKeys = (v: unknown) => (Array.isArray(v) ? v.map((p) => (Array.isArray(p) ? p.join('>') : String(p))) : []);
  return {
    actual: { combats },
    reasoning,
    compare: (expect, got) =>
      !Array.isArray(expect.combats) || sameSet(asKeys(expect.combats), asKeys((got as { combats: unknown }).combats)),
  };
};

// ---------------------------------------------------------------- advance after tank combat (12.15)

export const tankAdvance: QueryHandler = (engine, input) => {
  const target = string(input, 'target');
  const units = list(input, 'units').map((u, i) => {
    const x = record(u, `input.units[${i}]`);
    return { id: string(x, 'id'), hex: string(x, 'hex'), tank: x.type === rules.tankCombat(engine).value.tankType || x.tcer !== undefined };
  });
  const reasoning: string[] = [];
  const participated = new Set<string>();
  let cleared = false;
  for (const [i, c] of list(input, 'combats').entries()) {
    const x = record(c, `input.combats[${i}]`);
    if (string(x, 'to') !== target) continue;
    participated.add(string(x, 'from'));
    if (bool(x, 'cleared')) {
      cleared = true;
      reasoning.push(`the combat from ${x.from} clears ${target}`);
      break;
    }
  }
  if (!cleared) return { actual: { eligible: [] }, reasoning: [`${target} is not cleared: no advance [12.15]`] };
  const eligible = units.filter((u) => u.tank && participated.has(u.hex)).map((u) => u.id);
  reasoning.push(
    `only tank type units of the hexes that fought ${target} up to its clearing may advance: ${[...participated].join(', ')}; non-tank units never advance after Tank Combat [12.15]`,
  );
  return {
    actual: { eligible },
    reasoning,
    compare: (e, g) => !Array.isArray(e.eligible) || sameSet(e.eligible, (g as { eligible: string[] }).eligible),
  };
};

// ---------------------------------------------------------------- the scripted segment(s)

interface Tank {
  id: string;
  side: string;
  hex: string;
  tcer: number;
  steps: number;
  reserve: boolean;
  outOfSupply: boolean;
  marker: boolean;
}

interface ScriptResult {
  legal: boolean;
  steps: Record<string, number>;
  eliminated: string[];
  permanentlyEliminated: string[];
  tankCombatMarkers: string[];
  canFire: Record<string, boolean>;
}

class Illegal extends Error {}
class Unknowable extends Error {}

type TableFile = ReturnType<typeof table>;

/** The Tank Combat Segments of one script played out in order: the units' state and the reasoning. */
class TankScript {
  private readonly tanks = new Map<string, Tank>();
  private readonly eliminated: string[] = [];
  private readonly permanent: string[] = [];
  /** Units that fired in the current segment. */
  private fired = new Set<string>();
  /** Units under a Tank Combat marker during a Reserve Combat Phase's segment. */
  private frozen = new Set<string>();
  private lastSegment = 'combat';

  constructor(
    private readonly engine: Engine,
    input: Input,
    tcers: Map<string, number>,
    private readonly phasing: string,
    private readonly board: Board,
    private readonly tableFile: TableFile,
    private readonly reasoning: string[],
  ) {
    for (const [i, u] of list(input, 'units').entries()) {
      const x = record(u, `input.units[${i}]`);
      const id = string(x, 'id');
      const steps = optNumber(x, 'steps');
      if (steps === undefined) throw new QueryInputError(`input.units[${i}].steps is required`);
      this.tanks.set(id, {
        id,
        side: sideOf(engine, x.side, `input.units[${i}].side`),
        hex: string(x, 'hex'),
        tcer: tcers.get(id)!,
        steps,
        reserve: optBool(x, 'reserve') ?? false,
        outOfSupply: optBool(x, 'outOfSupply') ?? false,
        marker: false,
      });
    }
  }

  private get(id: unknown, what: string): Tank {
    const t = this.tanks.get(String(id));
    if (!t) throw new QueryInputError(`${what} "${String(id)}" is not among input.units`);
    return t;
  }

  private illegal(why: string): never {
    this.reasoning.push(`ILLEGAL: ${why}`);
    throw new Illegal(why);
  }

  /** The firer's column of the Tank Combat Table. */
  private column(firer: Tank): number {
    const column = (this.tableFile.columns ?? []).findIndex((c) => c.label === String(firer.tcer));
    if (column < 0) throw new Unknowable(`the Tank Combat Table has no column for TCER ${firer.tcer}`);
    return column;
  }

  /** Steps one shot costs its target: by its roll, or a hit whose cost every hit of the column shares. */
  private loss(firer: Tank, target: Tank, shot: Input): number {
    const { tableFile, reasoning } = this;
    // A roll the Tank Combat Table's dice cannot show is refused, not read off its last row.
    const roll = shot.roll === undefined ? undefined : naturalRoll(this.engine, tableFile, shot);
    const hit = optBool(shot, 'hit');
    if (roll !== undefined) {
      const row = readRow(tableFile, this.column(firer), roll, 0, []);
      if (row.unknown || row.result === undefined) throw new Unknowable(row.unknown ?? 'cell not given');
      reasoning.push(`${firer.id} (TCER ${firer.tcer}) fires at ${target.id}: roll ${roll} → ${row.result}${cite(tableFile.source)}`);
      return row.result === '-' ? 0 : Number(row.result);
    }
    if (hit === false) {
      reasoning.push(`${firer.id} fires at ${target.id}: a miss`);
      return 0;
    }
    if (hit === true) {
      // A hit without its roll is known only when every hit of the firer's column costs the same.
      const column = this.column(firer);
      const hits = new Set((tableFile.rows ?? []).map((r) => String(r.cells?.[column])).filter((cell) => cell !== '-'));
      if (hits.size !== 1)
        throw new Unknowable(
          `${firer.id} hits with TCER ${firer.tcer} but the roll is not given (its hits cost ${[...hits].join(' or ')} steps)`,
        );
      const loss = Number([...hits][0]);
      reasoning.push(`${firer.id} fires at ${target.id}: a hit, ${loss} step(s)${cite(tableFile.source)}`);
      return loss;
    }
    reasoning.push(`${firer.id} fires at ${target.id} (no roll given: legality only)`);
    return 0;
  }

  private shoot(firer: Tank, target: Tank, shot: Input): void {
    const loss = this.loss(firer, target, shot);
    this.fired.add(firer.id);
    if (firer.side === this.phasing) firer.marker = true;
    if (loss <= 0) return;
    target.steps = Math.max(0, target.steps - loss);
    if (target.steps === 0) {
      this.eliminated.push(target.id);
      if (target.outOfSupply) this.permanent.push(target.id);
      this.reasoning.push(
        `${target.id} is eliminated at once (losses apply immediately, 12.12)${target.outOfSupply ? ' — out of supply: Permanently Eliminated box [Clarifications L1267, 15.5]' : ''}`,
      );
    } else this.reasoning.push(`${target.id} loses ${loss} step(s): ${target.steps} left`);
  }

  private mayFire(firer: Tank, segment: string): void {
    if (firer.steps <= 0) this.illegal(`${firer.id} is eliminated and cannot fire [12.12]`);
    if (this.fired.has(firer.id)) this.illegal(`${firer.id} has already fired in this Tank Combat Segment [12.12, 12.13]`);
    if (segment === 'reserve' && firer.side === this.phasing && (!firer.reserve || this.frozen.has(firer.id))) {
      this.illegal(
        `${firer.id} may not fire in the Reserve Combat Phase: ${this.frozen.has(firer.id) ? 'it carries a Tank Combat marker' : 'it is not a reserve unit'} [12.16]`,
      );
    }
  }

  private mayBeTarget(firer: Tank, target: Tank): void {
    if (target.side === firer.side) this.illegal(`${firer.id} may not fire at a friendly unit`);
    if (target.steps <= 0) this.illegal(`${target.id} is already eliminated`);
    if (this.frozen.has(target.id)) this.illegal(`${target.id} carries a Tank Combat marker and may not be fired upon [12.16]`);
  }

  segment(seg: Input): void {
    const segment = string(seg, 'segment');
    if (segment !== 'combat' && segment !== 'reserve') throw new QueryInputError(`segment must be "combat" or "reserve"`);
    this.lastSegment = segment;
    this.fired = new Set();
    this.frozen = segment === 'reserve' ? new Set([...this.tanks.values()].filter((t) => t.marker).map((t) => t.id)) : new Set();
    this.reasoning.push(`— ${segment === 'combat' ? 'Combat Phase' : 'Reserve Combat Phase'}: Tank Combat Segment`);
    this.moves(seg, segment);
    const engaged = new Set<string>();
    const attackingHexes = new Set<string>();
    for (const [ci, c] of optList(seg, 'combats').entries()) this.combat(record(c, `combats[${ci}]`), segment, engaged, attackingHexes);
    this.unengagedFire(seg, segment, engaged, attackingHexes);
    if (segment === 'reserve') {
      for (const t of this.tanks.values()) t.marker = false;
      this.reasoning.push(
        "the phasing player removes all Tank Combat markers after the Reserve Combat Phase's Tank Combat Segment [12.161]",
      );
    }
  }

  private moves(seg: Input, segment: string): void {
    for (const [mi, m] of optList(seg, 'moves').entries()) {
      const mv = record(m, `moves[${mi}]`);
      const t = this.get(mv.unit, 'moving unit');
      if (t.side !== this.phasing) this.illegal(`${t.id} is not the phasing player's`);
      if (segment === 'reserve' && !t.reserve)
        this.illegal(`${t.id} is not a reserve: only reserves move in the Reserve Movement Phase [14.3, 14.4]`);
      t.hex = string(mv, 'to');
      this.reasoning.push(`${t.id} moves to ${t.hex}`);
    }
  }

  /** One attack from a hex on an adjacent enemy hex: its shots, highest rating first, defender first on ties. */
  private combat(combat: Input, segment: string, engaged: Set<string>, attackingHexes: Set<string>): void {
    const { board, phasing } = this;
    const from = string(combat, 'from');
    const to = string(combat, 'to');
    if (!board.adjacent(from, to)) this.illegal(`${from} is not adjacent to ${to}`);
    if (board.barrier(from, to)) this.illegal(`${from} and ${to} are separated by ${board.barrierName} [12.14]`);
    if (![...this.tanks.values()].some((t) => t.hex === to && t.side !== phasing && t.steps > 0))
      this.illegal(`${to} holds no enemy tank type unit`);
    this.reasoning.push(`${from} attacks ${to}`);
    engaged.add(to);
    attackingHexes.add(from);
    let previous: Tank | undefined;
    for (const [fi, f] of list(combat, 'fire').entries()) {
      const shot = record(f, `fire[${fi}]`);
      const firer = this.get(shot.unit, 'firing unit');
      const target = this.get(shot.target, 'target');
      const own = firer.side === phasing ? from : to;
      const other = firer.side === phasing ? to : from;
      if (firer.hex !== own) this.illegal(`${firer.id} is not in ${own}, a hex of this combat`);
      if (target.hex !== other) this.illegal(`${target.id} is not in ${other}, the opposing hex of this combat [12.12]`);
      this.mayFire(firer, segment);
      this.mayBeTarget(firer, target);
      if (previous) {
        const defenderNow = firer.side !== phasing;
        const defenderBefore = previous.side !== phasing;
        if (firer.tcer > previous.tcer || (firer.tcer === previous.tcer && defenderNow && !defenderBefore)) {
          this.illegal(
            `${firer.id} (TCER ${firer.tcer}) fires after ${previous.id} (TCER ${previous.tcer}): highest rating first, defender first on ties [12.12]`,
          );
        }
      }
      this.shoot(firer, target, shot);
      previous = firer;
    }
  }

  /** The defender's unengaged hexes fire after the attacks, at units that attacked (12.13). */
  private unengagedFire(seg: Input, segment: string, engaged: Set<string>, attackingHexes: Set<string>): void {
    const { board } = this;
    for (const [fi, f] of optList(seg, 'unengagedFire').entries()) {
      const shot = record(f, `unengagedFire[${fi}]`);
      const firer = this.get(shot.unit, 'firing unit');
      const target = this.get(shot.target, 'target');
      if (firer.side === this.phasing)
        this.illegal(
          `${firer.id} is the attacker's: only the defender's unengaged hexes fire after the attacks, and the attacker cannot answer [12.13]`,
        );
      this.mayFire(firer, segment);
      if (engaged.has(firer.hex)) this.illegal(`${firer.id}'s hex ${firer.hex} was fired upon: it is not an unengaged hex [12.13]`);
      this.mayBeTarget(firer, target);
      if (!attackingHexes.has(target.hex)) this.illegal(`${target.id} did not attack in this segment [12.13]`);
      if (!board.adjacent(firer.hex, target.hex) || board.barrier(firer.hex, target.hex))
        this.illegal(`${firer.id} is not adjacent to ${target.id} (or ${this.board.barrierName} lies between) [12.13, 12.14]`);
      this.reasoning.push(`unengaged ${firer.hex} fires [12.13]`);
      this.shoot(firer, target, shot);
    }
  }

  result(): ScriptResult {
    const canFire: Record<string, boolean> = {};
    const steps: Record<string, number> = {};
    for (const t of this.tanks.values()) {
      steps[t.id] = t.steps;
      canFire[t.id] =
        t.steps > 0 &&
        !this.fired.has(t.id) &&
        !(this.lastSegment === 'reserve' && t.side === this.phasing && (!t.reserve || this.frozen.has(t.id)));
    }
    return {
      legal: true,
      steps,
      eliminated: this.eliminated,
      permanentlyEliminated: this.permanent,
      tankCombatMarkers: [...this.tanks.values()].filter((t) => t.marker).map((t) => t.id),
      canFire,
    };
  }
}

function runScript(engine: Engine, input: Input, tcers: Map<string, number>, reasoning: string[]): ScriptResult {
  const phasing = sideOf(engine, input.phasing, 'input.phasing');
  const board = boardOf(engine, input);
  const tableFile = table(engine, rules.tankCombat(engine).value.table);
  const script = new TankScript(engine, input, tcers, phasing, board, tableFile, reasoning);
  for (const [si, s] of list(input, 'segments').entries()) script.segment(record(s, `input.segments[${si}]`));
  return script.result();
}

/**
 * ring-of-fire.tankCombat: runs the script; a unit whose TCER the example leaves unstated ("?") is tried
 * with every rating of the Tank Combat Table, and the answer stands only if all agree.
 */
export const tankCombat: QueryHandler = (engine, input) => {
  const tableFile = table(engine, rules.tankCombat(engine).value.table);
  const ratings = (tableFile.columns ?? []).map((c) => Number(c.label)).filter((n) => Number.isInteger(n));
  const known = new Map<string, number>();
  const unknownIds: string[] = [];
  for (const [i, u] of list(input, 'units').entries()) {
    const x = record(u, `input.units[${i}]`);
    const id = string(x, 'id');
    const t = tcerOf(x.tcer, id);
    if (t === 'unknown') unknownIds.push(id);
    else known.set(id, t);
  }
  const combos: Map<string, number>[] = [];
  const build = (k: number, acc: Map<string, number>) => {
    if (k === unknownIds.length) return void combos.push(new Map(acc));
    for (const r of ratings) build(k + 1, new Map(acc).set(unknownIds[k], r));
  };
  build(0, known);
  let answer: { actual: unknown; reasoning: string[] } | undefined;
  for (const combo of combos) {
    const reasoning: string[] = [];
    if (unknownIds.length) reasoning.push(`trying ${unknownIds.map((id) => `${id} = TCER ${combo.get(id)}`).join(', ')} (not stated)`);
    let actual: unknown;
    try {
      actual = runScript(engine, input, combo, reasoning);
    } catch (e) {
      if (e instanceof Illegal) actual = { legal: false, reason: e.message };
      else if (e instanceof Unknowable) return unsupported(e.message, reasoning);
      else throw e;
    }
    if (answer && JSON.stringify(answer.actual) !== JSON.stringify(actual)) {
      return unsupported(`the outcome depends on the unstated TCER of ${unknownIds.join(', ')}`, [...answer.reasoning, ...reasoning]);
    }
    answer ??= { actual, reasoning };
  }
  if (unknownIds.length && combos.length > 1)
    answer!.reasoning.push(`every rating ${ratings.join(', ')} for ${unknownIds.join(', ')} gives this same outcome`);
  const setKeys = ['eliminated', 'permanentlyEliminated', 'tankCombatMarkers'];
  const result: QueryAnswer = {
    ...answer!,
    compare: (expect, got) => {
      const g = got as Record<string, unknown>;
      return Object.entries(expect).every(([k, v]) =>
        setKeys.includes(k) && Array.isArray(v) && Array.isArray(g[k]) ? sameSet(v, g[k] as unknown[]) : matches(v, g[k]),
      );
    },
  };
  return result;
};
