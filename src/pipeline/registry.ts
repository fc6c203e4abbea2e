/**
 * Every generator `hexforge build` knows, in build order. A new output adds one line here and its
 * name to OUTPUT_IDS.
 */
import type { Generator } from './generator';
import { OUTPUT_IDS, OUTPUT_NEEDS } from './output-ids';
import { completenessGenerator } from './completeness-generator';
import { bundleGenerator } from '../bundle/bundle-generator';
import { mapGenerator } from '../print/map-generator';
import { countersGenerator } from '../print/counters-generator';
import { aidsGenerator } from '../print/aids-generator';
import { displayGenerator } from '../print/display-generator';
import { proofGenerator } from '../print/proof-generator';
import { vassalGenerator } from '../vassal/module/generator';

export const GENERATORS: readonly Generator[] = [
  completenessGenerator,
  bundleGenerator,
  mapGenerator,
  countersGenerator,
  aidsGenerator,
  displayGenerator,
  proofGenerator,
  vassalGenerator,
];

// The names `--only` accepts are known without this module: the two lists must agree.
if (GENERATORS.map((g) => g.id).join() !== OUTPUT_IDS.join()) {
  throw new Error(`the generators ${GENERATORS.map((g) => g.id).join(', ')} differ from OUTPUT_IDS ${OUTPUT_IDS.join(', ')}`);
}
for (const g of GENERATORS) {
  if ((g.reads.outputs ?? []).join() !== (OUTPUT_NEEDS[g.id] ?? []).join())
    throw new Error(
      `the ${g.id} output reads the outputs ${(g.reads.outputs ?? []).join(', ')} but OUTPUT_NEEDS says ${(OUTPUT_NEEDS[g.id] ?? []).join(', ')}`,
    );
}
