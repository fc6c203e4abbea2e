/**
 * Numbers a wargame's data can hold: finite and within ±1,000,000 (years, victory points and
 * turn numbers all fit). JSON itself admits "1e400" (Infinity once parsed) and 20-digit numbers
 * that no longer round-trip; such a value is a slip, reported at its position.
 */
export const MAX_DATA_MAGNITUDE = 1_000_000;

export function isSaneNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= MAX_DATA_MAGNITUDE;
}

/** JSON pointers of every number in a parsed value that is not sane; walks with its own stack. */
export function insaneNumbers(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; pointer: string }> = [{ value, pointer: '' }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item.value === 'number') {
      if (!isSaneNumber(item.value)) found.push(item.pointer);
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        pending.push({ value: child, pointer: `${item.pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` });
      }
    }
  }
  return found.sort();
}
