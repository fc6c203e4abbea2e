/** `counters`: counters.pdf (fronts, mirrored backs, crop marks, bleed, registration page), drawn from the component plan. */
import type { Generator } from '../pipeline/generator';
import { hasErrors } from '../diagnostics';
import { renderCountersPdf } from './counters-pdf';

export const countersGenerator: Generator = {
  id: 'counters',
  description: 'counters.pdf: counter sheets with mirrored backs, bleed, crop marks and a registration page',
  reads: { game: ['info'], settings: [], plan: true },
  async run(ctx) {
    const { plan } = ctx;
    if (hasErrors(plan.paperDiagnostics)) return { artifacts: [], diagnostics: plan.paperDiagnostics };
    const result = await renderCountersPdf(ctx.game, plan, ctx.fonts, {
      epoch: ctx.options.epoch,
      progress: (d, t, label) => ctx.progress(d, t, label),
    });
    return { artifacts: [{ path: 'counters.pdf', data: result.pdf }], diagnostics: [...plan.paperDiagnostics, ...result.diagnostics] };
  },
};
