/**
 * Names that become VASSAL locations: a zone's, a box's and a record track's name makes the label
 * of its box on the module's holding board ("Setup: <zone>", "<box>", "Track: <record>"), which is
 * also what a move report names. Labels must be short, and two boxes must not share one (VASSAL
 * would make them one box). A longer text belongs in `description`.
 */
import { recordBoxLabel, zoneBoxLabel } from '../plan/starts';
import type { CheckContext } from './check-context';
import type { FileKind } from './schemas';

/** Longest box label that prints whole on the board's two-line label strip at its size. */
export const MAX_LOCATION_LABEL = 40;

interface Named {
  id: string;
  name?: string;
}

export type LocationKind = 'zone' | 'box' | 'record track';

const LABEL_OF: Record<LocationKind, (name: string) => string> = { zone: zoneBoxLabel, box: (name) => name, 'record track': recordBoxLabel };

/** The longest name an item of this kind may have. */
export function maxLocationName(what: LocationKind): number {
  return MAX_LOCATION_LABEL - LABEL_OF[what]('').length;
}

/** Checks one list (map.json zones, map.json boxes, tracks.json records) at `pointer`. */
export function checkLocationNames(ctx: CheckContext, kind: FileKind, items: readonly Named[] | undefined, pointer: string, what: LocationKind): void {
  const limit = maxLocationName(what);
  const byName = new Map<string, number>();
  (items ?? []).forEach((item, i) => {
    if (item.name === undefined) return;
    const name = item.name.trim();
    if (name.length > limit) {
      ctx.warning(
        kind,
        `${pointer}/${i}/name`,
        'names/long-location',
        `${what} "${item.id}" has a ${name.length}-character name; the module shows "${LABEL_OF[what](name)}" on its box and in every move report`,
        `keep the name to ${limit} characters (e.g. "${shortened(name, limit)}") and move the rest to "description"`,
      );
    }
    const first = byName.get(name.toLowerCase());
    if (first !== undefined) {
      ctx.error(
        kind,
        `${pointer}/${i}/name`,
        'names/duplicate-location',
        `${what} "${item.id}" has the same name as ${pointer}/${first} ("${name}"); the module would make them one box`,
        'give each its own name',
      );
    } else byName.set(name.toLowerCase(), i);
  });
}

/** A first suggestion: the name up to its first parenthesis or colon, whole words within the limit. */
function shortened(name: string, limit: number): string {
  const head = name.split(/\s*[(:;]/)[0] || name;
  let out = '';
  for (const word of head.split(/\s+/)) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > limit) break;
    out = next;
  }
  return out || head.slice(0, limit);
}
