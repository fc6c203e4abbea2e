/**
 * The outputs `hexforge build` makes, in build order, by name alone: what `--only` accepts, known
 * without loading the generators (registry.ts checks its list against this one).
 */
export const OUTPUT_IDS = ['completeness', 'bundle', 'map', 'counters', 'aids', 'display', 'proof', 'vassal'] as const;

/**
 * The outputs whose files an output collects (its reads' `outputs`), built with it in the same
 * build: known here for `--only` without loading the generators (registry.ts checks them).
 */
export const OUTPUT_NEEDS: Readonly<Record<string, readonly string[]>> = { proof: ['counters', 'aids', 'map', 'display'] };
