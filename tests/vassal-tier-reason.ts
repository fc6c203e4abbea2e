/**
 * Whether the VASSAL tier (modules loaded in VASSAL itself) can run here: it needs the shared
 * folder's VASSAL (../shared/vassal), a Java with javac, and Xvfb. No test framework here, so the
 * global setup (tests/tiers.ts) can say why it is skipped.
 */
import path from 'node:path';
import { findDisplay, findJavac, locateVassal } from '../src/vassal/harness/locate';
import { HAS_SHARED, SHARED_DIR } from './shared-path';

export const SHARED_VASSAL = path.join(SHARED_DIR, 'vassal');

/** Why the VASSAL tier cannot run here, or undefined when it can. */
export function vassalTierMissing(): string | undefined {
  if (!HAS_SHARED) return `no ${SHARED_DIR}`;
  const vassal = locateVassal(SHARED_VASSAL);
  if (!vassal.ok) return `${vassal.message} (${vassal.hint})`;
  const javac = findJavac(vassal.value.java);
  if (!javac.ok) return `${javac.message} (${javac.hint})`;
  const display = findDisplay();
  if (!display.ok) return `${display.message} (${display.hint})`;
  return undefined;
}
