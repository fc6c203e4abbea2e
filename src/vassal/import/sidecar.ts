/**
 * The sidecar: everything of a module the data model has no place for, kept in the game folder
 * under `vassal/` (the data loader reads only the folder's top-level files):
 *   vassal/module/…        every entry of the module, the buildFile re-serialised from its tree
 *                          by the module writer's serialiser, the rest byte for byte;
 *   vassal/import.json     how the data maps onto the module: unit id → palette slot (gpid,
 *                          entry name, path, images), boxes → maps/zones, scenario origins,
 *                          markers, missing images, the module's identity.
 * The round trip re-emits a module from these files alone (../roundtrip.ts).
 */
export const SIDECAR_DIR = 'vassal';
export const SIDECAR_MODULE_DIR = `${SIDECAR_DIR}/module`;
export const SIDECAR_INDEX = `${SIDECAR_DIR}/import.json`;
export const SIDECAR_FORMAT = 1;

export interface SidecarUnit {
  gpid: string;
  entryName: string;
  /** Component path of the palette slot, e.g. `PieceWindow[Pieces]/TabWidget[Units]/…/PieceSlot[…]`. */
  path: string;
  frontImage: string;
  layerImages: string[];
  /** For extra copies of one palette counter: the unit id of the palette unit. */
  copyOf?: string;
}

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
  };
  map: { mapId?: string; board?: string; image?: string; boxes: { id: string; name: string; mapId: string; zone?: string }[] };
  units: Record<string, SidecarUnit>;
  markers: { entryName: string; gpid: string; path: string; name: string; image: string }[];
  scenarios: Record<string, string>;
  charts: { id: string; file: string }[];
  /** Images the module refers to but does not contain. */
  missingImages: string[];
}
