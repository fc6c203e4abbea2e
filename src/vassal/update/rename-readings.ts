/**
 * What a new import of the updated module reads of the palette pieces an update renames. The
 * import reads a piece's side and type from words of its name among other places
 * (../import/units.ts): a rename can take away the word its side or type was read from, or name a
 * side a marker never had. The import's own palette reader reads the module twice, as it is and
 * with the new names, and each renamed kind whose reading changes is warned of. Pure.
 */
import type { Diagnostic } from '../../diagnostics';
import type { PrototypeIndex } from '../import/properties';
import { importUnits, rosterSidesOf, type UnitsResult } from '../import/units';
import type { ReadModule } from '../reader/module';

/** A renamed counter kind: its pieces' match key and the new name. */
export interface KindRename {
  /** "unit german-inf" or "marker control". */
  subject: string;
  matchKey: string;
  before: string;
  after: string;
  /** Where the rename was made (units.csv, counters.json). */
  file?: string;
}

/** How the import reads one palette slot: a unit (its side's name, its type's, how it read them) or a marker. */
type Reading = { unit: false } | { unit: true; side: string; type: string; notes: readonly string[] };

/** Each palette slot's reading, by gpid and component path (the same in both readings: the module's own). */
function readings(result: UnitsResult): Map<string, Reading> {
  const sideNames = new Map(result.sides.map((s) => [s.id, s.name]));
  const out = new Map<string, Reading>();
  for (const u of result.units)
    out.set(`${u.slot.gpid}\u0000${u.slot.path}`, { unit: true, side: sideNames.get(u.side) ?? u.side, type: u.typeName, notes: u.notes });
  for (const m of result.markers) out.set(`${m.gpid}\u0000${m.path}`, { unit: false });
  return out;
}

const sideNote = (notes: readonly string[]) => notes.find((n) => n.startsWith('side ')) ?? 'side not stated in the module';
const typeNote = (notes: readonly string[]) => notes.find((n) => n.startsWith('type from '));

/** The warning for one renamed kind whose palette slot reads otherwise with the new name, if it does. */
function readingChange(rename: KindRename, before: Reading, after: Reading): Diagnostic | undefined {
  const renamed = `"${rename.before}" → "${rename.after}"`;
  const at = rename.file !== undefined ? { file: rename.file } : {};
  if (before.unit && !after.unit)
    return {
      code: 'update/rename-loses-side',
      severity: 'warning',
      message: `${rename.subject} renamed ${renamed}: the import read it as a unit of side "${before.side}" (${sideNote(before.notes)}); with the new name nothing names its side, so a new import of the updated module reads the piece as a marker, not a unit`,
      hint: `keep the side's words in the name, or state the side in the module (a Marker "Side" holding "${before.side}" on the piece or its prototype, in VASSAL's editor) and import again`,
      ...at,
    };
  if (!before.unit && after.unit)
    return {
      code: 'update/rename-names-side',
      severity: 'warning',
      message: `${rename.subject} renamed ${renamed}: the new name makes the piece a unit of side "${after.side}" to a new import of the updated module (${sideNote(after.notes)}); it was read as a marker`,
      hint: "choose a name that names no side of the module's, if the piece is to stay a marker",
      ...at,
    };
  if (!before.unit || !after.unit) return undefined;
  if (before.side !== after.side)
    return {
      code: 'update/rename-changes-side',
      severity: 'warning',
      message: `${rename.subject} renamed ${renamed}: the import read its side as "${before.side}" (${sideNote(before.notes)}); a new import of the updated module reads "${after.side}" (${sideNote(after.notes)})`,
      hint: `keep the side's words in the name, or state the side in the module (a Marker "Side" holding "${before.side}" on the piece or its prototype, in VASSAL's editor) and import again`,
      ...at,
    };
  if (before.type !== after.type)
    return {
      code: 'update/rename-changes-type',
      severity: 'warning',
      message: `${rename.subject} renamed ${renamed}: the import read its type as ${before.type} (${typeNote(before.notes) ?? 'no type word'}); a new import of the updated module reads ${after.type}${typeNote(after.notes) ? ` (${typeNote(after.notes)})` : ''}`,
      hint: `keep the type's word in the name, or state the type in the module (a Marker "Type" on the piece or its prototype, in VASSAL's editor) and import again`,
      ...at,
    };
  return undefined;
}

/** One warning per renamed kind whose side, type or being a unit a new import reads otherwise. */
export function renameReadingChanges(module: ReadModule, prototypes: PrototypeIndex, renames: readonly KindRename[]): Diagnostic[] {
  if (renames.length === 0) return [];
  const roster = rosterSidesOf(module.root);
  const newNames = new Map(renames.map((r) => [r.matchKey, r.after]));
  const asImported = importUnits(module.definitions, prototypes, roster);
  const afterResult = importUnits(module.definitions, prototypes, roster, newNames);
  const before = readings(asImported);
  const after = readings(afterResult);
  const keysOf = new Map<string, string[]>();
  for (const u of asImported.units) keysOf.set(u.matchKey, [...(keysOf.get(u.matchKey) ?? []), `${u.slot.gpid}\u0000${u.slot.path}`]);
  for (const m of asImported.markers) keysOf.set(m.matchKey, [...(keysOf.get(m.matchKey) ?? []), `${m.gpid}\u0000${m.path}`]);
  const out: Diagnostic[] = [];
  for (const rename of renames) {
    for (const slot of keysOf.get(rename.matchKey) ?? []) {
      const change = readingChange(rename, before.get(slot)!, after.get(slot)!);
      if (change) {
        out.push(change);
        break;
      }
    }
  }
  return out;
}
