/**
 * The names a command-line question gives (a weather, a side, a table…) against the game: the
 * input schema marks each with `x-ref`, and one the game does not declare is refused with a
 * did-you-mean rather than read as "no such condition" (--weather blizzard answered as if clear).
 * Units and hexes are refused by the engine itself, which looks them up.
 */
import type { FoundRef } from '../data/check-query-ids';
import { turnSpan } from '../data/crossref-scenarios';
import { closestName } from '../data/did-you-mean';
import type { PhaseFile } from '../model/files';
import type { Game } from '../model/game';

function phaseIds(phases: readonly PhaseFile[] | undefined, into: string[] = []): string[] {
  for (const p of phases ?? []) {
    into.push(p.id);
    phaseIds(p.steps, into);
  }
  return into;
}

/** Ref kinds whose schema name is not the word a message should use. */
const NOUNS: Record<string, string> = { movementClass: 'movement class', unitType: 'unit type', tableModifier: 'modifier' };

/** Ids a ref kind may name, with the file that declares them; undefined for kinds checked elsewhere. */
function declared(game: Game, kind: string): { ids: string[]; where: string } | undefined {
  const ids = (list: ReadonlyArray<{ id: string }> | undefined) => (list ?? []).map((x) => x.id);
  switch (kind) {
    case 'weather':
      return { ids: ids(game.info.weather), where: 'game.json weather' };
    case 'side':
      return { ids: ids(game.info.sides), where: 'game.json sides' };
    case 'scenario':
      return { ids: ids(game.scenarios), where: 'scenarios.json' };
    case 'table':
      return { ids: ids(game.tables), where: 'tables.json' };
    case 'tableModifier':
      // Any table's: one no table declares is a misspelling, not a gap in the data.
      return { ids: [...new Set(game.tables.flatMap((t) => ids(t.modifiers)))], where: 'tables.json modifiers' };
    case 'movementClass':
      return { ids: ids(game.info.movementClasses), where: 'game.json movementClasses' };
    case 'unitType':
      return { ids: ids(game.info.unitTypes), where: 'game.json unitTypes' };
    case 'terrain':
      return { ids: ids(game.terrain), where: 'terrain.json' };
    case 'phase':
      return { ids: phaseIds(game.tracks.sequence), where: 'tracks.json sequence' };
    default:
      return undefined;
  }
}

/** One problem per name the game does not declare, the input named as its flag by `flagOf`. */
export function unknownNames(
  game: Game,
  refs: readonly FoundRef[],
  flagOf: (pointer: string) => string,
): Array<{ message: string; hint: string }> {
  const problems: Array<{ message: string; hint: string }> = [];
  for (const ref of refs) {
    const known = declared(game, ref.kind);
    if (!known || known.ids.includes(ref.value)) continue;
    const near = closestName(ref.value, known.ids);
    problems.push({
      message: `${flagOf(ref.pointer)}: ${game.id} has no ${NOUNS[ref.kind] ?? ref.kind} "${ref.value}" (${known.where})`,
      hint: near ? `did you mean ${near}?` : known.ids.length ? `one of ${known.ids.join(', ')}` : `${known.where} declares none`,
    });
  }
  return problems;
}

/** A `turn` the turn track (tracks.json turns) does not hold: no play reaches it. */
export function turnOffTrack(game: Game, input: Record<string, unknown>): Array<{ message: string; hint: string }> {
  const turns = game.tracks.turns.map((t) => t.turn);
  if (typeof input.turn !== 'number' || turns.length === 0 || turns.includes(input.turn)) return [];
  return [
    {
      message: `--turn: ${game.id} has no turn ${input.turn} (tracks.json turns)`,
      hint: `a turn of the track, ${turnSpan(turns).join('…')}`,
    },
  ];
}
