/** Generators see only what they declare reading, so the declaration an incremental build trusts is the truth. */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/model/game';
import { inputsDigest, partsDigest } from '../../src/pipeline/inputs-digest';
import { COUNTER_SHEET, UNIT_NAMES, UndeclaredReadError, guardGame, guardSettings, unguarded } from '../../src/pipeline/reads';

const unit = { id: 'u1', side: 'red', name: 'First', designation: '1', front: { attack: 4 } };
const game = { id: 'g', info: { title: 'G' }, map: { hexes: [] }, units: [unit], tables: [] } as unknown as Game;
const scope = { codeStamp: 'code', epoch: 0 };

describe('declared reads', () => {
  it('a generator reading an undeclared part of the game or setting is stopped', () => {
    const view = guardGame(game, { game: ['info'], settings: [] }, 'the test output');
    expect(view.id).toBe('g');
    expect(view.info).toBe(game.info);
    expect(() => view.map).toThrow(UndeclaredReadError);
    expect(() => ({ ...view })).toThrow(/the test output reads game\.map/);
    const settings = guardSettings({ tile: true, paper: 'a4' }, { game: [], settings: ['tile'] }, 'the test output');
    expect(settings.tile).toBe(true);
    expect(() => settings.paper).toThrow(/--set paper/);
  });

  it('the paper and plan declarations open what the paper settings and the plan read', () => {
    const view = guardGame(game, { game: [], settings: [], paper: true }, 'x');
    expect(() => view.counters).not.toThrow();
    expect(() => view.units).toThrow(UndeclaredReadError);
    expect(guardGame(game, { game: [], settings: [], plan: true }, 'x').units).toBe(game.units);
  });

  it("a reader of unit names sees names, not values, and its digest ignores a value's change", () => {
    const reads = { game: [UNIT_NAMES], settings: [] } as const;
    const [seen] = guardGame(game, reads, 'the names output').units;
    expect(seen.name).toBe('First');
    expect(() => seen.front).toThrow(/reads a unit's front/);
    const stronger = { ...game, units: [{ ...unit, front: { attack: 5 } }] } as unknown as Game;
    const renamed = { ...game, units: [{ ...unit, name: 'Second' }] } as unknown as Game;
    expect(inputsDigest(stronger, {}, reads, scope)).toBe(inputsDigest(game, {}, reads, scope));
    expect(inputsDigest(renamed, {}, reads, scope)).not.toBe(inputsDigest(game, {}, reads, scope));
    const values = { game: ['units'], settings: [] } as const;
    expect(inputsDigest(stronger, {}, values, scope)).not.toBe(inputsDigest(game, {}, values, scope));
  });

  it("a reader of the paper settings sees counters.json's sheet, not its markers, and its digest ignores a marker's change", () => {
    const counters = { sheet: { paper: 'a4' }, markers: [{ id: 'vp' }] };
    const withCounters = { ...game, counters } as unknown as Game;
    const reads = { game: [], settings: [], paper: true } as const;
    const view = guardGame(withCounters, reads, 'the map');
    expect(view.counters.sheet).toEqual({ paper: 'a4' });
    expect(() => view.counters.markers).toThrow(/the map reads counters\.markers but declares only counters\.sheet/);
    const marker = { ...game, counters: { ...counters, markers: [{ id: 'vp', text: 'VP' }] } } as unknown as Game;
    const sheet = { ...game, counters: { ...counters, sheet: { paper: 'letter' } } } as unknown as Game;
    expect(inputsDigest(marker, {}, reads, scope)).toBe(inputsDigest(withCounters, {}, reads, scope));
    expect(inputsDigest(sheet, {}, reads, scope)).not.toBe(inputsDigest(withCounters, {}, reads, scope));
    expect(inputsDigest(marker, {}, { game: [COUNTER_SHEET], settings: [] }, scope)).toBe(
      inputsDigest(withCounters, {}, { game: [COUNTER_SHEET], settings: [] }, scope),
    );
  });

  it('the digest covers the declared settings, the code and the date, nothing else', () => {
    const reads = { game: ['info'], settings: ['tile'] } as const;
    const base = inputsDigest(game, { tile: true }, reads, scope);
    expect(inputsDigest(game, { tile: true, paper: 'a4' }, reads, scope)).toBe(base);
    expect(inputsDigest(game, { tile: false }, reads, scope)).not.toBe(base);
    expect(inputsDigest(game, { tile: true }, reads, { ...scope, codeStamp: 'other' })).not.toBe(base);
    expect(inputsDigest(game, { tile: true }, reads, { ...scope, epoch: 1 })).not.toBe(base);
    expect(inputsDigest({ ...game, units: [] }, { tile: true }, reads, scope)).toBe(base);
  });

  it("every output's view digests the game's parts as the game itself does, and a view never sees past its reads", () => {
    const names = guardGame(game, { game: [UNIT_NAMES, 'info'], settings: [] }, 'the names output');
    const nested = guardGame(names, { game: ['info'], settings: [] }, 'the aids');
    expect(unguarded(names)).toBe(game);
    expect(unguarded(nested)).toBe(game);
    expect(unguarded(game)).toBe(game);
    expect(() => nested.map).toThrow(UndeclaredReadError);
    const reads = { game: ['info', UNIT_NAMES], settings: [] } as const;
    expect(inputsDigest(names, {}, reads, scope)).toBe(inputsDigest(game, {}, reads, scope));
    expect(partsDigest(nested, ['info', 'map'])).toBe(partsDigest(game, ['info', 'map']));
    // Each part counts: another map, or the parts named in another order, is another key.
    const otherMap = { ...game, map: { hexes: [{ id: '0101' }] } } as unknown as Game;
    expect(partsDigest(otherMap, ['info', 'map'])).not.toBe(partsDigest(game, ['info', 'map']));
    expect(partsDigest(game, ['map', 'info'])).not.toBe(partsDigest(game, ['info', 'map']));
  });
});
