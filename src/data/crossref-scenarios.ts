/** tracks.json and scenarios.json: turns inside the track, every unit, hex, zone, box and marker known. */
import { isUnknown } from '../model/common';
import type { BoardFile, BoardPixelFile, PhaseFile, ScenariosFile, TracksFile, WhereFile, WhoFile } from '../model/files';
import type { GameMap } from '../model/game';
import type { CheckContext } from './check-context';
import { checkDecks } from './crossref-decks';
import type { GameVocabulary } from './crossref-game';
import type { MapIndex } from './map-index';

/** The reserved track id of the turn record track, for markers that start on it. */
export const TURN_TRACK = 'turn';

export function checkTracks(ctx: CheckContext, tracks: TracksFile, vocab: GameVocabulary): Set<number> {
  const turns = new Set<number>();
  let previous: number | undefined;
  tracks.turns.forEach((turn, i) => {
    if (turns.has(turn.turn)) ctx.error('tracks', `/turns/${i}/turn`, 'ref/duplicate-id', `turn ${turn.turn} appears twice on the turn track`);
    else if (previous !== undefined && turn.turn < previous) ctx.error('tracks', `/turns/${i}/turn`, 'tracks/order', `turn ${turn.turn} comes after turn ${previous}`, 'list turns in ascending order');
    turns.add(turn.turn);
    previous = turn.turn;
    if (typeof turn.weather === 'string') ctx.ref('tracks', `/turns/${i}/weather`, 'weather', turn.weather, vocab.weather, 'game.json weather');
  });
  const phaseIds = new Set<string>();
  const visit = (phases: PhaseFile[], at: string): void => {
    phases.forEach((phase, i) => {
      if (phaseIds.has(phase.id)) ctx.error('tracks', `${at}/${i}/id`, 'ref/duplicate-id', `duplicate phase id "${phase.id}"`, 'phase ids are unique across the whole sequence of play');
      phaseIds.add(phase.id);
      ctx.ref('tracks', `${at}/${i}/side`, 'side', phase.side, vocab.sides, 'game.json sides');
      if (phase.steps) visit(phase.steps, `${at}/${i}/steps`);
    });
  };
  visit(tracks.sequence, '/sequence');
  const records = ctx.unique('tracks', tracks.records, '/records', 'record track');
  (tracks.records ?? []).forEach((r, i) => {
    if (typeof r.min === 'number' && typeof r.max === 'number' && r.min > r.max) {
      ctx.error('tracks', `/records/${i}/max`, 'tracks/bad-range', `record track "${r.id}" runs from ${r.min} down to ${r.max}`, 'min is the lowest box of the track, max the highest');
    }
  });
  if (records.has(TURN_TRACK)) {
    ctx.error('tracks', `/records/${(tracks.records ?? []).findIndex((r) => r.id === TURN_TRACK)}/id`, 'tracks/reserved-id', `"${TURN_TRACK}" is the turn record track's own id`, 'choose another id for this records track');
  }
  return turns;
}

/** The first and last turn of the track; a loop, since a track of 200,000 turns is more arguments than Math.min takes. */
export function turnSpan(turns: Iterable<number>): [number, number] {
  let first = Infinity;
  let last = -Infinity;
  for (const turn of turns) {
    if (turn < first) first = turn;
    if (turn > last) last = turn;
  }
  return [first, last];
}

/** Entry turns printed on counters must be turns of the game. */
export function checkEntryTurns(ctx: CheckContext, rows: readonly { entry?: unknown }[], turns: Set<number>): void {
  if (turns.size === 0) return;
  const [first, last] = turnSpan(turns);
  rows.forEach((row, i) => {
    if (typeof row.entry === 'number' && !turns.has(row.entry)) {
      ctx.error('units', `/${i}/entry`, 'units/entry-outside', `entry turn ${row.entry} is not on the turn track (turns ${first}-${last})`, 'use a turn listed in tracks.json');
    }
  });
}

export interface ScenarioRefs {
  turns: Set<number>;
  /** Undefined when units.csv did not validate: unit references are then not checked. */
  units: Set<string> | undefined;
  /** Undefined when counters.json is there but did not validate. */
  markers: Set<string> | undefined;
  chits: Set<string> | undefined;
  tracks: Set<string>;
  map: GameMap | undefined;
  index: MapIndex | undefined;
}

type Scenario = ScenariosFile['scenarios'][number];

/** The reference checks every scenario uses, against the game's sets and the map. */
interface ScenarioChecks {
  ctx: CheckContext;
  vocab: GameVocabulary;
  refs: ScenarioRefs;
  /** Undefined without a resolved map (map.json or terrain.json failed): zones and boxes are then not checked. */
  zones: Set<string> | undefined;
  boxes: Set<string> | undefined;
  turnRef(pointer: string, turn: number | undefined): void;
  hexRef(pointer: string, id: string): void;
  who(who: WhoFile, at: string, list: string, k: number): void;
  where(where: WhereFile, at: string, list: string, k: number): void;
}

