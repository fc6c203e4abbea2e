/**
 * A module against a game's data: the module is read as data first (importModule, then loaded),
 * then compared with the game:
 *   - grid: the module's numbering must equal the game's, and every hex id of the game, written as the
 *     module's grid names locations (letters, padding, format), must read back as the same hex id;
 *   - units: matched by the palette slot the import recorded, when both the folder and the module
 *     read back have their vassal/import.json (./verify-slots.ts: a name that changed only in the
 *     numbers that carry the unit's values is the same piece), else by id (Hexforge modules carry
 *     UnitId), else by name or designation; units
 *     missing from the module, pieces the game does not have, values that differ (a module's
 *     unnamed "a-b-c" values are compared in the order of the game's unit fields), both formatted
 *     by the component plan's formatter; for pieces matched by id, whether the piece flips where
 *     the plan gives the counter a back;
 *   - setups: per scenario (matched by name, else id), each unit's start as the one start resolver
 *     (src/plan/starts.ts) reads it from the game and from the module read back: hex, or box with
 *     the board pixel where the data keeps one; and the markers it places in hexes and boxes, by
 *     name and place, as many in each (a marker on a record track is not compared: the module holds
 *     the track as a holding box; markers only the module places are not reported).
 * Pure.
 */
import { axialToOffset, parseHexId, tryFormatHexId } from '../../hex';
import type { Game, Unit } from '../../model/game';
import { boxLabel, planCounters, scenarioStarts, startText, valueText } from '../../plan';
import { hexAtVassalName, type VassalGridModel } from '../grid';
import { vassalNameOfPrinted } from '../grid-location';
import { markerInUnitSlot, matchRecordedSlots, type RecordedSlots } from './verify-slots';

export interface ModuleDiscrepancy {
  kind: 'grid' | 'unit-missing' | 'unit-extra' | 'value' | 'flip' | 'setup' | 'marker' | 'scenario-missing';
  subject: string;
  message: string;
}

/**
 * A piece flips exactly where the plan gives the counter a back. Only Hexforge pieces (matched by
 * their UnitId) say what their back is; another module's layers may be anything.
 */
function flipDiscrepancies(moduleGame: Game, game: Game, match: ReadonlyMap<Unit, Unit>): ModuleDiscrepancy[] {
  const data = planCounters(game).units;
  const module = planCounters(moduleGame).units;
  const out: ModuleDiscrepancy[] = [];
  for (const [unit, piece] of match) {
    if (piece.id !== unit.id) continue;
    const printed = data.get(unit.id)!.hasBack;
    if (printed !== module.get(piece.id)!.hasBack)
      out.push({
        kind: 'flip',
        subject: unit.id,
        message: printed
          ? `${unit.id}: the counter has a printed back, the module's piece does not flip`
          : `${unit.id}: the module's piece flips, the counter has no printed back`,
      });
  }
  return out;
}

/** `recorded`: the palette slots the game folder's import and the module's import recorded, where both have them. */
export function verifyModuleAgainstGame(
  moduleGame: Game,
  grid: VassalGridModel | undefined,
  game: Game,
  recorded?: RecordedSlots,
): ModuleDiscrepancy[] {
  const { match, discrepancies } = matchUnits(moduleGame, game, recorded);
  return [
    ...gridDiscrepancies(grid, game),
    ...discrepancies,
    ...valueDiscrepancies(moduleGame, game, match),
    ...flipDiscrepancies(moduleGame, game, match),
    ...setupDiscrepancies(moduleGame, game, match),
  ];
}

const norm = (s: string | undefined) => (s ?? '').trim().toLowerCase();

/**
 * The module's grid against the game's numbering and hex ids. A map without a hex grid is checked
 * by the locations it has (boxes, in the setups); it is a discrepancy only when the game's setups
 * name hexes the module cannot show.
 */
