/**
 * Where each unit starts in each scenario: one answer for every output (the module's setups, its
 * saves, `verify --module`, `diff`). Pure; reads only the Game.
 *
 * A unit named by several entries of a scenario starts at the strongest, in this order:
 *   1. a setup placement with one hex                      → that hex;
 *   2. a setup placement in an off-map box (`box`)          → that box: the box the scenario names
 *      (e.g. a reserve) is where the unit waits, even when the reinforcement schedule says when it
 *      comes on;
 *   3. a reinforcement                                      → the turn-track box of its turn, or
 *      "Reinforcements: turn not stated";
 *   4. a setup placement in a zone or hex list              → "Setup: <zone / hexes>";
 *   5. a setup placement that gives only a setup code or words → "Setup: place not stated" (code
 *      and words stay the placement's, never a place name);
 *   6. a setup placement naming no unit (only a side, or nobody: "all units not listed") covers
 *      every unit of that side (every unit) the scenario does not otherwise place: a counter that
 *      prints its setup hex starts there, one that prints its entry turn in that turn's box, any
 *      other in its side's pool ("Pool: <side>"), from which the player deploys it.
 * Withdrawals and replacements do not move a unit at the start: a withdrawn unit starts where the
 * entries above put it (a unit only a withdrawal names is in play, its place "not stated"), and a
 * unit named as a replacement too.
 */
import { isUnknown } from '../model/common';
import type { ArrivalFile, BoardPixelFile, PlacementFile, ScenarioFile, WhoFile } from '../model/files';
import type { Game, Unit } from '../model/game';

export type StartKind = 'hex' | 'box' | 'turn' | 'area' | 'unstated' | 'pool';

export interface UnitStart {
  unit: Unit;
  kind: StartKind;
  /** The hex id (kind "hex"), else undefined. */
  hex?: string;
  /** The holding box's label (every kind but "hex"): what the module names the box. */
  box?: string;
  /** The board pixel it stands at inside that box (kind "box"), or in its hex off the centre, when the data keeps one. */
  at?: BoardPixelFile;
  /** Where in that box, in the placement's words (kind "box"), when it gives no pixel. */
  where?: string;
  /** Starts on its back. */
  reduced: boolean;
  /** Starts face down (masked): its setup placement says so. */
  faceDown?: true;
}

export const UNSTATED_TURN_BOX = 'Reinforcements: turn not stated';
export const UNSTATED_PLACE_BOX = 'Setup: place not stated';

export function turnBoxLabel(game: Game, turn: number): string {
  const entry = game.tracks.turns.find((t) => t.turn === turn);
  const base = `Turn ${turn}`;
  const label = entry?.label && entry.label !== base ? `${base}: ${entry.label}` : base;
  const date = entry?.date !== undefined && !isUnknown(entry.date) ? entry.date : undefined;
  return date ? `${label} (${date})` : label;
}

export function sidePoolLabel(game: Game, side: string): string {
  return `Pool: ${game.info.sides.find((s) => s.id === side)?.name ?? side}`;
}

/** A setup zone's box: what a piece there reports as its location. */
export function zoneBoxLabel(name: string): string {
  return `Setup: ${name}`;
}

/** A record track's box (markers that start on the track). */
export function recordBoxLabel(name: string): string {
  return `Track: ${name}`;
}

/** The label of the box a map box id shows as. */
export function boxLabel(game: Game, boxId: string): string {
  return game.map.boxes.find((b) => b.id === boxId)?.name ?? boxId;
}

/** Unit lookups by id and by formation, built once per game (placements are many on big games). */
interface UnitIndex {
  order: Map<string, number>;
  byId: Map<string, Unit>;
  byFormation: Map<string, Unit[]>;
}

const unitIndexes = new WeakMap<Game, UnitIndex>();

function unitIndex(game: Game): UnitIndex {
  let index = unitIndexes.get(game);
  if (!index) {
    const made: UnitIndex = { order: new Map(), byId: new Map(), byFormation: new Map() };
    game.units.forEach((u, i) => {
      made.order.set(u.id, i);
      made.byId.set(u.id, u);
      if (u.formation !== undefined) made.byFormation.set(u.formation, [...(made.byFormation.get(u.formation) ?? []), u]);
    });
    unitIndexes.set(game, made);
    index = made;
  }
  return index;
}

/** The units an entry names, in units.csv order. */
export function unitsNamed(game: Game, who: WhoFile): Unit[] {
  const index = unitIndex(game);
  const picked = new Set<Unit>();
  for (const id of who.units ?? []) {
    const u = index.byId.get(id);
    if (u) picked.add(u);
  }
  for (const f of who.formations ?? []) for (const u of index.byFormation.get(f) ?? []) picked.add(u);
  return [...picked].sort((a, b) => index.order.get(a.id)! - index.order.get(b.id)!);
}

