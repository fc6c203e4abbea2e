/**
 * A read module → the files of a game folder (relative path → contents) that validate, plus the
 * sidecar (./sidecar.ts). Pure apart from measuring board images (sharp), which is async.
 *
 * What becomes data: map geometry and numbering from the game map's HexGrid/HexGridNumbering
 * (../grid.ts), extent from the board's size; units from palette slots (./units.ts); scenarios
 * from at-start stacks and predefined setups (./scenarios.ts); turn track, dice, charts
 * (./tracks.ts). What the module does not hold is declared unknown: terrain (the map is a
 * picture), the printed hex size (pixels only), table bodies (pictures), and — when the module
 * lacks them — numbering, extent and turns (placeholders declared in `unstated` or notes).
 */
import { createHash } from 'node:crypto';
import { loadSharp } from '../../render/load-sharp';
import type { Diagnostic } from '../../diagnostics';
import type { Unknown } from '../../model/common';
import { axialToOffset, parseHexId, type MapExtent } from '../../hex';
import {
  type BoardFile,
  type CountersFile,
  type GameFile,
  type MapFile,
  type MapImageFile,
  type MapVassalFile,
  type TablesFile,
  type TerrainFile,
  type UnitTypeFile,
} from '../../model/files';
import { serializeXml } from '../module/xml-writer';
import { isGeneratedModuleVersion } from '../module/art';
import { MAP_MARGIN_INCHES } from '../../plan/map-geometry';
import { PIECE_KINDS, SHARED_PROPERTIES, UNIT_PROPERTIES } from '../properties';
import {
  DRAWN_MARKERS_DIR,
  DRAWN_UNITS_DIR,
  HOLDING_MAP,
  MAP_IMAGE,
  MARKER_PROTOTYPE,
  UNIT_PROTOTYPE,
  dataSourceOfModule,
} from '../module/names';
import { IMAGES_DIR, type ReadModule } from '../reader/module';
import { ArchiveEntries } from '../reader/zip-file';
import { attribute, type XmlElement } from '../xml-tree';
import { imageHeader, MAX_ART_BYTES } from '../../data/image-header';
import { hexCenter, offsetToAxial } from '../../hex';
import { ModuleImages, unitArt } from './art';
import { customClassWarnings, customTraitWarnings } from './custom-classes';
import { unknownPrototypeWarnings } from './unknown-prototypes';
import { elementsNamed } from './elements';
import { slug } from './ids';
import { Locator, gameMapGeometry, keptGrid, moduleMaps, type GameMapGeometry, type MapInfo } from './map';
import { mapButtons } from './map-buttons';
import { mapBackgrounds } from './map-backgrounds';
import { markerShownLayer } from './markers';
import { prototypeIndex, type PrototypeIndex } from './properties';
import { counterMasks } from './masks';
import { GameFiles } from './game-files';
import { importScenarios, type ScenariosResult } from './scenarios';
import { extensionUnits, keepExtension, type ImportedExtension } from './extension-files';
import { missingImagesDiagnostic } from './missing-images';
import { imagesVassalLacks } from '../vassal-images';
import { SIDECAR_FORMAT, SIDECAR_INDEX, SIDECAR_MODULE_DIR, type SidecarFile, type SidecarIndex } from './sidecar';
import { sidecarUnitColumns } from './sidecar-units';
import { type ImportedDie, importCharts, importDice, importTracks } from './tracks';
import { UNKNOWN_TYPE, importUnits, rosterSidesOf, type ImportedUnit, type UnitsResult } from './units';
import { maskPartHashes } from './mask-parts';
import { artPath, paletteOrder, unitTable, unitsCsv, type UnitArt } from './unit-rows';

export interface ImportOptions {
  /** Game id (usually the output folder's name). */
  id: string;
  /** The extension the module was read with (an extension imported with its base module). */
  extension?: ImportedExtension;
}

export interface ImportResult {
  /** Relative path inside the game folder → contents. */
  files: Map<string, string | Uint8Array>;
  diagnostics: Diagnostic[];
  summary: {
    units: number;
    scenarios: number;
    boxes: number;
    /** counters.json's markers that setups place (the kinds of piece that are no unit). */
    markers: number;
    missingImages: string[];
    placements: ScenariosResult['placements'];
  };
}

function json(schema: string, body: object): string {
  return `${JSON.stringify({ $schema: `../../schemas/${schema}.schema.json`, ...body }, null, 2)}\n`;
}

function metadataText(meta: XmlElement | undefined, name: string): string | undefined {
  return meta?.children.find((c) => c.name === name && !c.attributes.some(([k]) => k === 'lang'))?.text;
}

