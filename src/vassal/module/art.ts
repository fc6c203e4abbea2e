/**
 * The images a module ships, as the module builder needs them: where each lives under `images/`,
 * its bytes, and which piece, board or chart uses it. The pictures themselves come from the
 * print outputs' renderers (src/render); this file only names and collects them.
 */
import { createHash } from 'node:crypto';
import type { MapGeometry } from '../../plan';

export interface ModuleImage {
  /** Path relative to the module's `images/` folder, e.g. `units/b1-front.png`. */
  path: string;
  data: Uint8Array;
}

export interface FaceImages {
  front: ModuleImage;
  /** Absent when the counter has no printed back worth flipping to. */
  back?: ModuleImage;
}

export interface ModuleArt {
  /** The map board image and the hex geometry it was drawn on (board pixels). */
  map: { image: ModuleImage; geometry: MapGeometry };
  /** Counter faces by unit id, marker id and chit id. */
  units: ReadonlyMap<string, FaceImages>;
  markers: ReadonlyMap<string, FaceImages>;
  chits: ReadonlyMap<string, FaceImages>;
  /** Player-aid cards for the charts window, in display order. */
  charts: readonly { name: string; image: ModuleImage; table?: string }[];
  /** The holding-area board (turn track boxes, off-map boxes, setup areas). */
  holding?: { image: ModuleImage; width: number; height: number };
  /** The pictures of map.json `boards` and the icons of its `buttons`, by the data's file name. */
  boards?: ReadonlyMap<string, ModuleImage>;
}

/** Every image of the art once, sorted by path. Throws if two different images share a path (a bug). */
export function allImages(art: ModuleArt): ModuleImage[] {
  const byPath = new Map<string, ModuleImage>();
  const add = (image: ModuleImage | undefined) => {
    if (!image) return;
    const seen = byPath.get(image.path);
    if (seen && seen.data !== image.data && Buffer.compare(Buffer.from(seen.data), Buffer.from(image.data)) !== 0) {
      throw new Error(`two different images named ${image.path}`);
    }
    byPath.set(image.path, image);
  };
  add(art.map.image);
  for (const faces of [art.units, art.markers, art.chits]) {
    for (const f of faces.values()) {
      add(f.front);
      add(f.back);
    }
  }
  for (const chart of art.charts) add(chart.image);
  add(art.holding?.image);
  for (const image of art.boards?.values() ?? []) add(image);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The version of a module built from data that states none: changes with its images (see imagesHash). */
export function generatedModuleVersion(hash: string): string {
  return `1.0-${hash}`;
}

/** Whether a version has the form generatedModuleVersion gives (read so only in a module Hexforge built). */
export function isGeneratedModuleVersion(version: string): boolean {
  return /^1\.0-[0-9a-f]{12}$/.test(version);
}

/**
 * A short hash over every image's path, size and CRC-32 (`crcs[i]` that of `images[i]`). VASSAL
 * caches board tiles under sha1(image name + "_" + module version) and reuses them while they look
 * fresh (reference §6); our zip entries carry a fixed timestamp, so the module version must change
 * whenever an image does, and this hash is that change. The CRCs are the ones the archive stores
 * for the images anyway: the pictures' bytes (50 MB in a big module) are read once, not once more
 * for a digest of their own, and a changed picture keeps its CRC only by a 1 in 4 billion chance.
 */
export function imagesHash(images: readonly ModuleImage[], crcs: readonly number[]): string {
  const lines = images.map((image, i) => `${image.path}\0${image.data.byteLength}\0${crcs[i]}\n`);
  return createHash('sha256').update(lines.join('')).digest('hex').slice(0, 12);
}
