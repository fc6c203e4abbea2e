/**
 * Suggests the closest known name for a misspelt one (edit distance, bounded by name length).
 * Data that failed its schema can put anything where a name belongs: a candidate that is not a
 * string is no suggestion, and a non-string name has none.
 */
export function closestName(wrong: unknown, candidates: Iterable<unknown>): string | undefined {
  if (typeof wrong !== 'string') return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = wrong.toLowerCase();
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  // More than a third of the letters wrong is a different word, not a typo.
  const limit = Math.max(1, Math.floor(wrong.length / 3));
  return bestDistance <= limit ? best : undefined;
}

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      // Adjacent transposition ("tarrain") counts as one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
      }
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}
