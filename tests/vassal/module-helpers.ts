/**
 * Shared by the module tests: loading games, and stand-in art (one distinct tiny PNG per image
 * path) so buildFile structure can be tested independently of the renderers' pictures.
 */
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';
import { mapPixelGeometry, planCounters } from '../../src/plan';
import type { ArtSources, CounterFacePngs, FacePngs } from '../../src/vassal/module/collect-art';

export async function mustLoad(dir: string): Promise<Game> {
  const { game, diagnostics } = await loadGame(dir);
  if (!game)
    throw new Error(
      `${dir} does not load: ${diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => d.message)
        .join('; ')}`,
    );
  return game;
}

/** A 2×2 PNG whose colour is derived from `key`: distinct images for distinct keys, stable bytes. */
export function standInPng(key: string): Uint8Array {
  const [r, g, b] = createHash('sha256').update(key).digest();
  const png = new PNG({ width: 2, height: 2 });
  for (let i = 0; i < 4; i++) png.data.set([r, g, b, 255], i * 4);
  return new Uint8Array(PNG.sync.write(png));
}

function face(key: string, back: boolean): FacePngs {
  return back ? { front: standInPng(`${key}/front`), back: standInPng(`${key}/back`) } : { front: standInPng(`${key}/front`) };
}

/**
 * Stand-in art sources: map geometry from the real `mapPixelGeometry`, a back image exactly where the
 * component plan gives a counter a back (as the real art does), stand-in pixels everywhere.
 */
export function standInSources(game: Game): ArtSources {
  const plan = planCounters(game);
  const faces = (kind: 'unit' | 'marker' | 'chit') =>
    new Map(plan.counters.filter((c) => c.kind === kind).map((c) => [c.id, face(c.key, c.hasBack)]));
  return {
    async map() {
      return { png: standInPng('map'), geometry: mapPixelGeometry(game) };
    },
    async counterFaces(): Promise<CounterFacePngs> {
      return { units: faces('unit'), markers: faces('marker'), chits: faces('chit') };
    },
    async aidCards() {
      return game.tables.filter((t) => t.aid !== false).map((t) => ({ id: t.id, name: t.name, png: standInPng(`chart/${t.id}`) }));
    },
    async holdingPng(layout) {
      return standInPng(`holding/${layout.width}x${layout.height}/${layout.boxes.length}`);
    },
  };
}

import { collectArt } from '../../src/vassal/module/collect-art';
import { type VmodResult, writeVmod } from '../../src/vassal/module/vmod';

export const TEST_EPOCH = 1767225600;

/** The module for a game folder with stand-in art. */
export async function standInModule(dir: string): Promise<{ game: Game; result: VmodResult }> {
  const game = await mustLoad(dir);
  const art = await collectArt(game, standInSources(game));
  return { game, result: await writeVmod(game, art, { epoch: TEST_EPOCH, plan: planCounters(game) }) };
}