function gridDiscrepancies(grid: VassalGridModel | undefined, game: Game): ModuleDiscrepancy[] {
  const out: ModuleDiscrepancy[] = [];
  const namesHexes = game.scenarios.some((s) => (s.setup ?? []).some((p) => p.hex !== undefined));
  if (!grid) {
    if (namesHexes)
      out.push({
        kind: 'grid',
        subject: 'map',
        message: "the module has no hex grid, so the hexes the game's setups name cannot be checked",
      });
  } else {
    const a = game.map.numbering;
    const b = grid.numbering;
    for (const key of ['orientation', 'order', 'digits', 'stagger', 'separator'] as const) {
      if ((a[key] ?? '') !== (b[key] ?? ''))
        out.push({
          kind: 'grid',
          subject: `numbering.${key}`,
          message: `the game says ${JSON.stringify(a[key] ?? '')}, the module's grid ${JSON.stringify(b[key] ?? '')}`,
        });
    }
    let bad = 0;
    const examples: string[] = [];
    for (const hex of game.map.hexes) {
      // The id's numbers as VASSAL writes them on this grid (letters, padding, format), read back by the grid.
      const expected = parseHexId(game.map.numbering, hex.id);
      const found = expected.ok
        ? hexAtVassalName(grid, vassalNameOfPrinted(grid, axialToOffset(game.map.numbering, expected.hex)))
        : expected;
      const back = found.ok ? tryFormatHexId(game.map.numbering, found.hex) : undefined;
      const same = found.ok && expected.ok && found.hex.q === expected.hex.q && found.hex.r === expected.hex.r && back === hex.id;
      if (!same) {
        bad++;
        if (examples.length < 5) examples.push(found.ok ? `${hex.id} → ${back ?? '(no id)'}` : `${hex.id} (${found.reason})`);
      }
    }
    if (bad > 0)
      out.push({
        kind: 'grid',
        subject: 'hex ids',
        message: `${bad} of ${game.map.hexes.length} hex ids do not name the same hex in the module's grid, e.g. ${examples.join('; ')}`,
      });
  }
  return out;
}

/** Each unit of the game matched with a piece: by recorded slot, else by id, else by name, else by designation; each piece once. */
function matchUnits(
  moduleGame: Game,
  game: Game,
  recorded?: RecordedSlots,
): { match: Map<Unit, Unit>; discrepancies: ModuleDiscrepancy[] } {
  const out: ModuleDiscrepancy[] = [];
  const moduleUnits = [...moduleGame.units];
  const taken = new Set<Unit>();
  const bySlot = recorded ? matchRecordedSlots(game.units, moduleUnits, recorded, taken) : new Map<Unit, Unit>();
  const match = new Map<Unit, Unit>();
  for (const unit of game.units) {
    const slotted = bySlot.get(unit);
    if (slotted) {
      match.set(unit, slotted);
      continue;
    }
    const found =
      moduleUnits.find((m) => !taken.has(m) && m.id === unit.id) ??
      moduleUnits.find((m) => !taken.has(m) && unit.name !== undefined && norm(m.name) === norm(unit.name)) ??
      moduleUnits.find((m) => !taken.has(m) && typeof unit.designation === 'string' && norm(m.name) === norm(unit.designation));
    if (!found) {
      out.push({ kind: 'unit-missing', subject: unit.id, message: missingMessage(unit, recorded) });
      continue;
    }
    taken.add(found);
    match.set(unit, found);
  }
  for (const m of moduleUnits)
    if (!taken.has(m))
      out.push({ kind: 'unit-extra', subject: m.id, message: `the module's piece "${m.name ?? m.id}" is not a unit of the game` });

  return { match, discrepancies: out };
}

/**
 * Why a unit has no piece: none at all, or its palette slot's piece reads as a marker in the module
 * read back, with what made it a unit at import (its side from the piece name, say).
 */
function missingMessage(unit: Unit, recorded: RecordedSlots | undefined): string {
  const subject = `unit ${unit.id}${unit.name ? ` (${unit.name})` : ''}`;
  const marker = recorded && markerInUnitSlot(unit.id, recorded);
  if (!marker) return `${subject} has no piece in the module`;
  const notes = (recorded.game[unit.id].notes ?? []).filter((n) => n.startsWith('side from') || n.startsWith('type from'));
  const why = notes.length > 0 ? `; the import read it as a unit by its ${notes.join(', ')}, which the module no longer says` : '';
  return `${subject}: the piece of its palette slot, "${marker.name}", reads as a marker in the module, not as a unit${why}`;
}

