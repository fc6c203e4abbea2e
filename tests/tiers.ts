/**
 * Global setup: says in one line which test tiers this run skips and why, so a skipped tier is
 * never silent.
 */
import { HAS_SHARED, SHARED_DIR } from './shared-path';
import { vassalTierMissing } from './vassal-tier-reason';

export default function announceTiers(): void {
  if (!HAS_SHARED) {
    console.log(
      `shared tier skipped: no ${SHARED_DIR} (rulebook provenance, VASSAL fixtures, the format reference and VASSAL itself are not tested; put the shared folder beside the repository or set HEXFORGE_SHARED)`,
    );
    return;
  }
  const vassal = vassalTierMissing();
  if (vassal) console.log(`VASSAL tier skipped: ${vassal}; the modules are not loaded in VASSAL itself`);
}
