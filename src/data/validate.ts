/**
 * Validation pipeline, pure: parse every file with positions, check it against its schema, then
 * cross-reference everything and build the resolved Game. Every problem becomes a diagnostic;
 * the Game is returned only when there are no errors.
 */
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import { CheckContext } from './check-context';
import { checkGame, checkTerrain } from './crossref-game';
import { checkScenarios, checkTracks } from './crossref-scenarios';
import { checkTables } from './crossref-tables';
import { checkCounters, resolveUnits } from './crossref-units';
import { parseGameSources, type GameSources, type ParsedGame } from './parse-game';
import { resolveMap } from './resolve-map';

export interface ValidationResult {
  game?: Game;
  parsed: ParsedGame;
  diagnostics: Diagnostic[];
}

export function validateGame(sources: GameSources): ValidationResult {
  const { parsed, locator, diagnostics } = parseGameSources(sources);
  const ctx = new CheckContext(locator);
  const { valid } = parsed;

  // Cross-references run only on files that passed their schema, so every pass can trust shapes.
  const vocab = valid.has('game') ? checkGame(ctx, parsed.game!) : undefined;
  if (vocab && valid.has('terrain')) checkTerrain(ctx, parsed.terrain!, vocab);
  const resolved = valid.has('map') && valid.has('terrain') ? resolveMap(ctx, parsed.map!, parsed.terrain!, parsed.game) : {};
  const templates = vocab && valid.has('counters') ? checkCounters(ctx, parsed.counters!, vocab) : new Set<string>();
  const units = vocab && valid.has('units') ? resolveUnits(ctx, parsed.units!, vocab, templates, resolved.index) : [];
  if (vocab && valid.has('tables')) checkTables(ctx, parsed.tables!, parsed.game!, vocab);
  const turns = vocab && valid.has('tracks') ? checkTracks(ctx, parsed.tracks!, vocab) : new Set<number>();
  if (vocab && valid.has('scenarios') && valid.has('tracks')) {
    checkScenarios(ctx, parsed.scenarios!, vocab, {
      turns,
      units: valid.has('units') ? new Set(units.map((u) => u.id)) : undefined,
      markers: new Set((parsed.counters?.markers ?? []).map((m) => m.id)),
      chits: new Set((parsed.counters?.chits ?? []).map((c) => c.id)),
      tracks: new Set((parsed.tracks?.records ?? []).map((r) => r.id)),
      map: resolved.map,
      index: resolved.index,
    });
  }
  if (valid.has('checks')) ctx.unique('checks', parsed.checks!.checks, '/checks', 'check');

  const all = sortDiagnostics([...diagnostics, ...ctx.diagnostics]);
  const complete = ['game', 'map', 'terrain', 'units', 'tracks'].every((k) => valid.has(k as never));
  if (hasErrors(all) || !complete || !resolved.map) return { parsed, diagnostics: all };
  const game: Game = {
    id: parsed.game!.id,
    info: parsed.game!,
    map: resolved.map,
    terrain: parsed.terrain!.terrain,
    units,
    counters: parsed.counters ?? { sizes: {}, templates: [] },
    tables: parsed.tables?.tables ?? [],
    tracks: parsed.tracks!,
    scenarios: parsed.scenarios?.scenarios ?? [],
    checks: parsed.checks?.checks ?? [],
  };
  return { game, parsed, diagnostics: all };
}