async function measure(files: Map<string, Uint8Array>): Promise<Map<string, { width: number; height: number }>> {
  const sizes = new Map<string, { width: number; height: number }>();
  const images = [...files].filter(([name]) => name.startsWith(IMAGES_DIR) && /\.(png|jpe?g|gif|svg|webp|tiff?)$/i.test(name));
  // sharp is loaded only for a board picture to measure.
  if (images.length === 0) return sizes;
  const sharp = await loadSharp();
  for (const [name, data] of images) {
    try {
      const meta = await sharp(data, { limitInputPixels: 1e9 }).metadata();
      if (meta.width && meta.height) sizes.set(name.slice(IMAGES_DIR.length), { width: meta.width, height: meta.height });
    } catch {
      // An unreadable image simply has no size; the map extent is then declared unknown.
    }
  }
  return sizes;
}

export async function boardImageSizes(module: ReadModule): Promise<Map<string, { width: number; height: number }>> {
  const boardImages = new Set<string>();
  for (const el of elementsNamed(module.root, 'VASSAL.build.module.map.boardPicker.Board')) {
    const image = attribute(el, 'image');
    if (image) boardImages.add(IMAGES_DIR + image);
  }
  const read = new Map<string, Uint8Array>();
  for (const name of boardImages) {
    const data = module.files.get(name);
    if (data) read.set(name, data);
  }
  return measure(read);
}

/**
 * The board picture as the map's picture (one board with an image and a hex grid): the printed map
 * and a rebuilt module then show the author's board, the grid laid where the module lays it.
 */
function mapPicture(geometry: GameMapGeometry, inModule: (name: string) => boolean): MapImageFile | undefined {
  const { board, grid, extent, vassalGrid } = geometry;
  if (!board?.image || !grid || !extent || !vassalGrid || !inModule(IMAGES_DIR + board.image)) return undefined;
  const centre = hexCenter(grid.layout, offsetToAxial(grid.numbering, extent.columns.first, extent.rows.first));
  // Whole pixels, as VASSAL places a grid (a rebuilt module's grid may lie a fraction off).
  return {
    file: `${SIDECAR_MODULE_DIR}/${IMAGES_DIR}${board.image}`,
    firstHexCenter: { x: Math.round(centre.x), y: Math.round(centre.y) },
  };
}

/** Whether a module file is one a game folder takes as art: a PNG, JPEG or GIF within the size limit. */
function takenAsArt(files: ReadModule['files'], inModule: (name: string) => boolean): (name: string) => boolean {
  return (name) => {
    const data = inModule(name) ? files.get(name) : undefined;
    return data !== undefined && data.byteLength <= MAX_ART_BYTES && imageHeader(data) !== undefined;
  };
}

/**
 * The setups' pictures as the folder names them: a board as map.json lists it, and a mask's picture
 * as a file of the folder, as a button's icon is ('' when the folder cannot show it).
 */
function folderArt(module: ReadModule, inModule: (name: string) => boolean): [(board: BoardFile) => BoardFile, (image: string) => string] {
  const picture = takenAsArt(module.files, inModule);
  return [
    boardWithPicture(picture),
    (image) => (image !== '' && picture(IMAGES_DIR + image) ? `${SIDECAR_MODULE_DIR}/${IMAGES_DIR}${image}` : ''),
  ];
}

/** A mask's picture (a module image name) as the import names it in the folder ('' when the folder cannot show it), for an update to compare with. */
export function maskPictureOf(module: ReadModule): (image: string) => string {
  return folderArt(module, (name) => module.files.has(name))[1];
}

/**
 * A board as map.json lists it: its picture named as a file of the game folder, when the module
 * holds one a game folder takes as art (a PNG, JPEG or GIF within the size limit; VASSAL also shows
 * SVG boards, which the folder would refuse).
 */
function boardWithPicture(picture: (name: string) => boolean): (board: BoardFile) => BoardFile {
  return (board) => {
    if (board.image === undefined) return board;
    const { image, ...plain } = board;
    return picture(IMAGES_DIR + image) ? { ...board, image: `${SIDECAR_MODULE_DIR}/${IMAGES_DIR}${image}` } : plain;
  };
}

/**
 * Where the board's size is unknown, the smallest extent holding every hex the setups name, so
 * that no placement falls off the map; the extent itself stays declared unknown.
 */
function extentOfPlacedHexes(geometry: GameMapGeometry, hexes: ReadonlySet<string>): MapExtent | undefined {
  if (!geometry.grid || geometry.extent) return geometry.extent;
  let extent: MapExtent | undefined;
  for (const hex of hexes) {
    const parsed = parseHexId(geometry.grid.numbering, hex);
    if (!parsed.ok) continue;
    const { column, row } = axialToOffset(geometry.grid.numbering, parsed.hex);
    extent ??= { columns: { first: column, last: column }, rows: { first: row, last: row } };
    extent.columns.first = Math.min(extent.columns.first, column);
    extent.columns.last = Math.max(extent.columns.last, column);
    extent.rows.first = Math.min(extent.rows.first, row);
    extent.rows.last = Math.max(extent.rows.last, row);
  }
  return extent;
}

