/**
 * At-start stacks survive import and build: the module built from Kassala's imported folder has the
 * original's at-start stacks — the same names in the same order, each on the board of its map, on
 * the same hex, with the same pieces — and no saved game in their place. Shared tier.
 *
 * Hexes are compared through each module's own hex grid, with VASSAL's HexGrid geometry (reference
 * §4: column centres x0 + c·dx, row centres y0 + r·dy, odd columns half a row down), counted from
 * the first column and row whose centre lies on the board. The built grid is the author's (its
 * 227.9 px columns are not those of regular hexes), so the stacks land on the original's pixels;
 * data that no longer fits it gets a regular grid instead.
 */
import { expect, it } from 'vitest';
import { cp, readFile, writeFile } from 'node:fs/promises';
import type { MapFile, ScenariosFile } from '../../src/model/files';
import { type ImportResult, importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readModuleFrom } from '../../src/vassal/reader/index';
import type { ReadModule } from '../../src/vassal/reader/module';
import { readSavedGame } from '../../src/vassal/reader/saved-game';
import { attribute, type XmlElement } from '../../src/vassal/xml-tree';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeShared } from '../shared-dir';
import { KASSALA, fixture, withTempDir } from './import-fixtures';

const V = 'VASSAL.build.';
const SAVE = 'Default Setup.vsav';
const limits = readLimits();

interface Stack {
  name: string;
  /** The stack's owning board is the board of the map it is on. */
  onItsMapsBoard: boolean;
  /** Column and row on the board, and how far the stack is from that hex's centre (px). */
  hex: [number, number];
  offCentre: number;
  pieces: string[];
}

function find(el: XmlElement, name: string): XmlElement[] {
  return el.children.flatMap((c) => (c.name === name ? [c, ...find(c, name)] : find(c, name)));
}

function hexOf(grid: XmlElement, x: number, y: number): { hex: [number, number]; offCentre: number } {
  const [dx, dy, x0, y0] = ['dx', 'dy', 'x0', 'y0'].map((a) => Number(attribute(grid, a)));
  expect(attribute(grid, 'sideways')).toBe('false');
  const col = Math.round((x - x0) / dx);
  const shift = col % 2 !== 0 ? dy / 2 : 0;
  const row = Math.round((y - y0 - shift) / dy);
  const [cx, cy] = [x0 + col * dx, y0 + row * dy + shift];
  // The first column and row on the board (the column count keeps its parity in both grids here).
  const [firstCol, firstRow] = [Math.ceil(-x0 / dx), Math.ceil(-y0 / dy)];
  return { hex: [col - firstCol, row - firstRow], offCentre: Math.hypot(x - cx, y - cy) };
}

function atStartStacks(root: XmlElement): Stack[] {
  return find(root, `${V}module.Map`).flatMap((map) => {
    const boards = find(map, `${V}module.map.boardPicker.Board`);
    expect(boards).toHaveLength(1);
    const grid = find(boards[0], `${V}module.map.boardPicker.board.HexGrid`)[0];
    // In the map or in its folders (the original groups them by side).
    return find(map, `${V}module.map.SetupStack`).map((s) => {
      expect(attribute(s, 'useGridLocation')).toBe('false');
      return {
        name: attribute(s, 'name') ?? '',
        onItsMapsBoard: attribute(s, 'owningBoard') === attribute(boards[0], 'name'),
        ...hexOf(grid, Number(attribute(s, 'x')), Number(attribute(s, 'y'))),
        pieces: s.children.map((p) => attribute(p, 'entryName') ?? ''),
      };
    });
  });
}

