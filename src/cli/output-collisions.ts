/**
 * Two game folders of one command that declare the same game id write to the same <out>/<id>/:
 * the second would silently replace the first's outputs. Refused before anything is built.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { ExitError, EXIT } from './exit-codes';
import { defaultOutDir } from './package-root';
import { declaredGameId } from './unchanged-build';

/** Throws a usage error naming the first two folders whose outputs would land in one folder. */
export async function refuseSharedOutputFolders(dirs: readonly string[], out: string | undefined): Promise<void> {
  if (dirs.length < 2) return;
  const owners = new Map<string, { dir: string; real: string }>();
  for (const dir of dirs) {
    const id = await declaredGameId(dir);
    // A folder without a readable id is reported by its own load.
    if (id === undefined) continue;
    const outDir = path.resolve(out ?? defaultOutDir(dir), id);
    const real = await realpath(dir).catch(() => path.resolve(dir));
    const owner = owners.get(outDir);
    if (!owner) owners.set(outDir, { dir, real });
    else if (owner.real !== real)
      throw new ExitError(
        EXIT.usage,
        `error out/same-game-id: ${owner.dir} and ${dir} both declare game id "${id}", so both would write ${outDir}; nothing written\n` +
          `    hint: give one of them another "id" in its game.json, or build them one at a time with different --out folders`,
      );
  }
}
