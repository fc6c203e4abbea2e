/**
 * Global setup: tests that spawn bin/hexforge.mjs run dist/ when it is fresh and src/ through tsx
 * when not (bin/dist-freshness.mjs). Rebuilding a stale dist/ here first means they run the
 * compiled CLI, as users do, built from the sources under test.
 */
import path from 'node:path';
import { distIsFresh } from '../bin/dist-freshness.mjs';
import { buildDist } from '../scripts/build-dist';

export default async function refreshDist(): Promise<void> {
  if (!distIsFresh(path.join(__dirname, '..'))) await buildDist();
}
