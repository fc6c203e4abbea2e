/**
 * What an erratum affects, from what each output declares it reads (Generator.reads: the same
 * declaration by which an incremental build rebuilds an output, enforced as it runs) and the files
 * it declares it writes (Generator.files, enforced the same way). An output is named when the change
 * alters a part of the game it reads, so a new output, or one reading more, is named without any
 * list here to keep up. Finer detail comes from the data where the outputs show it so: the aid cards
 * whose content changes (render/aid-cards, which aids.pdf, aids/<card>.png and the module's charts all
 * draw), and for a unit the counters.pdf pages the component plan puts it on (given by the caller).
 * Pure.
 */
import type { Game } from '../model/game';
import type { Generator } from '../pipeline/generator';
import { outputFile } from '../pipeline/output-files';
import { type GamePart, UNIT_NAMES, effectiveReads, partValue } from '../pipeline/reads';
import { aidCards } from '../render/aid-cards';

/** What diff needs of an output: its id, its reads and its files (pipeline/registry.ts's GENERATORS). */
export type OutputDeclaration = Pick<Generator, 'id' | 'reads' | 'files' | 'cardFile'>;

/** A top-level part of the game, as the outputs' reads name them. */
export type TopPart = Exclude<keyof Game, 'id'>;

export interface Change {
  /** The part of the game the change is in. */
  part: TopPart;
  /** For a unit, the unit before and after (either absent when added or removed): its names decide whether outputs reading the names alone see it. */
  unit?: { before?: Game['units'][number]; after?: Game['units'][number] };
  /** Names what `withSubject` changes, so errata of one subject share its aid-card comparison. */
  subject: string;
  /** The game before with the changed subject as it is after. */
  withSubject: () => Game;
  /** Words after an output's file, by output id: the counters.pdf pages of a unit, the piece or setup in the module. */
  details?: Record<string, string>;
  /** Outputs this change leaves as they are although they read its part (a unit field no counter face prints). */
  unchanged?: readonly string[];
}

const stable = (value: unknown) => JSON.stringify(value) ?? 'absent';

/** The game parts (narrow views included) a change alters. */
function changedParts(change: Change): GamePart[] {
  if (change.part !== 'units' || !change.unit) return [change.part];
  const names = (unit: Game['units'][number] | undefined) => stable(partValue({ units: unit ? [unit] : [] } as unknown as Game, UNIT_NAMES));
  return names(change.unit.before) === names(change.unit.after) ? ['units'] : ['units', UNIT_NAMES];
}

export class AffectedOutputs {
  private readonly cardsBefore: Map<string, string>;
  private readonly cardsBySubject = new Map<string, string[]>();

  constructor(
    private readonly a: Game,
    private readonly gameId: string,
    private readonly outputs: readonly OutputDeclaration[],
  ) {
    this.cardsBefore = cardContents(a);
  }

  /** The aid cards (by id) whose content the change of `change.subject` alters: added, removed or redrawn. */
  private changedCards(change: Change): string[] {
    let cards = this.cardsBySubject.get(change.subject);
    if (!cards) {
      const after = cardContents(change.withSubject());
      cards = [...new Set([...this.cardsBefore.keys(), ...after.keys()])].filter((id) => this.cardsBefore.get(id) !== after.get(id)).sort();
      this.cardsBySubject.set(change.subject, cards);
    }
    return cards;
  }

  /** The output ids the change affects, in build order. */
  outputsOf(change: Change): string[] {
    const parts = new Set<string>(changedParts(change));
    const affected = new Set<string>();
    for (const output of this.outputs) {
      if (change.unchanged?.includes(output.id)) continue;
      const collected = output.reads.outputs ?? [];
      // An output collecting others' files changes exactly when one of them does (its reads are theirs).
      const hit = collected.length > 0 ? collected.some((id) => affected.has(id)) : effectiveReads(output.reads).game.some((p) => parts.has(p));
      if (hit) affected.add(output.id);
    }
    return [...affected];
  }

  /** The affected outputs' files, with what in them the change shows in (pages, cards, module entries). */
  affects(change: Change): string[] {
    const out: string[] = [];
    for (const id of this.outputsOf(change)) {
      const output = this.outputs.find((o) => o.id === id)!;
      const cards = output.cardFile ? this.changedCards(change).map((card) => output.cardFile!(this.gameId, card)) : [];
      for (const pattern of output.files) {
        const file = outputFile(pattern, this.gameId);
        if (file.includes('*')) {
          // A file per card: the cards that changed.
          out.push(...cards.filter((c) => !c.includes(' ')));
          continue;
        }
        const inside = cards.filter((c) => c.startsWith(`${file} `)).map((c) => c.slice(file.length + 1));
        const words = [change.details?.[id], ...inside].filter((w): w is string => w !== undefined);
        out.push(words.length > 0 ? `${file} (${words.join('; ')})` : file);
      }
    }
    return out;
  }
}

/** Each aid card's content by id, as the outputs draw it. */
function cardContents(game: Game): Map<string, string> {
  return new Map(aidCards(game).map((card) => [card.id, stable(card)]));
}
