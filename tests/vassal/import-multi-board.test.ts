/**
 * Maps of several boards survive import → build → import (./multi-board-kit.ts: a 2×1 game map
 * whose hex board is in the second column, or in the first (the other board's origin in the built
 * module is then its drawn map's width), a 1×2 map with an edge, boards of different sizes): the
 * import keeps each board with its size and cell (map.json `boards` `column`, `row`) and each
 * position off the hexes as its board pixel, from at-start stacks and from a saved game (map
 * pixels read on the board they fall on); the folder validates; the module built from it lays the
 * boards out alike, so its import is the first import again and `verify --module` finds nothing.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { withTempDir } from './import-fixtures';
import { BOARDS, HEXES_FIRST, type KitBoard, STANDS, multiBoardModuleEntries } from './multi-board-kit';
import { dataFiles, importEntries as importAs, jsonOf as json, moduleVerifier, placedWhere, rebuilt } from './rebuild-kit';

const importEntries = (entries: Map<string, Uint8Array>) => importAs(entries, 'boards');

/** map.json `boards` as the kit lays them out: the game map's board of the hexes first (its size is its picture's, not kept), each in its cell. */
function expectedBoards(boards: readonly KitBoard[]): unknown[] {
  const hexes = boards.find((b) => b.name === 'Hexes')!;
  return [hexes, ...boards.filter((b) => b !== hexes)].map((b) => ({
    name: b.name,
    map: b.map,
    ...(b === hexes ? {} : { width: b.width, height: b.height }),
    ...(b.column !== 0 ? { column: b.column } : {}),
    ...(b.row !== 0 ? { row: b.row } : {}),
  }));
}

describe.each([
  ['at-start stacks', true, 'the hex board second', BOARDS],
  ['a saved game', false, 'the hex board second', BOARDS],
  ['at-start stacks', true, 'the hex board first', HEXES_FIRST],
  ['a saved game', false, 'the hex board first', HEXES_FIRST],
])('maps of several boards, from %s, %s', (_, atStart, __, boards) => {
  it('keeps every board in its cell and each position on its board, validates, rebuilds to the same data, and verify finds nothing', async () => {
    const entries = await multiBoardModuleEntries(atStart, boards);
    const first = await importEntries(entries);
    expect(validateGameFiles('boards', first.files).filter((d) => d.severity === 'error')).toEqual([]);
    expect(first.summary.placements).toEqual({ total: 6, located: 6, listed: 6 });

    // From the kit: a hex where the hex board's grid names one, else the board's box and pixel.
    const map = json(first, 'map.json');
    const where = placedWhere(first);
    const expected = Object.fromEntries(
      STANDS.map((s) => [s.unit.toLowerCase().replace(' ', '-'), s.hex ?? [s.board, { board: s.board, x: s.x, y: s.y }]]),
    );
    expect(where).toEqual(expected);
    expect(map.boards).toEqual(expectedBoards(boards));

    await withTempDir(async (dir) => {
      const { built, second, game } = await rebuilt(dir, first, 'boards');
      expect(dataFiles(second)).toEqual(dataFiles(first));

      // verify --module: the built module against the folder, and the source module against its own import.
      for (const [result, moduleEntries, name] of [
        [second, built, 'built'],
        [first, entries, 'source'],
      ] as const) {
        const verify = await moduleVerifier(path.join(dir, `module-${name}`), result, moduleEntries);
        expect(verify(game)).toEqual([]);
      }
    });
  }, 120_000);
});

type BoardEdit = Record<string, unknown>;

/** The imported folder's validation errors, as "code file:line" and messages, with map.json's boards edited by `edit` (by name). */
async function boardErrors(edit: (board: (name: string) => BoardEdit) => void): Promise<{ lines: string[]; messages: string[] }> {
  const files = new Map((await importEntries(await multiBoardModuleEntries(true))).files);
  const map = JSON.parse(files.get('map.json') as string);
  edit((name) => map.boards.find((b: { name: string }) => b.name === name));
  files.set('map.json', JSON.stringify(map, null, 2));
  const errors = validateGameFiles('boards', files).filter((d) => d.severity === 'error');
  return {
    lines: errors.map((d) => `${d.code} ${path.basename(d.file ?? '')}:${d.line !== undefined ? 'line' : 'no line'}`),
    messages: errors.map((d) => d.message),
  };
}

describe('validate checks the cells and windows of boards', () => {
  it('two boards of one map in one cell are an error at the board', async () => {
    const { lines, messages } = await boardErrors((board) => delete board('East').row);
    expect(lines).toEqual(['map/board-cell-taken map.json:line']);
    expect(messages[0]).toBe(
      'board "East" of map "Europe" lies in column 0, row 0, where board "West" lies (/boards/2); VASSAL lays out one board per cell',
    );
  }, 60_000);

  it('boards of one map shown in different places are an error at the board', async () => {
    // Both boards in one chart window and tab validate; East in a window of its own does not.
    const together = await boardErrors((board) => {
      Object.assign(board('West'), { window: 'Charts' });
      Object.assign(board('East'), { window: 'Charts', tab: 'Europe' });
    });
    expect(together.lines).toEqual([]);
    const { lines, messages } = await boardErrors((board) => Object.assign(board('West'), { window: 'Charts' }));
    expect(lines).toEqual(['map/board-window-differs map.json:line']);
    expect(messages[0]).toBe(
      'board "East" shows map "Europe" in a window of its own, board "West" (/boards/2) in chart window "Charts", tab "Europe"; VASSAL shows a map in one place',
    );
  }, 60_000);
});
