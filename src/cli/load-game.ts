/** Reads and validates one game folder: the edge every command that takes a game goes through. */
import { type Diagnostic, hasErrors } from '../diagnostics';
import { placeDiagnostic } from '../data/place-diagnostics';
import { loadArt, namesArt } from './load-art';
import { readGameDir } from '../data/read-game-dir';
import { shareScenarioNames } from '../data/shared-strings';
import { validateGame } from '../data/validate';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FILE_NAMES, type GameSources, type ParsedGame, type SchemaVerdicts } from '../data/parse-game';
import type { FileKind } from '../data/schemas';
import { SCENARIO_PARTS_DIR, isScenarioPartName } from '../data/scenario-parts';
import type { Game } from '../model/game';

/** `schemaVerdicts`: earlier schema verdicts to reuse and to add to (a rebuild's, schema-verdicts.ts). */
export async function loadGame(
  dir: string,
  schemaVerdicts?: SchemaVerdicts,
): Promise<{ game?: Game; parsed?: ParsedGame; diagnostics: Diagnostic[] }> {
  const read = await readGameDir(dir);
  if (!read.sources) return { diagnostics: read.diagnostics };
  if (holdsNoGameFile(read.sources)) return { diagnostics: [await noGameFiles(dir)] };
  // Checks are validated against the engine's query declarations, loaded only for games that have checks.
  const checkQueries = read.sources.files.checks ? (await import('./check-query-catalog')).CHECK_QUERY_CATALOG : undefined;
  const result = validateGame(read.sources, { checkQueries, schemaVerdicts });
  const diagnostics = [...read.diagnostics, ...result.diagnostics];
  let game = result.game;
  if (game) shareScenarioNames(game.scenarios);
  if (game && result.parsed && namesArt(game)) {
    const loaded = await loadArt(dir, game);
    const parsed = result.parsed;
    diagnostics.push(...loaded.diagnostics.map((d) => placeDiagnostic(d, parsed, (kind) => path.join(dir, FILE_NAMES[kind]))));
    game = hasErrors(loaded.diagnostics) ? undefined : { ...game, art: loaded.art };
  }
  return { game, parsed: result.parsed, diagnostics };
}

function holdsNoGameFile(sources: GameSources): boolean {
  return Object.keys(sources.files).length === 0 && !sources.unreadable?.length && !sources.scenarioParts?.length;
}

/**
 * A folder with none of a game's files is the wrong folder, not a game missing five files: one
 * error, naming the game folders inside it when it holds some (data/ rather than data/demo).
 */
async function noGameFiles(dir: string): Promise<Diagnostic> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const games = entries
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, FILE_NAMES.game)))
    .map((e) => path.join(dir, e.name))
    .sort();
  const shown = games.length > 3 ? `${games.slice(0, 3).join(', ')} …` : games.join(', ');
  return {
    code: 'file/no-game-dir',
    severity: 'error',
    message: `${dir} holds none of a game's files`,
    hint:
      games.length > 0
        ? `it holds game folders (${shown}): pass one of them, or "${path.join(dir, '*')}" for all`
        : `pass a folder holding ${REQUIRED_NAMES}, or create one with hexforge init ${dir}`,
    file: dir,
  };
}

const REQUIRED_NAMES = 'game.json, map.json, terrain.json, units.csv and tracks.json';

const textOf = (data: string | Uint8Array): string => (typeof data === 'string' ? data : new TextDecoder().decode(data));

/** Validates a game folder's files before they are written (relative name → contents), as loadGame would read them. */
export function validateGameFiles(dir: string, files: ReadonlyMap<string, string | Uint8Array>): Diagnostic[] {
  const sources: GameSources = { dir, files: {} };
  for (const [kind, name] of Object.entries(FILE_NAMES) as Array<[FileKind, string]>) {
    const data = files.get(name);
    if (data !== undefined) sources.files[kind] = { file: path.join(dir, name), text: textOf(data) };
  }
  const prefix = `${SCENARIO_PARTS_DIR}/`;
  const parts = [...files.keys()].filter((name) => name.startsWith(prefix) && isScenarioPartName(name.slice(prefix.length))).sort();
  if (parts.length > 0) sources.scenarioParts = parts.map((name) => ({ file: path.join(dir, name), text: textOf(files.get(name)!) }));
  return validateGame(sources, {}).diagnostics;
}
