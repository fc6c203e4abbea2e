/** The demo game's module built by the module writer, with plain stand-in pictures (tests of data, not art). */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Game } from '../../src/model/game';
import { createLayout, hexCenter, offsetToAxial, withOrigin } from '../../src/hex';
import { type MapGeometry, planCounters } from '../../src/plan';
import { collectArt, type FacePngs } from '../../src/vassal/module/index';
import { writeVmod } from '../../src/vassal/module/vmod';

/** The demo game's module, with plain stand-in pictures (the data, not the art, is under test). */
export async function demoModule(game: Game): Promise<Uint8Array> {
  const png = (w: number, h: number) =>
    sharp({ create: { width: Math.max(1, Math.round(w)), height: Math.max(1, Math.round(h)), channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer()
      .then((b) => new Uint8Array(b));
  const plan = planCounters(game);
  const front = await png(8, 8);
  const back = await png(8, 8);
  // A back image exactly where the plan gives the counter a back, as the real art does.
  const faces = (kind: 'unit' | 'marker' | 'chit') =>
    new Map(plan.counters.filter((c) => c.kind === kind).map((c): [string, FacePngs] => [c.id, c.hasBack ? { front, back } : { front }]));
  const { numbering, extent } = game.map;
  const { columns, rows } = extent;
  const flat = 60;
  const first = { x: 40, y: 40 };
  // A plain geometry of its own: 60 px hexes, the first hex centre at (40, 40).
  const unplaced = createLayout(numbering.orientation, flat);
  const at = hexCenter(unplaced, offsetToAxial(numbering, columns.first, rows.first));
  const geometry: MapGeometry = {
    unitsPerInch: flat / game.map.hexSize,
    layout: withOrigin(unplaced, { x: first.x - at.x, y: first.y - at.y }),
    flatSize: flat,
    firstHexCenter: first,
    width: first.x + (columns.last - columns.first + 1) * flat + 40,
    height: first.y + (rows.last - rows.first + 2) * flat + 40,
    hexAreaHeight: first.y + (rows.last - rows.first + 2) * flat + 40,
  };
  const art = await collectArt(game, {
    map: async () => ({ png: await png(geometry.width, geometry.height), geometry }),
    counterFaces: async () => ({ units: faces('unit'), markers: faces('marker'), chits: faces('chit') }),
    aidCards: async () => [],
    holdingPng: async (layout) => png(layout.width, layout.height),
  });
  const result = await writeVmod(game, art, { epoch: 0, plan });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.vmod!;
}
