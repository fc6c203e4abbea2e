/** The installed package's own folder (schemas/, data/demo), found from this module whether it runs from src/ or dist/. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'schemas', 'game.schema.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the Hexforge package has no schemas/ folder');
    dir = parent;
  }
  return dir;
}

/** Where outputs and reports of a game go by default: out/ beside the game folder's parent (data/demo → out/demo). */
export function defaultOutDir(gameDir: string): string {
  return path.join(path.dirname(path.dirname(path.resolve(gameDir))), 'out');
}
