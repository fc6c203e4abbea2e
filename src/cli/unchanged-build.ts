/**
 * The shortcut of a rebuild with nothing changed: when every data file of the game folder has the
 * same bytes as at the last build (and the settings, the outputs asked for, the date and the code
 * are the same), loading and validating would give the same game, so every output is as the last
 * build left it. The build then only checks its files are still on disk as written and prints the
 * problems the last build reported, from the manifest, without reading the game.
 */
import { SCENARIO_PARTS_DIR, isScenarioPartName } from '../data/scenario-parts';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isReadByGameDir } from '../data/game-files';
import { readInputBytes } from '../data/read-input-file';
import type { Diagnostic } from '../diagnostics';
import { type DigestScope, sha256 } from '../pipeline/inputs-digest';
import type { Settings } from '../plan/paper';

/** What a build printed, kept so a build skipped for unchanged sources prints the same. */
export interface BuildReport {
  /** sourcesKey of the build that printed it. */
  key: string;
  /** The problems loading reported, then those the outputs reported (placed in the data files). */
  load: Diagnostic[];
  outputs: Diagnostic[];
  /**
   * The pictures the data named (path in the game folder → SHA-256): files outside the data files
   * that the key covers, so each is checked again before a build is skipped.
   */
  pictures?: Record<string, string>;
  /** The kept files under vassal/ the outputs read (an extension's: Generator.keptFiles), checked again the same way. */
  kept?: Record<string, string>;
}

/**
 * The digest of everything that decides a build's outputs before the game is read: each file the
 * game folder's reading looks at (name and bytes; the hash decides, never a file's size or time),
 * the settings, the outputs asked for, the date and the code. Undefined when a file cannot be read.
 */
export async function sourcesKey(
  dir: string,
  settings: Settings,
  outputs: readonly string[],
  scope: DigestScope,
): Promise<string | undefined> {
  try {
    const top = await readdir(dir);
    const parts = top.includes(SCENARIO_PARTS_DIR) ? await readdir(path.join(dir, SCENARIO_PARTS_DIR)).catch(() => [] as string[]) : [];
    const names = [
      ...top.filter(isReadByGameDir).sort(),
      ...parts
        .filter(isScenarioPartName)
        .sort()
        .map((name) => `${SCENARIO_PARTS_DIR}/${name}`),
    ];
    const files = await Promise.all(names.map(async (name) => `${name}\0${sha256(await readSource(path.join(dir, name)))}`));
    const sortedSettings = Object.keys(settings)
      .sort()
      .map((key) => [key, settings[key] ?? null]);
    return sha256(JSON.stringify({ code: scope.codeStamp, epoch: scope.epoch, files, settings: sortedSettings, outputs }));
  } catch {
    return undefined;
  }
}

/** A data file's bytes, read as loading reads it (a pipe, a folder or an oversized file throws: no shortcut). */
async function readSource(file: string): Promise<Uint8Array> {
  const read = await readInputBytes(file);
  if (!read.bytes) throw new Error(`${file} cannot be read as a data file`);
  return read.bytes;
}

/**
 * Whether every file besides the data files that the last build read (the pictures the data names,
 * the kept files of an extension) still has its bytes: the data files, unchanged, read the same ones.
 */
export async function filesUnchanged(dir: string, files: Record<string, string>): Promise<boolean> {
  for (const [file, digest] of Object.entries(files)) {
    const bytes = await readFile(path.join(dir, file)).catch(() => undefined);
    if (!bytes || sha256(bytes) !== digest) return false;
  }
  return true;
}

/** The game id game.json names (the out folder's name), or undefined when it cannot tell. */
export async function declaredGameId(dir: string): Promise<string | undefined> {
  try {
    const text = new TextDecoder().decode(await readSource(path.join(dir, 'game.json')));
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'string' && id !== '' && path.basename(id) === id && id !== '.' && id !== '..' ? id : undefined;
  } catch {
    return undefined;
  }
}
