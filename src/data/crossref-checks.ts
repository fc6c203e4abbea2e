/**
 * checks.json `contradictions`: every conflict a source's inventory lists has a disposition. A
 * contradiction is decided by an erratum check (both readings shown), resolved by checks that show
 * the rules agree after all, or says why no check can decide it; every check id it names exists.
 */
import type { ChecksFile } from '../model/files';
import type { CheckContext } from './check-context';

export function checkContradictions(ctx: CheckContext, file: ChecksFile): void {
  const kinds = new Map(file.checks.map((c) => [c.id, c.kind]));
  ctx.unique('checks', file.contradictions, '/contradictions', 'contradiction');
  (file.contradictions ?? []).forEach((c, i) => {
    const at = `/contradictions/${i}`;
    (c.checks ?? []).forEach((id, k) => ctx.ref('checks', `${at}/checks/${k}`, 'check', id, new Set(kinds.keys()), 'checks.json checks'));
    if (c.kind !== 'contradiction') return;
    const errata = (c.checks ?? []).filter((id) => kinds.get(id) === 'erratum');
    if (c.unchecked === undefined && c.resolved === undefined && errata.length === 0)
      ctx.error(
        'checks',
        at,
        'checks/contradiction-undecided',
        `contradiction ${c.id} has no erratum check, no resolution and no reason it cannot be checked`,
        'add an erratum check with both readings and list it in "checks", or say why in "resolved" or "unchecked"',
      );
    if (c.resolved !== undefined && (c.checks ?? []).length === 0)
      ctx.error('checks', `${at}/resolved`, 'checks/contradiction-unshown', `contradiction ${c.id} is resolved, but no check shows it`, 'list the checks that show the rules agree');
  });
}
