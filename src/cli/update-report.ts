/**
 * The text report of `hexforge update`, read like a diff summary: each applied change, then per
 * archive entry each distinct edit (same what, before and after) once, with how many places got it
 * and the first few of them. One value in every copy of a counter across many saved games is one
 * block per save, not three lines per copy. `--json` still lists every place.
 */
import type { AppliedChange, ChangedPlace } from '../vassal/update/update-module';

/** Places named in a grouped block before the rest are counted. */
export const PLACES_SHOWN = 3;

interface PlaceGroup {
  first: ChangedPlace;
  wheres: string[];
}

/** The places of one change grouped by entry, then by identical edit; both in first-met order. */
function groupPlaces(places: readonly ChangedPlace[]): PlaceGroup[] {
  const byEntry = new Map<string, Map<string, PlaceGroup>>();
  for (const place of places) {
    let groups = byEntry.get(place.entry);
    if (!groups) byEntry.set(place.entry, (groups = new Map()));
    const key = JSON.stringify([place.what, place.before, place.after]);
    const group = groups.get(key);
    if (group) group.wheres.push(place.where);
    else groups.set(key, { first: place, wheres: [place.where] });
  }
  return [...byEntry.values()].flatMap((groups) => [...groups.values()]);
}

function groupHeader({ first, wheres }: PlaceGroup): string {
  if (wheres.length === 1) return `  ${first.entry} ${first.where} ${first.what}`;
  const shown = wheres.slice(0, PLACES_SHOWN).join(', ');
  const rest = wheres.length - PLACES_SHOWN;
  return `  ${first.entry} ${first.what}, ${wheres.length} place(s): ${shown}${rest > 0 ? ` and ${rest} more` : ''}`;
}

export function updateReportLines(applied: readonly AppliedChange[]): string[] {
  const lines: string[] = [];
  for (const change of applied) {
    lines.push(`${change.subject}: "${change.before}" → "${change.after}" (${change.source}), ${change.places.length} place(s):`);
    for (const group of groupPlaces(change.places)) lines.push(groupHeader(group), `  - ${group.first.before}`, `  + ${group.first.after}`);
  }
  return lines;
}
