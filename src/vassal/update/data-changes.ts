/**
 * What changed in a game folder since its import: units.csv rows against the values the sidecar
 * recorded, grouped by counter kind (a palette unit and its copies share one piece definition in
 * the module, so a change applies to the kind), the title and version against the module's, counters.json's
 * marker names against those recorded (./marker-renames.ts), and the other data files by hash
 * (counters.json's and scenarios.json's masks apart from the rest, ../import/mask-parts.ts). Pure.
 */
import { FILE_NAMES } from '../../data/game-files';
import { SCENARIO_PARTS_DIR } from '../../data/scenario-parts';
import type { Diagnostic } from '../../diagnostics';
import type { CounterMaskFile, ScenarioFile } from '../../model/files';
import type { MaskPartHashes } from '../import/mask-parts';
import type { SidecarIndex } from '../import/sidecar';
import { describeSource, type ValueSource } from '../import/sources';
import { markerRenames, type MarkerRename } from './marker-renames';
import type { ReportError } from './report-error';

export interface KindChange {
  /** The palette unit (counter kind) whose pieces carry the value. */
  kind: string;
  column: string;
  before: string;
  after: string;
  /** Rows of the kind that changed, and those still holding the old value. */
  changedRows: string[];
  unchangedRows: string[];
}

export interface DataChanges {
  changes: KindChange[];
  title?: { before: string; after: string };
  /** game.json's version against the module's (ModuleVersion). */
  version?: { before: string; after: string };
  /** Markers renamed in counters.json. */
  markers: MarkerRename[];
  diagnostics: Diagnostic[];
  /** The folder's units.csv, where a warning about a change points. */
  unitsFile?: string;
  /** counters.json's masks (`vassal.masks`) now, when they changed since the import: the module's Masks follow them (./mask-edits.ts). */
  counterMasks?: readonly CounterMaskFile[];
  /** scenarios.json's scenarios now, when their masks alone changed since the import: the pieces of the at-start stacks and of setups saved as games are turned over to follow them (./face-down-edits.ts). */
  scenarioMasks?: readonly ScenarioFile[];
}

export interface FolderData {
  /** units.csv rows by id (column → text). */
  units: ReadonlyMap<string, Readonly<Record<string, string>>>;
  title?: string;
  /** game.json's version now. */
  version?: string;
  /** Whether game.json stated the module's version at import (./game-identity.ts). */
  versionImported?: boolean;
  /** counters.json's marker names by id now. */
  markers?: ReadonlyMap<string, string>;
  /**
   * Data file name → SHA-256 hex now; counters.json's with its marker names as imported
   * (./marker-renames.ts `readMarkerNames`), game.json's with its title and version as imported (./game-identity.ts).
   */
  fileHashes: ReadonlyMap<string, string>;
  /** counters.json's and scenarios.json's masks and rest, hashed apart as the import did (../import/mask-parts.ts). */
  maskParts?: ReadonlyMap<string, MaskPartHashes>;
  /** counters.json's `vassal.masks` now (none: an empty list). */
  counterMasks?: readonly CounterMaskFile[];
  /** scenarios.json's scenarios now. */
  scenarios?: readonly ScenarioFile[];
  /** For diagnostics. */
  folder: string;
}

/** Files whose contents have a place in the module that update does not change yet. */
const CARRIED_ELSEWHERE = new Set(['scenarios.json', 'map.json', 'tracks.json']);

/** One kind's column: the value recorded, the rows that hold another now, and those that do not. */
interface KindColumn {
  before: string;
  rows: Map<string, string>;
  unchanged: string[];
}

