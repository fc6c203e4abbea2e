/**
 * The demo's mud DRM (rule 5.2: every attack -1 in mud) is conditioned on the weather in
 * tables.json: the same attack in clear weather and in mud differs by exactly that DRM, and a
 * combat question that leaves out the weather is refused, naming it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import { QUERIES } from '../../src/engine/checks/runner';
import { engineFor } from '../../src/engine/context';
import type { Game } from '../../src/model/game';
import { runCli } from '../cli/run-cli';

const DEMO = path.join(__dirname, '..', '..', 'data', 'demo');
// units.csv: attack 7 + 5 against defense 4, 3:1 raw; the defender is in forest: 2:1 (rule 6.3). No attacker is elite.
const ATTACK = {
  table: 'crt',
  attackers: [
    { unit: 'k-5-tr', hex: '1413' },
    { unit: 'k-11-31', hex: '1414' },
  ],
  defenders: ['a-3-at'],
  defenderHex: '1514',
};

async function demo(): Promise<Game> {
  const loaded = await loadGame(DEMO);
  return loaded.game!;
}

describe('demo combat in mud', () => {
  it('applies DRM -1 in mud and none in clear weather, on every natural roll', async () => {
    const engine = engineFor(await demo());
    for (let roll = 1; roll <= 6; roll++) {
      const clear = QUERIES.combat(engine, { ...ATTACK, weather: 'clear', roll });
      const mud = QUERIES.combat(engine, { ...ATTACK, weather: 'mud', roll });
      expect(clear.actual).toMatchObject({ column: '2:1', modifiedRoll: roll });
      // The modified roll is clamped to the CRT's rows 1..6 (rule 8.3).
      expect(mud.actual).toMatchObject({ column: '2:1', modifiedRoll: Math.max(1, roll - 1) });
      expect(mud.reasoning.join('\n')).toMatch(/Mud weather -1/);
      expect(clear.reasoning.join('\n')).not.toMatch(/Mud weather/);
    }
  });

  it('refuses a combat that does not state the weather', async () => {
    const engine = engineFor(await demo());
    expect(() => QUERIES.combat(engine, { ...ATTACK, roll: 4 })).toThrow(/depends on the weather/);
  });

  it('engine combat on the command line: --weather mud reads one row lower; no weather is refused', async () => {
    const ask = (weather: string) =>
      runCli(['engine', 'combat', DEMO, '--attack', '15', '--defend', '5', '--roll', '5', '--weather', weather, '--json']);
    const [clear, mud] = [await ask('clear'), await ask('mud')];
    expect(clear.code).toBe(0);
    expect(mud.code).toBe(0);
    // 15:5 is 3:1 (rule 8.3); column 3:1 reads D1 on row 5 and D1 on row 4 (tables.json crt).
    expect(JSON.parse(clear.stdout).answer).toMatchObject({ column: '3:1', row: '5', modifiedRoll: 5 });
    expect(JSON.parse(mud.stdout).answer).toMatchObject({ column: '3:1', row: '4', modifiedRoll: 4 });
    const unstated = await runCli(['engine', 'combat', DEMO, '--attack', '15', '--defend', '5', '--roll', '5']);
    expect(unstated.code).not.toBe(0);
    expect(unstated.stderr).toMatch(/depends on the weather/);
  });
});