const namesNobody = (who: WhoFile) => (who.units ?? []).length === 0 && (who.formations ?? []).length === 0;

/** Where a setup placement naming units puts them, and how strongly. */
function placementStart(
  game: Game,
  p: PlacementFile,
): { kind: StartKind; hex?: string; box?: string; at?: BoardPixelFile; where?: string; rank: number } {
  if (p.hex !== undefined && !p.hex.includes('..'))
    return { kind: 'hex', hex: p.hex, ...(p.at !== undefined ? { at: p.at } : {}), rank: 5 };
  if (p.box !== undefined) {
    const at = p.at !== undefined ? { at: p.at } : p.where !== undefined ? { where: p.where } : {};
    return { kind: 'box', box: boxLabel(game, p.box), ...at, rank: 4 };
  }
  const zone = p.zone !== undefined ? (game.map.zones.find((z) => z.id === p.zone)?.name ?? p.zone) : undefined;
  const area = zone ?? (p.hexes && p.hexes.length > 0 ? p.hexes.join(', ') : undefined) ?? p.hex;
  if (area !== undefined) return { kind: 'area', box: zoneBoxLabel(area), rank: 2 };
  // A setup code alone, or words: the data does not locate the place.
  return { kind: 'unstated', box: UNSTATED_PLACE_BOX, rank: 1 };
}

const ARRIVAL_RANK = 3;

/** Every unit the scenario places, in units.csv order, with where it starts. */
export function scenarioStarts(game: Game, scenario: ScenarioFile): UnitStart[] {
  const index = unitIndex(game);
  const chosen = new Map<string, UnitStart & { rank: number }>();
  const offer = (unit: Unit, start: Omit<UnitStart, 'unit'>, rank: number) => {
    const seen = chosen.get(unit.id);
    if (seen === undefined || seen.rank < rank) chosen.set(unit.id, { unit, ...start, rank });
  };
  const sweeps: Array<{ side?: string }> = [];
  for (const p of scenario.setup ?? []) {
    if (namesNobody(p)) {
      sweeps.push({ side: p.side });
      continue;
    }
    const { rank, ...where } = placementStart(game, p);
    const face = p.faceDown ? { faceDown: true as const } : {};
    for (const unit of unitsNamed(game, p)) offer(unit, { ...where, reduced: p.reduced ?? false, ...face }, rank);
  }
  for (const a of scenario.reinforcements ?? []) {
    const box = isUnknown(a.turn) ? UNSTATED_TURN_BOX : turnBoxLabel(game, a.turn);
    for (const unit of unitsNamed(game, a as ArrivalFile)) offer(unit, { kind: 'turn', box, reduced: false }, ARRIVAL_RANK);
  }
  if (sweeps.length > 0) {
    const everyone = sweeps.some((s) => s.side === undefined);
    const sides = new Set(sweeps.map((s) => s.side));
    for (const unit of game.units) {
      if (chosen.has(unit.id) || !(everyone || sides.has(unit.side))) continue;
      if (unit.setupHex !== undefined) offer(unit, { kind: 'hex', hex: unit.setupHex, reduced: false }, 0);
      else if (unit.entry !== undefined && !isUnknown(unit.entry))
        offer(unit, { kind: 'turn', box: turnBoxLabel(game, unit.entry), reduced: false }, 0);
      else offer(unit, { kind: 'pool', box: sidePoolLabel(game, unit.side), reduced: false }, 0);
    }
  }
  // A unit withdrawn later is in play at the start: where, when no entry above says, is not stated.
  for (const w of scenario.withdrawals ?? [])
    for (const unit of unitsNamed(game, w)) offer(unit, { kind: 'unstated', box: UNSTATED_PLACE_BOX, reduced: false }, -1);
  return [...chosen.values()]
    .sort((a, b) => index.order.get(a.unit.id)! - index.order.get(b.unit.id)!)
    .map(({ rank: _rank, ...start }) => start);
}

/** A start as one comparable text: `hex 0608`, `box "Turn 3"`, or `box "Europe" at pixel (120, 80) of board "West"`. */
export function startText(start: Pick<UnitStart, 'hex' | 'box' | 'at'>): string {
  if (start.hex !== undefined) return `hex ${start.hex}`;
  const { at } = start;
  const board = at && (at.map !== undefined ? `board "${at.board}" of map "${at.map}"` : `board "${at.board}"`);
  return `box "${start.box}"${at ? ` at pixel (${at.x}, ${at.y}) of ${board}` : ''}`;
}
