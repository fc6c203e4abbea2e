/** The module campaign: mutated copies of a .vmod through `import` (and every fourth through `roundtrip`). */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../src/diagnostics';
import type { Target } from './campaign';
import { applyModuleEdits, moduleMustReject, mutateModule, type ModuleBase, type ModuleEdit } from './module-mutators';
import { inputSeed } from './rng';

/** A module diagnostic about a place in an XML entry carries that entry's line and column. */
function moduleNeedsPosition(d: Diagnostic): boolean {
  if (/\.(json|csv)$/i.test(d.file ?? '')) return !/^(file|io)\//.test(d.code) && d.code !== 'json/no-schema';
  return d.pointer !== undefined || /^vassal\/xml/.test(d.code);
}

export function moduleTarget(base: ModuleBase, seed: number): Target<ModuleEdit> {
  return {
    name: 'module',
    mutate: (rng) => mutateModule(rng, base),
    mustReject: moduleMustReject,
    async materialize(edits, dir, index) {
      const file = path.join(dir, 'fuzzed.vmod');
      writeFileSync(file, await applyModuleEdits(base, edits, inputSeed(seed, index) ^ 0x5bd1e995));
      const out = path.join(dir, 'out');
      return index % 4 === 3 ? ['roundtrip', file, '--json'] : ['import', file, '--out', out, '--json'];
    },
    needsPosition: moduleNeedsPosition,
    strays: (dir) => readdirSync(dir).filter((n) => n !== 'fuzzed.vmod' && n !== 'out'),
  };
}
