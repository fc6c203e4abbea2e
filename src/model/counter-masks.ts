/**
 * counters.json's masks by counter: its `vassal.masks` entries each give one Mask to the units
 * and markers they list; a counter named by more than one takes the first (validation refuses the
 * others, counters/mask-repeated).
 */
import type { CounterMaskFile, CountersFile, MaskTypeFile } from './files';

export type CounterKind = 'units' | 'markers';

const indexes = new WeakMap<readonly CounterMaskFile[], Record<CounterKind, Map<string, MaskTypeFile>>>();

/** The Mask counters.json gives a unit or a marker, if any. */
export function counterMask(counters: Pick<CountersFile, 'vassal'>, kind: CounterKind, id: string): MaskTypeFile | undefined {
  const masks = counters.vassal?.masks;
  if (!masks) return undefined;
  let index = indexes.get(masks);
  if (!index) {
    index = { units: new Map(), markers: new Map() };
    for (const { units, markers, ...mask } of masks) {
      for (const unit of units ?? []) if (!index.units.has(unit)) index.units.set(unit, mask);
      for (const marker of markers ?? []) if (!index.markers.has(marker)) index.markers.set(marker, mask);
    }
    indexes.set(masks, index);
  }
  return index[kind].get(id);
}
