/**
 * Units matched to pieces by the palette slot the import recorded (vassal/import.json), for
 * `verify --module` on a module `hexforge update` wrote from a folder imported from it: the slot
 * keeps its gpid and place, while a value the piece name carries ("Rifles 4-3" holding 4-3)
 * changes the name with it. A unit and a piece are the same slot's when they have the same gpid
 * under the same parent component and their names are the same but for the numbers the import
 * recorded as the unit's values in that name; whether those values agree is the value check's. Pure.
 */
import type { Unit } from '../../model/game';
import { valueText } from '../../plan';
import type { SidecarUnit } from './sidecar';
import { NAME_VALUE_GROUP } from './sources';

/** A palette slot the module read back holds as a marker (vassal/import.json `markers`). */
export interface RecordedMarkerSlot {
  gpid: string;
  path: string;
  name: string;
}

/**
 * The sidecar units of the game folder and of the module read back (unit id → record), and the
 * slots the module read back holds as markers.
 */
export interface RecordedSlots {
  game: Readonly<Record<string, SidecarUnit>>;
  module: Readonly<Record<string, SidecarUnit>>;
  moduleMarkers?: readonly RecordedMarkerSlot[];
}

/** A palette slot, whatever its entry name: its gpid and the path of the component holding it. */
function slotKey(record: Pick<SidecarUnit, 'gpid' | 'path'>): string {
  const cut = record.path.lastIndexOf('/');
  return `${record.gpid}\u0000${cut < 0 ? '' : record.path.slice(0, cut)}`;
}

/** units.csv column → the unit's value in it ("back.x" is the back's x). */
function columnValue(unit: Unit, column: string): string {
  return valueText(column.startsWith('back.') ? unit.reverse[column.slice(5)] : unit.front[column]);
}

/** The recorded numbers of the name's value group → the column each holds. */
function nameGroupColumns(record: SidecarUnit): Map<number, string> {
  const columns = new Map<number, string>();
  for (const [column, source] of Object.entries(record.sources ?? {}))
    if (source.carrier === 'name' && source.group !== undefined) columns.set(source.group, column);
  return columns;
}

/** The name, trimmed and lower-cased, with the numbers of its value group at `groups` blanked. */
function maskedName(name: string | undefined, groups: ReadonlyMap<number, string>): string {
  const text = (name ?? '').trim().toLowerCase();
  const match = groups.size > 0 ? NAME_VALUE_GROUP.exec(text) : null;
  if (!match) return text;
  const start = match.index + match[0].length - match[1].length;
  const numbers = match[1].split('-').map((n, i) => (groups.has(i) ? '' : n));
  return `${text.slice(0, start)}${numbers.join('-')}\u0000${text.slice(start + match[1].length)}`;
}

/**
 * Game units matched with pieces of the same recorded slot, each piece once. First the pieces
 * whose recorded values agree with the unit's (so that a slot whose changed name is now another
 * slot's name still finds its own piece), then those whose values differ, the names alike apart
 * from them. Units or pieces without a record stay for the match by id and name.
 */
export function matchRecordedSlots(
  units: readonly Unit[],
  pieces: readonly Unit[],
  recorded: RecordedSlots,
  taken: Set<Unit>,
): Map<Unit, Unit> {
  const bySlot = new Map<string, Unit[]>();
  for (const piece of pieces) {
    const record = recorded.module[piece.id];
    if (!record) continue;
    const key = slotKey(record);
    const list = bySlot.get(key);
    if (list) list.push(piece);
    else bySlot.set(key, [piece]);
  }
  const match = new Map<Unit, Unit>();
  for (const valuesAgree of [true, false]) {
    for (const unit of units) {
      const record = recorded.game[unit.id];
      if (!record || match.has(unit)) continue;
      const groups = nameGroupColumns(record);
      const name = maskedName(unit.name, groups);
      const found = (bySlot.get(slotKey(record)) ?? []).find(
        (piece) =>
          !taken.has(piece) &&
          maskedName(piece.name, groups) === name &&
          (!valuesAgree || [...groups.values()].every((column) => columnValue(unit, column) === columnValue(piece, column))),
      );
      if (!found) continue;
      taken.add(found);
      match.set(unit, found);
    }
  }
  return match;
}

/**
 * The marker the module read back has in the palette slot the unit was imported from: the piece is
 * there, but no longer reads as a unit (an update renamed it, and the name was what gave it its side).
 */
export function markerInUnitSlot(unitId: string, recorded: RecordedSlots): RecordedMarkerSlot | undefined {
  const record = recorded.game[unitId];
  if (!record) return undefined;
  const key = slotKey(record);
  return recorded.moduleMarkers?.find((marker) => slotKey(marker) === key);
}
