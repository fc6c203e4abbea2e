/**
 * Placed pieces that are no unit → counters.json markers. A piece a setup places that matches no
 * palette unit is a marker: a palette slot without a side (units.ts `markers`), else a piece only a
 * setup holds (a piece of an at-start stack, or of a saved game, with no palette slot: location
 * tiles, cubes, card slots). Pieces of one match key (units.ts `matchKeyOf`) are one marker — pieces
 * with neither a name nor a picture of their own are told apart by their Layer pictures and by the
 * name their Text Labels and Layer levels give them (./shown-name.ts) — its id the one a
 * Hexforge-built module states, else from its name (from its kind and palette slot when the name
 * has no Latin letter); its count is the most copies any one setup places. A palette marker no
 * setup places is a marker too (`addUnplaced`), its count unknown.
 */
import type { MarkerFile } from '../../model/files';
import { SHARED_PROPERTIES } from '../properties';
import { IdSpace } from './ids';
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
 * (`settle`) in the order the scenarios list them, which a module built from the data places them
 * in; after them the palette's markers that no setup places, in palette order.
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
  /** Read indices of the palette markers no setup places (`addUnplaced`), in palette order. */
  private readonly unplaced: number[] = [];

  constructor(paletteMarkers: UnitsResult['markers']) {
    for (const m of paletteMarkers) {
      const key = markerKeyOf(m.matchKey, m.layers, m.shownName);
      if (!this.palette.has(key)) this.palette.set(key, m);
    }
  }

  /**
   * The marker a placed piece is (its index), taken now if it is the first of its kind; `slotName`
   * is the entryName of the at-start stack's slot holding it ('' for a piece of a saved game);
   * `shown`, the name VASSAL shows for the piece (./shown-name.ts), asked of a piece without a name.
   */
  indexOf(matchKey: string, facts: PieceFacts, where: () => MarkerOrigin, slotName = '', shown?: () => string | undefined): number {
    const shownName = facts.name === '' ? nonBlank(shown?.()) : undefined;
    const key = markerKeyOf(matchKey, facts.layerImages, shownName);
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const slot = this.palette.get(key);
    const index = slot
      ? this.markers.push(slotMarker(slot)) - 1
      : this.markers.push({
          id: '',
          name: piecePlainName(facts, slotName, shownName),
          matchKey,
          image: facts.frontImage,
          ...layersOf(facts),
          origin: where(),
        }) - 1;
    this.statedIds[index] = facts.properties.get(SHARED_PROPERTIES.markerId) || undefined;
    this.byKey.set(key, index);
    return index;
  }

  /**
   * Takes every palette marker no setup placed, in palette order (once all setups are read): the
   * data keeps it, so that a module built from the data has its palette slot.
   */
  addUnplaced(): void {
    for (const [key, slot] of this.palette) {
      if (this.byKey.has(key)) continue;
      const index = this.markers.push(slotMarker(slot)) - 1;
      this.byKey.set(key, index);
      this.unplaced.push(index);
    }
  }

  /**
   * Puts the markers in `order` (read indices of the placed markers, each once), then those no setup
   * places, and gives their ids in it; returns the ids by read index.
   */
  settle(order: readonly number[]): string[] {
    this.order = [...order, ...this.unplaced];
    for (const i of this.order) {
      const { name, origin } = this.markers[i];
      const gpid = origin.from === 'palette slot' ? origin.gpid : undefined;
      this.markers[i].id = this.ids.takeOrSlot(this.statedIds[i] ?? name, 'marker', gpid);
    }
    return this.markers.map((m) => m.id);
  }

  /** How many markers setups place (those not taken by `addUnplaced`). */
  placedCount(): number {
    return this.markers.length - this.unplaced.length;
  }

  /** counters.json's markers: each with the most copies one setup places (by read index); unknown for one no setup places. */
  files(maxCopies: Int32Array): MarkerFile[] {
    const unplaced = new Set(this.unplaced);
    return this.order.map((i) =>
      unplaced.has(i)
        ? {
            id: this.markers[i].id,
            name: this.markers[i].name,
            count: { unknown: true, reason: 'no setup places it, and a VASSAL palette gives any number of copies' },
            source: { derived: 'VASSAL palette piece that is no unit, which no setup places' },
          }
        : {
            id: this.markers[i].id,
            name: this.markers[i].name,
            count: maxCopies[i],
            source: { derived: 'VASSAL pieces the setups place that are no unit; the count is the most copies one setup places' },
          },
    );
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

/** A marker read from its palette slot (its id given by `settle`). */
function slotMarker(slot: UnitsResult['markers'][number]): PlacedMarker {
  return {
    id: '',
    name: slot.name,
    matchKey: slot.matchKey,
    image: slot.image,
    ...(slot.layers ? { layers: slot.layers } : {}),
    ...(slot.layersAlwaysActive ? { layersAlwaysActive: true as const } : {}),
    ...(slot.layerShown !== undefined ? { layerShown: slot.layerShown } : {}),
    origin: { from: 'palette slot', path: slot.path, gpid: slot.gpid, entryName: slot.entryName },
  };
}

function nonBlank(text: string | undefined): string | undefined {
  return text !== undefined && text.trim() !== '' ? text : undefined;
}

/** The match key (units.ts `matchKeyOf`) of a piece with neither a name nor a picture of its own. */
const NAMELESS_KEY = 'face:\u0000';

/**
 * What tells markers apart: the match key, with the Layer pictures and the name VASSAL shows (its
 * Text Labels', its Layer levels') for a piece that has neither a name nor a picture of its own (all
 * such pieces share one match key, though they differ).
 */
function markerKeyOf(matchKey: string, layers: readonly string[] | undefined, shown: string | undefined): string {
  if (matchKey !== NAMELESS_KEY) return matchKey;
  const pictures = layers !== undefined && layers.length > 0 ? `\u0000${layers.join('\u0000')}` : '';
  return `${matchKey}${pictures}${shown ? `\u0001${shown}` : ''}`;
}

/**
 * A piece's name as VASSAL shows a slot (PieceSlot.getLocalizedConfigureName: the piece's name —
 * its BasicName, else the name its Text Labels and Layer levels make, `shown` — else the slot's
 * entryName), else its picture's (or first Layer picture's) file name without extension, else "Marker".
 */
function piecePlainName(facts: PieceFacts, slotName: string, shown: string | undefined): string {
  if (facts.name !== '') return facts.name;
  if (shown !== undefined) return shown;
  if (slotName.trim() !== '') return slotName;
  const file = (facts.frontImage || (facts.layerImages[0] ?? '')).replace(/^.*\//, '').replace(/\.[^.]*$/, '');
  return file !== '' ? file : 'Marker';
}
