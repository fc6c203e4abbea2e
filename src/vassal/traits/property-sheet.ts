/**
 * Property Sheet `propertysheet;` (VASSAL counters/PropertySheet): properties a player edits in a
 * window, each a piece property VASSAL answers from the sheet.
 * Type: `propertysheet;` + `;`-fields, the first the `~`-list of the properties, each its field kind
 * (a digit: 0 text, 1 multi-line text, 2 label only, 3–6 tick marks, 7 spinner) and its name.
 * State: the `~`-list of the values, one per named property in order (a property of no name takes
 * none); a tick-marks value may read "value/max", whose property is the value before the "/".
 */
import { decodeSequence, encodeSequence } from '../sequence-encoder';
import type { Trait } from './trait';

export const PROPERTY_SHEET_ID = 'propertysheet;';

/** Field kinds 3–6: tick marks, whose value may carry its maximum after a "/". */
const TICK_KINDS = new Set([3, 4, 5, 6]);

interface SheetField {
  name: string;
  ticks: boolean;
}

/** The named properties of a sheet's type, in the order its state holds their values. */
function sheetFields(type: string): SheetField[] {
  const definition = decodeSequence(type.slice(PROPERTY_SHEET_ID.length), ';')[0] ?? '';
  const fields: SheetField[] = [];
  for (const token of decodeSequence(definition, '~'))
    if (token !== '') fields.push({ name: token.slice(1), ticks: TICK_KINDS.has(token.charCodeAt(0) - 0x30) });
  return fields;
}

/** The value a property reads from its state token (a tick-marks value up to its "/", if not first). */
function readValue(token: string, ticks: boolean): string {
  const slash = ticks ? token.indexOf('/') : -1;
  return slash > 0 ? token.slice(0, slash) : token;
}

/** Property name → value, as VASSAL answers them (a value the state lacks is ""). */
export function propertySheetProperties(trait: Trait): Array<[string, string]> {
  const fields = sheetFields(trait.type);
  const values = decodeSequence(trait.state, '~');
  return fields.map((field, i) => [field.name, readValue(values[i] ?? '', field.ticks)]);
}

/** Whether the sheet has a property of that name. */
export function sheetHasProperty(trait: Trait, property: string): boolean {
  return trait.type.startsWith(PROPERTY_SHEET_ID) && sheetFields(trait.type).some((field) => field.name === property);
}

/**
 * The state with the property's value replaced by what `replace` makes of it (a tick-marks value
 * keeps its "/max"); a problem where the state does not re-encode as written.
 */
export function withSheetValue(
  trait: Trait,
  property: string,
  replace: (value: string) => string | { problem: string },
): string | { problem: string } {
  const fields = sheetFields(trait.type);
  const at = fields.findIndex((field) => field.name === property);
  const values = trait.state === '' ? [] : decodeSequence(trait.state, '~');
  if ((encodeSequence(values, '~') ?? '') !== trait.state) return { problem: `the Property Sheet's values do not re-encode as written` };
  while (values.length <= at) values.push('');
  const value = readValue(values[at], fields[at].ticks);
  const replaced = replace(value);
  if (typeof replaced !== 'string') return replaced;
  values[at] = replaced + values[at].slice(value.length);
  return encodeSequence(values, '~') ?? '';
}
