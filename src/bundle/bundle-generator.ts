/** `hexforge build --only bundle`: writes <game>.bundle.json for the rules engine. */
import type { Generator } from '../pipeline/generator';
import { bundleJson } from './to-bundle';

export const bundleGenerator: Generator = {
  id: 'bundle',
  description: 'rules-engine bundle (<game>.bundle.json)',
  reads: {
    game: ['info', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios', 'checks', 'contradictions'],
    settings: [],
  },
  files: ['{game}.bundle.json'],
  async run(ctx) {
    return { artifacts: [{ path: `${ctx.game.id}.bundle.json`, data: bundleJson(ctx.game) }], diagnostics: [] };
  },
};
