/**
 * The resolved game: what every generator, the engine and the bundle read.
 * Plain data (JSON-serialisable), built once by src/data/resolve.ts after validation; references are
 * checked, hex ranges and map edges expanded, units split into front and back values.
 */
import type { Source, Unknown } from './common';
import type {
  BoardFile,
  MapButtonFile,
  BoxFile,
  CheckFile,
  ContradictionFile,
  CountersFile,
  ExtentFile,
  GameFile,
  HexNumberingFile,
  MapImageFile,
  MapStyle,
  MapVassalFile,
  PathFile,
  PlaceFile,
  ScenarioFile,
  TableFile,
  TerrainTypeFile,
  TracksFile,
  UnitRow,
  UnitValue,
  ZoneFile,
} from './files';

/** One hex of the map, in the extent's stable order. */
export interface MapHex {
  id: string;
  q: number;
  r: number;
  /** Terrain ids (hex terrain first, then features), or a declared unknown. */
  terrain: string[] | Unknown;
  /** The source names some of the hex's terrain but not all of it. */
  partial?: boolean;
  source?: Source;
}

export interface MapHexside {
  /** Canonical hexside key from the hex module. */
  key: number;
  /** The two hexes, in canonical order; `b` is null on the map edge. */
  a: string;
  b: string | null;
  feature: string;
  name?: string;
  source?: Source;
}

export interface MapZone extends ZoneFile {
  /** Every hex of the zone, expanded from ranges, edges and places, sorted by hex order. */
  hexIds: string[];
}

export interface GameMap {
  name?: string;
  numbering: HexNumberingFile;
  extent: ExtentFile;
  /** Across flats, inches. */
  hexSize: number;
  /** Pixels per inch of the module map image. */
  moduleScale: number;
  /** A picture printed instead of the drawn hexes (its pixels at moduleScale per inch). */
  image?: MapImageFile;
  hexes: MapHex[];
  hexsides: MapHexside[];
  paths: PathFile[];
  places: PlaceFile[];
  zones: MapZone[];
  boxes: BoxFile[];
  /** Boards whose pixels setup placements name (map.json boards). */
  boards?: BoardFile[];
  /** Map windows' background colours by map name (map.json backgrounds). */
  backgrounds?: Record<string, string>;
  /** The toolbar buttons of map and chart windows (map.json buttons). */
  buttons?: MapButtonFile[];
  /** How the map sheet is printed (map.json style). */
  style?: MapStyle;
  /** The VASSAL grid a built module keeps (map.json vassal). */
  vassal?: MapVassalFile;
  /** Required geometry the source does not state, by JSON pointer into map.json (placeholders drawn, never facts). */
  unstated?: Record<string, Unknown>;
  source?: Source;
}

/** A unit as resolved: units.csv's row with its flags listed, its count known and its values split by face. */
export interface Unit extends Pick<
  UnitRow,
  | 'id'
  | 'side'
  | 'nationality'
  | 'type'
  | 'size'
  | 'formation'
  | 'designation'
  | 'name'
  | 'steps'
  | 'back'
  | 'next'
  | 'setup'
  | 'entry'
  | 'template'
  | 'image'
  | 'backImage'
  | 'source'
  | 'notes'
> {
  flags: string[];
  /** Setup hex id when the setup cell is a hex on the map, else a setup code in `setup`. */
  setupHex?: string;
  count: number;
  /** Values printed on the front, by unitFields id. */
  front: Record<string, UnitValue>;
  /** Values printed on the back (`back.<field>` columns). */
  reverse: Record<string, UnitValue>;
  /** Line of units.csv the counter is defined on, for diagnostics in later passes. */
  line: number;
}

/** A counter's face art (units.csv `image`/`backImage`), read from the game folder at load. */
export interface ArtImage {
  /** The path as units.csv gives it, relative to the game folder. */
  path: string;
  sha256: string;
  format: 'png' | 'jpeg' | 'gif';
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Game {
  id: string;
  /** game.json as authored: identity, sides, dice, unit vocabularies, rules parameters. */
  info: GameFile;
  map: GameMap;
  terrain: TerrainTypeFile[];
  units: Unit[];
  counters: CountersFile;
  tables: TableFile[];
  tracks: TracksFile;
  scenarios: ScenarioFile[];
  checks: CheckFile[];
  /** Every conflict of the source's inventory and what became of it (checks.json contradictions). */
  contradictions?: ContradictionFile[];
  /** Face art by path, for the units that name an image. */
  art?: Record<string, ArtImage>;
}
