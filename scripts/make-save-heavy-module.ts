/**
 * Writes the synthetic save-heavy module of ./save-heavy-module.ts, for measuring the memory of
 * import, round trip and update with `/usr/bin/time -v`:
 *
 *   npx tsx scripts/make-save-heavy-module.ts <out.vmod> [--saves 189] [--pieces 20000] [--image-mb 0]
 *
 * The module is the same bytes on every run (entry dates 1980-01-01).
 */
import { writeFile } from 'node:fs/promises';
import { saveHeavyModule } from './save-heavy-module';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const out = process.argv[2];
if (!out || out.startsWith('--')) {
  console.error('usage: make-save-heavy-module.ts <out.vmod> [--saves N] [--pieces M] [--image-mb K]');
  process.exit(2);
}
const saves = option('--saves', 189);
const pieces = option('--pieces', 20000);
const imageMegabytes = option('--image-mb', 0);
await writeFile(out, await saveHeavyModule({ saves, pieces, imageMegabytes }));
console.log(`${out}: ${saves} saves of ${pieces} pieces, ${imageMegabytes} MiB of images`);
