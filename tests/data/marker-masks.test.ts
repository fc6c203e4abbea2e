/**
 * A face-down marker (`markers` `faceDown`) and the scenario's `vassal.masks`, what it shows: a
 * mask no face-down placement uses, a style VASSAL has not, or `faceDown: false`, are refused with
 * a diagnostic at their line.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import type { ScenariosFile } from '../../src/model/files';

const DEMO = path.join(__dirname, '..', '..', 'data', 'demo');
const work = mkdtempSync(path.join(tmpdir(), 'hexforge-marker-masks-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The demo game with its first scenario's "weather" marker changed by `edit`, and `masks` in its `vassal`. */
async function errorsOf(name: string, faceDown: unknown, masks: Record<string, unknown>) {
  const dir = path.join(work, name);
  cpSync(DEMO, dir, { recursive: true });
  const file = path.join(dir, 'scenarios.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as ScenariosFile;
  const scenario = data.scenarios[0];
  Object.assign(scenario.markers!.find((m) => m.marker === 'weather')!, faceDown === undefined ? {} : { faceDown });
  scenario.vassal = { setup: 'at-start stacks', masks: masks as never };
  writeFileSync(file, JSON.stringify(data, null, 2));
  return (await loadGame(dir)).diagnostics.filter((d) => d.severity === 'error').map((d) => ({ code: d.code, pointer: d.pointer }));
}

const MASK = { image: '', style: 'I', by: 'Allies' };

it('a face-down marker with its mask is accepted', async () => {
  expect(await errorsOf('ok', true, { weather: MASK })).toEqual([]);
});

it('a mask no face-down placement uses is refused', async () => {
  expect(await errorsOf('unused', undefined, { weather: MASK })).toEqual([
    { code: 'scenarios/mask-unused', pointer: '/scenarios/0/vassal/masks/weather' },
  ]);
});

it('faceDown false and a style VASSAL has not are refused by the schema', async () => {
  const errors = await errorsOf('nonsense', false, { weather: { ...MASK, style: 'X' } });
  expect(errors.map((e) => e.code).sort()).toEqual(['schema/const', 'schema/pattern']);
});

it('a face-down marker without a mask is warned of: the module would show it face up', async () => {
  const dir = path.join(work, 'no-mask');
  cpSync(DEMO, dir, { recursive: true });
  const file = path.join(dir, 'scenarios.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as ScenariosFile;
  const k = data.scenarios[0].markers!.findIndex((m) => m.marker === 'weather');
  data.scenarios[0].markers![k].faceDown = true;
  writeFileSync(file, JSON.stringify(data, null, 2));
  const warnings = (await loadGame(dir)).diagnostics.filter((d) => d.code === 'scenarios/face-down-no-mask');
  expect(warnings.map((d) => ({ severity: d.severity, pointer: d.pointer }))).toEqual([
    { severity: 'warning', pointer: `/scenarios/0/markers/${k}/faceDown` },
  ]);
});
