/** Generic look-ups: a place's hex, a hex's terrain, a counter, a table cell, a turn, a scenario. */
import { isUnknown } from '../../../model/common';
import { pickColumn, readRow } from '../../crt';
import { arrivalsOn } from '../../reinforcements';
import { cite } from '../../source-text';
import { containsAll, matches, matchesLoosely, sameSet } from '../compare';
import { hexIndex, naturalRoll, number, optNumber, optString, optTotal, string, unitFrom } from '../input';
import { anyValue, int, list, object, ref, str, total } from '../input-schema';
import { defineQuery, knownGap } from '../query';
import { cannot, tableFor } from './common';

export const place = defineQuery({
  summary: 'the hex of a named place (map.json places, by name, id or alias)',
  input: object({ name: str('the place, as the rulebook names it') }, ['name']),
  expect: object({ hex: ref('hex', 'its hex'), hexes: list(ref('hex', 'hex'), 'all its hexes') }),
  run: (engine, input) => {
    const name = string(input, 'name').toLowerCase();
    const p = engine.game.map.places.find(
      (x) => x.id === name || x.name.toLowerCase() === name || (x.aliases ?? []).some((a) => a.toLowerCase() === name),
    );
    if (!p) return { actual: null, reasoning: [`no place called "${input.name}" in map.json`] };
    if (p.hex === undefined || isUnknown(p.hex)) {
      if (p.hexes?.length)
        return { actual: { hex: p.hexes[0], hexes: p.hexes }, reasoning: [`${p.name}: hexes ${p.hexes.join(', ')}${cite(p.source)}`] };
      return knownGap(`the hex of ${p.name} is not given in map.json`);
    }
    return { actual: { hex: p.hex, ...(p.hexes ? { hexes: p.hexes } : {}) }, reasoning: [`${p.name} is in ${p.hex}${cite(p.source)}`] };
  },
});

export const hexTerrain = defineQuery({
  summary: 'the terrain of a hex (map.json)',
  input: object({ hex: ref('hex', 'the hex') }, ['hex']),
  expect: object({
    includes: list(ref('terrain', 'terrain id'), 'terrain the hex has (among others)'),
    excludes: list(ref('terrain', 'terrain id'), 'terrain the hex does not have'),
    terrain: list(ref('terrain', 'terrain id'), 'exactly the terrain of the hex'),
  }),
  run: (engine, input) => {
    const id = string(input, 'hex');
    const i = hexIndex(engine, id);
    const terrain = engine.graph.terrain[i];
    const h = engine.game.map.hexes[i];
    if (terrain === null) return knownGap(`the terrain of ${id} is not given (declared unknown)`);
    return {
      actual: { terrain: [...terrain] },
      reasoning: [`${id}: ${terrain.join(', ')}${h.partial ? ' (partial: the source names only some of it)' : ''}${cite(h.source)}`],
      compare: (expect, actual) => {
        const got = (actual as { terrain: string[] }).terrain;
        if (Array.isArray(expect.includes) && !containsAll(got, expect.includes)) return false;
        if (Array.isArray(expect.excludes) && (expect.excludes as string[]).some((x) => got.includes(x))) return false;
        if (Array.isArray(expect.terrain) && !sameSet(got, expect.terrain)) return false;
        return true;
      },
    };
  },
});

export const unit = defineQuery({
  summary: "a counter's fields and printed values (units.csv)",
  input: object({ id: ref('unit', 'the unit') }, ['id']),
  run: (engine, input) => {
    const u = unitFrom(engine, string(input, 'id'));
    const actual = {
      side: u.side,
      type: u.type,
      ...(u.nationality !== undefined ? { nationality: u.nationality } : {}),
      ...(u.size !== undefined ? { size: u.size } : {}),
      ...(u.formation !== undefined ? { formation: u.formation } : {}),
      ...(u.designation !== undefined ? { designation: u.designation } : {}),
      ...(u.name !== undefined ? { name: u.name } : {}),
      ...(u.steps !== undefined ? { steps: u.steps } : {}),
      ...(u.back !== undefined ? { back: u.back } : {}),
      ...(u.next !== undefined ? { next: u.next } : {}),
      ...(u.setupHex !== undefined || u.setup !== undefined ? { setup: u.setupHex ?? u.setup } : {}),
      ...(u.entry !== undefined ? { entry: u.entry } : {}),
      flags: u.flags ?? [],
      front: u.front ?? {},
      reverse: u.reverse ?? {},
    };
    return {
      actual,
      reasoning: [`units.csv line ${u.line}: ${u.id}${u.source ? ` [${u.source}]` : ''}`],
      compare: (expect, got) => {
        const { flags, ...rest } = expect;
        if (Array.isArray(flags) && !containsAll((got as { flags: string[] }).flags, flags)) return false;
        return matches(rest, got);
      },
    };
  },
});

