/** The VASSAL tier's describe: skipped where tests/vassal-tier-reason.ts finds something missing (tiers.ts says what). */
import { describe } from 'vitest';
import { SHARED_VASSAL, vassalTierMissing } from './vassal-tier-reason';

export { SHARED_VASSAL };
export const VASSAL_TIER_MISSING = vassalTierMissing();
export const describeVassal = describe.skipIf(VASSAL_TIER_MISSING !== undefined);
