/**
 * The outputs `hexforge build` makes, in build order, by name alone: what `--only` accepts, known
 * without loading the generators (registry.ts checks its list against this one).
 */
export const OUTPUT_IDS = ['completeness', 'bundle', 'map', 'counters', 'aids', 'vassal'] as const;