export function dataChanges(sidecar: SidecarIndex, data: FolderData): DataChanges {
  const diagnostics: Diagnostic[] = [];
  const file = `${data.folder}/units.csv`;
  const error: ReportError = (code, message, hint, at = file) =>
    diagnostics.push({ code, severity: 'error', message, ...(hint ? { hint } : {}), file: at });

  const perKind = rowsPerKindColumn(sidecar, data, error);
  for (const id of data.units.keys()) {
    if (!sidecar.units[id])
      error(
        'update/unit-added',
        `unit ${id} is new in units.csv; update changes the module's pieces but does not add pieces`,
        "add the piece in VASSAL's editor and import again",
      );
  }
  const changes = kindChanges(perKind, sidecar, error);
  let title: DataChanges['title'];
  if (data.title !== undefined && sidecar.module.title !== undefined && data.title !== sidecar.module.title)
    title = { before: sidecar.module.title, after: data.title };
  const countersFile = `${data.folder}/counters.json`;
  const markers = data.markers
    ? markerRenames(sidecar, data.markers, (code, message, hint) => error(code, message, hint, countersFile), countersFile)
    : [];
  const version = versionChange(sidecar, data, diagnostics);
  const masks = checkOtherFiles(sidecar, data, error, diagnostics);
  return { changes, ...(title ? { title } : {}), ...(version ? { version } : {}), markers, diagnostics, unitsFile: file, ...masks };
}

/** The rows against the recorded values, per kind and column ("kind\0column"). */
function rowsPerKindColumn(sidecar: SidecarIndex, data: FolderData, error: ReportError): Map<string, KindColumn> {
  const perKind = new Map<string, KindColumn>();
  for (const [id, unit] of Object.entries(sidecar.units)) {
    if (!unit.data) continue;
    const row = data.units.get(id);
    if (!row) {
      error(
        'update/unit-removed',
        `unit ${id} is no longer in units.csv; update changes values of the module's pieces but does not remove pieces`,
        "put the row back, or remove the piece in VASSAL's editor",
      );
      continue;
    }
    const kind = unit.copyOf ?? id;
    for (const [column, before] of Object.entries(unit.data)) {
      const now = row[column] ?? '';
      const key = `${kind}\u0000${column}`;
      let entry = perKind.get(key);
      if (!entry) perKind.set(key, (entry = { before: sidecar.units[kind]?.data?.[column] ?? before, rows: new Map(), unchanged: [] }));
      if (now === before) entry.unchanged.push(id);
      else entry.rows.set(id, now);
    }
  }
  return perKind;
}

/** A change per kind and column whose rows agree on one new value the module states somewhere. */
function kindChanges(perKind: ReadonlyMap<string, KindColumn>, sidecar: SidecarIndex, error: ReportError): KindChange[] {
  const changes: KindChange[] = [];
  for (const [key, entry] of perKind) {
    if (entry.rows.size === 0) continue;
    const [kind, column] = key.split('\u0000');
    const values = [...new Set(entry.rows.values())];
    if (values.length > 1) {
      error(
        'update/copies-differ',
        `${column} of the copies of counter ${kind} was changed to different values (${[...entry.rows].map(([id, v]) => `${id}: "${v}"`).join(', ')}); the module holds one piece definition for all of them`,
        'give every copy the same value',
      );
      continue;
    }
    const sources = sidecar.units[kind]?.sources ?? {};
    if (!sources[column]) {
      refuseUnstated(
        error,
        `${column} of ${[...entry.rows.keys()].join(', ')} changed ("${entry.before}" → "${values[0]}")`,
        column,
        sidecar.units[kind]?.readFrom?.[column],
      );
      continue;
    }
    changes.push({
      kind,
      column,
      before: entry.before,
      after: values[0],
      changedRows: [...entry.rows.keys()],
      unchangedRows: entry.unchanged,
    });
  }
  return changes;
}

/** Refuses a change of a value update has no place for: one read from a text of the module (a side's name in a Marker), or derived. */
function refuseUnstated(error: ReportError, changed: string, column: string, readFrom: ValueSource | undefined): void {
  if (!readFrom) {
    error(
      'update/no-place',
      `${changed}, but the module does not state it (the import derived it); update cannot carry it into the module`,
      "change it in VASSAL's editor, or put the old value back",
    );
    return;
  }
  const where = describeSource(readFrom);
  const shared = 'prototype' in readFrom && readFrom.prototype !== undefined ? ' (every piece using the prototype changes with it)' : '';
  error(
    'update/no-place',
    `${changed}; the module states it in ${where}, which update does not write (the ${column} is a name of the game's, read from that text)`,
    `change ${where} in VASSAL's editor${shared} and import again, or put the old value back`,
  );
}

/**
 * game.json's version against the module's: a new one is carried; one taken off (the import wrote
 * it) is not, the module keeping its own, as a module built from the data states one too.
 */
