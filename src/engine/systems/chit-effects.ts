/**
 * What a Combat Chit does to Combat Hits, read from its effect text in counters.json ("+1 CH to the
 * enemy's combat result", "-1 CH to the <side>'s own combat result"; "CH" or "Combat Hit"). A chit
 * whose effect is unknown, or whose text names Combat Hits in a way this reader does not know,
 * stops the answer with the reason; any other effect leaves the hits alone.
 */
import { isUnknown } from '../../model/common';
import type { ChitFile } from '../../model/files';

export type HitEffect = { delta: number; target: 'enemy' | 'own' } | { delta: 0; target: 'none' };

export function chitHitEffect(chit: ChitFile): HitEffect | { unknown: string } {
  if (chit.effect === undefined || isUnknown(chit.effect)) {
    return {
      unknown: `the effect of ${chit.id} (${chit.name}) is not known: ${chit.effect && isUnknown(chit.effect) ? (chit.effect.reason ?? 'declared unknown') : 'not given'}`,
    };
  }
  const m = /^([+-]\d+) (?:CHs?|Combat Hits?) to the (enemy's|[A-Za-z]+'s own) combat result/.exec(chit.effect);
  if (m) return { delta: Number(m[1]), target: m[2] === "enemy's" ? 'enemy' : 'own' };
  if (/\b(CHs?|Combat Hits?)\b/.test(chit.effect))
    return { unknown: `the Combat Hit effect of ${chit.id} ("${chit.effect}") cannot be read` };
  return { delta: 0, target: 'none' };
}
