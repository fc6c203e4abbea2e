/**
 * Placed pieces that are no unit → counters.json markers. A piece a setup places that matches no
 * palette unit is a marker: a palette slot without a side (units.ts `markers`), else a piece only a
 * setup holds (a piece of an at-start stack, or of a saved game, with no palette slot: location
 * tiles, cubes, card slots). Pieces of one match key (units.ts `matchKeyOf`) are one marker — pieces
 * with neither a name nor a picture of their own, only Layer pictures, are told apart by those — its id
 * the one a Hexforge-built module states, else from its name (from its kind and palette slot when the
 * name has no Latin letter); its count is the most copies any one setup places.
 */
import type { MarkerFile } from '../../model/files';
import { SHARED_PROPERTIES } from '../properties';
import { IdSpace, kindAndSlot } from './ids';
import { layersOf, type PieceFacts } from './properties';
import type { UnitsResult } from './units';

/** Where a marker was read: its palette slot, or the first setup piece of its kind. */
export type MarkerOrigin =
  | { from: 'palette slot'; path: string; gpid: string; entryName: string }
  | { from: 'at-start stack'; stack: string }
  | { from: 'saved game'; file: string };

/** A marker's pictures in the module: its front (the BasicPiece image, '' for none) and its Layer images, if any. */
export interface MarkerPictures {
  image: string;
  layers?: string[];
  /** The Layer is always active: players cannot flip it, so it gives no back. */
  layersAlwaysActive?: true;
  /**
   * The picture the always-active Layer draws at the piece's state where it is not the first of
   * `layers`: '' where it draws none (VASSAL draws nothing at a state of 0 or below). Absent: the
   * first (the only reading of a record written before the state was kept).
   */
  layerShown?: string;
}

/** The picture a marker's always-active Layer draws (its front where the piece has no image of its own); undefined for a Layer players flip. */
export function markerShownLayer(pictures: MarkerPictures): string | undefined {
  if (!pictures.layersAlwaysActive) return undefined;
  return pictures.layerShown ?? pictures.layers?.[0] ?? '';
}

/** What `hexforge update` finds a marker's pieces by, and the name it compares the data's with. */
export interface MarkerIdentity {
  name: string;
  /** The match key of its pieces (units.ts `matchKeyOf`). */
  matchKey: string;
}

export interface PlacedMarker extends MarkerPictures, MarkerIdentity {
  /** Given once the markers' order is known (`settle`): names taken twice are numbered in that order. */
  id: string;
  origin: MarkerOrigin;
}

/**
 * The markers setups place, each found by its piece's match key: in the order they are read, then
 * (`settle`) in the order the scenarios list them, which a module built from the data places them in.
 */
export class MarkerTable {
  readonly markers: PlacedMarker[] = [];
  /** Read indices in the order counters.json lists them. */
  private order: number[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly palette = new Map<string, UnitsResult['markers'][number]>();
  private readonly ids = new IdSpace();
  /** By read index: the id a module built by Hexforge states (its MarkerId), which the marker keeps. */
  private readonly statedIds: Array<string | undefined> = [];

  constructor(paletteMarkers: UnitsResult['markers']) {
    for (const m of paletteMarkers) {
      const key = markerKeyOf(m.matchKey, m.layers);
      if (!this.palette.has(key)) this.palette.set(key, m);
    }
  }

  /**
   * The marker a placed piece is (its index), taken now if it is the first of its kind; `slotName`
   * is the entryName of the at-start stack's slot holding it ('' for a piece of a saved game).
   */
  indexOf(matchKey: string, facts: PieceFacts, where: () => MarkerOrigin, slotName = ''): number {
    const key = markerKeyOf(matchKey, facts.layerImages);
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const slot = this.palette.get(key);
    const name = slot ? slot.name : piecePlainName(facts, slotName);
    const pictures: MarkerPictures = slot
      ? {
          image: slot.image,
          ...(slot.layers ? { layers: slot.layers } : {}),
          ...(slot.layersAlwaysActive ? { layersAlwaysActive: true as const } : {}),
          ...(slot.layerShown !== undefined ? { layerShown: slot.layerShown } : {}),
        }
      : { image: facts.frontImage, ...layersOf(facts) };
    const origin: MarkerOrigin = slot ? { from: 'palette slot', path: slot.path, gpid: slot.gpid, entryName: slot.entryName } : where();
    const index = this.markers.push({ id: '', name, matchKey, ...pictures, origin }) - 1;
    this.statedIds[index] = facts.properties.get(SHARED_PROPERTIES.markerId) || undefined;
    this.byKey.set(key, index);
    return index;
  }

  /** Puts the markers in `order` (read indices, each once) and gives their ids in it; returns the ids by read index. */
  settle(order: readonly number[]): string[] {
    this.order = [...order];
    for (const i of this.order) {
      const { name, origin } = this.markers[i];
      const fallback = kindAndSlot('marker', origin.from === 'palette slot' ? origin.gpid : undefined);
      this.markers[i].id = this.ids.take(this.statedIds[i] ?? name, fallback);
    }
    return this.markers.map((m) => m.id);
  }

  /** counters.json's markers: each with the most copies one setup places (by read index). */
  files(maxCopies: Int32Array): MarkerFile[] {
    return this.order.map((i) => ({
      id: this.markers[i].id,
      name: this.markers[i].name,
      count: maxCopies[i],
      source: { derived: 'VASSAL pieces the setups place that are no unit; the count is the most copies one setup places' },
    }));
  }

  /** Marker id → where it was read and its name and match key, for vassal/import.json. */
  origins(): Record<string, MarkerOrigin & MarkerPictures & MarkerIdentity> {
    return Object.fromEntries(
      this.order.map((i) => {
        const m = this.markers[i];
        const alwaysActive = m.layersAlwaysActive
          ? { layersAlwaysActive: m.layersAlwaysActive, ...(m.layerShown !== undefined ? { layerShown: m.layerShown } : {}) }
          : {};
        return [
          m.id,
          { ...m.origin, image: m.image, ...(m.layers ? { layers: m.layers } : {}), ...alwaysActive, name: m.name, matchKey: m.matchKey },
        ];
      }),
    );
  }
}

/** The match key (units.ts `matchKeyOf`) of a piece with neither a name nor a picture of its own. */
const NAMELESS_KEY = 'face:\u0000';

/**
 * What tells markers apart: the match key, with the Layer pictures for a piece that has neither a
 * name nor a picture of its own (all such pieces share one match key, though they differ).
 */
function markerKeyOf(matchKey: string, layers: readonly string[] | undefined): string {
  return matchKey === NAMELESS_KEY && layers !== undefined && layers.length > 0 ? `${matchKey}\u0000${layers.join('\u0000')}` : matchKey;
}

/**
 * A piece's name as VASSAL shows a slot (PieceSlot.getLocalizedConfigureName: the piece's name, else
 * the slot's entryName), else its picture's (or first Layer picture's) file name without extension,
 * else "Marker".
 */
function piecePlainName(facts: PieceFacts, slotName: string): string {
  if (facts.name !== '') return facts.name;
  if (slotName.trim() !== '') return slotName;
  const file = (facts.frontImage || (facts.layerImages[0] ?? '')).replace(/^.*\//, '').replace(/\.[^.]*$/, '');
  return file !== '' ? file : 'Marker';
}
