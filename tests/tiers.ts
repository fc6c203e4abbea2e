/**
 * Global setup: says in one line which test tiers this run skips and why, so a skipped tier is
 * never silent.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export default function announceTiers(): void {
  const shared = process.env.HEXFORGE_SHARED ?? path.resolve(__dirname, '..', '..', 'shared');
  if (!existsSync(path.join(shared, 'fixtures', 'vassal'))) {
    console.log(
      `shared tier skipped: no ${shared} (rulebook provenance, VASSAL fixtures and the format reference are not tested; put the shared folder beside the repository or set HEXFORGE_SHARED)`,
    );
  }
}
