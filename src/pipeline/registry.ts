/**
 * Every generator `hexforge build` knows, in build order (an output collecting others' files, such as
 * the proof, after them). A new output adds one line here.
 */
import type { Generator } from './generator';
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