export const tableLookup = defineQuery({
  summary: 'the cell of any dice table for a column and a roll',
  input: object(
    {
      table: ref('table', 'the table'),
      column: str('column label (or give attack/defend for a CRT)'),
      attack: total('attack strength, to choose the column'),
      defend: total('defense strength, to choose the column'),
      roll: int('the natural dice total'),
      drm: int('die-roll modifier'),
    },
    ['table', 'roll'],
  ),
  run: (engine, input) => {
    const table = tableFor(engine, input);
    const reasoning: string[] = [];
    const roll = naturalRoll(engine, table, input);
    const label = optString(input, 'column');
    // A table of rows alone (an events table) has its one column of cells, which pickColumn does not list.
    const pick =
      table.columnKind === 'none' && label === undefined
        ? { kind: 'column' as const, index: 0 }
        : pickColumn(table, { column: label, attack: optTotal(input, 'attack'), defend: optTotal(input, 'defend') }, reasoning);
    if (pick.kind === 'unknown') return cannot(pick, reasoning);
    if (pick.kind !== 'column') return { actual: { result: pick.kind === 'automatic' ? pick.result : 'prohibited' }, reasoning };
    const r = readRow(table, pick.index, roll, optNumber(input, 'drm') ?? 0, reasoning);
    if (r.unknown && r.row === undefined) return knownGap(r.unknown, reasoning);
    if (r.unknown)
      return {
        actual: { row: r.row, ...(label ? { column: label } : {}) },
        reasoning,
        unknownKeys: { keys: ['result'], reason: r.unknown },
      };
    return { actual: { result: r.result, row: r.row, ...(label ? { column: label } : {}) }, reasoning };
  },
});

export const turn = defineQuery({
  summary: 'a turn of the turn record track: date, weather, per-turn values, events',
  input: object({ turn: int('the game turn') }, ['turn']),
  run: (engine, input) => {
    const n = number(input, 'turn');
    const t = engine.game.tracks.turns.find((x) => x.turn === n);
    if (!t) return { actual: null, reasoning: [`turn ${n} is not on the turn record track`] };
    const known = <T>(v: T) => (v !== undefined && !isUnknown(v) ? v : undefined);
    return {
      actual: {
        turn: n,
        ...(t.label ? { label: t.label } : {}),
        ...(known(t.date) !== undefined ? { date: t.date } : {}),
        ...(known(t.weather) !== undefined ? { weather: t.weather } : {}),
        values: t.values ?? {},
        events: t.events ?? [],
      },
      reasoning: [`turn record track, turn ${n}${cite(t.source)}`],
    };
  },
});

export const scenario = defineQuery({
  summary: "a scenario's fields, and with turn the reinforcements arriving on it",
  input: object({ id: ref('scenario', 'the scenario'), turn: int('a turn: list its arrivals') }, ['id']),
  expect: anyValue('any subset of the scenario, lists matched by members'),
  run: (engine, input) => {
    const id = string(input, 'id');
    const s = engine.game.scenarios.find((x) => x.id === id);
    if (!s) return { actual: null, reasoning: [`no scenario "${id}"`] };
    const reasoning = [`scenario ${s.name}${cite(s.source)}`];
    const actual: Record<string, unknown> = { ...s };
    const onTurn = optNumber(input, 'turn');
    if (onTurn !== undefined) {
      const r = arrivalsOn(s, onTurn);
      actual.arrivals = r.arrivals.flatMap((a) => a.units);
      actual.arrivingFormations = r.arrivals.flatMap((a) => a.formations);
      for (const a of r.arrivals)
        reasoning.push(`turn ${onTurn}: ${[...a.units, ...a.formations].join(', ')} at ${a.where}${cite(a.entry.source)}`);
      if (r.undated.length) reasoning.push(`${r.undated.length} reinforcement entries have no stated turn`);
    }
    return { actual, reasoning, compare: (expect, got) => matchesLoosely(expect, got) };
  },
});
