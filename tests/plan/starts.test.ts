/**
 * The one start resolver (src/plan/starts.ts): where each unit begins each scenario. Kursk's
 * reserves named both in a setup box and as reinforcements wait in the box (rule 19.62's
 * Northern/Southern split); words and undefined codes never become place names; a setup naming
 * only a side places that side's other units.
 */
import { describe, expect, it } from 'vitest';
import { isUnknown } from '../../src/model/common';
import type { Game } from '../../src/model/game';
import { UNSTATED_PLACE_BOX, scenarioStarts, setupText, sidePoolLabel, turnBoxLabel, unitsNamed } from '../../src/plan';
import { mustLoad } from '../vassal/module-helpers';

describe('data/kursk', () => {
  let game: Game;
  it('loads', async () => {
    game = await mustLoad('data/kursk');
  });

  it('units in a setup box that are also reinforcements start in that box (May 13, July 9, August 6)', () => {
    const counts: Record<string, number> = {};
    for (const scenario of game.scenarios) {
      const starts = new Map(scenarioStarts(game, scenario).map((s) => [s.unit.id, s]));
      const reinforcements = new Set((scenario.reinforcements ?? []).flatMap((r) => unitsNamed(game, r).map((u) => u.id)));
      counts[scenario.id] = 0;
      for (const p of scenario.setup ?? []) {
        if (p.box === undefined || p.hex !== undefined) continue;
        const name = game.map.boxes.find((b) => b.id === p.box)!.name;
        for (const unit of unitsNamed(game, p)) {
          expect(starts.get(unit.id), `${scenario.id} ${unit.id}`).toMatchObject({ kind: 'box', box: name });
          if (reinforcements.has(unit.id)) counts[scenario.id]++;
        }
      }
    }
    expect(counts).toEqual({ may: 13, jul: 9, aug: 6 });
    const may = game.scenarios.find((s) => s.id === 'may')!;
    const mayStarts = new Map(scenarioStarts(game, may).map((s) => [s.unit.id, s.box]));
    // 19.62: the reserve HQs split between the Northern and the Southern off-map reserve.
    expect(new Set([...mayStarts.values()].filter((b) => /(Northern|Southern) reserve/.test(b ?? '')))).toEqual(
      new Set(game.map.boxes.filter((b) => b.id === 'sov-nor' || b.id === 'sov-sor').map((b) => b.name)),
    );
  });

  it('no box is named after the words of a placement or a setup code alone', () => {
    for (const scenario of game.scenarios) {
      const words = new Set(
        (scenario.setup ?? []).flatMap((p) => [p.where, p.code].filter((w) => w !== undefined).map((w) => `Setup: ${w}`)),
      );
      for (const start of scenarioStarts(game, scenario)) expect(words.has(start.box ?? ''), `${scenario.id} ${start.box}`).toBe(false);
      const lost = (scenario.setup ?? []).filter((p) => /lost in the text conversion|not defined/.test(p.where ?? ''));
      for (const p of lost)
        for (const u of unitsNamed(game, p))
          expect(scenarioStarts(game, scenario).find((s) => s.unit.id === u.id)!.box).toBe(UNSTATED_PLACE_BOX);
    }
  });

  it('a setup naming only the Soviet side puts the Soviet units the scenario places nowhere else in the Soviet pool', () => {
    const may = game.scenarios.find((s) => s.id === 'may')!;
    const starts = scenarioStarts(game, may);
    const placed = new Set([...(may.setup ?? []), ...(may.reinforcements ?? [])].flatMap((p) => unitsNamed(game, p).map((u) => u.id)));
    const rest = game.units.filter((u) => u.side === 'soviet' && !placed.has(u.id));
    expect(rest.length).toBeGreaterThan(0);
    for (const u of rest) {
      const start = starts.find((s) => s.unit.id === u.id)!;
      if (u.setupHex !== undefined) expect(start.hex).toBe(u.setupHex);
      else if (u.entry !== undefined && !isUnknown(u.entry)) expect(start.box).toBe(turnBoxLabel(game, u.entry));
      else expect(start.box).toBe(sidePoolLabel(game, 'soviet'));
    }
    // German units named nowhere in May stay off the board: no German placement names only the side.
    expect(starts.some((s) => s.unit.side === 'german' && s.kind === 'pool')).toBe(false);
  });
});

describe('data/demo variants', () => {
  it('a setup naming only a side puts each counter that prints a setup hex on the hex it prints', async () => {
    const game = structuredClone(await mustLoad('data/demo'));
    const scenario = game.scenarios[0];
    const side = game.info.sides[0].id;
    scenario.setup = [...(scenario.setup ?? []).filter((p) => unitsNamed(game, p).every((u) => u.side !== side)), { side }];
    scenario.reinforcements = [];
    let printed = 0;
    for (const start of scenarioStarts(game, scenario).filter((s) => s.unit.side === side)) {
      const text = setupText(start.unit)?.text;
      if (start.unit.setupHex === undefined) continue;
      expect(start, start.unit.id).toMatchObject({ kind: 'hex', hex: text });
      printed++;
    }
    expect(printed).toBeGreaterThan(0);
  });

  it('a unit only a withdrawal names is in play at the start, its place not stated; a withdrawn unit set up stays in its hex', async () => {
    const game = structuredClone(await mustLoad('data/demo'));
    const scenario = game.scenarios.find((s) => (s.withdrawals ?? []).length > 0)!;
    const withdrawn = scenario.withdrawals![0].units![0];
    const before = scenarioStarts(game, scenario).find((s) => s.unit.id === withdrawn)!;
    expect(before.kind).toBe('hex');
    scenario.setup = (scenario.setup ?? []).filter((p) => !(p.units ?? []).includes(withdrawn));
    const after = scenarioStarts(game, scenario).find((s) => s.unit.id === withdrawn)!;
    expect(after).toMatchObject({ kind: 'unstated', box: UNSTATED_PLACE_BOX });
  });
});
