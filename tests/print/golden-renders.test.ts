/**
 * The demo's printed pages look as they did when the goldens were made: the first counter sheet,
 * a map tile, every aid page and every display page, rendered by pdftoppm and compared with
 * tests/golden/renders/ within a pixel tolerance (font rasterising may move a few edge pixels).
 * After an intended change of the drawing: `npx tsx scripts/update-goldens.ts`, look, commit.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, comparePngs, GOLDEN_RENDER_DIR, missingRenderer, renderGoldenPages } from '../../scripts/golden-renders';

const missing = missingRenderer();
if (missing) console.log(`golden renders skipped: ${missing}`);

/** Tolerances: a mean channel difference of 1/255 and 0.5 % of the pixels visibly different. */
const MAX_MEAN_ABSOLUTE = 1;
const MAX_DIFFERING_SHARE = 0.005;
const UPDATE = 'run `npx tsx scripts/update-goldens.ts` and look at the images if the change is intended';

describe.skipIf(missing !== undefined)('golden renders of the demo', () => {
  let gameOut = '';
  let rendered = new Map<string, Buffer>();
  beforeAll(() => {
    gameOut = buildDemo();
    rendered = renderGoldenPages(gameOut);
  }, 300_000);
  afterAll(() => {
    if (gameOut) rmSync(path.dirname(gameOut), { recursive: true, force: true });
  });

  it('renders the same pages as the goldens hold', () => {
    const goldens = existsSync(GOLDEN_RENDER_DIR) ? readdirSync(GOLDEN_RENDER_DIR).filter((f) => f.endsWith('.png')) : [];
    const names = goldens.map((f) => f.replace(/\.png$/, '')).sort();
    expect([...rendered.keys()].sort(), UPDATE).toEqual(names);
    for (const kind of ['counters-1', 'map-tile-1', 'aids-1']) expect(names).toContain(kind);
  });

  it('matches every golden within the tolerance', async () => {
    for (const [name, png] of rendered) {
      const file = path.join(GOLDEN_RENDER_DIR, `${name}.png`);
      if (!existsSync(file)) continue; // reported by the test above
      const difference = await comparePngs(readFileSync(file), png);
      expect(difference, `${name}: page size changed; ${UPDATE}`).toBeDefined();
      expect(difference!.meanAbsolute, `${name}: mean difference; ${UPDATE}`).toBeLessThanOrEqual(MAX_MEAN_ABSOLUTE);
      expect(difference!.differingShare, `${name}: share of differing pixels; ${UPDATE}`).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
    }
  });
});

describe('comparePngs', () => {
  const white = () => Buffer.alloc(10 * 10 * 3, 255);
  const png = (raw: Buffer, width = 10) =>
    sharp(raw, { raw: { width, height: raw.length / 3 / width, channels: 3 } })
      .png()
      .toBuffer();

  it('measures the mean channel difference and the share of visibly different pixels', async () => {
    const changed = white();
    changed.fill(0, 0, 3); // one black pixel: 3 channels × 255 over 300 channels
    changed[3] = 250; // one pixel off by 5 in one channel: counted in the mean, below the threshold
    const difference = await comparePngs(await png(white()), await png(changed));
    expect(difference?.meanAbsolute).toBeCloseTo((3 * 255 + 5) / 300, 9);
    expect(difference?.differingShare).toBeCloseTo(1 / 100, 9);
    expect(await comparePngs(await png(white()), await png(white()))).toEqual({ meanAbsolute: 0, differingShare: 0 });
  });

  it('tells pages of another size apart', async () => {
    expect(await comparePngs(await png(white()), await png(Buffer.alloc(5 * 20 * 3, 255), 5))).toBeUndefined();
  });
});