/** Values (by field where the piece names them, else the module's unnamed "a-b-c" group) and sides. */
function valueDiscrepancies(moduleGame: Game, game: Game, match: ReadonlyMap<Unit, Unit>): ModuleDiscrepancy[] {
  const out: ModuleDiscrepancy[] = [];
  const fields = (game.info.unitFields ?? []).map((f) => f.id);
  for (const [unit, piece] of match) {
    const named = fields.some((f) => f in piece.front || f in piece.reverse);
    if (named) {
      for (const f of fields) {
        for (const [face, a, b] of [
          ['front', unit.front, piece.front],
          ['back', unit.reverse, piece.reverse],
        ] as const) {
          if (!(f in a) && !(f in b)) continue;
          if (valueText(a[f]) !== valueText(b[f]))
            out.push({
              kind: 'value',
              subject: unit.id,
              message: `${unit.id} ${face} ${f}: the game says ${valueText(a[f]) || '(none)'}, the module ${valueText(b[f]) || '(none)'}`,
            });
        }
      }
    } else {
      const printed = fields.filter((f) => f in unit.front).map((f) => valueText(unit.front[f]));
      const moduleValues = Object.keys(piece.front)
        .filter((k) => /^value\d+$/.test(k))
        .sort((x, y) => Number(x.slice(5)) - Number(y.slice(5)))
        .map((k) => valueText(piece.front[k]));
      if (moduleValues.length > 0 && printed.join('-') !== moduleValues.join('-')) {
        out.push({
          kind: 'value',
          subject: unit.id,
          message: `${unit.id} values: the game says ${printed.join('-')}, the module's piece ${moduleValues.join('-')}`,
        });
      }
    }
    if (unit.side !== piece.side && moduleGame.info.sides.some((s) => s.id === piece.side && s.id !== 'unknown')) {
      out.push({ kind: 'value', subject: unit.id, message: `${unit.id} side: the game says ${unit.side}, the module ${piece.side}` });
    }
  }
  return out;
}

/** Each scenario's starts, as the one start resolver reads them from the game and from the module. */
function setupDiscrepancies(moduleGame: Game, game: Game, match: ReadonlyMap<Unit, Unit>): ModuleDiscrepancy[] {
  const out: ModuleDiscrepancy[] = [];
  const idOf = new Map([...match].map(([u, m]) => [m.id, u.id]));
  // Both sides asked of the one start resolver: the game's data, and the module read back as data.
  const where = (g: Game, s: Game['scenarios'][number], rename?: Map<string, string>) =>
    new Map(scenarioStarts(g, s).map((start) => [rename?.get(start.unit.id) ?? start.unit.id, startText(start)]));
  for (const scenario of game.scenarios) {
    const copy =
      moduleGame.scenarios.find((s) => norm(s.name) === norm(scenario.name)) ?? moduleGame.scenarios.find((s) => s.id === scenario.id);
    if (!copy) {
      if ((scenario.setup ?? []).length > 0)
        out.push({ kind: 'scenario-missing', subject: scenario.id, message: `scenario "${scenario.name}" has no setup in the module` });
      continue;
    }
    const a = where(game, scenario);
    const b = where(moduleGame, copy, idOf);
    for (const [unit, place] of a) {
      const other = b.get(unit);
      if (other !== place)
        out.push({
          kind: 'setup',
          subject: `${scenario.id}/${unit}`,
          message: `${unit}: the game sets it up in ${place}, the module ${other ?? 'nowhere'}`,
        });
    }
    out.push(...markerDiscrepancies(scenario.id, markerPlaces(game, scenario), markerPlaces(moduleGame, copy)));
  }
  return out;
}

type Scenario = Game['scenarios'][number];

/** A scenario's markers in hexes and boxes as "<marker name>" in <place> → how many (matched by name: a module's have no ids of the game's). */
function markerPlaces(g: Game, s: Scenario): Map<string, number> {
  const names = new Map((g.counters.markers ?? []).map((m) => [m.id, m.name]));
  const counts = new Map<string, number>();
  for (const m of s.markers ?? []) {
    if (m.hex === undefined && m.box === undefined) continue;
    const place = startText({ hex: m.hex, box: m.box === undefined ? undefined : boxLabel(g, m.box), at: m.at });
    const key = `"${names.get(m.marker) ?? m.marker}" in ${place}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function markerDiscrepancies(scenario: string, game: Map<string, number>, module: Map<string, number>): ModuleDiscrepancy[] {
  const out: ModuleDiscrepancy[] = [];
  for (const key of game.keys()) {
    const [a, b] = [game.get(key) ?? 0, module.get(key) ?? 0];
    if (a !== b)
      out.push({ kind: 'marker', subject: `${scenario}/${key}`, message: `marker ${key}: the game places ${a}, the module ${b}` });
  }
  return out;
}
