/**
 * Golden renders of the demo game's print outputs: the game is built into a temporary folder (map
 * tiled), and poppler's pdftoppm renders the first counter sheet, the first map tile, every page of
 * aids.pdf and every page of display.pdf (when the build writes one) at a modest resolution.
 * tests/print/golden-renders.test.ts compares them with tests/golden/renders/; scripts/update-goldens.ts
 * writes them there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export const GOLDEN_RENDER_DIR = path.join('tests', 'golden', 'renders');
export const GOLDEN_DPI = 50;
const GAME = path.join('data', 'demo');
const EPOCH = '1767225600';

/** Which pages of which output file are golden: 'all' or the first `n` pages. */
const PAGES: { file: string; name: string; pages: number | 'all'; required: boolean }[] = [
  { file: 'counters.pdf', name: 'counters', pages: 1, required: true },
  { file: 'map.pdf', name: 'map-tile', pages: 1, required: true },
  { file: 'aids.pdf', name: 'aids', pages: 'all', required: true },
  { file: 'display.pdf', name: 'display', pages: 'all', required: false },
];

/** Undefined when pdftoppm runs, else why the renders cannot be made. */
export function missingRenderer(): string | undefined {
  const probe = spawnSync('pdftoppm', ['-v'], { encoding: 'utf8' });
  return probe.error ? 'pdftoppm (poppler-utils) is not installed' : undefined;
}

/** Builds the demo game (map tiled unless `settings` say otherwise) into a new temporary folder; returns the game's output folder. */
export function buildDemo(settings: string[] = ['tile=true']): string {
  const out = mkdtempSync(path.join(tmpdir(), 'hexforge-golden-'));
  const sets = settings.flatMap((setting) => ['--set', setting]);
  const run = spawnSync(process.execPath, ['bin/hexforge.mjs', 'build', GAME, '--out', out, ...sets], {
    encoding: 'utf8',
    env: { ...process.env, SOURCE_DATE_EPOCH: EPOCH },
  });
  if (run.status !== 0) {
    // The caller never gets the folder to remove.
    rmSync(out, { recursive: true, force: true });
    throw new Error(`building ${GAME} failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  return path.join(out, path.basename(GAME));
}

/** PNG bytes by golden name ("aids-2"), rendered from the build in `gameOut`. */
export function renderGoldenPages(gameOut: string): Map<string, Buffer> {
  const pngs = new Map<string, Buffer>();
  const scratch = mkdtempSync(path.join(tmpdir(), 'hexforge-golden-png-'));
  try {
    for (const { file, name, pages, required } of PAGES) {
      const pdf = path.join(gameOut, file);
      if (!existsSync(pdf)) {
        if (required) throw new Error(`the build wrote no ${file}`);
        continue;
      }
      const range = pages === 'all' ? [] : ['-f', '1', '-l', String(pages)];
      const run = spawnSync('pdftoppm', ['-r', String(GOLDEN_DPI), ...range, '-png', pdf, path.join(scratch, name)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`pdftoppm failed on ${file}: ${run.stderr}`);
    }
    // pdftoppm numbers pages with as many digits as the last page needs: aids-1.png or aids-01.png.
    for (const png of readdirSync(scratch).sort()) {
      const m = /^(.*)-0*(\d+)\.png$/.exec(png);
      if (m) pngs.set(`${m[1]}-${m[2]}`, readFileSync(path.join(scratch, png)));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return pngs;
}

export interface PixelDifference {
  /** Mean absolute difference over every channel of every pixel, 0–255. */
  meanAbsolute: number;
  /** Share of pixels where some channel differs by more than PIXEL_THRESHOLD. */
  differingShare: number;
}

export const PIXEL_THRESHOLD = 32;

/** Compares two PNGs pixel by pixel (RGB, alpha dropped); undefined when their sizes differ. */
export async function comparePngs(expected: Buffer, actual: Buffer): Promise<PixelDifference | undefined> {
  const read = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [a, b] = await Promise.all([read(expected), read(actual)]);
  if (a.info.width !== b.info.width || a.info.height !== b.info.height || a.info.channels !== b.info.channels) return undefined;
  const channels = a.info.channels;
  let sum = 0;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += channels) {
    let worst = 0;
    for (let c = 0; c < channels; c++) {
      const d = Math.abs(a.data[i + c] - b.data[i + c]);
      sum += d;
      if (d > worst) worst = d;
    }
    if (worst > PIXEL_THRESHOLD) differing++;
  }
  const pixels = a.info.width * a.info.height;
  return { meanAbsolute: sum / (pixels * channels), differingShare: differing / pixels };
}
