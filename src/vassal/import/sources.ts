/**
 * Where a value of the data came from in the module, recorded by the import (in the sidecar) so
 * that `hexforge update` changes exactly that place and nothing else:
 *   { carrier: 'name' }                     the piece's name (BasicPiece), the whole of it;
 *   { carrier: 'name', group: i }           the i-th number of the first "a-b(-c…)" group in it;
 *   { carrier: 'mark' | 'PROP' | 'label'    the value of a Marker, Dynamic Property, Text Label
 *     | 'sheet',                            or Property Sheet
 *     property, prototype?, group? }        property, in the piece itself or in the named
 *                                           prototype; with `group`, the i-th number of it;
 *                                           with `command` (Dynamic Property), the constant that
 *                                           its command of that index sets instead of its value.
 *   { carrier: 'layer', property, nth,      number `group` of the value group in level `level`'s
 *     level, prototype?, group }            name of the `nth` Layer named `property` (0-based,
 *                                           among the Layers of that name in that chain).
 *   { carrier: 'labelText', property, nth,  number `group` of the value group in the text of the
 *     prototype?, group }                   `nth` Text Label whose property name is `property`.
 */
import type { PropertyCarrier } from './properties';

/** A Layer or Text Label among those of its kind and name in one trait chain (the piece's or a prototype's). */
export interface TextSource {
  carrier: 'layer' | 'labelText';
  /** The Layer's name, or the Text Label's property name (either may be empty). */
  property: string;
  nth: number;
  /** The Layer level whose name holds the value. */
  level?: number;
  prototype?: string;
  group: number;
}

/** A property's value, or (Dynamic Property) the constant one of its commands sets. */
export interface PropertySource {
  carrier: PropertyCarrier;
  property: string;
  prototype?: string;
  group?: number;
  command?: number;
}

export type ValueSource = { carrier: 'name'; group?: number } | PropertySource | TextSource;

export function isTextSource(source: ValueSource): source is TextSource {
  return source.carrier === 'layer' || source.carrier === 'labelText';
}

/** One factor: a number, or a number in parentheses or brackets ("(3)", "[2]": printed so on the counter). */
const FACTOR = String.raw`(?:0|[1-9]\d*|\((?:0|[1-9]\d*)\)|\[(?:0|[1-9]\d*)\])`;

/**
 * The "A-D-M" value group of a text (a piece name, a Layer level name, a label): the first token
 * made of 2 to 4 factors joined by hyphens ("4-2", "4-3-6", "2-2-4-3", "(3)-4", "[2]-1-5"),
 * standing on its own: set off by spaces, underscores, brackets or the ends of the text. A group
 * joined to other parts by hyphens, holding letters or zero-padded numbers, or of five numbers or
 * more is an id or a date ("Worker-1-03-A", "INF-XX-2-3-5", "1944-06-06"), not factors.
 */
export const NAME_VALUE_GROUP = new RegExp(String.raw`(?:^|[\s_([])(${FACTOR}(?:-${FACTOR}){1,3})(?=$|[\s_)\]])`);

/** The numbers of a value group, as printed ("(3)-4" → "(3)", "4"). */
export function groupValues(group: string): string[] {
  return group.split('-');
}

/** A property value that is a value group ("4-2", "2-3-5", "?-4"). */
export const PROPERTY_VALUE_GROUP = /^\?|^-?\d+(?:\.\d+)?(?:[-/](?:\d+(?:\.\d+)?|\?))+$/;

/** Where a source sits, in words, for notes and reports. */
export function describeSource(source: ValueSource): string {
  const part = source.group !== undefined ? `number ${source.group + 1} of ` : '';
  if (source.carrier === 'name') return `${part}the piece name`;
  if (isTextSource(source)) return part + describeTextPlace(source);
  const trait = { mark: 'Marker', PROP: 'Dynamic Property', label: 'Text Label', sheet: 'Property Sheet' }[source.carrier];
  const command = source.command !== undefined ? `the value set by command ${source.command + 1} of ` : '';
  return `${part}${command}${trait} ${source.property}${source.prototype !== undefined ? ` of prototype "${source.prototype}"` : ''}`;
}

/** A Layer level or Text Label, in words. */
export function describeTextPlace(source: Omit<TextSource, 'group'>): string {
  const nth = source.nth > 0 ? ` (number ${source.nth + 1} of that name)` : '';
  const where = source.prototype !== undefined ? ` of prototype "${source.prototype}"` : '';
  if (source.carrier === 'labelText') return `the text of Text Label "${source.property}"${nth}${where}`;
  return `the name of level ${(source.level ?? 0) + 1} of Layer "${source.property}"${nth}${where}`;
}
