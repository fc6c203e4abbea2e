/**
 * The sidecar: everything of a module the data model has no place for, kept in the game folder
 * under `vassal/` (the data loader reads only the folder's top-level files):
 *   vassal/module/…        every entry of the module byte for byte; the buildFile of a module
 *                          read with an extension is its tree (the extension grafted in)
 *                          written by the module writer's serialiser;
 *   vassal/extension/…     for an extension imported with its base: each of the extension's own
 *                          entries vassal/module/ does not hold with the same bytes (its buildFile,
 *                          extensiondata), so that the extension can be written back alone;
 *   vassal/import.json     how the data maps onto the module: unit id → palette slot (gpid,
 *                          entry name, path, images), boxes → maps/zones, scenario origins,
 *                          markers, missing images, the module's identity; written as one
 *                          line of JSON, the units' records as columns (./sidecar-units.ts).
 * The round trip re-emits a module from these files alone (../roundtrip.ts). `hexforge update`
 * compares the data with the values recorded here (`data`) and changes each changed value where
 * `sources` says the module holds it (../../update).
 */
import type { MaskPartHashes } from './mask-parts';
import type { ValueSource } from './sources';
import type { MarkerIdentity, MarkerOrigin, MarkerPictures } from './markers';

export const SIDECAR_DIR = 'vassal';
export const SIDECAR_MODULE_DIR = `${SIDECAR_DIR}/module`;
export const SIDECAR_EXTENSION_DIR = `${SIDECAR_DIR}/extension`;
export const SIDECAR_INDEX = `${SIDECAR_DIR}/import.json`;
/** The format written: the units' records as columns, the data as imported once as units.csv's text. */
export const SIDECAR_FORMAT = 2;
/**
 * The format written before, one record per unit with its data: still read, as the records it
 * holds are what a format-2 file's are read into (`SidecarIndex`), and a folder edited since that
 * import can only carry its edits into the module through it.
 */
export const SIDECAR_FORMAT_RECORDS = 1;

export interface SidecarUnit {
  gpid: string;
  entryName: string;
  /** Component path of the palette slot, e.g. `PieceWindow[Pieces]/TabWidget[Units]/…/PieceSlot[…]`. */
  path: string;
  frontImage: string;
  layerImages: string[];
  /** The unit's palette piece is an extension's (imported with its base): `update` can change its values there. */
  extension?: true;
  /** For extra copies of one palette counter: the unit id of the palette unit. */
  copyOf?: string;
  /** How placed pieces (at-start stacks, saved games) are matched to this counter kind. */
  matchKey?: string;
  /** units.csv column → the value as imported, for every column the module holds. */
  data?: Record<string, string>;
  /** units.csv column → where the module holds it. */
  sources?: Record<string, ValueSource>;
  /** units.csv column → the module text an id of the data (side, formation) was read from; update does not write these. */
  readFrom?: Record<string, ValueSource>;
  /** How the import read the unit (which list, word or property gave its side, type and values). */
  notes?: string[];
}

/**
 * The units' records in vassal/import.json (format 2): one array per field, index for index with
 * `ids`; what many units share (palette list paths, sources, notes) kept once in a list, each
 * unit holding its index there. Read back into one `SidecarUnit` per unit id (./sidecar-units.ts).
 */
export interface SidecarUnitColumns {
  /** units.csv as the import wrote it: each unit's values as imported (every column but id and notes), by its id. */
  csv: string;
  /** The palette units' ids; the setups' copies are in `copies`. */
  ids: string[];
  gpid: string[];
  entryName: string[];
  /** The component path of the slot's palette list (its path up to its label, with the "/"), as an index into `lists`. */
  list: number[];
  frontImage: string[];
  layerImages: string[][];
  /** '' for the usual `face:<entryName>\u0000<frontImage>` (units.ts `matchKeyOf`). */
  matchKey: string[];
  /** Indexes into `sourceSets`. */
  sources: number[];
  /** Indexes into `readFromSets`, -1 for none. */
  readFrom: number[];
  /** Indexes into `noteLists`, -1 for none. */
  notes: number[];
  lists: string[];
  sourceSets: Record<string, ValueSource>[];
  readFromSets: Record<string, ValueSource>[];
  noteLists: string[][];
  /** Unit id → the last part of its slot's path, where that is not `PieceSlot[<entryName>]`. */
  slotLabels?: Record<string, string>;
  /** The copies setups need: copy id → its palette unit's id (a copy has that unit's record, and its own row in `csv`). */
  copies: Record<string, string>;
  /** Palette units whose piece the extension imported with its base holds (their copies with them). */
  extension?: string[];
}

/** vassal/import.json as written: the index with the units' records as columns. */
export interface SidecarFile extends Omit<SidecarIndex, 'units'> {
  units: SidecarUnitColumns;
}

/** An extension imported with its base module: what `roundtrip` and `update` write back, and the base it needs. */
export interface SidecarExtension {
  name: string;
  version: string;
  /** The extension's own entries, in its archive's order: under vassal/extension/, else the same bytes under vassal/module/. */
  entries?: string[];
  buildFile?: string;
  /** SHA-256 (hex) of the extension's buildFile bytes. */
  buildFileSha256?: string;
  /** The base module it was imported with: its name, version and the SHA-256 of its buildFile. */
  base?: { name: string; version: string; buildFileSha256: string };
  /** How many of the module's entries, the first ones, are the base module's (VASSAL reads a name both hold from the base). */
  baseEntries?: number;
}

/** vassal/import.json as read: one record per unit (format 1 as it stands; format 2 read into it, ./sidecar-read.ts). */
export interface SidecarIndex {
  format: number;
  module: {
    name: string;
    version: string;
    vassalVersion: string;
    /** Root element kind and the buildFile's entry name (`buildFile.xml` or legacy `buildFile`). */
    rootKind: string;
    buildFile: string;
    /** Every entry name, in the original order; the round trip re-emits exactly these. */
    entries: string[];
    /** SHA-256 (hex) of the original buildFile's bytes: an update must start from the same module. */
    buildFileSha256?: string;
    /** The game title as imported and where it came from (the module's name). */
    title?: string;
    /** The extension the module was read with; `entries` are then the module's and the extension's files. */
    extension?: SidecarExtension;
  };
  map: { mapId?: string; board?: string; image?: string; boxes: { id: string; name: string; mapId: string; zone?: string }[] };
  units: Record<string, SidecarUnit>;
  /** Palette slots without a side (no units). */
  markers: ({ entryName: string; gpid: string; path: string; name: string; matchKey: string } & MarkerPictures)[];
  /**
   * counters.json marker id → where the marker was read (a palette slot, or a setup's piece no slot
   * holds), its picture, and its name and match key as imported (absent in folders imported before
   * `update` carried marker names).
   */
  markerOrigins?: Record<string, MarkerOrigin & MarkerPictures & Partial<MarkerIdentity>>;
  scenarios: Record<string, string>;
  charts: { id: string; file: string }[];
  /** Images the module refers to but does not contain. */
  missingImages: string[];
  /** SHA-256 (hex) of each data file as imported other than units.csv (compared row by row): an update names the files changed since. */
  dataFiles?: Record<string, string>;
  /** counters.json's and scenarios.json's masks and the rest, hashed apart (./mask-parts.ts): an update tells a mask edit from others. */
  maskParts?: Record<string, MaskPartHashes>;
}
