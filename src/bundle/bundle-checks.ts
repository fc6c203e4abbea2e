/**
 * A bundle's data passes the same checks validate runs on a game folder's files (tables complete,
 * references resolved, ids unique, …): a bundle may come from anywhere, so a schema-valid one can
 * still hold a table whose rows overlap or a scenario naming a unit that does not exist. The check
 * code is validate's own (src/data); only where a diagnostic points differs: into the bundle,
 * where each file's content sits under its own key.
 */
import type { Diagnostic } from '../diagnostics';
import { CheckContext, type PlacesDiagnostics } from '../data/check-context';
import { checkContradictions } from '../data/crossref-checks';
import { checkGame, checkTerrain } from '../data/crossref-game';
import { checkEntryTurns, checkScenarios, checkTracks } from '../data/crossref-scenarios';
import { checkTables } from '../data/crossref-tables';
import { checkCounters, checkUnitReferences, checkUnitValues } from '../data/crossref-units';
import { checkLocationNames } from '../data/location-names';
import { MapIndex } from '../data/map-index';
import type { Position } from '../data/json-source';
import type { FileKind } from '../data/schemas';
import type { Game } from '../model/game';

/** Where each game file's content sits in the bundle: its pointers are then the bundle's, under this prefix. */
const PREFIX: Record<FileKind, string> = {
  game: '/info',
  map: '/map',
  terrain: '',
  units: '/units',
  counters: '/counters',
  tables: '',
  tracks: '/tracks',
  scenarios: '',
  checks: '',
};

/** `position` gives a bundle pointer's line and column, when the bundle's text is at hand. */
export function checkBundleData(
  game: Game,
  file: string | undefined,
  position?: (pointer: string, atKey: boolean) => Position,
): Diagnostic[] {
  const locator: PlacesDiagnostics = {
    at(kind, pointer, atKey = false) {
      const inBundle = `${PREFIX[kind]}${pointer}`;
      return { ...(file ? { file } : {}), pointer: inBundle, ...position?.(inBundle, atKey) };
    },
    lineOfUnit: () => 0,
  };
  const ctx = new CheckContext(locator);
  const vocab = checkGame(ctx, game.info);
  checkTerrain(ctx, { terrain: game.terrain }, vocab);
  checkLocationNames(ctx, 'map', game.map.zones, '/zones', 'zone');
  checkLocationNames(ctx, 'map', game.map.boxes, '/boxes', 'box');
  checkLocationNames(ctx, 'tracks', game.tracks.records, '/records', 'record track');
  const templates = checkCounters(ctx, game.counters, vocab);
  const units = ctx.unique('units', game.units, '', 'unit');
  checkUnitReferences(ctx, game.units, vocab, templates);
  checkUnitValues(ctx, game.units, vocab);
  checkTables(ctx, { tables: game.tables }, game.info, vocab);
  const turns = checkTracks(ctx, game.tracks, vocab);
  checkEntryTurns(ctx, game.units, turns);
  checkScenarios(ctx, { scenarios: game.scenarios }, vocab, {
    turns,
    units,
    markers: new Set((game.counters.markers ?? []).map((m) => m.id)),
    chits: new Set((game.counters.chits ?? []).map((c) => c.id)),
    tracks: new Set((game.tracks.records ?? []).map((r) => r.id)),
    map: game.map,
    index: new MapIndex(game.map.numbering, game.map.extent, game.map.extent.complete !== false),
  });
  ctx.unique('checks', game.checks, '/checks', 'check');
  checkContradictions(ctx, { checks: game.checks, ...(game.contradictions ? { contradictions: game.contradictions } : {}) });
  return ctx.diagnostics;
}