export function checkScenarios(ctx: CheckContext, file: ScenariosFile, vocab: GameVocabulary, refs: ScenarioRefs): void {
  ctx.unique('scenarios', file.scenarios, '/scenarios', 'scenario');
  const c = scenarioChecks(ctx, vocab, refs);
  file.scenarios.forEach((s, i) => {
    const at = `/scenarios/${i}`;
    c.turnRef(`${at}/firstTurn`, s.firstTurn);
    c.turnRef(`${at}/lastTurn`, s.lastTurn);
    if (s.firstTurn > s.lastTurn) ctx.error('scenarios', `${at}/lastTurn`, 'scenarios/turn-order', `last turn ${s.lastTurn} is before first turn ${s.firstTurn}`);
    ctx.ref('scenarios', `${at}/firstSide`, 'side', s.firstSide, vocab.sides, 'game.json sides');
    (s.setupOrder ?? []).forEach((side, k) => ctx.ref('scenarios', `${at}/setupOrder/${k}`, 'side', side, vocab.sides, 'game.json sides'));
    ctx.ref('scenarios', `${at}/weather`, 'weather', s.weather, vocab.weather, 'game.json weather');
    checkSetup(c, s, at);
    checkArrivals(c, s, at);
    checkTurnEvents(c, s, at);
    checkMarkersAndVictory(c, s, at);
    checkDecks(ctx, s, at);
    ctx.unique('scenarios', s.specialRules, `${at}/specialRules`, 'special rule');
  });
}

function scenarioChecks(ctx: CheckContext, vocab: GameVocabulary, refs: ScenarioRefs): ScenarioChecks {
  const zones = refs.map ? new Set((refs.map.zones ?? []).map((z) => z.id)) : undefined;
  const boxes = refs.map ? new Set((refs.map.boxes ?? []).map((b) => b.id)) : undefined;
  const [first, last] = turnSpan(refs.turns);
  const turnRef = (pointer: string, turn: number | undefined) => {
    if (turn === undefined || refs.turns.size === 0 || refs.turns.has(turn)) return;
    ctx.error('scenarios', pointer, 'scenarios/turn-outside', `turn ${turn} is not on the turn track (turns ${first}-${last})`, 'use a turn listed in tracks.json, or extend the track');
  };
  const hexRef = (pointer: string, id: string) => {
    if (!refs.index) return;
    const r = id.includes('..') ? refs.index.hexRef(id) : refs.index.hex(id);
    if (!r.ok) ctx.error('scenarios', pointer, r.code, r.message, r.hint);
  };
  // A hex id as printed on the map ("A..B" always goes through hexRef, whatever the separator).
  const isPrintedId = (id: string) => refs.index !== undefined && !id.includes('..') && refs.index.indexOf(id) !== undefined;
  // Thousands of placements: each reference is tried against its set (or the map) first, and its
  // pointer is built only when there is something to report.
  // Loops, not forEach: a callback made per placement is garbage the collector then copies past.
  const who = (who: WhoFile, at: string, list: string, k: number) => {
    if (refs.units && who.units) {
      const units = refs.units;
      for (let n = 0; n < who.units.length; n++) {
        const u = who.units[n];
        if (!units.has(u)) ctx.ref('scenarios', `${at}/${list}/${k}/units/${n}`, 'unit', u, units, 'units.csv');
      }
    }
    if (who.formations) {
      for (let n = 0; n < who.formations.length; n++) {
        const f = who.formations[n];
        if (!vocab.formations.has(f)) ctx.ref('scenarios', `${at}/${list}/${k}/formations/${n}`, 'formation', f, vocab.formations, 'game.json formations');
      }
    }
    if (who.side !== undefined && !vocab.sides.has(who.side)) ctx.ref('scenarios', `${at}/${list}/${k}/side`, 'side', who.side, vocab.sides, 'game.json sides');
  };
  const where = (where: WhereFile, at: string, list: string, k: number) => {
    if (where.hex !== undefined && !isPrintedId(where.hex)) hexRef(`${at}/${list}/${k}/hex`, where.hex);
    if (where.hexes) for (let n = 0; n < where.hexes.length; n++) hexRef(`${at}/${list}/${k}/hexes/${n}`, where.hexes[n]);
    if (where.zone !== undefined && zones && !zones.has(where.zone)) ctx.ref('scenarios', `${at}/${list}/${k}/zone`, 'zone', where.zone, zones, 'map.json zones');
    if (where.box !== undefined && boxes && !boxes.has(where.box)) ctx.ref('scenarios', `${at}/${list}/${k}/box`, 'box', where.box, boxes, 'map.json boxes');
  };
  return { ctx, vocab, refs, zones, boxes, turnRef, hexRef, who, where };
}

