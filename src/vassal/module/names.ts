/**
 * The module's fixed vocabulary: map and board names (they appear in piece states and saves),
 * image paths, prototype names, keystrokes. One place, so the buildFile, the saves and the
 * checks agree.
 */
import type { Game, Unit } from '../../model/game';
import { DEFAULT_GAME_MAP_NAME, type ChitFile, type MarkerFile } from '../../model/files';
import { isUnknown } from '../../model/common';

export const VASSAL_VERSION = '3.6.19';
export const MAIN_MAP = DEFAULT_GAME_MAP_NAME;
export const MAIN_BOARD = 'Map';

export const HOLDING_MAP = 'Holding Boxes';
export const HOLDING_BOARD = 'Boxes';
export const MAP_IMAGE = 'map.png';
/** The name of the scenario at-start stacks make when no predefined setup names the new game. */
export const AT_START_SETUP_NAME = 'At-start stacks';

export const BUILDFILE_ENTRY = 'buildFile.xml';
export const MODULEDATA_ENTRY = 'moduledata';
export const IMAGES_DIR = 'images/';
export const HOLDING_IMAGE = 'holding.png';

/**
 * The game map's VASSAL name (its id in piece states and saves): the map's own name, so that an
 * import names it again, else "Main Map". A name VASSAL's commands could not carry is not used.
 */
export function mainMapName(game: Pick<Game, 'map'>): string {
  return mainMapNameOf(game.map.name);
}

/** The main map's name for a map.json `name` (an import orders placements by the map a build puts them on). */
export function mainMapNameOf(mapName: string | undefined): string {
  const name = mapName?.trim();
  return name && name !== HOLDING_MAP && !/[\t\n\r;/\\|,]/.test(name) ? name : MAIN_MAP;
}
/** A chart's description names the table it prints: "Table <id>" (the import reads it back). */
export const CHART_TABLE_PREFIX = 'Table ';

/** Ctrl+F flips a counter, Ctrl+D deletes, Ctrl+C clones (the editor's defaults, reference §2.1). */
export const FLIP_KEY = '70,130';
export const DELETE_KEY = '68,130';
export const CLONE_KEY = '67,130';

export const UNIT_PROTOTYPE = 'Unit';
export const MARKER_PROTOTYPE = 'Marker';
export const CHIT_PROTOTYPE = 'Chit';
export const FLIP_LAYER = 'Step';

export function sidePrototype(game: Game, sideId: string): string {
  return `Side: ${sideName(game, sideId)}`;
}

export function typePrototype(game: Game, typeId: string): string {
  return `Type: ${typeName(game, typeId)}`;
}

export function sideName(game: Game, sideId: string): string {
  return game.info.sides.find((s) => s.id === sideId)?.name ?? sideId;
}

export function typeName(game: Game, typeId: string): string {
  return game.info.unitTypes?.find((t) => t.id === typeId)?.name ?? typeId;
}

export function formationName(game: Game, formationId: string): string {
  return game.info.formations?.find((f) => f.id === formationId)?.name ?? formationId;
}

/** File-name-safe form of a data id (ids are already `[a-z0-9_.-]`, this guards the rest). */
function fileSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** Where a unit's face drawn from its data goes; every image under `units/` is one (an import reads them as no art). */
export function unitImagePath(unit: Pick<Unit, 'id'>, face: 'front' | 'back'): string {
  return `${DRAWN_UNITS_DIR}${fileSafe(unit.id)}-${face}.png`;
}

export const DRAWN_UNITS_DIR = 'units/';

/** Where a unit's picture goes when its own name is taken by another picture. */
export function unitPicturePath(unit: Pick<Unit, 'id'>, face: 'front' | 'back'): string {
  return `pictures/${fileSafe(unit.id)}-${face}.png`;
}

/** Where a marker's face drawn from its data goes; every image under `markers/` is one (an import reads them as no picture). */
export function markerImagePath(marker: Pick<MarkerFile, 'id'>, face: 'front' | 'back'): string {
  return `${DRAWN_MARKERS_DIR}${fileSafe(marker.id)}-${face}.png`;
}

export const DRAWN_MARKERS_DIR = 'markers/';

/** A marker's picture whose own name is taken (as unitPicturePath). */
export function markerPicturePath(marker: Pick<MarkerFile, 'id'>, face: 'front' | 'back'): string {
  return `marker-pictures/${fileSafe(marker.id)}-${face}.png`;
}

export function chitImagePath(chit: Pick<ChitFile, 'id'>, face: 'front' | 'back'): string {
  return `chits/${fileSafe(chit.id)}-${face}.png`;
}

export function chartImagePath(id: string): string {
  return `charts/${fileSafe(id)}.png`;
}

/** The archive entry of a table's HTML page (outside images/: VASSAL reads an HtmlChart's page by its full name). */
export function chartPagePath(id: string): string {
  return `charts/${fileSafe(id)}.html`;
}

/** The name players see: the counter's own name, else designation + size + type. */
export function unitPieceName(game: Game, unit: Unit): string {
  if (unit.name) return unit.name;
  const size = unit.size !== undefined && !isUnknown(unit.size) ? game.info.unitSizes?.find((s) => s.id === unit.size)?.name : undefined;
  const designation = unit.designation !== undefined && !isUnknown(unit.designation) ? unit.designation : undefined;
  const parts = [designation, typeName(game, unit.type), size].filter((p): p is string => p !== undefined && p !== '');
  return parts.length > 0 ? parts.join(' ') : unit.id;
}

/**
 * A built module's "Additional module info 1" (ModuleOther1, which VASSAL's About screen shows after
 * the version) states where its data came from: game.json's derived source. A module built from an
 * import thus names the module the data was imported from, and importing it again names that same
 * source instead of the built module's own version.
 */
const DATA_SOURCE_PREFIX = 'Data source: ';

/** ModuleOther1 of the module built from a game: its derived source, if game.json states one. */
export function moduleDataSource(game: Pick<Game, 'info'>): string {
  const source = game.info.source;
  const derived = typeof source === 'object' ? source.derived?.trim() : undefined;
  return derived ? DATA_SOURCE_PREFIX + derived : '';
}

/** The data's derived source a built module's ModuleOther1 states, if it states one. */
export function dataSourceOfModule(other1: string | undefined): string | undefined {
  const derived = other1?.startsWith(DATA_SOURCE_PREFIX) ? other1.slice(DATA_SOURCE_PREFIX.length).trim() : '';
  return derived || undefined;
}
