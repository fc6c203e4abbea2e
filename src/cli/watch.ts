/**
 * `hexforge build --watch`: builds, then builds again a moment after any file of a game folder is
 * saved, printing which outputs were built again and which were kept. An invalid save prints its
 * diagnostics and the watch goes on; Ctrl-C (or SIGTERM) ends it.
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
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

/** Temporary files of atomic writes and hidden editor files are not the game's data. */
function isGameFile(name: string | null): boolean {
  return !name || !(name.startsWith('.') || name.includes('.tmp-') || name.endsWith('~'));
}

/** Most subfolders of one game folder watched (a game folder holds a few: scenarios/, its pictures'). */
const MAX_WATCHED_FOLDERS = 256;

/**
 * The game folder and the folders below it (scenarios/*.json and pictures lie there), hidden ones
 * and links left out: a link to a folder above would watch a whole tree, the outputs' included, and
 * build forever. Folders made after the watch starts are not watched.
 */
export function watchedFolders(dir: string): string[] {
  const found = [dir];
  for (let i = 0; i < found.length && found.length < MAX_WATCHED_FOLDERS; i++) {
    let entries;
    try {
      entries = readdirSync(found[i], { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) found.push(path.join(found[i], e.name));
  }
  return found.slice(0, MAX_WATCHED_FOLDERS);
}

/**
 * Builds, then watches until stopped; false (nothing watched) when a game folder is not there, or
 * when every watched folder has gone (deleted or moved: a watch on it would wait forever).
 */
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
  const gone = new Set<string>();
  let stop = () => {};
  const flush = () => {
    for (const dir of dirs) if (pending.has(dir) && !gone.has(dir) && !isFolder(dir)) lose(dir);
    const changed = dirs.filter((dir) => pending.has(dir) && !gone.has(dir));
    pending.clear();
    if (gone.size === dirs.length) stop();
    if (changed.length === 0) return;
    // One build at a time: a save during a build is built after it.
    running = running.then(() => buildAndTell(changed)).catch((error: unknown) => io.err(String(error)));
  };
  const changedIn = (dir: string) => {
    pending.add(dir);
    clearTimeout(timer);
    timer = setTimeout(flush, SETTLE_MS);
  };
  const watchers: FSWatcher[][] = dirs.map((dir) =>
    watchedFolders(dir).map((folder) =>
      watch(folder, (_event, name) => {
        if (isGameFile(name)) changedIn(dir);
      }).on('error', () => changedIn(dir)),
    ),
  );
  /** A folder deleted or moved: its watch would wait forever. */
  function lose(dir: string): void {
    gone.add(dir);
    watchers[dirs.indexOf(dir)].forEach((w) => w.close());
    io.err(`${shownPath(dir)}: the folder is gone (deleted or moved); no longer watched: run the build again once it is back`);
  }
  await new Promise<void>((resolve) => {
    stop = () => {
      clearTimeout(timer);
      watchers.flat().forEach((w) => w.close());
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return gone.size < dirs.length;
}