/** map.json `buttons`: the module's buttons of the windows the data shows, an icon picture named as a file of the folder. */
function addMapButtons(
  map: MapFile,
  module: ReadModule,
  maps: readonly MapInfo[],
  dice: readonly ImportedDie[],
  inModule: (name: string) => boolean,
): void {
  const picture = takenAsArt(module.files, inModule);
  const icon = (image: string) => (picture(IMAGES_DIR + image) ? `${SIDECAR_MODULE_DIR}/${IMAGES_DIR}${image}` : undefined);
  const buttons = mapButtons(module.root, maps, { gameMap: map.name, boards: map.boards ?? [], dice }, icon);
  if (buttons.length > 0) map.buttons = buttons;
}

function mapFile(
  geometry: GameMapGeometry,
  boxes: Locator['boxes'],
  boards: readonly BoardFile[],
  moduleName: string,
  placedHexes: ReadonlySet<string>,
  inModule: (name: string) => boolean,
): MapFile & { unstated: Record<string, Unknown> } {
  const grid = geometry.grid;
  const unstated: Record<string, Unknown> = {};
  const map: MapFile & { unstated: Record<string, Unknown> } = {
    ...(geometry.map ? { name: geometry.map.id } : {}),
    numbering: grid ? { ...grid.numbering } : { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' },
    extent: extentOfPlacedHexes(geometry, placedHexes) ?? { columns: { first: 1, last: 1 }, rows: { first: 1, last: 1 } },
    hexSize: 1,
    defaultTerrain: { unknown: true, reason: `the VASSAL module "${moduleName}" holds the map only as a picture` },
    unstated,
  };
  if (!grid) {
    for (const field of ['orientation', 'order', 'digits', 'stagger'])
      unstated[`/numbering/${field}`] = { unknown: true, reason: 'the module has no hex grid' };
  }
  if (!geometry.extent)
    unstated['/extent'] = {
      unknown: true,
      reason: grid
        ? 'the board has no image in the module and no size; the extent given only spans the hexes the setups name'
        : 'the module has no hex grid',
    };
  if (geometry.vassalGrid) {
    // VASSAL's dy is the distance across the flats in board pixels (rotated with the grid when
    // sideways); the printed size in inches is not in the module, so hexSize × moduleScale only
    // reproduces the module's pixels.
    const across = geometry.vassalGrid.dy;
    map.hexSize = across / MODULE_SCALE;
    map.moduleScale = MODULE_SCALE;
    unstated['/hexSize'] = {
      unknown: true,
      reason: `the module gives the hex size in pixels only (${Math.round(across * 1000) / 1000} px across the flats); the printed size is not in it`,
    };
  } else {
    unstated['/hexSize'] = { unknown: true, reason: 'the module has no hex grid' };
  }
  if (boxes.length > 0) map.boxes = boxes.map((b) => ({ id: b.id, name: b.name, kind: 'other' as const }));
  if (boards.length > 0) map.boards = [...boards];
  const picture = mapPicture(geometry, inModule);
  if (picture) map.image = picture;
  const kept = gridKept(geometry, inModule);
  if (kept) map.vassal = kept;
  return map;
}

/**
 * The module's own grid, kept (map.json `vassal`) where a module built from the data writes it again
 * (../module/main-grid.ts): with the author's board picture, or on a board that has neither picture
 * nor size, where nothing is drawn and the author's grid is all there is. A map Hexforge draws (a
 * board with a size but no picture) follows the data, on a regular grid of its own.
 */
function gridKept(geometry: GameMapGeometry, inModule: (name: string) => boolean): MapVassalFile | undefined {
  const shown = mapPicture(geometry, inModule) !== undefined;
  return shown || !geometry.extent ? keptGrid(geometry) : undefined;
}

/**
 * The boxes a setup puts a unit or marker in, in the order the setups first put a piece there
 * (units first: a module built from the data writes marker-only stacks after the units' stacks).
 */
function placedBoxes(locator: Locator, scenarios: ScenariosResult): Locator['boxes'] {
  const byId = new Map(locator.boxes.map((b) => [b.id, b]));
  return [...scenarios.boxes].flatMap((id) => byId.get(id) ?? []);
}

/**
 * A module Hexforge built: its prototypes are marked with Hexforge's Kind property (Unit, Marker,
 * Chit) as prototypes of those very names, or its pieces carry Hexforge's UnitId.
 */
function builtByHexforge(module: ReadModule): boolean {
  const kinds = new Map<string, string>([
    [UNIT_PROTOTYPE, PIECE_KINDS.unit],
    [MARKER_PROTOTYPE, PIECE_KINDS.marker],
  ]);
  // Only Marker traits are looked at further: a piece without one costs a glance at each trait's kind.
  return module.definitions.some((d) =>
    d.decoded.some((t) => {
      if (t.kind !== 'marker') return false;
      if (t.fields.names.includes(UNIT_PROPERTIES.unitId)) return true;
      const kind = kinds.get(d.kind === 'prototype' ? (attribute(d.element, 'name') ?? '') : '');
      return kind !== undefined && t.fields.names[0] === SHARED_PROPERTIES.kind && t.fields.values[0] === kind;
    }),
  );
}

/** Pixels per inch assumed for the map picture (the data model's default module scale). */
const MODULE_SCALE = 150;

/** The module's maps and its game map's geometry, as the import reads positions on them (and `update` finds pieces by). */
export async function moduleMapGeometry(
  module: ReadModule,
): Promise<{ maps: MapInfo[]; geometry: GameMapGeometry; hexforgeBuilt: boolean; drawnMap: boolean }> {
  const sizes = await boardImageSizes(module);
  const maps = moduleMaps(module.root, (image) => sizes.get(image));
  // A map Hexforge drew (images/map.png of a module it built) has a blank margin round its hexes
  // (plan/map-geometry.ts); a map picture of the data's has its own edges.
  const hexforgeBuilt = builtByHexforge(module);
  const drawnMap = hexforgeBuilt && maps.some((m) => m.boards.some((b) => b.image === MAP_IMAGE));
  const geometry = gameMapGeometry(maps, drawnMap ? MAP_MARGIN_INCHES * MODULE_SCALE : 0);
  return { maps, geometry, hexforgeBuilt, drawnMap };
}

export async function importModule(module: ReadModule, options: ImportOptions): Promise<ImportResult> {
  const diagnostics: Diagnostic[] = [];
  const files = new GameFiles();
  const about = moduleTitle(module, options);
  const { title } = about;

  // ---- map
  const { maps, geometry, hexforgeBuilt, drawnMap } = await moduleMapGeometry(module);
  diagnostics.push(...geometry.diagnostics);
  // The map Hexforge drew from the data is no picture of the map's.
  const inModule = (name: string) => module.files.has(name) && !(drawnMap && name === IMAGES_DIR + MAP_IMAGE);
  const keepsGrid = gridKept(geometry, inModule) !== undefined; // a stack's pixel names a place on the module's grid only
  const locator = new Locator(geometry, maps, keepsGrid).recordEveryBoard((m) => hexforgeBuilt && m.id === HOLDING_MAP);
  const mapIds = new Map(maps.map((m) => [m.element, m.id]));

  // ---- units
  const prototypes = prototypeIndex(module.definitions);
  const unitsResult = importUnits(module.definitions, prototypes, rosterSidesOf(module.root));
  diagnostics.push(
    ...customClassWarnings(module),
    ...customTraitWarnings(module),
    ...unknownPrototypeWarnings(module),
    ...unitsResult.diagnostics,
  );

  // ---- tracks, scenarios
  const tracks = importTracks(module.root);
  const [listedBoard, maskPicture] = folderArt(module, inModule);
  const ids = unitsResult.ids;
  const scenarios = await importScenarios(module, unitsResult, prototypes, locator, mapIds, tracks, ids, listedBoard, maskPicture);

  diagnostics.push(...scenarios.diagnostics, ...locator.diagnostics);

  // ---- game.json
  const dice = importDice(module.root);
  files.set('game.json', json('game', gameFile(module.root, options, unitsResult, about, dice, hexforgeBuilt)));

  // ---- map.json, terrain.json
  const mapJson = mapFile(geometry, placedBoxes(locator, scenarios), scenarios.boards, title, scenarios.hexes, inModule);
  const kept = mapBackgrounds(
    maps,
    new Set([...(mapJson.name !== undefined ? [mapJson.name] : []), ...(mapJson.boards ?? []).map((b) => b.map)]),
  );
  if (kept.backgrounds) mapJson.backgrounds = kept.backgrounds;
  diagnostics.push(...kept.diagnostics);
  addMapButtons(mapJson, module, maps, dice, inModule);
  files.set('map.json', json('map', mapJson));
  files.set('terrain.json', json('terrain', NO_TERRAIN));

  // ---- units.csv (and counters.json for the units' art)
  const units = unitsResult.units;
  const { table, counters } = unitFiles(unitsResult, scenarios, module, hexforgeBuilt, { prototypes, picture: maskPicture });
  files.set('units.csv', unitsCsv(table, paletteOrder(table, scenarios.copies, unitsResult.sides)));
  if (counters) files.set('counters.json', json('counters', counters));

  // ---- tracks, scenarios, tables
  files.set('tracks.json', json('tracks', tracks.tracks));
  for (const [name, text] of scenarios.files) files.set(name, text);
  const charts = importCharts(module.root, hexforgeBuilt);
  if (charts.tables.length > 0) files.set('tables.json', json('tables', { tables: charts.tables } satisfies TablesFile));

  // ---- sidecar
  // Only what VASSAL would fail to find: it supplies moved.gif, Splash.png and the like itself.
  const missingImages = imagesVassalLacks(module);
  const missingInfo = missingImagesDiagnostic(missingImages, module, options.extension);
  if (missingInfo) diagnostics.push(missingInfo);
  const index = sidecarIndex(module, about, geometry, locator, {
    units,
    unitsCsv: files.get('units.csv') as string,
    markers: unitsResult.markers,
    markerOrigins: scenarios.markerOrigins,
    scenarios,
    charts: charts.charts,
    missingImages,
    files,
  });
  // Its place among the files is taken here; its text, the largest file, is written once, with the extension's record in.
  files.set(SIDECAR_INDEX, '');
  // The module's own buildFile where the tree is its own; an extension grafted in is written out.
  files.set(`${SIDECAR_MODULE_DIR}/${module.buildFileName}`, module.buildFileBytes ?? serializeXml(module.root));
  deferModuleEntries(module, files);
  if (options.extension) {
    // Kept after the module's files, which hold most of the extension's (its pictures) already.
    index.module.extension = keepExtension(options.extension, files, index.module.entries);
    const own = extensionUnits(units, options.extension.added);
    if (own.length > 0) index.units.extension = own;
  }
  // One line: the file is read by update, roundtrip and verify, and its text is the largest of an import.
  files.set(SIDECAR_INDEX, `${JSON.stringify(index)}\n`);
  files.set('README.md', readme(about, units.length + scenarios.copies.length, scenarios.count, missingImages));

  return {
    files,
    diagnostics,
    summary: {
      units: units.length + scenarios.copies.length,
      scenarios: scenarios.count,
      boxes: placedBoxes(locator, scenarios).length,
      markers: scenarios.placedMarkers,
      missingImages,
      placements: scenarios.placements,
    },
  };
}

/** The module's name and versions, as the imported files cite them. */
interface ModuleTitle {
  title: string;
  version: string;
  vassalVersion: string;
  extension?: ImportedExtension;
}

function moduleTitle(module: ReadModule, options: ImportOptions): ModuleTitle {
  const meta = module.metadata;
  return {
    title: attribute(module.root, 'name') || metadataText(meta, 'name') || options.id,
    version: attribute(module.root, 'version') ?? metadataText(meta, 'version') ?? '',
    vassalVersion: attribute(module.root, 'VassalVersion') ?? metadataText(meta, 'VassalVersion') ?? '',
    ...(options.extension ? { extension: options.extension } : {}),
  };
}

/**
 * game.json's derived source: the module (and extension) imported, or, for a module Hexforge built,
 * the source its data states (ModuleOther1): the module that data was first imported from.
 */
function dataSource(root: XmlElement, about: ModuleTitle, hexforgeBuilt: boolean): string {
  const stated = hexforgeBuilt && !about.extension ? dataSourceOfModule(attribute(root, 'ModuleOther1')) : undefined;
  return stated ?? `imported from ${importedFrom(about)} (VASSAL ${about.vassalVersion})`;
}

/**
 * game.json's version: the module's own, so that a module built from the data states it again; none
 * for the version a build made from data that stated none (a second import stays as the first).
 */
function keptVersion(version: string, hexforgeBuilt: boolean): Pick<GameFile, 'version'> {
  return version === '' || (hexforgeBuilt && isGeneratedModuleVersion(version)) ? {} : { version };
}

/** What the data was imported from: the module, with the extension applied when there is one. */
function importedFrom({ title, version, extension }: ModuleTitle): string {
  const module = `the VASSAL module "${title}" ${version}`;
  if (!extension) return module;
  return `the VASSAL extension "${extension.name}"${extension.version ? ` ${extension.version}` : ''} loaded into ${module.trimEnd()}`;
}

/** game.json's sources for an extension's import: the module it extends and the extension. */
function extensionSources({ title, version }: ModuleTitle, extension: ImportedExtension): NonNullable<GameFile['sources']> {
  return [
    {
      id: 'vassal-module',
      title,
      ...(version ? { edition: version } : {}),
      notes: 'the VASSAL module the extension extends (import --base)',
    },
    {
      id: 'vassal-extension',
      title: extension.name,
      ...(extension.version ? { edition: extension.version } : {}),
      notes: 'the VASSAL extension (.vmdx) imported',
    },
  ];
}

/**
 * The one side of a module that states none. Its id is its name's, as a module's roster side gets,
 * so that the module built from the data imports to the same id.
 */
const NO_SIDE_NAME = 'Unknown side';

/**
 * Formations side by side in the order of the sides, each side's in the order the palette first
 * names them: the order of the palette a build writes (a tab per side, a list per formation), so
 * that the built module imports to the same list.
 */
function bySideOrder<F extends { side: string }>(formations: F[], sides: readonly { id: string }[]): F[] {
  const rank = new Map(sides.map((s, i) => [s.id, i]));
  return formations
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (rank.get(a.f.side) ?? sides.length) - (rank.get(b.f.side) ?? sides.length) || a.i - b.i)
    .map(({ f }) => f);
}

