import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';
import { importModule } from '../../src/vassal/import/import-module';
import { gameMapGeometry, moduleMaps } from '../../src/vassal/import/map';
import { verifyModuleAgainstGame } from '../../src/vassal/import/verify-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { demoModule } from './import-demo-module';
import { withTempDir } from './import-fixtures';
import path from 'node:path';

const limits = readLimits();

async function moduleAsGame(vmod: Uint8Array, dir: string) {
  const zip = await readZip(vmod, { file: 'demo.vmod', limits });
  const module = (await readModule(zip.entries, { source: 'demo.vmod', limits })).module!;
  const out = path.join(dir, 'module');
  await writeGameFolder(out, (await importModule(module, { id: 'module' })).files);
  return { game: (await loadGame(out)).game!, grid: gameMapGeometry(moduleMaps(module.root, () => undefined)).grid };
}

describe('verify --module', () => {
  it('a unit that starts in a box and is also scheduled (reinforcement, replacement): module and verify agree on the box', async () => {
    const game: Game = structuredClone((await loadGame('data/demo')).game!);
    const scenario = game.scenarios[0];
    expect(scenario.reinforcements!.some((r) => r.units?.includes('a-2ab-tk'))).toBe(true);
    scenario.setup!.push({ side: 'aurelia', units: ['a-2ab-tk'], box: 'aurelia-cadres' });
    scenario.replacements = [...(scenario.replacements ?? []), { side: 'aurelia', turn: 3, units: ['a-2ab-tk'] }];
    await withTempDir(async (dir) => {
      const { game: moduleGame, grid } = await moduleAsGame(await demoModule(game), dir);
      const placed = moduleGame.scenarios[0].setup!.find((p) => p.units?.includes('a-2ab-tk'))!;
      expect(moduleGame.map.boxes.find((b) => b.id === placed.box)?.name).toBe('Aurelian Cadre Pool');
      expect(verifyModuleAgainstGame(moduleGame, grid, game)).toEqual([]);
    });
  });

  it('finds nothing between data/demo and its own module, and exactly the edits made to the data', async () => {
    const source = (await loadGame('data/demo')).game!;
    const vmod = await demoModule(source);
    await withTempDir(async (dir) => {
      const { game: moduleGame, grid } = await moduleAsGame(vmod, dir);
      expect(verifyModuleAgainstGame(moduleGame, grid, source)).toEqual([]);

      // The data changes after the module was built: a value, a setup hex, and a new unit.
      const edited: Game = structuredClone(source);
      edited.units.find((u) => u.id === 'a-1c-arty')!.front.attack = 6;
      const placement = edited.scenarios[0].setup!.find((p) => p.units?.includes('a-1c-eng'))!;
      placement.hex = '1110';
      edited.units.push({ ...structuredClone(edited.units[0]), id: 'a-new', name: 'A New Unit', designation: 'New' });
      const found = verifyModuleAgainstGame(moduleGame, grid, edited);
      expect(found.map((d) => [d.kind, d.subject])).toEqual([
        ['unit-missing', 'a-new'],
        ['value', 'a-1c-arty'],
        ['setup', `${edited.scenarios[0].id}/a-1c-eng`],
      ]);
      expect(found[1].message).toBe('a-1c-arty front attack: the game says 6, the module 7');
      expect(found[2].message).toBe('a-1c-eng: the game sets it up in hex 1110, the module hex 1109');

      // The data's counter loses its printed back: the module's piece still flips.
      const blank: Game = structuredClone(source);
      const hq = blank.units.find((u) => u.id === 'a-1c-hq')!;
      expect(hq.back).toBe('reduced');
      hq.back = 'blank';
      hq.reverse = {};
      const flips = verifyModuleAgainstGame(moduleGame, grid, blank).filter((d) => d.kind === 'flip');
      expect(flips).toEqual([
        { kind: 'flip', subject: 'a-1c-hq', message: "a-1c-hq: the module's piece flips, the counter has no printed back" },
      ]);

      // A different numbering does not reproduce the hex ids.
      const renumbered: Game = structuredClone(source);
      renumbered.map.numbering = {
        ...renumbered.map.numbering,
        stagger: renumbered.map.numbering.stagger === 'odd-up' ? 'even-up' : 'odd-up',
      };
      const grids = verifyModuleAgainstGame(moduleGame, grid, renumbered).filter((d) => d.kind === 'grid');
      expect(grids.map((d) => d.subject)).toEqual(['numbering.stagger', 'hex ids']);
    });
  }, 60_000);
});
