/** Reads and validates one game folder: the edge every command that takes a game goes through. */
import type { Diagnostic } from '../diagnostics';
import { readGameDir } from '../data/read-game-dir';
import { validateGame } from '../data/validate';
import type { ParsedGame } from '../data/parse-game';
import type { Game } from '../model/game';

export async function loadGame(dir: string): Promise<{ game?: Game; parsed?: ParsedGame; diagnostics: Diagnostic[] }> {
  const read = await readGameDir(dir);
  if (!read.sources) return { diagnostics: read.diagnostics };
  const result = validateGame(read.sources);
  return { game: result.game, parsed: result.parsed, diagnostics: [...read.diagnostics, ...result.diagnostics] };
}
