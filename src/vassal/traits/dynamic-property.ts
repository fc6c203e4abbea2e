/**
 * Dynamic Property `PROP;` (format reference §3.4): type `PROP;name;numeric,min,max,wrap;commands`,
 * state = the value. Each command is `menu:keystroke:changer`; a changer `P,<value>` sets the
 * property to that constant (VASSAL's PropertySetter), as a "Step loss" command that sets the
 * reduced factors does.
 */
import { decodeSequence, encodeSequence } from '../sequence-encoder';

export const DYNAMIC_PROPERTY_ID = 'PROP;';

/** A command setting the property to a constant. */
export interface SetCommand {
  /** Index in the property's command list. */
  index: number;
  /** Its menu text. */
  name: string;
  value: string;
}

/** The property's name. */
export function dynamicPropertyName(type: string): string {
  return decodeSequence(type.slice(DYNAMIC_PROPERTY_ID.length), ';')[0] ?? '';
}

/** The type's fields down to each command's changer, when every level encodes back to what is written. */
function decodeCommands(type: string): { fields: string[]; commands: string[][][] } | undefined {
  const fields = decodeSequence(type.slice(DYNAMIC_PROPERTY_ID.length), ';');
  if (encodeSequence(fields, ';') !== type.slice(DYNAMIC_PROPERTY_ID.length) || fields.length < 3) return undefined;
  const list = decodeSequence(fields[2], ',');
  if ((encodeSequence(list, ',') ?? '') !== fields[2]) return undefined;
  const commands: string[][][] = [];
  for (const command of list) {
    const parts = decodeSequence(command, ':');
    if ((encodeSequence(parts, ':') ?? '') !== command) return undefined;
    const changer = decodeSequence(parts[2] ?? '', ',');
    if (parts.length > 2 && (encodeSequence(changer, ',') ?? '') !== parts[2]) return undefined;
    commands.push([parts, changer]);
  }
  return { fields, commands };
}

/** The commands that set the property to a constant, in order; none when the type does not re-encode as written. */
export function setCommands(type: string): SetCommand[] {
  const decoded = decodeCommands(type);
  if (!decoded) return [];
  const out: SetCommand[] = [];
  decoded.commands.forEach(([parts, changer], index) => {
    if (changer[0] === 'P' && changer.length === 2) out.push({ index, name: parts[0], value: changer[1] });
  });
  return out;
}

/** The type with command `index` setting `value` instead; undefined when it is no such command. */
export function withSetCommandValue(type: string, index: number, value: string): string | undefined {
  const decoded = decodeCommands(type);
  const command = decoded?.commands[index];
  if (!decoded || !command || command[1][0] !== 'P' || command[1].length !== 2) return undefined;
  const list = decoded.commands.map(([parts], i) =>
    encodeSequence(i === index ? [...parts.slice(0, 2), encodeSequence(['P', value], ',')!, ...parts.slice(3)] : parts, ':')!,
  );
  const newFields = [...decoded.fields];
  newFields[2] = encodeSequence(list, ',') ?? '';
  return DYNAMIC_PROPERTY_ID + encodeSequence(newFields, ';');
}
