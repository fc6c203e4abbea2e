/**
 * Where the shared material is (no test framework here, so the global setup can read it too):
 * `../shared` beside the repository, or HEXFORGE_SHARED.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const SHARED_DIR = process.env.HEXFORGE_SHARED ?? path.resolve(__dirname, '..', '..', 'shared');
export const HAS_SHARED = existsSync(path.join(SHARED_DIR, 'fixtures', 'vassal'));