/** game.json: the sides, dice and unit vocabularies the pieces state. */
function gameFile(
  root: XmlElement,
  options: ImportOptions,
  unitsResult: UnitsResult,
  about: ModuleTitle,
  dice: readonly ImportedDie[],
  hexforgeBuilt: boolean,
): GameFile & { $schema?: string } {
  const { title } = about;
  const sides =
    unitsResult.sides.length > 0 ? unitsResult.sides : [{ id: slug(NO_SIDE_NAME), name: NO_SIDE_NAME, nationalities: new Set<string>() }];
  const units = unitsResult.units;
  const types = new Map<string, UnitTypeFile>();
  const sizes = new Set<string>();
  const flags = new Set<string>();
  const formations = new Map<string, { id: string; name: string; side: string }>();
  // One indexed pass over the units: this runs once an import, before its loops are compiled, where
  // each for…of step allocates an iterator result (a few MB for a module of many thousand units).
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (!types.has(u.type))
      types.set(u.type, {
        id: u.type,
        name: u.typeName,
        ...(u.type === UNKNOWN_TYPE ? {} : { source: { derived: 'VASSAL piece properties or names' } }),
      });
    if (u.size !== undefined && u.size !== '?') sizes.add(u.size);
    for (let f = 0; f < u.flags.length; f++) flags.add(u.flags[f]);
    if (u.formation && !formations.has(u.formation.id)) formations.set(u.formation.id, { ...u.formation, side: u.side });
  }
  const sizeIds = [...sizes];
  const flagIds = [...flags];
  return {
    id: slug(options.id, 'game'),
    title,
    ...(attribute(root, 'description') ? { description: attribute(root, 'description') } : {}),
    ...keptVersion(about.version, hexforgeBuilt),
    sides: sides.map((s) => ({
      id: s.id,
      name: s.name,
      ...(s.nationalities.size > 0 ? { nationalities: [...s.nationalities].map((n) => ({ id: n, name: n })) } : {}),
    })),
    ...(dice.length > 0 ? { dice: dice.map((d) => d.die) } : {}),
    ...(unitsResult.fields.length > 0
      ? { unitFields: unitsResult.fields.map((f) => ({ id: f.id, name: f.name, ...(f.kind ? { kind: f.kind } : {}) })) }
      : {}),
    // Sorted by id: the palette's order says nothing of the vocabulary, and a rebuilt module's palette orders it otherwise.
    ...(types.size > 0 ? { unitTypes: [...types.values()].sort((a, b) => a.id.localeCompare(b.id)) } : {}),
    ...(sizeIds.length > 0 ? { unitSizes: sizeIds.map((id) => ({ id: slug(id), name: id })) } : {}),
    ...(flagIds.length > 0 ? { unitFlags: flagIds.map((id) => ({ id, name: id })) } : {}),
    ...(formations.size > 0 ? { formations: bySideOrder([...formations.values()], sides) } : {}),
    ...(about.extension ? { sources: extensionSources(about, about.extension) } : {}),
    source: { derived: dataSource(root, about, hexforgeBuilt) },
    notes:
      'Imported from a VASSAL module: what the module does not hold (terrain, printed sizes, table bodies, the meaning of value fields) is declared unknown. vassal/ keeps the module itself.',
  };
}

