/** `counters`: counters.pdf (fronts, mirrored backs, crop marks, bleed, registration page), drawn from the component plan. */
import type { Generator } from '../pipeline/generator';
import { hasErrors } from '../diagnostics';
import { renderCountersPdf } from './counters-pdf';
import { buildCounterFaces } from '../pipeline/counter-faces';

/** Which counter pages were drawn anew (the others kept from the last build), e.g. "pages 5, 6 of 40 drawn". */
export function describeDrawnPages(drawn: readonly number[], sheetPages: number): string {
  if (drawn.length === sheetPages) return `all ${sheetPages} sheet pages drawn`;
  if (drawn.length === 0) return `none of ${sheetPages} sheet pages drawn`;
  const LISTED = 12;
  const numbers = drawn.slice(0, LISTED).map((page) => page + 1);
  const more = drawn.length > LISTED ? ` and ${drawn.length - LISTED} more` : '';
  return `page${drawn.length === 1 ? '' : 's'} ${numbers.join(', ')}${more} of ${sheetPages} drawn`;
}

export const countersGenerator: Generator = {
  id: 'counters',
  description: 'counters.pdf: counter sheets with mirrored backs, bleed, crop marks and a registration page',
  reads: { game: ['info'], settings: [], plan: true },
  files: ['counters.pdf'],
  async run(ctx) {
    const { plan } = ctx;
    if (hasErrors(plan.paperDiagnostics)) return { artifacts: [], diagnostics: plan.paperDiagnostics };
    const result = await renderCountersPdf(ctx.game, plan, ctx.fonts, {
      epoch: ctx.options.epoch,
      progress: (d, t, label) => ctx.progress(d, t, label),
      sheets: ctx.sheets,
      faces: await buildCounterFaces(ctx),
    });
    return {
      artifacts: [{ path: 'counters.pdf', data: result.pdf }],
      diagnostics: [...plan.paperDiagnostics, ...result.diagnostics],
      drawn: describeDrawnPages(result.drawnPages, plan.sheets.sheets.length * 2),
    };
  },
};
