/**
 * Where a value of the data came from in the module, recorded by the import (in the sidecar) so
 * that `hexforge update` changes exactly that place and nothing else:
 *   { carrier: 'name' }                     the piece's name (BasicPiece), the whole of it;
 *   { carrier: 'name', group: i }           the i-th number of the first "a-b(-c…)" group in it;
 *   { carrier: 'mark' | 'PROP' | 'label',   the value of a Marker, Dynamic Property or Text Label
 *     property, prototype?, group? }        property, in the piece itself or in the named
 *                                           prototype; with `group`, the i-th number of it.
 */
import type { PropertyCarrier } from './properties';

export type ValueSource =
  { carrier: 'name'; group?: number } | { carrier: PropertyCarrier; property: string; prototype?: string; group?: number };

/**
 * The "a-b(-c…)" value group of a piece name: the first such group standing on its own, set off by
 * spaces, underscores, brackets or the ends of the name. A group joined to other parts by hyphens
 * or holding zero-padded numbers is an id ("Worker-1-03-A"), not factors.
 */
export const NAME_VALUE_GROUP = /(?:^|[\s_([])((?:0|[1-9]\d*)(?:-(?:0|[1-9]\d*))+)(?=$|[\s_)\]])/;

/** A property value that is a value group ("4-2", "2-3-5", "?-4"). */
export const PROPERTY_VALUE_GROUP = /^\?|^-?\d+(?:\.\d+)?(?:[-/](?:\d+(?:\.\d+)?|\?))+$/;

/** Where a source sits, in words, for notes and reports. */
export function describeSource(source: ValueSource): string {
  const part = source.group !== undefined ? `number ${source.group + 1} of ` : '';
  if (source.carrier === 'name') return `${part}the piece name`;
  const trait = { mark: 'Marker', PROP: 'Dynamic Property', label: 'Text Label' }[source.carrier];
  return `${part}${trait} ${source.property}${source.prototype !== undefined ? ` of prototype "${source.prototype}"` : ''}`;
}
