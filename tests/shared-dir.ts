/**
 * The shared material (rulebooks, inventories, reference notes, VASSAL fixtures) sits beside the
 * repository as `../shared`, in a checkout and in CI alike; HEXFORGE_SHARED overrides it.
 */
import path from 'node:path';

export const SHARED_DIR = process.env.HEXFORGE_SHARED ?? path.resolve(__dirname, '..', '..', 'shared');
export const VASSAL_FIXTURES = path.join(SHARED_DIR, 'fixtures', 'vassal');
export const VASSAL_REFERENCE = path.join(SHARED_DIR, 'reference', 'vassal-format.md');