/** More units than any placement lists (the position within a placement packs below it). */
const PLACEMENT_SPAN = 2 ** 20;

/** The setup: who and where of each placement, and no unit placed twice. */
function checkSetup(c: ScenarioChecks, s: Scenario, at: string): void {
  // Where each unit was first placed (placement, position): its pointer is spelt only for a report.
  // Each unit's first placement k and position n, as one number k * 2^20 + n.
  const placed = new Map<string, number>();
  const pointer = (k: number, n: number) => `${at}/setup/${k}/units/${n}`;
  const setup = s.setup ?? [];
  for (let k = 0; k < setup.length; k++) {
    const p = setup[k];
    c.who(p, at, 'setup', k);
    c.where(p, at, 'setup', k);
    if (p.at !== undefined && c.refs.map) checkBoardPixel(c.ctx, c.refs.map.boards ?? [], p.at, `${at}/setup/${k}/at`);
    const units = p.units ?? [];
    for (let n = 0; n < units.length; n++) {
      const first = placed.get(units[n]);
      if (first === undefined) placed.set(units[n], k * PLACEMENT_SPAN + n);
      else {
        const was = pointer(Math.floor(first / PLACEMENT_SPAN), first % PLACEMENT_SPAN);
        c.ctx.error('scenarios', pointer(k, n), 'scenarios/placed-twice', `unit "${units[n]}" is set up twice in scenario "${s.id}" (also at ${was})`, 'a counter starts in one place; remove one of the two placements');
      }
    }
  }
  checkUnitMasks(c, s, at);
}

/** A unit mask says what a face-down unit shows, as a marker's does (checkMarkersAndVictory). */
function checkUnitMasks(c: ScenarioChecks, s: Scenario, at: string): void {
  const faceDown = new Set((s.setup ?? []).flatMap((p) => (p.faceDown ? (p.units ?? []) : [])));
  for (const unit of Object.keys(s.vassal?.unitMasks ?? {}))
    if (!faceDown.has(unit))
      c.ctx.error('scenarios', `${at}/vassal/unitMasks/${unit}`, 'scenarios/mask-unused', `the mask of unit "${unit}" hides no unit: no \`setup\` placement listing "${unit}" is \`faceDown\``, `mark the unit's placement \`"faceDown": true\`, or remove its mask`);
  (s.setup ?? []).forEach((p, k) => {
    if (!p.faceDown) return;
    const bare = (p.units ?? []).filter((unit) => !s.vassal?.unitMasks?.[unit]);
    if (bare.length > 0 || p.units === undefined)
      c.ctx.warning('scenarios', `${at}/setup/${k}/faceDown`, 'scenarios/face-down-no-mask', `${bare.length > 0 ? bare.map((u) => `"${u}"`).join(', ') : 'the units'} placed face down, but the scenario gives ${bare.length === 1 ? 'it' : 'them'} no mask: the VASSAL module places ${bare.length === 1 ? 'it' : 'them'} face up`, `give the scenario \`vassal.unitMasks\` of each (the picture its back shows), or drop \`faceDown\``);
  });
}

/** A board pixel: on one board of map.json `boards` (its map named when two maps have one of that name), inside its size when known. */
function checkBoardPixel(ctx: CheckContext, boards: readonly BoardFile[], pixel: BoardPixelFile, pointer: string): void {
  const named = boards.filter((b) => b.name === pixel.board && (pixel.map === undefined || b.map === pixel.map));
  if (named.length === 0) {
    const where = pixel.map !== undefined ? ` of map "${pixel.map}"` : '';
    ctx.error('scenarios', `${pointer}/board`, 'scenarios/unknown-board', `board "${pixel.board}"${where} is not in map.json boards`, 'add the board to map.json `boards` (its name, map and size), or name one listed there');
    return;
  }
  if (named.length > 1) {
    ctx.error('scenarios', `${pointer}/board`, 'scenarios/ambiguous-board', `maps ${named.map((b) => `"${b.map}"`).join(' and ')} both have a board "${pixel.board}"`, 'name the board\'s map in `at` `map`');
    return;
  }
  const [board] = named;
  for (const [axis, size] of [['x', board.width], ['y', board.height]] as const) {
    const value = pixel[axis];
    if (size !== undefined && (value < 0 || value >= size))
      ctx.error('scenarios', `${pointer}/${axis}`, 'scenarios/pixel-off-board', `${axis} ${value} lies outside board "${board.name}" (${axis === 'x' ? 'width' : 'height'} ${size} px)`, `use a pixel from 0 to ${size - 1}`);
  }
}

