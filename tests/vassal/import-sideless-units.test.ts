/**
 * A module whose pieces state no side anywhere (./sideless-module-kit.ts: a sports game whose
 * roster names players, not teams). Team members that state their factors in the module's factor
 * properties are units of the unknown side, with their factors (before: markers, no value read);
 * the ball and the tokens, stating none, stay markers. The folder validates, the round trip is
 * unchanged, a second import reads the same, and a one-value update changes that value alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { writeZip } from '../../src/vassal/module/zip';
import { roundTrip } from '../../src/vassal/roundtrip/roundtrip';
import { dataFiles } from './rebuild-kit';
import { editUnitsLine, importedModule, updated } from './real-sweep4/update-kit';
import { MEMBERS, sidelessBuildFile } from './sideless-module-kit';
import { importBuildFile, importBuiltModule } from './synthetic-module';
import { sidecarOf } from './sidecar-of';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** units.csv as the kit states each member: side unknown, type unknown, its name and its four factors in order. */
const EXPECTED_ROWS = MEMBERS.map(
  (m) => `${m.name.toLowerCase().replace(' ', '-')},unknown,unknown,${m.name},${m.stats.map(([, v]) => v).join(',')}`,
);

it('team members stating factors are units of the unknown side; the ball and tokens stay markers', async () => {
  const first = await importBuildFile(sidelessBuildFile());
  const csv = (first.files.get('units.csv') as string).trim().split('\n');
  expect(csv[0]).toBe('id,side,type,name,move,strength,speed,skill');
  expect(csv.slice(1)).toEqual(EXPECTED_ROWS);
  const sidecar = sidecarOf(first.files.get(SIDECAR_INDEX)!);
  expect(sidecar.markers.map((m) => m.name)).toEqual(['Ball', 'Dice Token']);
  expect(sidecar.units['judwan-striker'].notes).toContain(
    'a unit: the module states its Move, Strength, Speed, Skill; side not stated in the module',
  );
  const info = first.diagnostics.filter((d) => d.code === 'vassal/side-unstated');
  expect(info).toHaveLength(1);
  expect(info[0].severity).toBe('info');
  expect(info[0].message).toMatch(/^3 palette piece\(s\)/);
  expect(validateGameFiles('synthetic', first.files).filter((d) => d.severity === 'error')).toEqual([]);
  // The at-start striker is set up as the unit, the ball as a marker.
  const setup = JSON.parse(first.files.get('scenarios.json') as string).scenarios[0].setup as { units?: string[]; markers?: unknown[] }[];
  expect(setup.flatMap((p) => p.units ?? [])).toEqual(['judwan-striker']);

  const second = await importBuiltModule(first);
  expect(dataFiles(second)).toEqual(dataFiles(first));
  expect(second.files.get('units.csv')).toBe(first.files.get('units.csv'));
}, 60_000);

it('round trip unchanged; one factor changed by update, in the palette and at-start pieces alone', async () => {
  const limits = readLimits();
  const zip = await writeZip([{ path: 'buildFile.xml', data: sidelessBuildFile() }], 0);
  const original = (await readModule((await readZip(zip, { file: 'pitch.vmod', limits })).entries, { source: 'pitch.vmod', limits }))
    .module!;
  const trip = await roundTrip(original, { id: 'pitch', limits, epoch: 0 });
  expect(trip.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(trip.comparison?.differences).toEqual([]);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sideless-'));
  dirs.push(dir);
  const { vmod, game } = await importedModule(dir, sidelessBuildFile());
  await editUnitsLine(game, EXPECTED_ROWS[0], EXPECTED_ROWS[0].replace(',7,5,3,3', ',8,5,3,3'));
  const { lines, xml } = await updated(vmod, game);
  expect(lines.join('\n')).toContain('unit judwan-striker move: "7" → "8" (Marker Move), 2 place(s)');
  const before = sidelessBuildFile();
  // The striker's Marker state (Move first), in its palette slot and its at-start stack: nothing else.
  expect(before.split('Judwan Striker/7,5,3,3').length - 1).toBe(2);
  expect(xml).toBe(before.replaceAll('Judwan Striker/7,5,3,3', 'Judwan Striker/8,5,3,3'));
}, 60_000);
