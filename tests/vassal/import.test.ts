import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeShared } from '../shared-dir';
import { hasErrors } from '../../src/diagnostics';
import { loadGame } from '../../src/cli/load-game';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModuleFrom } from '../../src/vassal/reader/index';
import { FIXTURE_NAMES, KASSALA, RAGNAROK, TLD, fixture, withTempDir } from './import-fixtures';
import { sidecarOf } from './sidecar-of';

const limits = readLimits();

async function importFixture(name: string, dir: string) {
  const read = await readModuleFrom(fixture(name), limits);
  const result = await importModule(read.module!, { id: name });
  const out = path.join(dir, 'game');
  expect(await writeGameFolder(out, result.files)).toEqual([]);
  return { result, out, loaded: await loadGame(out) };
}

function csvRows(text: string): Record<string, string>[] {
  // The fixtures' names have no quotes or commas in the columns these tests read.
  const [header, ...lines] = text.trim().split('\n');
  const cols = header.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

describeShared('every fixture imports to a folder that validates', () => {
  it.each(FIXTURE_NAMES)('%s', async (name) => {
    await withTempDir(async (dir) => {
      const { loaded } = await importFixture(name, dir);
      expect(loaded.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      expect(loaded.game).toBeDefined();
    });
  });
});

describeShared('Kassala (fixture README §1)', () => {
  it('recovers VASSAL default numbering, units with name values, and at-start stacks in hexes', async () => {
    await withTempDir(async (dir) => {
      const { loaded, out } = await importFixture(KASSALA, dir);
      const game = loaded.game!;
      // No HexGridNumbering: VASSAL's defaults (hOff = vOff = 1, stagger on), flat hexes, 2 digits.
      expect(game.map.numbering).toMatchObject({ orientation: 'flat', order: 'column-row', digits: 2 });
      expect(game.info.sides.map((s) => s.name)).toEqual(['Moslem', 'Christian']);
      const cannon = game.units.find((u) => u.id === 'moslem_cannon_1-0')!;
      expect(cannon).toMatchObject({ side: 'moslem', type: 'artillery' });
      expect(cannon.front).toEqual({ value1: 1, value2: 0 });
      // "Mos-Can_x3" at board pixel (734, 718), three cannons. With x0=51, y0=55, dx=227.9,
      // dy=265.9: raw column round(683/227.9) = 3 (odd, half a hex down), raw row
      // round((663 - 132.95)/265.9) = 2; column 3+1 = 4, row 2+1 plus 1 for stagger = 4.
      const atStart = game.scenarios.find((s) => s.name === 'At-start stacks')!;
      const stack = atStart.setup!.find((p) => p.hex === '0404')!;
      expect(stack.units).toEqual(['moslem_cannon_1-0', 'moslem_cannon_1-0-2', 'moslem_cannon_1-0-3']);
      // The predefined setup's save puts the same three cannons in the same hex.
      const saved = game.scenarios.find((s) => s.name === 'Default Setup')!;
      const cannons = saved.setup!.filter((p) => p.units!.some((u) => u.startsWith('moslem_cannon')));
      expect(cannons.flatMap((p) => p.units).sort()).toEqual(['moslem_cannon_1-0', 'moslem_cannon_1-0-2', 'moslem_cannon_1-0-3']);
      expect(cannons.every((p) => p.hex === '0404')).toBe(true);
      // The sidecar keeps the module: images byte for byte, the mapping by unit.
      const image = await readFile(path.join(out, 'vassal/module/images/Mapboard.png'));
      expect(image.equals(await readFile(fixture(`${KASSALA}/images/Mapboard.png`)))).toBe(true);
      const index = sidecarOf(await readFile(path.join(out, 'vassal/import.json'), 'utf8'));
      expect(index.units['moslem_cannon_1-0']).toMatchObject({ gpid: '20', frontImage: 'Moslem_Cannon_1-0.png' });
      expect(index.units['moslem_cannon_1-0-3'].copyOf).toBe('moslem_cannon_1-0');
    });
  });
});

describeShared('other fixtures', () => {
  it('Ragnarok: sideways grid → pointy numbering; values from the stats property; side from Side markers', async () => {
    await withTempDir(async (dir) => {
      const { loaded } = await importFixture(RAGNAROK, dir);
      const game = loaded.game!;
      expect(game.map.numbering.orientation).toBe('pointy');
      const inf = game.units.find((u) => u.id === 'inf-xx-2-3-5_123_456')!;
      expect(inf.front).toEqual({ value1: 2, value2: 3, value3: 5 });
      expect(game.units.find((u) => u.id === 'en-odin')!.side).toBe('aesir');
    });
  });

  it('The Longest Day: pieces of the "Unit" prototype are units; those in German palette lists belong to the Germans', async () => {
    await withTempDir(async (dir) => {
      const { result } = await importFixture(TLD, dir);
      const rows = csvRows(result.files.get('units.csv') as string);
      expect(rows.filter((r) => r.side === 'germans').length).toBeGreaterThan(0);
      // The map board image is not in the fixture: the extent is declared unknown.
      const map = JSON.parse(result.files.get('map.json') as string);
      expect(map.unstated['/extent'].unknown).toBe(true);
      expect(map.defaultTerrain.unknown).toBe(true);
    });
  });

  it('refuses to overwrite an existing folder unless asked', async () => {
    await withTempDir(async (dir) => {
      await importFixture(KASSALA, dir);
      const again = await writeGameFolder(path.join(dir, 'game'), new Map([['x.txt', 'x']]));
      expect(again[0].code).toBe('import/out-exists');
      expect(hasErrors(await writeGameFolder(path.join(dir, 'game'), new Map([['x.txt', 'x']]), { replace: true }))).toBe(false);
    });
  });
});
