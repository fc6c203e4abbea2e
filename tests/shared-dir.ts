/**
 * The shared material (rulebooks, inventories, reference notes, VASSAL fixtures) sits beside the
 * repository as `../shared`, in a checkout and in CI alike; HEXFORGE_SHARED overrides it. A user's
 * clone has none: the tests that need it form the shared tier, skipped there (tests/tiers.ts says so
 * in one line at the start of the run).
 */
import path from 'node:path';
import { describe } from 'vitest';
import { HAS_SHARED, SHARED_DIR } from './shared-path';

export { HAS_SHARED, SHARED_DIR };
export const VASSAL_FIXTURES = path.join(SHARED_DIR, 'fixtures', 'vassal');
export const VASSAL_REFERENCE = path.join(SHARED_DIR, 'reference', 'vassal-format.md');

/** A describe block of the shared tier: it runs only where `../shared` is present. */
export const describeShared = describe.skipIf(!HAS_SHARED);