describeShared('at-start stacks of a built module', () => {
  it('Kassala: the built module has the original at-start stacks (names, boards, hexes, pieces)', async () => {
    const { original, built } = await kassala();
    const [before, after] = [atStartStacks(original.root), atStartStacks(built.root)];
    expect(before).toHaveLength(21);
    expect(before.reduce((n, s) => n + s.pieces.length, 0)).toBe(23);
    expect(after.map((s) => s.name)).toEqual(before.map((s) => s.name));
    for (const [i, s] of after.entries()) {
      expect(s.onItsMapsBoard, s.name).toBe(true);
      expect(s.hex, s.name).toEqual(before[i].hex);
      expect(s.pieces, s.name).toEqual(before[i].pieces);
      // VASSAL does not snap an at-start stack: the built one must sit on its hex's snap point,
      // which truncates x, the row and the half-row offset to whole pixels (at most 1 px from the
      // exact centre across, 2 px down).
      expect(s.offCentre, s.name).toBeLessThan(Math.hypot(1, 2));
    }
    // The original's stacks sit on snap points too (the comparison reads the hexes right).
    for (const s of before) expect(s.offCentre, s.name).toBeLessThan(Math.hypot(1, 2));
    // The new game is the stacks alone: the built module's saves are the original's one predefined setup.
    const setups = find(built.root, `${V}module.PredefinedSetup`).map((p) => [attribute(p, 'name'), attribute(p, 'file')]);
    expect(setups).toEqual([['Default Setup', 'Default Setup.vsav']]);
    expect(attribute(built.root, 'nextPieceSlotId')).toBe(
      String(Math.max(...find(built.root, `${V}widget.PieceSlot`).map((p) => Number(attribute(p, 'gpid')))) + 1),
    );
  });

  it("Kassala: the built module keeps the author's hand-tuned grid; its stacks and saved pieces sit at the original's pixels", async () => {
    const { original, built, builtEntries } = await kassala();
    const gridOf = (root: XmlElement) => find(root, `${V}module.map.boardPicker.board.HexGrid`).map((g) => [...g.attributes]);
    // The author's grid: 227.9 px between columns where regular hexes 265.9 px across are 230.27 apart.
    expect(gridOf(original.root)).toHaveLength(1);
    expect(Number(attribute(find(original.root, `${V}module.map.boardPicker.board.HexGrid`)[0], 'dx'))).toBeCloseTo(227.9, 6);
    expect(gridOf(built.root)).toEqual(gridOf(original.root));
    const pixels = (root: XmlElement) =>
      find(root, `${V}module.map.SetupStack`).map((s) => [attribute(s, 'name'), attribute(s, 'x'), attribute(s, 'y')]);
    expect(pixels(original.root)).toHaveLength(21);
    expect(pixels(built.root)).toEqual(pixels(original.root));
    // The predefined setup's pieces too: the built save puts each where the original save has one.
    const savedPixels = async (bytes: Uint8Array) =>
      (await readSavedGame(bytes, { file: SAVE, limits })).pieces
        .filter((p) => p.mapId !== 'null')
        .map((p) => `${p.x},${p.y}`)
        .sort();
    const originalSave = await savedPixels(new Uint8Array(await readFile(`${fixture(KASSALA)}/${SAVE}`)));
    expect(originalSave).toHaveLength(23);
    expect(await savedPixels(builtEntries.get(SAVE)!)).toEqual(originalSave);
  });

  it('Kassala: a hex size changed in the data sets the kept grid aside for a regular one', async () => {
    const { imported } = await kassala();
    const files = new Map(imported.files);
    const map = JSON.parse(String(files.get('map.json'))) as MapFile;
    expect(map.vassal?.hexGrid.dx).toBe('227.90000000000052');
    map.hexSize *= 1.01;
    files.set('map.json', JSON.stringify(map));
    const built = (await buildFrom(files)).module;
    const grids = find(built.root, `${V}module.map.boardPicker.board.HexGrid`);
    expect(grids).toHaveLength(1);
    // Regular hexes of the new size: dy is the size across the flats, dx three quarters of the corner-to-corner width.
    const across = 265.8999999999995 * 1.01;
    expect(Number(attribute(grids[0], 'dy'))).toBeCloseTo(across, 6);
    expect(Number(attribute(grids[0], 'dx'))).toBeCloseTo((across * Math.sqrt(3)) / 2, 6);
  });
  it('Kassala: the built module holds its stacks in the folders that held them, in the same order', async () => {
    const { original, built } = await kassala();
    const [before, after] = [folderLayout(original.root), folderLayout(built.root)];
    expect(before.filter((e) => typeof e !== 'string').map((f) => (f as [string, unknown[]])[0])).toEqual([
      'folder Moslem At-Start Stacks',
      'folder Christian At-Start Stacks',
    ]);
    expect(after).toEqual(before);
  });

  it('two at-start stacks on one hex stay two stacks, each with its own name and pieces', async () => {
    const { original } = await kassala();
    await withTempDir(async (dir) => {
      // The module with "Mos-Inf-N_N" moved onto the hex of "Mos-Can_x3".
      await cp(fixture(KASSALA), `${dir}/module`, { recursive: true });
      const file = `${dir}/module/buildFile.xml`;
      const text = await readFile(file, 'utf8');
      const moved = text.replace(
        'name="Mos-Inf-N_N" owningBoard="Kassala" useGridLocation="false" x="506" y="586"',
        'name="Mos-Inf-N_N" owningBoard="Kassala" useGridLocation="false" x="734" y="718"',
      );
      expect(moved).not.toBe(text);
      await writeFile(file, moved);
      const imported = await importModule((await readModuleFrom(`${dir}/module`, limits)).module!, { id: 'game' });
      const scenarios = JSON.parse(String(imported.files.get('scenarios.json'))) as ScenariosFile;
      const atStart = scenarios.scenarios.find((sc) => sc.vassal?.setup === 'at-start stacks')!;
      const onHex = atStart.setup!.filter((p) => p.stack === 'Mos-Can_x3' || p.stack === 'Mos-Inf-N_N');
      expect(onHex.map((p) => p.stack)).toEqual(['Mos-Can_x3', 'Mos-Inf-N_N']);
      expect(onHex[1].hex).toBe(onHex[0].hex);
      const built = (await buildFrom(imported.files)).module;
      const stacks = (root: XmlElement) =>
        find(root, `${V}module.map.SetupStack`)
          .filter((st) => ['Mos-Can_x3', 'Mos-Inf-N_N'].includes(attribute(st, 'name')!))
          .map((st) => [attribute(st, 'name'), attribute(st, 'x'), attribute(st, 'y'), st.children.map((c) => attribute(c, 'entryName'))]);
      // The original's pieces of each stack, now both at the cannon's pixel.
      const expected = stacks(original.root).map(([name, , , pieces]) => [name, '734', '718', pieces]);
      expect(expected).toHaveLength(2);
      expect(stacks(built.root)).toEqual(expected);
    });
  });
});

