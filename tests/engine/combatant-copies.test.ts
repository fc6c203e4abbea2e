/** A combat or a stack naming one units.csv counter more often than the counter mix holds it is refused, not answered with its strength counted twice. */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/context';
import { combatants } from '../../src/engine/checks/generic/common';
import { QueryInputError } from '../../src/engine/checks/input';
import { stack } from '../../src/engine/checks/generic/stack';
import type { Unit } from '../../src/model/game';

const units: Record<string, Partial<Unit>> = {
  tank: { id: 'tank', side: 'red', count: 1, front: { attack: 7 } },
  rifles: { id: 'rifles', side: 'red', count: 2, front: { attack: 2 } },
};
const engine = { unit: (id: string) => units[id] } as unknown as Engine;

describe('combatants: copies of a counter', () => {
  it('refuses a counter named twice when the mix holds one', () => {
    expect(() => combatants(engine, ['tank', 'tank'], 'attackers')).toThrow(QueryInputError);
    expect(() => combatants(engine, ['tank', { unit: 'tank', halved: 1 }], 'attackers')).toThrow(
      'input.attackers names unit "tank" 2 times, but the counter mix holds one of it',
    );
  });

  it('takes as many copies as units.csv count gives, and no more', () => {
    expect(combatants(engine, ['rifles', 'rifles', 'tank'], 'attackers')).toHaveLength(3);
    expect(() => combatants(engine, ['rifles', { unit: 'rifles' }, 'rifles'], 'defenders')).toThrow(
      'input.defenders names unit "rifles" 3 times, but the counter mix holds 2 of it',
    );
  });

  it('lets an inline (hypothetical) unit fight any number of times', () => {
    const inline = { side: 'red', type: 'infantry', front: { attack: 3 } };
    expect(combatants(engine, [{ unit: inline }, { unit: inline }, inline], 'attackers')).toHaveLength(3);
  });
});

describe('stack: copies of a counter', () => {
  it('refuses a counter stacked more often than the mix holds it, counts included', () => {
    expect(() => stack.run(engine, { side: 'red', units: ['tank', 'tank'] })).toThrow(
      'input.units names unit "tank" 2 times, but the counter mix holds one of it',
    );
    expect(() => stack.run(engine, { side: 'red', units: ['rifles', { unit: 'rifles', count: 2 }] })).toThrow(
      'input.units names unit "rifles" 3 times, but the counter mix holds 2 of it',
    );
  });
});
