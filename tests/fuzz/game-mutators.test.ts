/**
 * The game-folder mutators edit what their oracles say they edit: a CSV cell after a quoted field
 * (commas, quotes and line breaks inside it), a raw number text JSON cannot hold. Checked with
 * csv-parse and JSON.parse, not with the mutators' own reader.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { readFolderFiles } from '../../scripts/fuzz/campaign';
import { applyGameEdits, type GameBase, type GameEdit } from '../../scripts/fuzz/game-mutators';
import type { Diagnostic } from '../../src/diagnostics';
import { runCli } from '../cli/run-cli';

const ROOT = path.join(__dirname, '..', '..');
const KURSK = path.join(ROOT, 'data', 'kursk');
const scratch = mkdtempSync(path.join(tmpdir(), 'hexforge-mutators-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function edited(base: GameBase, edits: GameEdit[], file: string): string {
  return decoder.decode(applyGameEdits(base, edits).files.get(file));
}

async function validateEdited(base: GameBase, edits: GameEdit[], name: string): Promise<Diagnostic[]> {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  for (const [file, bytes] of applyGameEdits(base, edits).files) writeFileSync(path.join(dir, file), bytes);
  const result = await runCli(['validate', '--json', dir]);
  expect(result.code).toBe(1);
  return result.stdout
    .split('\n')
    .map((l) => JSON.parse(l) as Diagnostic)
    .filter((d) => d.severity === 'error');
}

describe('CSV cell edits', () => {
  const csv = 'id,notes,attack\r\na,"one, two ""three""\nfour",3\r\nb,plain,4\r\n';
  const base: GameBase = { name: 'csv', files: new Map([['units.csv', encoder.encode(csv)]]) };

  it('replace the cell of the record and column named, past a quoted field holding commas, quotes and a line break', () => {
    const text = edited(base, [{ op: 'csv-cell', file: 'units.csv', row: 1, column: 2, text: '-7' }], 'units.csv');
    expect(text).toBe('id,notes,attack\r\na,"one, two ""three""\nfour",-7\r\nb,plain,4\r\n');
    expect(parse(text)).toEqual([
      ['id', 'notes', 'attack'],
      ['a', 'one, two "three"\nfour', '-7'],
      ['b', 'plain', '4'],
    ]);
  });

  it('add a column to every record, copying a quoted cell whole', () => {
    const text = edited(base, [{ op: 'csv-column', file: 'units.csv', name: 'notes', copyOf: 1 }], 'units.csv');
    expect(parse(text, { relax_column_count: true })).toEqual([
      ['id', 'notes', 'attack', 'notes'],
      ['a', 'one, two "three"\nfour', '3', 'one, two "three"\nfour'],
      ['b', 'plain', '4', 'plain'],
    ]);
  });

  it("kursk: a negative attack written into a unit whose notes are quoted is that unit's attack, and refused", async () => {
    const kursk: GameBase = { name: 'kursk', files: readFolderFiles(KURSK) };
    const edit: GameEdit = { op: 'csv-cell', file: 'units.csv', row: 42, column: 14, text: '-7', mustReject: 'negative strength' };
    const rows = parse(edited(kursk, [edit], 'units.csv')) as string[][];
    const before = parse(readFileSync(path.join(KURSK, 'units.csv'))) as string[][];
    expect(rows[0][14]).toBe('attack');
    expect(rows[42][0]).toBe('ger-3pzk-hq');
    expect(rows[42][14]).toBe('-7');
    expect(rows.map((r, i) => (i === 42 ? [...r.slice(0, 14), ...r.slice(15)] : r))).toEqual(
      before.map((r, i) => (i === 42 ? [...r.slice(0, 14), ...r.slice(15)] : r)),
    );
    // Record 42 is line 43: no record before it spans two lines.
    const errors = await validateEdited(kursk, [edit], 'kursk-negative-attack');
    expect(errors.some((d) => d.file?.endsWith('units.csv') && d.line === 43)).toBe(true);
  });
});

describe('raw number edits', () => {
  it('write the number text itself (1e400), which JSON reads as infinity, and validate refuses it', async () => {
    const kursk: GameBase = { name: 'kursk', files: readFolderFiles(KURSK) };
    const edit: GameEdit = {
      op: 'json-set',
      file: 'game.json',
      pointer: '/systemRules/spi-kursk/overrunMovementPoints/value',
      raw: '-1e400',
    };
    const text = edited(kursk, [edit], 'game.json');
    expect(text).toMatch(/"value": -1e400\b/);
    const value = JSON.parse(text) as { systemRules: Record<string, { overrunMovementPoints: { value: number } }> };
    expect(value.systemRules['spi-kursk'].overrunMovementPoints.value).toBe(-Infinity);
    const errors = await validateEdited(kursk, [edit], 'kursk-raw-number');
    expect(errors.map((d) => [path.basename(d.file ?? ''), d.code])).toContainEqual(['game.json', 'schema/number-range']);
  });
});
