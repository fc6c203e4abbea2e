/**
 * `npx tsx scripts/update-goldens.ts`: rebuilds the demo game and rewrites the golden renders in
 * tests/golden/renders/ (see scripts/golden-renders.ts). Look at the images before committing them.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildDemo, GOLDEN_RENDER_DIR, missingRenderer, renderGoldenPages } from './golden-renders';

const missing = missingRenderer();
if (missing) {
  console.error(`cannot render: ${missing}`);
  process.exit(1);
}
const gameOut = buildDemo();
try {
  const pngs = renderGoldenPages(gameOut);
  mkdirSync(GOLDEN_RENDER_DIR, { recursive: true });
  for (const old of readdirSync(GOLDEN_RENDER_DIR)) if (old.endsWith('.png')) rmSync(path.join(GOLDEN_RENDER_DIR, old));
  for (const [name, png] of pngs) writeFileSync(path.join(GOLDEN_RENDER_DIR, `${name}.png`), png);
  console.log(`${pngs.size} golden renders written to ${GOLDEN_RENDER_DIR}: ${[...pngs.keys()].join(', ')}`);
} finally {
  rmSync(path.dirname(gameOut), { recursive: true, force: true });
}
