/**
 * `hexforge build --watch`: builds, then builds again a moment after any file of a game folder is
 * saved, printing which outputs were built again and which were kept. An invalid save prints its
 * diagnostics and the watch goes on; Ctrl-C (or SIGTERM) ends it.
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import { type BuildOptions, type GameBuild, buildGames } from './build';
import type { Output } from './io';
import { shownPath } from './io';

/** Saves come in bursts (an editor writes, renames, touches): wait this long after the last one. */
const SETTLE_MS = 200;

export function describeBuild(dir: string, build: GameBuild | undefined, seconds: number): string {
  if (!build) return `${dir}: not built (see the problems above); watching for the next save`;
  const built = build.built.map((id) => (build.drawn[id] ? `${id} (${build.drawn[id]})` : id));
  const parts = [
    built.length > 0 ? `built ${built.join(', ')}` : 'nothing to build',
    ...(build.reused.length > 0 ? [`unchanged ${build.reused.join(', ')}`] : []),
    ...(build.failed.length > 0 ? [`failed ${build.failed.join(', ')}`] : []),
  ];
  return `${build.game}: ${parts.join('; ')} (${seconds.toFixed(2)} s)`;
}

/** Whether `dir` is a folder that can be watched. */
function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Builds, then watches until stopped; false (nothing watched) when a game folder is not there. */
export async function watchCommand(dirs: string[], options: BuildOptions, io: Output): Promise<boolean> {
  const quietOptions = { ...options, quiet: true, json: false };
  const buildAndTell = async (changed: string[]) => {
    const started = performance.now();
    const builds = await buildGames(changed, quietOptions, io);
    const seconds = (performance.now() - started) / 1000;
    changed.forEach((dir, i) => io.err(describeBuild(dir, builds[i], seconds)));
  };
  await buildAndTell(dirs);
  const missing = dirs.filter((dir) => !isFolder(dir));
  if (missing.length > 0) {
    io.err(`cannot watch ${missing.map(shownPath).join(', ')}: not a folder (see the problems above); pass existing game folders`);
    return false;
  }
  io.err(`watching ${dirs.map(shownPath).join(', ')} (Ctrl-C stops)`);

  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    const changed = dirs.filter((dir) => pending.has(dir));
    pending.clear();
    // One build at a time: a save during a build is built after it.
    running = running.then(() => buildAndTell(changed)).catch((error: unknown) => io.err(String(error)));
  };
  const watchers: FSWatcher[] = dirs.map((dir) =>
    watch(dir, (_event, name) => {
      // Temporary files of atomic writes and hidden editor files are not the game's data.
      if (name && (name.startsWith('.') || name.includes('.tmp-') || name.endsWith('~'))) return;
      pending.add(dir);
      clearTimeout(timer);
      timer = setTimeout(flush, SETTLE_MS);
    }),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      watchers.forEach((w) => w.close());
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return true;
}
