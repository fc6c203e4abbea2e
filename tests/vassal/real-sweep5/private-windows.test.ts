/**
 * Private windows (./private-windows-kit.ts): each piece's side is the one its Restricted Access
 * trait names (before: no side, so none was a unit); the stacks of the player hand and the private
 * map keep their board pixels there; the folder validates and a second import reads the same.
 */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../../src/cli/load-game';
import { importBuiltModule } from '../synthetic-module';
import { importEntries, jsonOf } from '../rebuild-kit';
import { PIECES, privateWindowEntries } from './private-windows-kit';

it('units of a player hand and a private map: sides from Restricted Access, places kept, stable', async () => {
  const first = await importEntries(privateWindowEntries(), 'windows');
  const rows = (first.files.get('units.csv') as string).trim().split('\n').slice(1);
  expect(rows.map((r) => r.split(',').slice(0, 2).join(' ')).sort()).toEqual(['card-a red', 'card-b red', 'guard red', 'spy blue']);
  const setup = jsonOf(first, 'scenarios.json').scenarios[0].setup as { units: string[]; at?: { board: string; x: number; y: number } }[];
  for (const p of PIECES.filter((q) => q.map !== 'Main Map')) {
    const id = p.name.toLowerCase().replace(' ', '-');
    expect(setup.find((s) => s.units.includes(id))?.at, p.name).toEqual({ board: p.board, x: p.x, y: p.y });
  }
  expect(validateGameFiles('windows', first.files).filter((d) => d.severity === 'error')).toEqual([]);
  const again = await importBuiltModule(first);
  expect(jsonOf(again, 'scenarios.json')).toEqual(jsonOf(first, 'scenarios.json'));
  expect(again.files.get('units.csv')).toEqual(first.files.get('units.csv'));
}, 60_000);
