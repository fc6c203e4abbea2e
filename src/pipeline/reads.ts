/**
 * What each generator reads, declared next to it and enforced here: a generator runs on a view of
 * the game and of the `--set` settings that lets it see only what it declared, so the declaration
 * an incremental build trusts (an output is reused while what it reads is unchanged) cannot drift
 * from what the code really reads. Reading anything undeclared is a bug and throws.
 */
import type { Game } from '../model/game';
import type { Settings } from '../plan/paper';

/**
 * A top-level part of the resolved game (its `id` is always readable: it names the outputs), or a
 * narrower view of one (UNIT_NAMES, COUNTER_SHEET), so that an output naming units is not rebuilt
 * for their values, nor one printed on paper for a marker.
 */
export type GamePart = Exclude<keyof Game, 'id'> | typeof UNIT_NAMES | typeof COUNTER_SHEET;

/** The units with only what names them: `game.units` whose items show these fields alone. */
export const UNIT_NAMES = 'units.names';
const UNIT_NAME_FIELDS = ['id', 'side', 'name', 'designation'] as const;

/** counters.json's `sheet` alone (the paper settings' defaults): `game.counters` showing only `sheet`. */
export const COUNTER_SHEET = 'counters.sheet';

/** Each narrower view, by the top-level part it shows some of. */
export const PART_VIEWS: Readonly<Record<typeof UNIT_NAMES | typeof COUNTER_SHEET, Exclude<keyof Game, 'id'>>> = {
  [UNIT_NAMES]: 'units',
  [COUNTER_SHEET]: 'counters',
};

/** The value of a part as its reader sees it (a view keeps only its fields). */
export function partValue(game: Game, part: GamePart): unknown {
  // Art is known by its bytes' digest: hashing the digests is enough, and far cheaper.
  if (part === 'art') return Object.values(game.art ?? {}).map((a) => [a.path, a.sha256]);
  if (part === COUNTER_SHEET) return (game.counters as Game['counters'] | undefined)?.sheet;
  if (part !== UNIT_NAMES) return game[part];
  return game.units.map((unit) => UNIT_NAME_FIELDS.map((field) => unit[field]));
}

export interface Reads {
  /** The parts of the resolved game the generator reads. */
  game: readonly GamePart[];
  /** The `--set` keys the generator reads. */
  settings: readonly string[];
  /** Whether it reads the component plan (which adds what the plan reads, PLAN_READS). */
  plan?: boolean;
  /** Whether it reads the paper settings (which adds what they read, PAPER_READS). */
  paper?: boolean;
  /** The outputs whose files it reads (by generator id): they are built before it, in the same build. */
  outputs?: readonly string[];
}

/**
 * What a generator collecting other outputs' files reads: everything they read, so it is built again
 * exactly when one of them is, and their ids as its `outputs`.
 */
export function readsOfOutputs(outputs: readonly { id: string; reads: Reads }[]): Reads {
  const all = outputs.map((o) => effectiveReads(o.reads));
  return {
    game: [...new Set(all.flatMap((r) => r.game))].sort(),
    settings: [...new Set(all.flatMap((r) => r.settings))].sort(),
    plan: outputs.some((o) => o.reads.plan),
    paper: outputs.some((o) => o.reads.paper),
    outputs: outputs.map((o) => o.id),
  };
}

/** The `--set` keys of the paper settings (src/plan/paper.ts). */
export const PAPER_SETTINGS = ['paper', 'layout', 'pack', 'gutter', 'bleed', 'flip', 'backOffsetX', 'backOffsetY', 'cmyk'] as const;

/** The paper settings read counters.json's `sheet` and the paper `--set` keys. */
export const PAPER_READS: Reads = { game: [COUNTER_SHEET], settings: PAPER_SETTINGS };

/**
 * The component plan places every counter of the game on the sheets, under the paper settings; its
 * map geometry reads the terrain too (the key band lists every terrain).
 */
export const PLAN_READS: Reads = { game: ['info', 'map', 'terrain', 'units', 'counters', 'art'], settings: PAPER_SETTINGS };

/**
 * What one unit's counter (its layout and both face plans) reads of the game besides the unit: the
 * plan works each unit's counter out on a view of these parts alone, so the faces kept between
 * builds by the unit and these parts (counter-faces.ts) cannot miss an input.
 */
export const UNIT_COUNTER_READS: Reads = { game: ['info', 'counters', 'art'], settings: [] };

/**
 * What the aid cards (render/aid-cards.ts) are drawn from: the aids output, whose content they are,
 * declares exactly this, so the guard holds the cards to it (the chit card reads counters.json's
 * chits; the schedules name units). A change to none of these parts leaves every card as it was.
 */
export const AID_CARD_READS: Reads = {
  game: ['info', 'map', 'terrain', UNIT_NAMES, 'counters', 'tables', 'tracks', 'scenarios'],
  settings: ['citations'],
  paper: true,
};

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

/** The resolved game behind each view guardGame made. */
const viewed = new WeakMap<Game, Game>();

/**
 * The resolved game a view of guardGame shows (the game itself when it is none): what is computed
 * once per game and kept by it (the parts' digests) is then shared by every output's view.
 */
export function unguarded(game: Game): Game {
  return viewed.get(game) ?? game;
}

/** The game as `reader` may see it: only the declared parts (and `id`). */
export function guardGame(game: Game, reads: Reads, reader: string): Game {
  const parts = effectiveReads(reads).game;
  const allowed = new Set<string>(['id', ...parts]);
  const view = guarded(game, allowed, (key) => `${reader} reads game.${key} but its reads do not declare it`);
  viewed.set(view, unguarded(game));
  // A part seen only through a narrower view is replaced by that view.
  const narrowed = new Map<string, unknown>();
  if (!allowed.has('units') && allowed.has(UNIT_NAMES)) {
    const fields = new Set<string>(UNIT_NAME_FIELDS);
    narrowed.set(
      'units',
      game.units.map((unit) => guarded(unit, fields, (key) => `${reader} reads a unit's ${key} but declares only ${UNIT_NAMES}`)),
    );
  }
  if (!allowed.has('counters') && allowed.has(COUNTER_SHEET)) {
    const counters = game.counters as Game['counters'] | undefined;
    narrowed.set(
      'counters',
      counters && guarded(counters, new Set(['sheet']), (key) => `${reader} reads counters.${key} but declares only ${COUNTER_SHEET}`),
    );
  }
  if (narrowed.size === 0) return view;
  const narrow = new Proxy(view, {
    get: (target, key, receiver) => (typeof key === 'string' && narrowed.has(key) ? narrowed.get(key) : Reflect.get(target, key, receiver)),
  });
  viewed.set(narrow, unguarded(game));
  return narrow;
}

/** The `--set` settings as `reader` may see them: only the declared keys. */
export function guardSettings(settings: Settings, reads: Reads, reader: string): Settings {
  const allowed = new Set(effectiveReads(reads).settings);
  return guarded(settings, allowed, (key) => `${reader} reads --set ${key} but its reads do not declare it`);
}
