/**
 * The Concentric Attack pattern the Schwerpunkt, T3 and Ring of Fire rules share: attackers in
 * directly opposite hexes, or in three hexes with one hex between each and the next. "More than
 * three hexes", which the rules also name, always holds an opposite pair.
 */
import { alternatingTriple, oppositePair } from '../../hex';

export function concentricPattern(directions: Iterable<number>): { concentric: boolean; why: string } {
  const dirs = [...new Set(directions)].sort((a, b) => a - b);
  const pair = oppositePair(dirs);
  if (pair) return { concentric: true, why: `attackers in directly opposite hexes (directions ${pair[0]} and ${pair[1]})` };
  const triple = alternatingTriple(dirs);
  if (triple) return { concentric: true, why: `attackers in three hexes with one hex between each (directions ${triple.join(', ')})` };
  return {
    concentric: false,
    why: `attackers in ${dirs.length} hex(es) (directions ${dirs.join(', ') || 'none'}): none opposite, not three alternating`,
  };
}
