/**
 * Gathers the module's pictures from the renderers and files them under module image paths.
 * The renderers are passed in (`ArtSources`), so the module code depends only on their results:
 * the map PNG and the hex geometry it was drawn on, counter faces, aid cards, and the holding
 * board's picture.
 */
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics';
import type { Game } from '../../model/game';
import type { GeneratorContext } from '../../pipeline/generator';
import type { MapGeometry } from '../../plan';
import type { FaceImages, ModuleArt, ModuleImage } from './art';
import { buttonPictures } from './buttons';
import { maskPictures } from './masks';
import { moduleHoldingLayout } from './build-file';
import type { HoldingLayout } from './holding';
import { SIDECAR_MODULE_DIR } from '../import/sidecar';
import {
  DRAWN_MARKERS_DIR,
  DRAWN_UNITS_DIR,
  HOLDING_IMAGE,
  IMAGES_DIR,
  MAP_IMAGE,
  chartImagePath,
  chitImagePath,
  markerImagePath,
  markerPicturePath,
  unitImagePath,
  unitPicturePath,
} from './names';

export interface FacePngs {
  front: Uint8Array;
  back?: Uint8Array;
}

export interface CounterFacePngs {
  units: ReadonlyMap<string, FacePngs>;
  markers: ReadonlyMap<string, FacePngs>;
  chits: ReadonlyMap<string, FacePngs>;
}

export interface ChartPng {
  id: string;
  name: string;
  /** The table the chart prints, if any. */
  table?: string;
  png: Uint8Array;
}

/** Where counter faces and aid cards come from (plan-art.ts; tests pass stand-ins). */
export interface CounterArt {
  /** The faces' images; `drawn` of `images` were drawn anew (the others came from the image cache). */
  counterFaces(
    ctx: GeneratorContext,
  ): Promise<{ faces?: CounterFacePngs; diagnostics: Diagnostic[]; drawn?: { drawn: number; images: number } }>;
  aidCards(ctx: GeneratorContext): Promise<ChartPng[]>;
}

export interface ArtSources {
  /** The board image and the hex geometry it was drawn on (board pixels). */
  map(): Promise<{ png: Uint8Array; geometry: MapGeometry }>;
  counterFaces(): Promise<CounterFacePngs>;
  /** Aid cards in display order. */
  aidCards(): Promise<ChartPng[]>;
  /** The holding board's picture for a box layout. */
  holdingPng(layout: HoldingLayout): Promise<Uint8Array>;
}

function faces(pngs: FacePngs | undefined, path: (face: 'front' | 'back') => string): FaceImages | undefined {
  if (!pngs) return undefined;
  const front: ModuleImage = { path: path('front'), data: pngs.front };
  return pngs.back ? { front, back: { path: path('back'), data: pngs.back } } : { front };
}

/** Folders under images/ that hold only Hexforge's own pictures (an import reads those under units/ and markers/ as drawn). */
const OWN_FOLDERS = [DRAWN_UNITS_DIR, DRAWN_MARKERS_DIR, 'pictures/', 'marker-pictures/', 'chits/', 'charts/'];

/**
 * VASSAL reads a raster picture by its content, whatever its name says (ImageIOImageLoader checks
 * the PNG signature, ImageIO picks its reader from the bytes): a drawn face, PNG, can keep a GIF or
 * JPEG picture's name.
 */
const RASTER_NAME = /\.(png|gif|jpe?g)$/i;

/**
 * A picture of the game folder keeps its name in the module, so an import of the module names it
 * again: one the module held keeps its folder under images/ too (`u/1-f.gif`), but for a folder of
 * Hexforge's own pictures. A name VASSAL would not read as a raster picture ends in .png.
 */
function pictureName(file: string): string {
  const kept = `${SIDECAR_MODULE_DIR}/${IMAGES_DIR}`;
  const inModule = file.startsWith(kept) ? file.slice(kept.length) : undefined;
  const own = inModule === undefined || OWN_FOLDERS.some((f) => inModule.startsWith(f));
  const base = own ? path.posix.basename(file) : inModule;
  const name = RASTER_NAME.test(base) ? base : `${base.replace(/\.[^./]*$/, '')}.png`;
  // images/map.png is the map Hexforge draws (an import reads its margin as blank paper).
  return name === MAP_IMAGE ? 'map-picture.png' : name;
}

/** Something whose faces may come from pictures the data names: a unit or a marker. */
interface PictureNamer {
  id: string;
  image?: string;
  backImage?: string;
}