function versionChange(sidecar: SidecarIndex, data: FolderData, diagnostics: Diagnostic[]): DataChanges['version'] {
  const before = sidecar.module.version;
  if (data.version !== undefined) return data.version !== before ? { before, after: data.version } : undefined;
  if (data.versionImported)
    diagnostics.push({
      code: 'update/version-kept',
      severity: 'warning',
      message: `game.json states no version any more; the module keeps its version "${before}"`,
      hint: 'state the version the module is to have in game.json',
      file: `${data.folder}/${FILE_NAMES.game}`,
    });
  return undefined;
}

/**
 * The other data files against their hashes at import (game.json's and counters.json's with what
 * update carries as imported); counters.json's masks now, when they are to be carried.
 */
function checkOtherFiles(
  sidecar: SidecarIndex,
  data: FolderData,
  error: ReportError,
  diagnostics: Diagnostic[],
): Pick<DataChanges, 'counterMasks' | 'scenarioMasks'> {
  const carried: Pick<DataChanges, 'counterMasks' | 'scenarioMasks'> = {};
  for (const [name, hash] of Object.entries(sidecar.dataFiles ?? {})) {
    const now = data.fileHashes.get(name);
    if (now === hash || sameContent(sidecar, data, name)) continue;
    const where = `${data.folder}/${name}`;
    const masks = now !== undefined ? maskEdit(sidecar, data, name, error, where) : undefined;
    if (masks?.carried && name === FILE_NAMES.counters) carried.counterMasks = data.counterMasks;
    if (masks?.carried && name === FILE_NAMES.scenarios) carried.scenarioMasks = data.scenarios;
    if (masks?.alone) continue;
    if (now === undefined) error('update/file-removed', `${name} was removed since the import`, undefined, where);
    else if (CARRIED_ELSEWHERE.has(name) || name.startsWith(`${SCENARIO_PARTS_DIR}/`))
      error(
        'update/not-carried',
        `${name} changed since the import; update does not carry its changes into the module yet`,
        "make the change in VASSAL's editor, or put the file back as imported",
        where,
      );
    else
      diagnostics.push({
        code: 'update/not-in-module',
        severity: 'warning',
        message: `${name} changed since the import; the module holds none of what it says (kept in the data only)`,
        ...(name === FILE_NAMES.counters && namesUnrecorded(sidecar)
          ? { hint: 'the folder was imported before update carried marker names: import the module again to rename markers' }
          : {}),
        file: where,
      });
  }
  return carried;
}

/**
 * A mask edit: counters.json's `vassal.masks` are carried into the module (./mask-edits.ts), and
 * scenarios.json's `faceDown` and masks where nothing else of it changed (./face-down-edits.ts);
 * `alone` when the masks are all that changed (nothing else to say of the file); a folder imported
 * before masks were hashed apart says nothing.
 */
function maskEdit(
  sidecar: SidecarIndex,
  data: FolderData,
  name: string,
  error: ReportError,
  where: string,
): { alone: boolean; carried: boolean } | undefined {
  const [before, now] = [sidecar.maskParts?.[name], data.maskParts?.get(name)];
  if (!before || !now || before.masks === now.masks) return undefined;
  const alone = before.rest === now.rest;
  if (name === FILE_NAMES.counters ? data.counterMasks : alone && data.scenarios) return { alone, carried: true };
  if (name === FILE_NAMES.counters)
    error(
      'update/mask-not-carried',
      'the masks of counters.json (`vassal.masks`) changed since the import, but the file is no JSON object update can read them from; its Masks stay as they were',
      'correct counters.json, or put the masks back as imported',
      where,
    );
  return { alone, carried: false };
}

/**
 * Whether a file whose bytes changed still says what it said at import: its masks and its rest
 * hash as they did (indentation, key spacing or a trailing newline changed by an editor).
 */
function sameContent(sidecar: SidecarIndex, data: FolderData, name: string): boolean {
  const [before, now] = [sidecar.maskParts?.[name], data.maskParts?.get(name)];
  return before !== undefined && now !== undefined && before.masks === now.masks && before.rest === now.rest;
}

/** Whether the sidecar records its markers without their names (imported by an earlier version). */
function namesUnrecorded(sidecar: SidecarIndex): boolean {
  return Object.values(sidecar.markerOrigins ?? {}).some((m) => m.name === undefined);
}
