/**
 * What each generator reads, declared next to it and enforced here: a generator runs on a view of
 * the game and of the `--set` settings that lets it see only what it declared, so the declaration
 * an incremental build trusts (an output is reused while what it reads is unchanged) cannot drift
 * from what the code really reads. Reading anything undeclared is a bug and throws.
 */
import type { Game } from '../model/game';
import type { Settings } from '../plan/paper';

/** A top-level part of the resolved game (its `id` is always readable: it names the outputs). */
export type GamePart = Exclude<keyof Game, 'id'>;

export interface Reads {
  /** The parts of the resolved game the generator reads. */
  game: readonly GamePart[];
  /** The `--set` keys the generator reads. */
  settings: readonly string[];
  /** Whether it reads the component plan (which adds what the plan reads, PLAN_READS). */
  plan?: boolean;
  /** Whether it reads the paper settings (which adds what they read, PAPER_READS). */
  paper?: boolean;
}

/** The `--set` keys of the paper settings (src/plan/paper.ts). */
export const PAPER_SETTINGS = ['paper', 'layout', 'pack', 'gutter', 'bleed', 'flip', 'backOffsetX', 'backOffsetY', 'cmyk'] as const;

/** The paper settings read counters.json's `sheet` and the paper `--set` keys. */
export const PAPER_READS: Reads = { game: ['counters'], settings: PAPER_SETTINGS };

/** The component plan places every counter of the game on the sheets, under the paper settings. */
export const PLAN_READS: Reads = { game: ['info', 'map', 'units', 'counters'], settings: PAPER_SETTINGS };

/** Everything a declaration lets its generator read, the plan's and paper's reads included, sorted. */
export function effectiveReads(reads: Reads): { game: GamePart[]; settings: string[] } {
  const all = [reads, ...(reads.plan ? [PLAN_READS] : []), ...(reads.paper ? [PAPER_READS] : [])];
  return {
    game: [...new Set(all.flatMap((r) => r.game))].sort(),
    settings: [...new Set(all.flatMap((r) => r.settings))].sort(),
  };
}

export class UndeclaredReadError extends Error {}

/** A view of `target` that throws on any key not in `allowed` (symbols and `then` pass: runtime probes). */
function guarded<T extends object>(target: T, allowed: ReadonlySet<string>, what: (key: string) => string): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'string' && key !== 'then' && !allowed.has(key)) throw new UndeclaredReadError(what(key));
      return Reflect.get(object, key, receiver);
    },
  });
}

/** The game as `reader` may see it: only the declared parts (and `id`). */
export function guardGame(game: Game, reads: Reads, reader: string): Game {
  const allowed = new Set<string>(['id', ...effectiveReads(reads).game]);
  return guarded(game, allowed, (key) => `${reader} reads game.${key} but its reads do not declare it`);
}

/** The `--set` settings as `reader` may see them: only the declared keys. */
export function guardSettings(settings: Settings, reads: Reads, reader: string): Settings {
  const allowed = new Set(effectiveReads(reads).settings);
  return guarded(settings, allowed, (key) => `${reader} reads --set ${key} but its reads do not declare it`);
}