/**
 * Where pictured faces go: under the picture's name when the data names one (copies that print
 * alike share it), else under `drawnPath` (a face drawn from data) or `ownPath` (a picture whose
 * name another picture or the module's own image holds).
 */
class PictureNames {
  private readonly pictures = new Map<string, Uint8Array>();
  // Names the module uses for its own pictures stay theirs.
  private readonly reserved: Set<string>;

  constructor(game: Game) {
    const boards = [...(game.map.boards ?? []).flatMap((b) => (b.image !== undefined ? [b.image] : [])), ...buttonPictures(game)].map((f) =>
      path.posix.basename(f),
    );
    this.reserved = new Set([MAP_IMAGE, HOLDING_IMAGE, ...boards, ...(game.map.image ? [pictureName(game.map.image.file)] : [])]);
  }

  faces<T extends PictureNamer>(
    namer: T,
    pngs: FacePngs | undefined,
    drawnPath: (namer: T, face: 'front' | 'back') => string,
    ownPath: (namer: T, face: 'front' | 'back') => string,
  ): FaceImages | undefined {
    return faces(pngs, (face) => {
      const file = face === 'front' ? namer.image : namer.backImage;
      const data = face === 'front' ? pngs!.front : pngs!.back!;
      if (file === undefined) return drawnPath(namer, face);
      const name = pictureName(file);
      const taken = this.pictures.get(name);
      if (this.reserved.has(name) || (taken !== undefined && !Buffer.from(taken).equals(data))) return ownPath(namer, face);
      this.pictures.set(name, data);
      return name;
    });
  }
}

/**
 * The board pictures map.json `boards` names, and the button icons of `buttons`, as they are (VASSAL shows PNG, JPEG and GIF boards):
 * a picture under the module's images/ keeps its path there, so an import of the built module
 * names the same file; any other goes by its file name. Names of Hexforge's own pictures are not taken.
 */
function boardPictures(game: Game): Map<string, ModuleImage> {
  const pictures = new Map<string, ModuleImage>();
  const kept = `${SIDECAR_MODULE_DIR}/${IMAGES_DIR}`;
  for (const file of [...(game.map.boards ?? []).map((b) => b.image), ...buttonPictures(game), ...maskPictures(game)]) {
    const data = file !== undefined ? game.art?.[file]?.data : undefined;
    if (file === undefined || data === undefined || pictures.has(file)) continue;
    const name = file.startsWith(kept) ? file.slice(kept.length) : path.posix.basename(file);
    pictures.set(file, { path: name === MAP_IMAGE || name === HOLDING_IMAGE ? `board-${name}` : name, data });
  }
  return pictures;
}

export async function collectArt(game: Game, sources: ArtSources): Promise<ModuleArt> {
  const [map, counterFaces, cards] = await Promise.all([sources.map(), sources.counterFaces(), sources.aidCards()]);
  const pictures = new PictureNames(game);
  const units = new Map<string, FaceImages>();
  for (const unit of game.units) {
    const f = pictures.faces(unit, counterFaces.units.get(unit.id), unitImagePath, unitPicturePath);
    if (f) units.set(unit.id, f);
  }
  const markers = new Map<string, FaceImages>();
  for (const marker of game.counters.markers ?? []) {
    const f = pictures.faces(marker, counterFaces.markers.get(marker.id), markerImagePath, markerPicturePath);
    if (f) markers.set(marker.id, f);
  }
  const chits = new Map<string, FaceImages>();
  for (const chit of game.counters.chits ?? []) {
    const f = faces(counterFaces.chits.get(chit.id), (face) => chitImagePath(chit, face));
    if (f) chits.set(chit.id, f);
  }
  const boards = boardPictures(game);
  const layout = moduleHoldingLayout(game);
  // No boxes, no holding board: the built module gets no empty "Boxes" window.
  const holdingPng = layout.boxes.length > 0 ? await sources.holdingPng(layout) : undefined;
  return {
    map: { image: { path: game.map.image ? pictureName(game.map.image.file) : MAP_IMAGE, data: map.png }, geometry: map.geometry },
    units,
    markers,
    chits,
    charts: cards.map((c) => ({
      name: c.name,
      ...(c.table !== undefined ? { table: c.table } : {}),
      image: { path: chartImagePath(c.id), data: c.png },
    })),
    ...(holdingPng ? { holding: { image: { path: HOLDING_IMAGE, data: holdingPng }, width: layout.width, height: layout.height } } : {}),
    ...(boards.size > 0 ? { boards } : {}),
  };
}