/**
 * counters.json for a module whose units have art: the counter edge the pictures have at the
 * map's scale (MODULE_SCALE pixels per inch, as hexSize), so counters keep their size on the hexes.
 */
function artCountersFile(
  fronts: ReadonlyArray<string | undefined>,
  moduleFiles: ReadonlyMap<string, Uint8Array>,
): CountersFile | undefined {
  // A plain loop: one per unit, and most units of most modules have no art.
  const widths: number[] = [];
  for (const front of fronts) {
    const header = front !== undefined ? imageHeader(moduleFiles.get(front)!) : undefined;
    if (header) widths.push(Math.max(header.width, header.height));
  }
  widths.sort((a, b) => a - b);
  if (widths.length === 0) return undefined;
  const median = widths[Math.floor(widths.length / 2)];
  return {
    sizes: { module: Math.round((median / MODULE_SCALE) * 1000) / 1000 },
    templates: [],
    notes: `Counter edge of the module's unit pictures (${median} px) at the map's scale of ${MODULE_SCALE} px per inch. Change it to print the art at another size.`,
  };
}

/** What the counters' masks are read with: the prototypes, and a picture's file in the folder. */
interface MaskReading {
  prototypes: PrototypeIndex;
  picture: (image: string) => string;
}

/** counters.json with the Masks the palette's units and markers carry (the file written for them alone where it has nothing else). */
function withCounterMasks(
  counters: CountersFile | undefined,
  definitions: ReadModule['definitions'],
  { units }: UnitsResult,
  { copies, markerOrigins, markerMasks }: Pick<ScenariosResult, 'copies' | 'markerOrigins' | 'markerMasks'>,
  { prototypes, picture }: MaskReading,
): CountersFile | undefined {
  const markerSlots = Object.entries(markerOrigins).flatMap(([id, o]) =>
    o.from === 'palette slot' ? [{ id, gpid: o.gpid, entryName: o.entryName }] : [],
  );
  const masks = counterMasks(units, copies, markerSlots, markerMasks, definitions, prototypes, picture);
  if (!masks) return counters;
  const { notes, ...rest } = counters ?? { sizes: {}, templates: [] };
  return { ...rest, vassal: { masks }, ...(notes !== undefined ? { notes } : {}) };
}

