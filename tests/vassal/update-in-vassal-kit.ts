/** What the VASSAL-tier update tests share: which of VASSAL's differences an update explains (and VASSAL's report of a module, from ./vassal-run.ts). */
import type { ReportDifference } from '../../src/vassal/harness/differences';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import type { Edit } from './update-edit';

export { vassalReport } from './vassal-run';

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
            ? places.some((p) => p.before.includes(d.before) && p.after.includes(d.after))
            : edit.column === 'title' && d.before === edit.before && d.after === edit.after
          : false;
  return explained ? undefined : `${d.where} ${d.field}: ${d.before} → ${d.after}`;
}
