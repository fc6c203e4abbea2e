/** Shared output format of the benchmarks: figure, floor measured in the same run, and their ratio. */
export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function printRow(what: string, figure: number, floor: number, unit: string, floorName: string, target?: number): void {
  const ratio = figure / floor;
  const verdict = target === undefined ? '' : ratio <= target ? `  (target ≤ ${target}×: met)` : `  (target ≤ ${target}×: NOT met)`;
  console.log(
    `${what}\n  ${figure.toFixed(1)} ${unit}   floor (${floorName}) ${floor.toFixed(1)} ${unit}   ratio ${ratio.toFixed(2)}×${verdict}`,
  );
}

export interface Sample {
  wall: number;
  cpu: number;
}

/** Wall time and process CPU time (user + system, all threads) of one call, in ms. */
export async function measure(fn: () => Promise<unknown>): Promise<Sample> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(cpu0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}