/** counters.json with the markers the setups place (the file written for them alone where the units have no art). */
function withMarkers(counters: CountersFile | undefined, markers: CountersFile['markers']): CountersFile | undefined {
  if (!markers || markers.length === 0) return counters;
  return { ...(counters ?? { sizes: {}, templates: [] }), markers };
}

/**
 * The markers with the pictures each was read with (its front, and a flip layer's picture as units
 * have theirs), where the module holds them readable; the faces Hexforge drew from a marker's
 * name (a module it built) are no picture.
 */
function markersWithPictures(
  markers: CountersFile['markers'],
  origins: ScenariosResult['markerOrigins'],
  pictures: ModuleImages,
  hexforgeBuilt: boolean,
): CountersFile['markers'] {
  const drawn = (image: string | undefined) => hexforgeBuilt && image?.startsWith(IMAGES_DIR + DRAWN_MARKERS_DIR) === true;
  return markers?.map((marker) => {
    const origin = origins[marker.id];
    const { front, back } = unitArt(
      origin?.image ?? '',
      origin?.layers ?? [],
      pictures,
      origin?.layersAlwaysActive === true,
      origin && markerShownLayer(origin),
    );
    if (front === undefined || drawn(front)) return marker;
    const { source, ...named } = marker;
    const backImage = back !== undefined && !drawn(back) ? { backImage: artPath(back) } : {};
    return { ...named, image: artPath(front), ...backImage, ...(source ? { source } : {}) };
  });
}

