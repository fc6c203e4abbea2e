/**
 * Output folders that collide: two game folders of one command that declare the same game id write
 * to the same <out>/<id>/ (the second would silently replace the first's outputs), and outputs
 * written into a game folder being built (the next validate or build would read them as the game's,
 * and watch would rebuild on its own writes). Both refused before anything is built.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { ExitError, EXIT } from './exit-codes';
import { defaultOutDir } from './package-root';
import { realPathOf, within } from './real-path';
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

/** Throws a usage error when a game's <out>/<id>/ is, or lies inside, one of the game folders. */
export async function refuseOutputsInsideGames(dirs: readonly string[], out: string | undefined): Promise<void> {
  const games = await Promise.all(dirs.map(async (dir) => ({ dir, real: await realPathOf(dir) })));
  for (const dir of dirs) {
    const id = await declaredGameId(dir);
    if (id === undefined) continue;
    const outDir = await realPathOf(path.join(out ?? defaultOutDir(dir), id));
    const game = games.find((g) => within(outDir, g.real));
    if (!game) continue;
    const named = out === undefined ? 'the default output folder' : `--out ${out}`;
    throw new ExitError(
      EXIT.usage,
      `error out/inside-game-folder: ${named}: the outputs of ${dir} would be written to ${outDir}, which ${outDir === game.real ? 'is' : 'lies inside'} the game folder ${game.dir}; nothing written\n` +
        `    hint: write the outputs outside every game folder; ${await outsideEveryGame(dir, id, out, games)}`,
    );
  }
}

/**
 * Where to send the outputs instead: without --out when the default (out/ beside the games'
 * parent) lies outside every game folder, else an out/ beside the game folder.
 */
async function outsideEveryGame(dir: string, id: string, out: string | undefined, games: ReadonlyArray<{ real: string }>): Promise<string> {
  const fallback = defaultOutDir(dir);
  const real = await realPathOf(path.join(fallback, id));
  if (out !== undefined && !games.some((g) => within(real, g.real))) return `leave out --out: the default, ${fallback}, is outside them`;
  return `e.g. --out ${path.join(path.dirname(await realPathOf(dir)), 'out')}`;
}
