/**
 * Supply sources (15.4), where eliminated units go (9.3, 12.71, 15.5, clarification L1267), hex
 * control (3.3) and set-up legality (16.1, 16.2) as far as the map data allows.
 */
import { hexDistance, printedColumn, printedRow } from '../../../hex';
import { QueryInputError, optStrings, string } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { movementClassOf } from '../../context';
import { cite } from '../../source-text';
import { SIDE_KEYS, bool, list, record, refuseUnreadSideKeys, requiredScenario, sideOf } from './common';
import { axialOf, mapHex, numberingOf } from './geometry';
import * as rules from './rules';
import { sideName } from '../rule-values';

/** Whether a hex lies strictly inside the cited map extent, so it cannot be on any map edge. */
function interior(engine: Engine, id: string): boolean {
  const { extent } = engine.game.map;
  const h = axialOf(engine, id);
  const col = printedColumn(numberingOf(engine), h);
  const row = printedRow(numberingOf(engine), h);
  return col > extent.columns.first && col < extent.columns.last && row > extent.rows.first && row < extent.rows.last;
}

export const supplySource: QueryHandler = (engine, input) => {
  const side = sideOf(engine, input.side);
  const hex = string(input, 'hex');
  mapHex(engine, hex);
  const lost = rules.supplySources(engine).value.lostForGood;
  // The input key names the side that takes sources for good: `enteredBy<Side>` (enteredBySoviet in RoF).
  const enteredKey = `enteredBy${lost.lostTo.charAt(0).toUpperCase()}${lost.lostTo.slice(1)}`;
  refuseUnreadSideKeys(input, SIDE_KEYS.enteredBy, [enteredKey]);
  const entered = new Set(optStrings(input, enteredKey) ?? []);
  const zones = engine.game.map.zones.filter((z) => z.kind === 'supply' && z.side === side);
  const reasoning: string[] = [];
  for (const z of zones) {
    if (!z.hexIds.includes(hex)) continue;
    if (z.id === lost.zone && side !== lost.lostTo && entered.has(hex)) {
      reasoning.push(
        `${hex} is in ${z.name ?? z.id}, but a ${sideName(engine, lost.lostTo)} ground unit has entered it: never again a source, even if retaken [15.4]${cite(z.source)}`,
      );
      continue;
    }
    return { actual: { source: true }, reasoning: [...reasoning, `${hex}: ${z.name ?? z.id}${cite(z.source)}`] };
  }
  if (reasoning.length) return { actual: { source: false }, reasoning };
  const incomplete = zones.filter((z) => z.complete === false);
  if (incomplete.length && !interior(engine, hex))
    return unsupported(
      `${hex} lies on the edge of the cited map and ${incomplete.map((z) => z.id).join(', ')} list only some of their hexes`,
    );
  reasoning.push(
    `${hex} is in no supply source of the ${side} player${incomplete.length ? ' (it lies inside the map, so it is on no map edge)' : ''} [15.4]`,
  );
  return { actual: { source: false }, reasoning };
};

export const eliminationBox: QueryHandler = (engine, input) => {
  const cause = string(input, 'cause');
  const causes = rules.eliminationCauses(engine).value;
  if (!causes.includes(cause)) throw new QueryInputError(`input.cause must be one of ${causes.join(', ')}`);
  const oos = bool(input, 'outOfSupply');
  const boxes = rules.boxes(engine).value;
  const id = oos ? boxes.permanentlyEliminated : boxes.eliminated;
  const box = engine.game.map.boxes.find((b) => b.id === id);
  if (!box) return unsupported(`map.json has no box "${id}"`);
  return {
    actual: { box: id },
    reasoning: [
      oos
        ? `eliminated while out of supply (${cause}): ${box.name}, never to return [15.5, 9.3, Clarifications L1267]${cite(box.source)}`
        : `eliminated in supply (${cause}): ${box.name}, may be reclaimed [12.71, 6.4]${cite(box.source)}`,
    ],
  };
};

