/** What the VASSAL-tier update tests share: which of VASSAL's differences an update explains (and VASSAL's report of a module, from ./vassal-run.ts). */
import type { ReportDifference } from '../../src/vassal/harness/differences';
import { BASIC_PIECE_ID, decodeBasicPieceType } from '../../src/vassal/traits/basic-piece';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import type { Edit } from './update-edit';

export { vassalReport } from './vassal-run';

/** The piece names the update changed: in palette labels, and in BasicPiece traits (their type). */
function renamed(places: readonly ChangedPlace[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const p of places) {
    if (p.what === 'attribute entryName') pairs.push([p.before, p.after]);
    else if (p.what.endsWith(`(${BASIC_PIECE_ID})`) && p.before.startsWith(BASIC_PIECE_ID))
      pairs.push([decodeBasicPieceType(p.before).name ?? '', decodeBasicPieceType(p.after).name ?? '']);
  }
  return pairs.filter(([before, after]) => before !== '' && before !== after);
}

/** Whether the name VASSAL shows differs by one renamed piece name alone (a shown name adds labels to it). */
function shownNameRenamed(d: ReportDifference, places: readonly ChangedPlace[]): boolean {
  return renamed(places).some(([before, after]) => d.before.includes(before) && d.after === d.before.replace(before, after));
}

/** Why VASSAL's difference is not one the update made, or undefined when a reported place explains it. */
export function unexplained(d: ReportDifference, places: readonly ChangedPlace[], edit: Edit): string | undefined {
  const field = d.field.replace(/\[\d+\]$/, '');
  const explained =
    field === 'traits' || field === 'states'
      ? places.some((p) => p.what.startsWith('trait') && p.before === d.before && p.after === d.after)
      : field === 'slot'
        ? places.some((p) => p.what === 'attribute entryName' && p.before === d.before && p.after === d.after)
        : field === 'name' || field === 'shownName'
          ? d.where !== 'module'
            ? places.some((p) => p.before.includes(d.before) && p.after.includes(d.after)) || shownNameRenamed(d, places)
            : edit.column === 'title' && d.before === edit.before && d.after === edit.after
          : false;
  return explained ? undefined : `${d.where} ${d.field}: ${d.before} → ${d.after}`;
}
