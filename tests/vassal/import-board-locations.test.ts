/**
 * At-start stacks (of pieces the import reads as markers) placed by location name on a board other than the game board, whose grid the
 * data keeps (map.json `boards[].grid`): the import keeps each in the box of the location VASSAL
 * names where it placed the stack, at that board pixel (worked out from VASSAL's source in
 * ./board-locations-kit.ts), so the built module puts the pieces on that board again, not in the
 * holding boxes; its import reads the same data back.
 */
import { expect, it } from 'vitest';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';
import { NAMED_STACKS, boardLocationEntries } from './board-locations-kit';

it('a stack named by a zone, a square of a zone and a region of a zone lands on its board at the pixel VASSAL gives the name, and stays there', async () => {
  const imported = await importEntries(boardLocationEntries(), 'locations');
  const boxes = new Map((jsonOf(imported, 'map.json').boxes as Array<{ id: string; name: string }>).map((b) => [b.id, b.name]));
  const markers = jsonOf(imported, 'scenarios.json').scenarios[0].markers as Array<{ stack: string; box?: string; at?: object }>;
  expect(NAMED_STACKS.map((s) => markers.find((p) => p.stack === s.name)).map((p) => [boxes.get(p!.box!), p!.at])).toEqual(
    NAMED_STACKS.map((s) => [s.named, { board: 'Tracks', ...s.at }]),
  );
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, imported, 'locations');
    const root = (await readModule(built, { source: 'built.vmod', limits: readLimits() })).module!.root;
    const stacks = [...walkElements(root)].filter((e) => e.name === 'VASSAL.build.module.map.SetupStack');
    const placed = (name: string) =>
      stacks.filter((e) => attribute(e, 'name') === name).map((e) => [attribute(e, 'owningBoard'), attribute(e, 'x'), attribute(e, 'y')]);
    for (const s of NAMED_STACKS) expect(placed(s.name), s.name).toEqual([['Tracks', String(s.at.x), String(s.at.y)]]);
    expect(dataFiles(second)).toEqual(dataFiles(imported));
  });
}, 120_000);