export const hexControl: QueryHandler = (engine, input) => {
  let controller = sideOf(engine, input.initial, 'input.initial');
  const reasoning = [`initially ${controller}-controlled [3.3]`];
  for (const [i, e] of list(input, 'events').entries()) {
    const ev = record(e, `input.events[${i}]`);
    if (ev.enter !== undefined) {
      const side = sideOf(engine, ev.enter, `input.events[${i}].enter`);
      if (ev.unit !== undefined && ev.unit !== 'ground-combat') {
        reasoning.push(`a ${String(ev.unit)} unit enters: only ground combat units take control [3.3]`);
        continue;
      }
      if (side !== controller) reasoning.push(`a ${side} ground combat unit enters: control passes to ${side} [3.3]`);
      controller = side;
    } else if (ev.zocLink !== undefined) {
      sideOf(engine, ev.zocLink, `input.events[${i}].zocLink`);
      reasoning.push('a ZOC Link alone never controls a hex [3.3]');
    } else throw new QueryInputError('each event is {enter: side} or {zocLink: side}');
  }
  return { actual: { controller }, reasoning };
};

export const reclaimHex: QueryHandler = (engine, input) => {
  const controller = sideOf(engine, input.controller, 'input.controller');
  const side = sideOf(engine, input.side);
  const why =
    controller !== side
      ? 'the hex must be friendly-controlled'
      : bool(input, 'adjacentToEnemy')
        ? 'the hex may not be adjacent to an enemy unit'
        : undefined;
  return {
    actual: { legal: !why },
    reasoning: [why ? `not here: ${why} [6.41]` : 'friendly-controlled and not adjacent to the enemy [6.41]'],
  };
};

export const setupLegal: QueryHandler = (engine, input) => {
  const s = requiredScenario(engine, input);
  const unit = record(input.unit, 'input.unit');
  const side = sideOf(engine, unit.side, 'input.unit.side');
  const hex = string(input, 'hex');
  const at = mapHex(engine, hex);
  const movementClass = movementClassOf(engine.game, typeof unit.type === 'string' ? unit.type : undefined);
  const formation = typeof unit.formation === 'string' ? unit.formation : undefined;
  const zone = (id: string) => engine.game.map.zones.find((z) => z.id === id);
  if (formation) {
    const entry = (s.setup ?? []).find((e) => e.side === side && e.formations?.includes(formation) && typeof e.hex === 'string');
    if (entry && typeof entry.hex === 'string') {
      const within = typeof entry.within === 'number' ? entry.within : 0;
      const d = hexDistance(at, axialOf(engine, entry.hex));
      return {
        actual: { legal: d <= within },
        reasoning: [`${formation} sets up within ${within} hex(es) of ${entry.hex}; ${hex} is ${d} away${cite(entry.source)}`],
      };
    }
  }
  const areas = rules.setup(engine);
  const { bridgehead, fortLine, eastOfRiver } = areas.value;
  if (side === bridgehead.side && movementClass === bridgehead.movementClass) {
    const place = engine.game.map.places.find((p) => p.id === bridgehead.place);
    if (place && place.hex === hex)
      return {
        actual: { legal: true },
        reasoning: [
          `${place.name} (${hex}): the bridgehead is open to ${sideName(engine, side)} ${movementClass} units${areas.cite}${cite(place.source)}`,
        ],
      };
  }
  if (side === fortLine.side && movementClass === fortLine.movementClass) {
    const line = zone(fortLine.zone);
    if (line?.hexIds.includes(hex))
      return {
        actual: { legal: true },
        reasoning: [
          `${hex} is on ${line.name ?? line.id}: ${sideName(engine, side)} ${movementClass} units set up on or behind it${cite(line.source)}`,
        ],
      };
    return unsupported(
      `only some hexes of ${line?.name ?? fortLine.zone} are given, so "on or behind the line" cannot be decided for this hex`,
    );
  }
  if (side === eastOfRiver.side && movementClass === eastOfRiver.movementClass) {
    const east = zone(eastOfRiver.zone);
    const flags = Array.isArray(unit.flags) ? (unit.flags as string[]) : [];
    if (east?.hexIds.includes(hex) && !flags.includes(eastOfRiver.exceptFlag)) {
      return {
        actual: { legal: false },
        reasoning: [
          `${hex} is in ${east.name ?? east.id}: only ${eastOfRiver.exceptFlag} ${movementClass} units may set up there${areas.cite}${cite(east.source)}`,
        ],
      };
    }
  }
  return unsupported(
    'the course of the first fortification line (and of the river) is not given, so which side of it the hex lies on cannot be decided',
  );
};
