/**
 * The rules-engine bundle: one self-contained JSON document holding everything the engine (and
 * third parties) need to run a game's rules without its source folder. Compact where games are
 * large: hex terrain and hexside features are integer arrays over the map extent's hex positions
 * (the dense order of `hexIndexInExtent`), with each distinct value written once in a palette.
 */
import type { Source, Unknown } from '../model/common';
import type {
  BoxFile,
  CheckFile,
  ContradictionFile,
  CountersFile,
  ExtentFile,
  GameFile,
  HexNumberingFile,
  PathFile,
  PlaceFile,
  ScenarioFile,
  TableFile,
  TerrainTypeFile,
  TracksFile,
  ZoneFile,
} from '../model/files';
import type { Unit } from '../model/game';

/** Bumped whenever a reader of an older bundle would misread a newer one. */
export const BUNDLE_FORMAT_VERSION = 1;
export const BUNDLE_SCHEMA_ID = 'https://hexforge.dev/schemas/bundle.schema.json';

/** One distinct hex terrain value; `cells[position]` points at it. */
export interface BundleHexKind {
  terrain: string[] | Unknown;
  partial?: boolean;
  source?: Source;
}

/** One distinct hexside feature (with its group's name and source). */
export interface BundleSideKind {
  feature: string;
  name?: string;
  source?: Source;
}

export interface BundleMap {
  name?: string;
  numbering: HexNumberingFile;
  extent: ExtentFile;
  hexSize: number;
  moduleScale: number;
  /** `cells[i]` = index into `kinds` of the hex at extent position i. */
  hexes: { kinds: BundleHexKind[]; cells: number[] };
  /**
   * Flat triples `[position, direction, kind, …]`: the side of the hex at extent `position` facing
   * axial `direction` (0..5) carries `kinds[kind]`. Listed in the resolved map's order.
   */
  hexsides: { kinds: BundleSideKind[]; sides: number[] };
  paths: PathFile[];
  places: PlaceFile[];
  /** Each zone as authored plus its expanded hexes as extent positions. */
  zones: { zone: ZoneFile; hexes: number[] }[];
  boxes: BoxFile[];
  unstated?: Record<string, Unknown>;
  source?: Source;
}

export interface Bundle {
  $schema: typeof BUNDLE_SCHEMA_ID;
  formatVersion: number;
  id: string;
  info: GameFile;
  map: BundleMap;
  terrain: TerrainTypeFile[];
  units: Unit[];
  counters: CountersFile;
  tables: TableFile[];
  tracks: TracksFile;
  scenarios: ScenarioFile[];
  checks: CheckFile[];
  contradictions?: ContradictionFile[];
}
