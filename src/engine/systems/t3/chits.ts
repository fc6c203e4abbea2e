/**
 * Combat Chits on combat hits (11.6.2.B): chits increasing CHs take effect first, then each player
 * plays his chits reducing CHs in the order he chooses. Effects are read from counters.json
 * ("+1 CH to the enemy's combat result", "-1 CH to the Axis's own combat result"); chits with no
 * effect on CHs (DRMs, CS multipliers, dummies) leave the hits alone; unknown effects stop the answer.
 */
import { isUnknown } from '../../../model/common';
import type { ChitFile } from '../../../model/files';
import type { Engine } from '../../context';
import { QueryInputError, optString, type Input } from '../../checks/input';
import { knownGap, type QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { list } from './read';

type HitEffect = { delta: number; target: 'enemy' | 'own' } | { delta: 0; target: 'none' };

/** The CH effect a chit's effect text states, or an unknown with the reason. */
function hitEffect(chit: ChitFile): HitEffect | { unknown: string } {
  if (chit.effect === undefined || isUnknown(chit.effect)) {
    return {
      unknown: `the effect of ${chit.id} (${chit.name}) is not known: ${chit.effect && isUnknown(chit.effect) ? chit.effect.reason : 'not given'}`,
    };
  }
  const m = /^([+-]\d+) CHs? to the (enemy's|[A-Za-z]+'s own) combat result/.exec(chit.effect);
  if (m) return { delta: Number(m[1]), target: m[2] === "enemy's" ? 'enemy' : 'own' };
  if (/\bCHs?\b/.test(chit.effect)) return { unknown: `the CH effect of ${chit.id} ("${chit.effect}") cannot be read` };
  return { delta: 0, target: 'none' };
}

function chit(engine: Engine, id: string): ChitFile {
  const c = engine.game.counters.chits?.find((x) => x.id === id);
  if (!c) throw new QueryInputError(`chit "${id}" is not in counters.json`);
  return c;
}

interface Play {
  /** Hits per side before, after increases, and after reductions. */
  start: Record<string, number>;
  afterIncreases: Record<string, number>;
  final: Record<string, number>;
}

/**
 * Applies the chits each side plays (in the owner's order) to the hits per side.
 * `sides` maps a side key to [its hits, its chits, the key of its enemy].
 */
function play(
  engine: Engine,
  sides: Record<string, { hits: number; chits: string[]; enemy: string }>,
  reasoning: string[],
): Play | { unknown: string } {
  const start = Object.fromEntries(Object.entries(sides).map(([k, v]) => [k, v.hits]));
  const afterIncreases = { ...start };
  const reductions: { side: string; delta: number; label: string }[] = [];
  for (const [key, s] of Object.entries(sides)) {
    for (const id of s.chits) {
      const c = chit(engine, id);
      const e = hitEffect(c);
      if ('unknown' in e) return e;
      if (e.target === 'none') {
        reasoning.push(`${key} plays ${c.id} ${c.name}: no effect on CHs`);
        continue;
      }
      const target = e.target === 'enemy' ? s.enemy : key;
      if (e.delta > 0) {
        afterIncreases[target] += e.delta;
        reasoning.push(`${key} plays ${c.id} ${c.name}: +${e.delta} CH to ${target}${cite(c.source)}`);
      } else reductions.push({ side: target, delta: e.delta, label: `${key} plays ${c.id} ${c.name}: ${e.delta} CH to ${target}` });
    }
  }
  reasoning.push(
    `increases first [11.6.2.B L775]: ${Object.entries(afterIncreases)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  const final = { ...afterIncreases };
  for (const r of reductions) {
    final[r.side] = Math.max(0, final[r.side] + r.delta);
    reasoning.push(`${r.label} → ${final[r.side]} (reductions in the owner's order) [11.6.2.B L775]`);
  }
  return { start, afterIncreases, final };
}

function strings(input: Input, key: string): string[] {
  return list(input, key).map((x) => {
    if (typeof x !== 'string') throw new QueryInputError(`input.${key} must list chit ids`);
    return x;
  });
}

export const applyChits: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const result = optString(input, 'result');
  if (result !== undefined) {
    // A CRT result "a/d": CHs against the attacker (left) and the defender (right) [11.7.A L799].
    const m = /^(\d+)\/(\d+)$/.exec(result);
    if (!m) throw new QueryInputError(`input.result "${result}" is not a CRT result like "1/2"`);
    const p = play(
      engine,
      {
        attacker: { hits: Number(m[1]), chits: strings(input, 'attackerChits'), enemy: 'defender' },
        defender: { hits: Number(m[2]), chits: strings(input, 'defenderChits'), enemy: 'attacker' },
      },
      reasoning,
    );
    if ('unknown' in p) return knownGap(p.unknown, reasoning);
    return {
      actual: {
        afterIncreases: `${p.afterIncreases.attacker}/${p.afterIncreases.defender}`,
        result: `${p.final.attacker}/${p.final.defender}`,
      },
      reasoning,
    };
  }
  // One side's hits: the enemy's increases, then that side's own reductions in its order.
  const who = optString(input, 'side') ?? 'side';
  const hits = input.hits;
  if (typeof hits !== 'number') throw new QueryInputError('input.hits or input.result is required');
  const p = play(
    engine,
    {
      [who]: { hits, chits: strings(input, 'ownReductions'), enemy: 'enemy' },
      enemy: { hits: 0, chits: strings(input, 'enemyIncreases'), enemy: who },
    },
    reasoning,
  );
  if ('unknown' in p) return knownGap(p.unknown, reasoning);
  return { actual: { afterIncreases: p.afterIncreases[who], hits: p.final[who] }, reasoning };
};