const NO_TERRAIN: TerrainFile = {
  terrain: [],
  notes: 'A VASSAL module holds no terrain data (the map is a picture); every hex is unknown terrain.',
};

/**
 * units.csv's rows with each unit's art, and counters.json sized for that art, with the markers the
 * setups place and their pictures. The faces Hexforge drew from a unit's data (a module it built) are no art: a unit
 * without a picture stays without.
 */
function unitFiles(
  unitsResult: UnitsResult,
  scenarios: Pick<ScenariosResult, 'copies' | 'markers' | 'markerOrigins' | 'markerMasks'>,
  module: Pick<ReadModule, 'files' | 'definitions'>,
  hexforgeBuilt: boolean,
  masks: MaskReading,
) {
  const { copies, markers, markerOrigins } = scenarios;
  const moduleFiles = module.files;
  const drawn = (image: string | undefined) => hexforgeBuilt && image?.startsWith(IMAGES_DIR + DRAWN_UNITS_DIR) === true;
  // Looked up once per definition text: copies of a counter, and the rows of the setups' copies,
  // share their images object (units.ts `imagesOf`), hence their art.
  const art = new Map<ImportedUnit['images'], UnitArt>();
  const pictures = new ModuleImages(moduleFiles, IMAGES_DIR);
  const units = unitsResult.units;
  for (let i = 0; i < units.length; i++) {
    const { images } = units[i];
    if (art.has(images)) continue;
    const { front, back } = unitArt(images.front, images.layers, pictures, images.layersAlwaysActive, images.layerShown);
    art.set(images, drawn(front) ? {} : { front, back: drawn(back) ? undefined : back });
  }
  const artOf = (u: ImportedUnit) => art.get(u.images)!;
  const counters = artCountersFile(
    unitsResult.units.map((u) => artOf(u).front),
    moduleFiles,
  );
  const pictured = markersWithPictures(markers, markerOrigins, pictures, hexforgeBuilt);
  const withMasks = withCounterMasks(withMarkers(counters, pictured), module.definitions, unitsResult, scenarios, masks);
  return { table: unitTable(unitsResult, copies, artOf), counters: withMasks };
}

