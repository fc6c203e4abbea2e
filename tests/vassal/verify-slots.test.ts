/**
 * Units matched to pieces by the palette slot the import recorded: what `verify --module` needs
 * after `hexforge update` changed a piece name that carries a value.
 */
import { describe, expect, it } from 'vitest';
import type { Unit } from '../../src/model/game';
import type { SidecarUnit } from '../../src/vassal/import/sidecar';
import { matchRecordedSlots, type RecordedSlots } from '../../src/vassal/import/verify-slots';

const unit = (id: string, name: string, front: Record<string, number>): Unit =>
  ({ id, side: 'red', type: 'unknown', name, flags: [], count: 1, front, reverse: {}, line: 2 }) as Unit;

/** A slot's record as the import writes it for a name "… a-b" whose two numbers are value1 and value2. */
const slot = (gpid: string, entryName: string, copyOf?: string): SidecarUnit => ({
  gpid,
  entryName,
  path: `PieceWindow[Pieces]/ListWidget[All]/PieceSlot[${entryName}]`,
  frontImage: 'x.png',
  layerImages: [],
  sources: { name: { carrier: 'name' }, value1: { carrier: 'name', group: 0 }, value2: { carrier: 'name', group: 1 } },
  ...(copyOf ? { copyOf } : {}),
});

function matched(units: Unit[], pieces: Unit[], recorded: RecordedSlots): Record<string, string> {
  const match = matchRecordedSlots(units, pieces, recorded, new Set());
  return Object.fromEntries([...match].map(([u, p]) => [u.id, p.id]));
}

describe('units matched by recorded palette slot', () => {
  it('finds the piece whose name changed with its value, though another slot now has that name', () => {
    // The folder: Rifles 4-3 (slot 1) got value1 5 in units.csv; slot 2 was Rifles 5-3 already.
    const units = [unit('rifles-4-3', 'Rifles 4-3', { value1: 5, value2: 3 }), unit('rifles-5-3', 'Rifles 5-3', { value1: 5, value2: 3 })];
    // The updated module read back: both slots are named Rifles 5-3, ids given in palette order.
    const pieces = [
      unit('rifles-5-3', 'Rifles 5-3', { value1: 5, value2: 3 }),
      unit('rifles-5-3-2', 'Rifles 5-3', { value1: 5, value2: 3 }),
    ];
    const recorded = {
      game: { 'rifles-4-3': slot('1', 'Rifles 4-3'), 'rifles-5-3': slot('2', 'Rifles 5-3') },
      module: { 'rifles-5-3': slot('1', 'Rifles 5-3'), 'rifles-5-3-2': slot('2', 'Rifles 5-3') },
    };
    expect(matched(units, pieces, recorded)).toEqual({ 'rifles-4-3': 'rifles-5-3', 'rifles-5-3': 'rifles-5-3-2' });
  });

  it('matches a slot whose value differs from the data (the value check reports it), not a different unit', () => {
    const units = [unit('rifles-4-3', 'Rifles 4-3', { value1: 6, value2: 3 })];
    const recorded = (name: string) => ({ game: { 'rifles-4-3': slot('1', 'Rifles 4-3') }, module: { p: slot('1', name) } });
    expect(matched(units, [unit('p', 'Rifles 5-3', { value1: 5, value2: 3 })], recorded('Rifles 5-3'))).toEqual({ 'rifles-4-3': 'p' });
    // Another word in the name: another unit in that slot.
    expect(matched(units, [unit('p', 'Tanks 5-3', { value1: 5, value2: 3 })], recorded('Tanks 5-3'))).toEqual({});
    // A number the import did not record as a value (here the name's only group is not the unit's values).
    const noValues = { ...slot('1', 'Rifles 4-3'), sources: { name: { carrier: 'name' as const } } };
    const plain = { game: { 'rifles-4-3': noValues }, module: { p: slot('1', 'Rifles 5-3') } };
    expect(matched(units, [unit('p', 'Rifles 5-3', { value1: 5, value2: 3 })], plain)).toEqual({});
  });

  it('keeps slots apart by gpid and by the component holding them', () => {
    const units = [unit('rifles-4-3', 'Rifles 4-3', { value1: 5, value2: 3 })];
    const piece = unit('p', 'Rifles 5-3', { value1: 5, value2: 3 });
    const game = { 'rifles-4-3': slot('1', 'Rifles 4-3') };
    expect(matched(units, [piece], { game, module: { p: slot('7', 'Rifles 5-3') } })).toEqual({});
    const elsewhere = { ...slot('1', 'Rifles 5-3'), path: 'PieceWindow[Pieces]/ListWidget[Other]/PieceSlot[Rifles 5-3]' };
    expect(matched(units, [piece], { game, module: { p: elsewhere } })).toEqual({});
  });

  it('gives each copy of a counter its own piece, and leaves units without a record to the match by name', () => {
    const units = [
      unit('a', 'Rifles 4-3', { value1: 5, value2: 3 }),
      unit('a-2', 'Rifles 4-3', { value1: 5, value2: 3 }),
      unit('added', 'Rifles 4-3', { value1: 5, value2: 3 }),
    ];
    const pieces = ['x', 'y', 'z'].map((id) => unit(id, 'Rifles 5-3', { value1: 5, value2: 3 }));
    const recorded = {
      game: { a: slot('1', 'Rifles 4-3'), 'a-2': slot('1', 'Rifles 4-3', 'a') },
      module: { x: slot('1', 'Rifles 5-3'), y: slot('1', 'Rifles 5-3', 'x'), z: slot('1', 'Rifles 5-3', 'x') },
    };
    expect(matched(units, pieces, recorded)).toEqual({ a: 'x', 'a-2': 'y' });
  });
});
