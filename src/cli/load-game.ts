/** Reads and validates one game folder: the edge every command that takes a game goes through. */
import type { Diagnostic } from '../diagnostics';
import { readGameDir } from '../data/read-game-dir';
import { validateGame } from '../data/validate';
import type { ParsedGame } from '../data/parse-game';
import type { Game } from '../model/game';

export async function loadGame(dir: string): Promise<{ game?: Game; parsed?: ParsedGame; diagnostics: Diagnostic[] }> {
  const read = await readGameDir(dir);
  if (!read.sources) return { diagnostics: read.diagnostics };
  // Checks are validated against the engine's query declarations, loaded only for games that have checks.
  const checkQueries = read.sources.files.checks ? (await import('../engine/checks/catalog')).CHECK_QUERY_CATALOG : undefined;
  const result = validateGame(read.sources, { checkQueries });
  return { game: result.game, parsed: result.parsed, diagnostics: [...read.diagnostics, ...result.diagnostics] };
}