/** Reinforcements and withdrawals: who, where, and a turn of the track within the scenario. */
function checkArrivals(c: ScenarioChecks, s: Scenario, at: string): void {
  for (const list of ['reinforcements', 'withdrawals'] as const) {
    (s[list] ?? []).forEach((a, k) => {
      c.who(a, at, list, k);
      c.where(a, at, list, k);
      if (!isUnknown(a.turn)) {
        c.turnRef(`${at}/${list}/${k}/turn`, a.turn);
        if (a.turn < s.firstTurn || a.turn > s.lastTurn) {
          c.ctx.error('scenarios', `${at}/${list}/${k}/turn`, 'scenarios/turn-outside', `turn ${a.turn} is outside the scenario (turns ${s.firstTurn}-${s.lastTurn})`);
        }
      }
    });
  }
}

/** Replacements and chit-cup changes: a side and a turn of the game, chits of counters.json. */
function checkTurnEvents(c: ScenarioChecks, s: Scenario, at: string): void {
  const { ctx, vocab, refs } = c;
  (s.replacements ?? []).forEach((r, k) => {
    ctx.ref('scenarios', `${at}/replacements/${k}/side`, 'side', r.side, vocab.sides, 'game.json sides');
    if (typeof r.turn === 'number') c.turnRef(`${at}/replacements/${k}/turn`, r.turn);
  });
  (s.chits ?? []).forEach((ch, k) => {
    ctx.ref('scenarios', `${at}/chits/${k}/side`, 'side', ch.side, vocab.sides, 'game.json sides');
    if (typeof ch.turn === 'number') c.turnRef(`${at}/chits/${k}/turn`, ch.turn);
    (ch.add ?? []).forEach((id, n) => ctx.ref('scenarios', `${at}/chits/${k}/add/${n}`, 'chit', id, refs.chits, 'counters.json chits'));
    (ch.remove ?? []).forEach((id, n) => ctx.ref('scenarios', `${at}/chits/${k}/remove/${n}`, 'chit', id, refs.chits, 'counters.json chits'));
  });
}

/** Markers on their tracks, hexes or boxes, and the victory conditions' sides, hexes and zones. */
function checkMarkersAndVictory(c: ScenarioChecks, s: Scenario, at: string): void {
  const { ctx, vocab, refs, zones, boxes } = c;
  (s.markers ?? []).forEach((m, k) => {
    ctx.ref('scenarios', `${at}/markers/${k}/marker`, 'marker', m.marker, refs.markers, 'counters.json markers');
    if (m.track !== TURN_TRACK) ctx.ref('scenarios', `${at}/markers/${k}/track`, 'record track', m.track, refs.tracks, 'tracks.json records (or "turn" for the turn record track)');
    if (m.hex !== undefined) c.hexRef(`${at}/markers/${k}/hex`, m.hex);
    ctx.ref('scenarios', `${at}/markers/${k}/box`, 'box', m.box, boxes, 'map.json boxes');
    if (m.at !== undefined && c.refs.map) checkBoardPixel(ctx, c.refs.map.boards ?? [], m.at, `${at}/markers/${k}/at`);
  });
  // A mask says what a face-down marker shows: one no placement lays face down is a slip.
  const faceDown = new Set((s.markers ?? []).filter((m) => m.faceDown).map((m) => m.marker));
  for (const marker of Object.keys(s.vassal?.masks ?? {}))
    if (!faceDown.has(marker))
      ctx.error(
        'scenarios',
        `${at}/vassal/masks/${marker}`,
        'scenarios/mask-unused',
        `the mask of "${marker}" hides no marker: no \`markers\` placement of "${marker}" is \`faceDown\``,
        `mark the marker's face-down placements \`"faceDown": true\`, or remove its mask`,
      );
  // A face-down marker without a mask has nothing for VASSAL to show in its place.
  (s.markers ?? []).forEach((m, k) => {
    if (m.faceDown && !s.vassal?.masks?.[m.marker])
      ctx.warning(
        'scenarios',
        `${at}/markers/${k}/faceDown`,
        'scenarios/face-down-no-mask',
        `"${m.marker}" is placed face down, but the scenario gives it no mask: the VASSAL module places it face up`,
        `give the scenario \`vassal.masks.${m.marker}\` (the picture its back shows), or drop \`faceDown\``,
      );
  });
  ctx.unique('scenarios', s.victory, `${at}/victory`, 'victory condition');
  (s.victory ?? []).forEach((v, k) => {
    ctx.ref('scenarios', `${at}/victory/${k}/side`, 'side', v.side, vocab.sides, 'game.json sides');
    (v.hexes ?? []).forEach((h, n) => c.hexRef(`${at}/victory/${k}/hexes/${n}`, h));
    ctx.ref('scenarios', `${at}/victory/${k}/zone`, 'zone', v.zone, zones, 'map.json zones');
  });
}
