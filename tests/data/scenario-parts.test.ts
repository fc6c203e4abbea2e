/**
 * Scenarios spread over scenarios.json and scenarios/*.json (src/data/scenario-parts.ts): the demo
 * game's two scenarios moved into files of their own load as the one list the single file gives,
 * and a problem inside a part is reported in that part, at the line that holds it.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';

const DEMO = path.join(__dirname, '..', '..', 'data', 'demo');
const work = mkdtempSync(path.join(tmpdir(), 'hexforge-scenario-parts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Scenarios {
  $schema: string;
  scenarios: { id: string; firstTurn?: unknown; setup?: { units?: string[] }[] }[];
}
const demoScenarios = (): Scenarios => JSON.parse(readFileSync(path.join(DEMO, 'scenarios.json'), 'utf8')) as Scenarios;

/** A copy of the demo game whose scenarios are `main` (scenarios.json, absent when undefined) and `parts`. */
function gameWith(name: string, main: Scenarios['scenarios'] | undefined, parts: Record<string, Scenarios['scenarios']>): string {
  const dir = path.join(work, name);
  cpSync(DEMO, dir, { recursive: true });
  rmSync(path.join(dir, 'scenarios.json'));
  if (main) writeFileSync(path.join(dir, 'scenarios.json'), JSON.stringify({ $schema: '../../schemas/scenarios.schema.json', scenarios: main }, null, 2));
  mkdirSync(path.join(dir, 'scenarios'));
  for (const [file, scenarios] of Object.entries(parts))
    writeFileSync(path.join(dir, 'scenarios', file), JSON.stringify({ $schema: '../../../schemas/scenarios.schema.json', scenarios }, null, 2));
  return dir;
}

describe('scenarios over several files', () => {
  it('scenarios.json then scenarios/*.json in name order make the list the single file makes', async () => {
    const whole = await loadGame(DEMO);
    expect(whole.game).toBeDefined();
    const [first, second] = demoScenarios().scenarios;
    const split = await loadGame(gameWith('split', [first], { '01-second.json': [second] }));
    expect(split.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(split.game!.scenarios).toEqual(whole.game!.scenarios);
    // Without scenarios.json, and with the files named against their order in the list.
    const partsOnly = await loadGame(gameWith('parts-only', undefined, { 'b.json': [second], 'a.json': [first] }));
    expect(partsOnly.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(partsOnly.game!.scenarios.map((s) => s.id)).toEqual([first.id, second.id]);
  });

  it('an unknown unit in a part is reported in that part at its line; an id in two files is a duplicate', async () => {
    const [first, second] = demoScenarios().scenarios;
    const broken = structuredClone(second);
    broken.setup![0].units = ['no-such-unit'];
    const dir = gameWith('broken', [first], { '01-second.json': [broken] });
    const part = path.join(dir, 'scenarios', '01-second.json');
    const line = readFileSync(part, 'utf8').split('\n').findIndex((l) => l.includes('"no-such-unit"')) + 1;
    const loaded = await loadGame(dir);
    const unknown = loaded.diagnostics.find((d) => d.severity === 'error' && d.message.includes('no-such-unit'));
    expect(unknown).toMatchObject({ file: part, line, pointer: '/scenarios/0/setup/0/units/0' });

    const twice = await loadGame(gameWith('twice', [first, second], { '01-again.json': [second] }));
    const duplicate = twice.diagnostics.find((d) => d.code === 'ref/duplicate-id');
    expect(duplicate).toMatchObject({ file: path.join(work, 'twice', 'scenarios', '01-again.json'), pointer: '/scenarios/0/id' });
  });

  it('a part that fails its schema is reported in its own file and the scenarios are not used', async () => {
    const [first, second] = demoScenarios().scenarios;
    const dir = gameWith('schema', [first], { '01-second.json': [{ ...second, firstTurn: 'one' }] });
    const loaded = await loadGame(dir);
    const error = loaded.diagnostics.find((d) => d.severity === 'error');
    expect(error?.file).toBe(path.join(dir, 'scenarios', '01-second.json'));
    expect(error?.pointer).toBe('/scenarios/0/firstTurn');
    expect(loaded.game).toBeUndefined();
  });
});
