/**
 * What the data declares unknown stays out of the built module (module/unstated.ts): data/demo
 * with its extent, numbering, turns, last turn, sequence of play or a scenario's setup declared
 * unknown, against data/demo as it is.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/model/game';
import { collectArt } from '../../src/vassal/module/collect-art';
import { writeVmod } from '../../src/vassal/module/vmod';
import { planCounters } from '../../src/plan';
import { turnBoxLabel } from '../../src/plan/starts';
import { holdingBoxLabels } from '../../src/vassal/module/placements';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { TEST_EPOCH, mustLoad, standInSources } from './module-helpers';

const PKG = 'VASSAL.build.';
const UNKNOWN = { unknown: true as const, reason: 'not in the source' };

async function built(change: (game: Game) => void) {
  const game = await mustLoad('data/demo');
  change(game);
  const art = await collectArt(game, standInSources(game));
  const result = await writeVmod(game, art, { epoch: TEST_EPOCH, plan: planCounters(game) });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { game, root: result.module.buildFile, setups: result.module.setups, result };
}

const named = (root: XmlElement, suffix: string) => [...walkElements(root)].filter((e) => e.name === PKG + suffix);
const mainBoard = (root: XmlElement) => named(root, 'module.map.boardPicker.Board').find((b) => attribute(b, 'name') === 'Map')!;

describe('a module leaves out what the data declares unknown', () => {
  it('as the data states everything: a board picture, a hex grid, a tracker with phases, a save per scenario', async () => {
    const { game, root, setups } = await built(() => {});
    expect(attribute(mainBoard(root), 'image')).toBe('map.png');
    expect(mainBoard(root).children.map((c) => c.name)).toEqual([`${PKG}module.map.boardPicker.board.HexGrid`]);
    const level = named(root, 'module.turn.CounterTurnLevel')[0];
    expect(attribute(level, 'loopLimit')).toBe(String(game.tracks.turns.at(-1)!.turn));
    expect(named(root, 'module.turn.ListTurnLevel')).toHaveLength(1);
    expect(named(root, 'module.PredefinedSetup').map((s) => attribute(s, 'file'))).toEqual(game.scenarios.map((s) => `${s.id}.vsav`));
    expect(setups).toHaveLength(game.scenarios.length);
  });

  it('an unknown extent: a board without a picture (and so without a size)', async () => {
    const { root } = await built((g) => (g.map.unstated = { '/extent': UNKNOWN }));
    expect(attribute(mainBoard(root), 'image')).toBeUndefined();
    expect(attribute(mainBoard(root), 'width')).toBeUndefined();
  });

  it('an unknown numbering: no hex grid, unless a setup places a unit by hex id', async () => {
    const keeps = await built((g) => (g.map.unstated = { '/numbering/stagger': UNKNOWN }));
    expect(mainBoard(keeps.root).children).toHaveLength(1);
    const { root } = await built((g) => {
      g.map.unstated = { '/numbering/stagger': UNKNOWN };
      for (const s of g.scenarios) s.setup = (s.setup ?? []).filter((p) => p.hex === undefined);
    });
    expect(mainBoard(root).children).toEqual([]);
  });

  it('unknown turns: no turn tracker, and no box per turn (only those the setups use)', async () => {
    const { game, root, setups } = await built((g) => (g.tracks.unstated = { '/turns': UNKNOWN }));
    expect(named(root, 'module.turn.TurnTracker')).toEqual([]);
    for (const s of setups) expect(s.save.turn).toBeUndefined();
    const turnBoxes = game.tracks.turns.map((t) => turnBoxLabel(game, t.turn));
    expect(holdingBoxLabels(game, []).filter((l) => turnBoxes.includes(l))).toEqual([]);
    delete game.tracks.unstated;
    expect(holdingBoxLabels(game, []).filter((l) => turnBoxes.includes(l))).toEqual(turnBoxes);
  });

  it('an unknown last turn: a tracker without end (loopLimit -1); an unknown sequence: no phase level', async () => {
    const { root, setups } = await built((g) => (g.tracks.unstated = { '/turns/last': UNKNOWN, '/sequence': UNKNOWN }));
    expect(attribute(named(root, 'module.turn.CounterTurnLevel')[0], 'loopLimit')).toBe('-1');
    expect(named(root, 'module.turn.ListTurnLevel')).toEqual([]);
    // The restore command: current turn ; sub-level ; loop ; loopLimit, with no phase sub-level.
    expect(setups[0].save.turn).toMatch(/\t0\|\d+;0;false;-1$/);
  });

  it('a scenario whose setup is unknown: a PredefinedSetup without a file and no save', async () => {
    const { game, root, setups } = await built((g) => (g.scenarios[0].unstated = { '/setup': UNKNOWN }));
    const predefined = named(root, 'module.PredefinedSetup');
    expect(predefined.map((s) => attribute(s, 'name'))).toEqual(game.scenarios.map((s) => s.name));
    expect(attribute(predefined[0], 'file')).toBeUndefined();
    expect(attribute(predefined[0], 'useFile')).toBe('true');
    expect(attribute(predefined[1], 'file')).toBe(`${game.scenarios[1].id}.vsav`);
    expect(setups.map((s) => s.path)).toEqual([`${game.scenarios[1].id}.vsav`]);
  });

  it('a scenario whose setup is unknown, from a save the imported module lacked: its setup names that save, with a warning', async () => {
    const { game, root, setups, result } = await built((g) => {
      g.scenarios[0].unstated = { '/setup': UNKNOWN };
      g.scenarios[0].vassal = { setup: 'saved game', file: 'Start.vsav' };
    });
    const predefined = named(root, 'module.PredefinedSetup');
    expect(attribute(predefined[0], 'file')).toBe('Start.vsav');
    expect(attribute(predefined[0], 'useFile')).toBe('true');
    // No save of that name is written, and the module is (the check knows the save is absent on purpose).
    expect(setups.map((s) => s.path)).not.toContain('Start.vsav');
    expect(result.vmod).toBeDefined();
    const warnings = result.diagnostics.filter((d) => d.code === 'vassal/absent-setup-save');
    // The build turns the pointer into scenarios.json's file, line and column (data/place-diagnostics.ts).
    expect(warnings.map((d) => [d.severity, d.pointer])).toEqual([
      ['warning', `scenarios.json/scenarios/${game.scenarios[0].id}/vassal/file`],
    ]);
    expect(warnings[0].message).toContain('"Start.vsav"');
  });
});
