/**
 * Commands that read a whole module (import, roundtrip, update) hold its files while they make and
 * drop objects for every piece of every saved game, hundreds of megabytes in all. V8 lets its heap
 * grow to several times what is alive before it collects; told to favour size, it collects sooner
 * and the process peaks near what it holds. Measured on 189 saves of 2,500 pieces and 150 MiB of
 * art: import 506-522 → 372 MiB, at about twice the CPU time (10 → 20 s); --heap-growing-percent=15
 * would cost a fifth more CPU time but peaks near 530 MiB at 10,000 pieces a save.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { FILE_NAMES } from '../data/game-files';
import { SCENARIO_PARTS_DIR } from '../data/scenario-parts';

export function favourMemoryOverSpeed(): void {
  v8.setFlagsFromString('--optimize-for-size');
}

/**
 * Scenario data past this size (some 150,000 placed pieces, at 25 to 30 bytes each) makes a build
 * hold and drop objects for every placed piece, as an import of a save-heavy module does: such a
 * build favours memory too. A smaller game builds at full speed.
 */
export const LARGE_SCENARIO_BYTES = 4 * 1024 * 1024;

/** Favours memory when the game folder's scenario files hold more than LARGE_SCENARIO_BYTES. */
export async function favourMemoryForLargeScenarios(dir: string): Promise<void> {
  const size = (file: string) =>
    stat(file).then(
      (s) => (s.isFile() ? s.size : 0),
      () => 0,
    );
  let bytes = await size(path.join(dir, FILE_NAMES.scenarios));
  const parts = await readdir(path.join(dir, SCENARIO_PARTS_DIR)).catch(() => []);
  for (const part of parts) bytes += await size(path.join(dir, SCENARIO_PARTS_DIR, part));
  if (bytes > LARGE_SCENARIO_BYTES) favourMemoryOverSpeed();
}