let kassalaBuilt:
  Promise<{ original: ReadModule; imported: ImportResult; built: ReadModule; builtEntries: Map<string, Uint8Array> }> | undefined;

/** Kassala, its import, and the module built from the imported folder (once for the file). */
function kassala() {
  kassalaBuilt ??= (async () => {
    const original = (await readModuleFrom(fixture(KASSALA), limits)).module!;
    const imported = await importModule(original, { id: 'game' });
    const { module: built, entries: builtEntries } = await buildFrom(imported.files);
    return { original, imported, built, builtEntries };
  })();
  return kassalaBuilt;
}

async function buildFrom(files: ImportResult['files']): Promise<{ module: ReadModule; entries: Map<string, Uint8Array> }> {
  return withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, files);
    const entries = await builtModuleEntries(`${dir}/game`);
    return { module: (await readModule(entries, { source: 'built', limits })).module!, entries };
  });
}

/** Each map's at-start stacks and the folders holding them, as nested lists: "folder <name>" with its contents, "stack <name>". */
function folderLayout(root: XmlElement): unknown[] {
  const layout = (el: XmlElement): unknown[] =>
    el.children.flatMap((c): unknown[] =>
      c.name === `${V}module.folder.MapSubFolder`
        ? [[`folder ${attribute(c, 'name')}`, layout(c)]]
        : c.name === `${V}module.map.SetupStack`
          ? [`stack ${attribute(c, 'name')}`]
          : [],
    );
  return find(root, `${V}module.Map`).flatMap(layout);
}
