/** `proof`: proof.pdf, a contents page and then every printed component's pages at 100 %, copied from their PDFs. */
import type { Generator } from '../pipeline/generator';
import { readsOfOutputs } from '../pipeline/reads';
import { aidsGenerator } from './aids-generator';
import { countersGenerator } from './counters-generator';
import { displayGenerator } from './display-generator';
import { mapGenerator } from './map-generator';
import { renderProofPdf } from './proof-pdf';

/** The components in proof order, with the output that writes each file. */
const COMPONENTS = [
  { generator: countersGenerator, file: 'counters.pdf', title: 'Counter sheets (fronts, backs, registration)' },
  { generator: aidsGenerator, file: 'aids.pdf', title: 'Player aid cards' },
  { generator: mapGenerator, file: 'map.pdf', title: 'Map' },
  { generator: displayGenerator, file: 'display.pdf', title: 'Display sheet' },
] as const;

export const proofGenerator: Generator = {
  id: 'proof',
  description: 'proof.pdf: a contents page, then every printed component at 100 % (copied from their PDFs)',
  reads: readsOfOutputs(COMPONENTS.map((c) => c.generator)),
  files: ['proof.pdf'],
  async run(ctx) {
    const components = [];
    for (const c of COMPONENTS) components.push({ title: c.title, file: c.file, pdf: await ctx.output(c.generator.id, c.file) });
    ctx.progress(1, 2, 'components read');
    const { paper, cmyk } = ctx.paper;
    const pdf = await renderProofPdf(ctx.game, components, ctx.fonts, { epoch: ctx.options.epoch, paper, cmyk });
    ctx.progress(2, 2, 'proof');
    return { artifacts: [{ path: 'proof.pdf', data: pdf }], diagnostics: [] };
  },
};
