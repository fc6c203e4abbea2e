import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { unitCounter } from '../../src/plan';
import { drawCounterFace } from '../../src/render/counter-face';
import { facePng } from '../../src/render/face-png';
import { drawingToPng } from '../../src/render/png';
import { MIN_POOLED, closeRasterPool, enableRasterPool, inParallel, pngDrawer } from '../../src/render/raster-pool';
import { fixtureGame } from './helpers';

const fonts = loadFonts();

afterAll(() => closeRasterPool());

describe('raster pool', () => {
  it('draws a batch smaller than its minimum in-process, and everything in-process by default', () => {
    enableRasterPool(true, {});
    expect(pngDrawer(1000, MIN_POOLED.faces)).toBe(drawingToPng);
    enableRasterPool(true, { HEXFORGE_WORKERS: '2' });
    expect(pngDrawer(MIN_POOLED.faces - 1, MIN_POOLED.faces)).toBe(drawingToPng);
  });

  it('draws in-process when HEXFORGE_WORKERS asks for one worker', () => {
    enableRasterPool(true, { HEXFORGE_WORKERS: '1' });
    expect(pngDrawer(1000, MIN_POOLED.faces)).toBe(drawingToPng);
    enableRasterPool(true, { HEXFORGE_WORKERS: '2' });
    expect(pngDrawer(1000, MIN_POOLED.faces)).not.toBe(drawingToPng);
    enableRasterPool(false);
    expect(pngDrawer(1000, MIN_POOLED.faces)).toBe(drawingToPng);
  });

  it.skipIf(availableParallelism() < 2)(
    'draws on worker threads the same bytes as in-process, each result in its job’s place',
    async () => {
      enableRasterPool(true, { HEXFORGE_WORKERS: '2' });
      const draw = pngDrawer(MIN_POOLED.faces, MIN_POOLED.faces);
      expect(draw).not.toBe(drawingToPng);
      const game = await fixtureGame();
      const faces = game.units.flatMap((u) => {
        const counter = unitCounter(game, u);
        return [drawCounterFace(counter.front, fonts, []), drawCounterFace(counter.back, fonts, [])];
      });
      // Distinct faces, so a result landing in another job's place would show.
      const distinct = new Set(faces.map((f) => JSON.stringify(f.drawing)));
      expect(distinct.size).toBeGreaterThan(3);
      const pooled = await inParallel(
        faces.map((face) => () => facePng(face, 150, fonts, draw)),
        8,
      );
      const inProcess = await Promise.all(faces.map((face) => facePng(face, 150, fonts)));
      expect(pooled.map((png) => Buffer.from(png).toString('base64'))).toEqual(inProcess.map((png) => Buffer.from(png).toString('base64')));
    },
  );

  it('keeps the jobs’ order whatever order they finish in', async () => {
    const delays = [30, 0, 20, 10, 0];
    const out = await inParallel(
      delays.map((ms, i) => () => new Promise<number>((resolve) => setTimeout(() => resolve(i), ms))),
      3,
    );
    expect(out).toEqual([0, 1, 2, 3, 4]);
  });
});
