/** `counters`: counters.pdf (fronts, mirrored backs, crop marks, bleed, registration page). */
import type { Generator } from '../pipeline/generator';
import { hasErrors } from '../diagnostics';
import { countersPdfOptions, renderCountersPdf } from './counters-pdf';

export const countersGenerator: Generator = {
  id: 'counters',
  description: 'counters.pdf: counter sheets with mirrored backs, bleed, crop marks and a registration page',
  async run(ctx) {
    const { options, diagnostics } = countersPdfOptions(ctx.game, ctx.options.epoch, ctx.options.settings);
    if (hasErrors(diagnostics)) return { artifacts: [], diagnostics };
    const result = await renderCountersPdf(ctx.game, { ...options, progress: (d, t, label) => ctx.progress(d, t, label) });
    return { artifacts: [{ path: 'counters.pdf', data: result.pdf }], diagnostics: [...diagnostics, ...result.diagnostics] };
  },
};
