/**
 * A face-down unit (a `setup` placement's `faceDown`) and the scenario's `vassal.unitMasks`, what
 * it shows, as markers' masks are checked (marker-masks.test.ts); and a Mask's kept fields (access
 * by side or sides, keystrokes, texts) are accepted, a field VASSAL's Mask has not is refused; the
 * masks counters.json gives counters name units and markers the data has.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import type { CountersFile, ScenariosFile } from '../../src/model/files';

const DEMO = path.join(__dirname, '..', '..', 'data', 'demo');
const work = mkdtempSync(path.join(tmpdir(), 'hexforge-unit-masks-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The demo game with its first scenario's first placement face down or not, `unitMasks` in its `vassal`; its diagnostics. */
async function diagnosticsOf(name: string, faceDown: boolean, unitMasks: (units: string[]) => Record<string, unknown>) {
  const dir = path.join(work, name);
  cpSync(DEMO, dir, { recursive: true });
  const file = path.join(dir, 'scenarios.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as ScenariosFile;
  const scenario = data.scenarios[0];
  const placement = scenario.setup!.find((p) => (p.units ?? []).length > 0)!;
  if (faceDown) placement.faceDown = true;
  scenario.vassal = { setup: 'at-start stacks', unitMasks: unitMasks(placement.units!) as never };
  writeFileSync(file, JSON.stringify(data, null, 2));
  const k = scenario.setup!.indexOf(placement);
  const found = (await loadGame(dir)).diagnostics.filter((d) => d.severity !== 'info');
  return { k, units: placement.units!, found: found.map((d) => ({ severity: d.severity, code: d.code, pointer: d.pointer })) };
}

const MASK = { image: '', style: 'P80,130', by: 'Allies', key: '', menu: 'Hide', access: ['Allies', 'Axis'], peek: 'Look', autoPeek: true };
const each = (mask: Record<string, unknown>) => (units: string[]) => Object.fromEntries(units.map((u) => [u, mask]));

it('face-down units with their masks (access by sides, keys and texts) are accepted', async () => {
  const { found } = await diagnosticsOf('ok', true, each(MASK));
  expect(found.filter((d) => d.code.startsWith('scenarios/') || d.code.startsWith('schema/'))).toEqual([]);
});

it('a unit mask no face-down placement uses is refused; a field VASSAL has not is refused by the schema', async () => {
  const unused = await diagnosticsOf('unused', false, (units) => ({ [units[0]]: MASK }));
  expect(unused.found.filter((d) => d.code === 'scenarios/mask-unused')).toEqual([
    { severity: 'error', code: 'scenarios/mask-unused', pointer: `/scenarios/0/vassal/unitMasks/${unused.units[0]}` },
  ]);
  const odd = await diagnosticsOf('odd', true, each({ ...MASK, access: 'anyone', colour: 'red' }));
  expect([...new Set(odd.found.filter((d) => d.code.startsWith('schema/')).map((d) => d.code))].sort()).toEqual([
    'schema/enum',
    'schema/unknown-property',
  ]);
});

it('a face-down unit without a mask is warned of: the module would show it face up', async () => {
  const { k, found } = await diagnosticsOf('no-mask', true, (units) => ({ [units[0]]: MASK }));
  const warned = found.filter((d) => d.code === 'scenarios/face-down-no-mask');
  expect(warned).toEqual([{ severity: 'warning', code: 'scenarios/face-down-no-mask', pointer: `/scenarios/0/setup/${k}/faceDown` }]);
});

it("counters.json's masks name units and markers the data has, each counter in one mask", async () => {
  const dir = path.join(work, 'counter-masks');
  cpSync(DEMO, dir, { recursive: true });
  const file = path.join(dir, 'counters.json');
  const counters = JSON.parse(readFileSync(file, 'utf8')) as CountersFile;
  const unit = readFileSync(path.join(dir, 'units.csv'), 'utf8').split('\n')[1].split(',')[0];
  const marker = counters.markers![0].id;
  const mask = { image: '', style: 'I', menu: 'Hide' };
  counters.vassal = {
    masks: [
      { units: [unit, 'no-such-unit'], markers: [marker, 'no-such-marker'], ...mask },
      { units: [unit], ...mask, menu: 'Cover' },
    ],
  };
  writeFileSync(file, JSON.stringify(counters, null, 2));
  const errors = (await loadGame(dir)).diagnostics.filter((d) => d.severity === 'error');
  expect(errors.map((d) => ({ code: d.code, pointer: d.pointer }))).toEqual([
    { code: 'ref/unknown-unit', pointer: '/vassal/masks/0/units/1' },
    { code: 'ref/unknown-marker', pointer: '/vassal/masks/0/markers/1' },
    { code: 'counters/mask-repeated', pointer: '/vassal/masks/1/units/0' },
  ]);
});
