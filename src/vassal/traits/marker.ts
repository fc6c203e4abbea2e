/**
 * Marker `mark;` (format reference §3.4): constant piece properties.
 * Type: `mark;` + `,`-list of property names. State: `,`-list of their values.
 */
import { decodeList, encodeList, type Trait } from './trait';

export const MARKER_ID = 'mark;';

export interface MarkerFields {
  names: string[];
  values: string[];
}

export function decodeMarker(trait: Trait): MarkerFields {
  if (!trait.type.startsWith(MARKER_ID)) throw new Error(`not a Marker: ${trait.type.slice(0, 40)}`);
  return { names: decodeList(trait.type.slice(MARKER_ID.length)), values: decodeList(trait.state) };
}

export function encodeMarker(fields: MarkerFields): Trait {
  return { type: MARKER_ID + encodeList(fields.names), state: encodeList(fields.values) };
}

/** A Marker from an ordered property map, e.g. `{ Side: 'Red', Type: 'Infantry' }`. */
export function buildMarker(properties: ReadonlyArray<readonly [string, string]>): Trait {
  return encodeMarker({ names: properties.map(([name]) => name), values: properties.map(([, value]) => value) });
}

/** Property name → value, as VASSAL resolves them (a value the state lacks is ""). */
export function markerProperties(fields: MarkerFields): Array<[string, string]> {
  return fields.names.map((name, i) => [name, fields.values[i] ?? '']);
}
