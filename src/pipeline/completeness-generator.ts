/** completeness.md: the known gaps of the game, from the same report `validate --completeness` prints. */
import { completenessMarkdown, completenessReport } from '../data/completeness';
import type { Generator } from './generator';

export const completenessGenerator: Generator = {
  id: 'completeness',
  description: 'completeness.md: stated and unknown values by category, every known gap',
  reads: { game: ['info', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios'], settings: [], plan: true },
  files: ['completeness.md'],
  async run({ game, plan }) {
    return { artifacts: [{ path: 'completeness.md', data: completenessMarkdown(completenessReport(game, plan)) }], diagnostics: [] };
  },
};
