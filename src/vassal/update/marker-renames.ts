/**
 * Markers renamed in counters.json since the import: each marker's name now against the name the
 * sidecar recorded for it (vassal/import.json `markerOrigins`), with the match key that finds its
 * pieces in the module. Only names are compared: a marker added, removed or given another id is
 * a change of counters.json the module holds nothing of. Pure.
 */
import type { Diagnostic } from '../../diagnostics';
import type { MarkerOrigin } from '../import/markers';
import type { SidecarIndex } from '../import/sidecar';
import type { ReportError } from './report-error';

export interface MarkerRename {
  /** The counters.json marker id. */
  id: string;
  before: string;
  after: string;
  /** The match key of the marker's pieces (../import/units.ts `matchKeyOf`). */
  matchKey: string;
  /**
   * For a marker whose pieces have no name of their own: the refusal to give where none of them is
   * named `before` by VASSAL (their Text Labels and Layer levels, ../import/shown-name.ts), the
   * import having named the marker after a slot's label or a picture. Such a marker's pieces are
   * found by that name, as the import tells them apart, not by their match key, which all nameless
   * pieces of one picture share.
   */
  unnamed?: Diagnostic;
}

interface CountersMarkers {
  markers?: Array<{ id?: unknown; name?: unknown }>;
}

/**
 * counters.json's marker names by id, and its text with every recorded marker's name as imported:
 * the text the import hashed when nothing but names changed since. Undefined for a text that is
 * not a counters file (the data check reports it).
 */
export function readMarkerNames(text: string, sidecar: SidecarIndex): { names: Map<string, string>; asImported: string } | undefined {
  let parsed: CountersMarkers;
  try {
    parsed = JSON.parse(text) as CountersMarkers;
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.markers)) return undefined;
  const names = new Map<string, string>();
  for (const marker of parsed.markers) {
    if (typeof marker !== 'object' || marker === null || typeof marker.id !== 'string' || typeof marker.name !== 'string') continue;
    names.set(marker.id, marker.name);
    const imported = sidecar.markerOrigins?.[marker.id]?.name;
    if (imported !== undefined) marker.name = imported;
  }
  return { names, asImported: `${JSON.stringify(parsed, null, 2)}\n` };
}

/** What the import names a marker after whose pieces have no name, by where it read the marker. */
const NAMED_AFTER: Record<MarkerOrigin['from'], string> = {
  'palette slot': 'its palette label',
  'at-start stack': "its at-start stack slot's label, or its picture's file name",
  'saved game': "its picture's file name",
};

/** The match key of pieces with no name of their own, whose picture follows it (../import/units.ts `matchKeyOf`). */
const NAMELESS = 'face:\u0000';

/**
 * The renames, each refused with a diagnostic when the module cannot take it: another marker, a
 * unit or a palette piece has the new name already. A marker whose pieces have no name is renamed
 * where VASSAL's name for them comes from, if it does (update finds out from the pieces); `file`:
 * counters.json, where the refusal otherwise points.
 */
export function markerRenames(sidecar: SidecarIndex, names: ReadonlyMap<string, string>, error: ReportError, file: string): MarkerRename[] {
  const renames: MarkerRename[] = [];
  const origins = sidecar.markerOrigins ?? {};
  for (const [id, after] of names) {
    const origin = origins[id];
    if (!origin || origin.name === after) continue;
    const { name: before, matchKey } = origin;
    // Imported before names were recorded: whether it was renamed is unknown (counters.json's hash says it changed).
    if (before === undefined || matchKey === undefined) continue;
    const changed = `marker ${id} was renamed ("${before}" → "${after}")`;
    const unnamed = matchKey.startsWith(NAMELESS);
    const key = unnamed ? matchKey : newKey(matchKey, after);
    const namesake = markerNamed(names, after, id) ?? (key !== matchKey ? pieceOfKey(sidecar, key) : undefined);
    if (namesake) {
      error(
        'update/marker-name-taken',
        `${changed}, but ${namesake} is named so: a new import could not tell their pieces apart`,
        'give the marker a name no other marker has',
      );
      continue;
    }
    const rename: MarkerRename = { id, before, after, matchKey };
    if (unnamed)
      rename.unnamed = {
        code: 'update/no-place',
        severity: 'error',
        message: `${changed}, but its pieces in the module have no name (the import named it after ${NAMED_AFTER[origin.from]}); update cannot carry it into the module`,
        hint: "name the piece in VASSAL's editor and import again, or put the old name back",
        file,
      };
    renames.push(rename);
  }
  return renames;
}

/** The match key of a marker's pieces once renamed: a key by name and picture changes with the name. */
function newKey(matchKey: string, after: string): string {
  return matchKey.startsWith('face:') ? `face:${after}${matchKey.slice(matchKey.indexOf('\u0000'))}` : matchKey;
}

/** The unit, palette piece or marker whose pieces `key` finds, if any. */
function pieceOfKey(sidecar: SidecarIndex, key: string): string | undefined {
  const unit = Object.entries(sidecar.units).find(([, u]) => u.matchKey === key)?.[0];
  if (unit !== undefined) return `unit ${unit}`;
  const slot = sidecar.markers.find((m) => m.matchKey === key);
  if (slot) return `palette piece ${slot.path}`;
  const marker = Object.entries(sidecar.markerOrigins ?? {}).find(([, m]) => m.matchKey === key)?.[0];
  return marker !== undefined ? `marker ${marker}` : undefined;
}

/** The other marker of counters.json named `name`, if any. */
function markerNamed(names: ReadonlyMap<string, string>, name: string, except: string): string | undefined {
  for (const [id, n] of names) if (id !== except && n === name) return `marker ${id}`;
  return undefined;
}