/** What the sidecar keeps of the module and of how the data maps onto it (vassal/import.json). */
function sidecarIndex(
  module: ReadModule,
  { title, version, vassalVersion, extension }: ModuleTitle,
  geometry: GameMapGeometry,
  locator: Locator,
  read: {
    units: readonly ImportedUnit[];
    /** units.csv as written: the units' values as imported. */
    unitsCsv: string;
    markers: UnitsResult['markers'];
    markerOrigins: ScenariosResult['markerOrigins'];
    scenarios: ScenariosResult;
    charts: SidecarIndex['charts'];
    missingImages: string[];
    files: ReadonlyMap<string, string | Uint8Array>;
  },
): SidecarFile {
  const { units, scenarios, missingImages, files } = read;
  return {
    format: SIDECAR_FORMAT,
    module: {
      name: title,
      version,
      vassalVersion,
      rootKind: module.rootKind,
      buildFile: module.buildFileName,
      entries: [module.buildFileName, ...module.files.keys()],
      ...(module.buildFileSha256 ? { buildFileSha256: module.buildFileSha256 } : {}),
      title,
      ...(extension ? { extension: { name: extension.name, version: extension.version } } : {}),
    },
    map: {
      ...(geometry.map ? { mapId: geometry.map.id } : {}),
      ...(geometry.board ? { board: geometry.board.name } : {}),
      ...(geometry.board?.image ? { image: geometry.board.image } : {}),
      boxes: placedBoxes(locator, scenarios).map((b) => ({ ...b })),
    },
    units: sidecarUnitColumns(units, scenarios.copies, read.unitsCsv),
    markers: read.markers,
    ...(hasKeys(read.markerOrigins) ? { markerOrigins: read.markerOrigins } : {}),
    scenarios: scenarios.origins,
    charts: read.charts,
    missingImages,
    dataFiles: Object.fromEntries(
      [...files]
        .filter(([name]) => name.endsWith('.json') && name !== 'units.csv')
        .map(([name, text]) => [name, createHash('sha256').update(text).digest('hex')]),
    ),
    maskParts: Object.fromEntries(
      [...files].flatMap(([name, text]) => {
        const parts = typeof text === 'string' ? maskPartHashes(name, text) : undefined;
        return parts ? [[name, parts]] : [];
      }),
    ),
  };
}

function hasKeys(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

function readme(about: ModuleTitle, units: number, scenarios: number, missing: string[]): string {
  const { title, version, vassalVersion, extension } = about;
  return [
    `# ${title}`,
    '',
    `Imported from the VASSAL module "${title}" version ${version || '(none)'} (saved by VASSAL ${vassalVersion || '?'}) by \`hexforge import\`.`,
    ...(extension
      ? [
          `The module was read with the extension "${extension.name}" version ${extension.version || '(none)'} loaded (\`hexforge import --base\`).`,
        ]
      : []),
    '',
    `- ${units} unit(s) from the palette and setups, ${scenarios} scenario(s) from at-start stacks and predefined setups.`,
    '- Terrain, the printed hex size, table bodies and the meaning of value fields are not in a module and are declared unknown.',
    '- `vassal/` keeps the module itself (`vassal/module/`) and how the data maps onto it (`vassal/import.json`);',
    '  `hexforge roundtrip` rebuilds the module from them.',
    ...(missing.length > 0
      ? ['', `The module refers to ${missing.length} image(s) it does not contain (listed in vassal/import.json).`]
      : []),
    '',
  ].join('\n');
}

/**
 * The module's entries under vassal/module/, read when the folder is written or the module exported
 * again: a module's saves and art are not all held. From an archive on disk, an entry can also be
 * copied as it is packed there.
 */
function deferModuleEntries(module: ReadModule, files: GameFiles): void {
  const archive = module.files instanceof ArchiveEntries ? module.files : undefined;
  for (const name of module.files.keys())
    files.setDeferred(`${SIDECAR_MODULE_DIR}/${name}`, () => module.files.get(name)!, archive && (() => archive.packed(name)));
}
