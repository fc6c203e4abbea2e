/**
 * Validation pipeline, pure: parse every file with positions, check it against its schema, then
 * cross-reference everything and build the resolved Game. Every problem becomes a diagnostic;
 * the Game is returned only when there are no errors.
 */
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import { CheckContext } from './check-context';
import { checkGame, checkTerrain } from './crossref-game';
import { checkEntryTurns, checkScenarios, checkTracks } from './crossref-scenarios';
import { checkTables } from './crossref-tables';
import { checkCounterMasks, checkCounters, resolveUnits } from './crossref-units';
import { parseGameSources, REQUIRED_KINDS, type GameSources, type ParsedGame, type SchemaVerdicts } from './parse-game';
import { resolveMap } from './resolve-map';
import { checkCheckQueries, type CheckQueryCatalog } from './check-queries';
import { checkContradictions } from './crossref-checks';
import { checkLocationNames } from './location-names';
import type { GameVocabulary } from './crossref-game';
import type { GameMap } from '../model/game';
import type { PhaseFile } from '../model/files';
import type { FileKind } from './schemas';

export interface ValidationResult {
  game?: Game;
  parsed: ParsedGame;
  diagnostics: Diagnostic[];
}

export interface ValidateOptions {
  /** The engine's query declarations: with them, checks.json inputs are checked too (check-queries.ts). */
  checkQueries?: CheckQueryCatalog;
  /** Earlier schema verdicts to reuse and to add to (parse-game.ts). */
  schemaVerdicts?: SchemaVerdicts;
}

export function validateGame(sources: GameSources, options: ValidateOptions = {}): ValidationResult {
  const { parsed, locator, diagnostics } = parseGameSources(sources, options.schemaVerdicts);
  const ctx = new CheckContext(locator);
  const { valid } = parsed;

  // Cross-references run only on files that passed their schema, so every pass can trust shapes.
  const vocab = valid.has('game') ? checkGame(ctx, parsed.game!) : undefined;
  if (vocab && valid.has('terrain')) checkTerrain(ctx, parsed.terrain!, vocab);
  const resolved = valid.has('map') && valid.has('terrain') ? resolveMap(ctx, parsed.map!, parsed.terrain!, parsed.game) : {};
  if (valid.has('map')) {
    checkLocationNames(ctx, 'map', parsed.map!.zones, '/zones', 'zone');
    checkLocationNames(ctx, 'map', parsed.map!.boxes, '/boxes', 'box');
  }
  if (valid.has('tracks')) checkLocationNames(ctx, 'tracks', parsed.tracks!.records, '/records', 'record track');
  // A file that is there but failed its schema declares nothing others may be checked against.
  const countersBroken = !valid.has('counters') && parsed.present.has('counters');
  const templates = vocab && valid.has('counters') ? checkCounters(ctx, parsed.counters!, vocab) : countersBroken ? undefined : new Set<string>();
  const { units, ids: unitIds } = vocab && valid.has('units') ? resolveUnits(ctx, parsed.units!, vocab, templates, resolved.index) : { units: [], ids: new Set<string>() };
  if (vocab && valid.has('counters') && valid.has('units')) checkCounterMasks(ctx, parsed.counters!, unitIds);
  if (vocab && valid.has('tables')) checkTables(ctx, parsed.tables!, parsed.game!, vocab);
  const turns = vocab && valid.has('tracks') ? checkTracks(ctx, parsed.tracks!, vocab) : new Set<number>();
  if (valid.has('units') && valid.has('tracks')) checkEntryTurns(ctx, parsed.units!, turns);
  if (vocab && valid.has('scenarios') && valid.has('tracks')) {
    checkScenarios(ctx, parsed.scenarios!, vocab, {
      turns,
      units: valid.has('units') ? unitIds : undefined,
      markers: countersBroken ? undefined : new Set((parsed.counters?.markers ?? []).map((m) => m.id)),
      chits: countersBroken ? undefined : new Set((parsed.counters?.chits ?? []).map((c) => c.id)),
      tracks: new Set((parsed.tracks?.records ?? []).map((r) => r.id)),
      map: resolved.map,
      index: resolved.index,
    });
  }
  if (valid.has('checks')) {
    ctx.unique('checks', parsed.checks!.checks, '/checks', 'check');
    checkContradictions(ctx, parsed.checks!);
  }
  if (valid.has('checks') && vocab && options.checkQueries) {
    checkCheckQueries(ctx, parsed.checks!, parsed.game!, options.checkQueries, {
      index: resolved.index,
      units: valid.has('units') ? unitIds : undefined,
      sets: checkRefSets(parsed, vocab, resolved.map),
    });
  }

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
    ...(parsed.checks?.contradictions ? { contradictions: parsed.checks.contradictions } : {}),
  };
  return { game, parsed, diagnostics: all };
}

/**
 * The id sets check inputs may name, by ref kind (check-queries.ts); a kind whose declaring file
 * failed its checks, or is required and missing, has no set, so its references are not reported again.
 */
function checkRefSets(parsed: ParsedGame, vocab: GameVocabulary, map: GameMap | undefined): Partial<Record<string, ReadonlySet<string>>> {
  const { valid } = parsed;
  const phases = new Set<string>();
  const visit = (list: PhaseFile[] | undefined) => {
    for (const p of list ?? []) {
      phases.add(p.id);
      visit(p.steps);
    }
  };
  visit(parsed.tracks?.sequence);
  const tables = parsed.tables?.tables ?? [];
  const game = parsed.game!;
  // A required file that is missing is reported as missing, once: what it would declare is unknown, not empty.
  const declares = (kind: FileKind) => valid.has(kind) || !(parsed.present.has(kind) || REQUIRED_KINDS.includes(kind));
  const when = (kind: FileKind, set: () => ReadonlySet<string>) => (declares(kind) ? set() : undefined);
  return {
    terrain: when('terrain', () => vocab.terrain),
    table: when('tables', () => new Set(tables.map((t) => t.id))),
    tableModifier: when('tables', () => new Set(tables.flatMap((t) => (t.modifiers ?? []).map((m) => m.id)))),
    scenario: when('scenarios', () => new Set((parsed.scenarios?.scenarios ?? []).map((s) => s.id))),
    side: vocab.sides,
    nationality: new Set(vocab.nationalities.keys()),
    weather: vocab.weather,
    movementClass: vocab.movementClasses,
    unitType: vocab.unitTypes,
    unitSize: vocab.unitSizes,
    unitFlag: vocab.unitFlags,
    formation: vocab.formations,
    zone: map ? new Set((map.zones ?? []).map((z) => z.id)) : undefined,
    phase: when('tracks', () => phases),
    movementMode: new Set((game.movementModes ?? []).map((m) => m.id)),
    strengthRule: new Set((game.strength ?? []).map((r) => r.id)),
  };
}
