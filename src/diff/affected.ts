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
import { AID_CARD_READS, COUNTER_SHEET, type GamePart, PART_VIEWS, effectiveReads, partValue } from '../pipeline/reads';
import { aidCards } from '../render/aid-cards';

/** What diff needs of an output: its id, its reads and its files (pipeline/registry.ts's GENERATORS). */
export type OutputDeclaration = Pick<Generator, 'id' | 'reads' | 'files' | 'cardFile'>;

/** A top-level part of the game, as the outputs' reads name them. */
export type TopPart = Exclude<keyof Game, 'id'>;

export interface Change {
  /** The part of the game the change is in. */
  part: TopPart;
  /**
   * For a unit, the unit before and after the change (either absent when added or removed): what
   * the narrower views of the units show is compared on it alone. Other parts are compared as
   * `withSubject` has them.
   */
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

/** The game parts a change alters: its part, and each narrower view of it (pipeline/reads.ts) that shows the change. */
function changedParts(a: Game, change: Change): GamePart[] {
  const views = (Object.keys(PART_VIEWS) as (keyof typeof PART_VIEWS)[]).filter((view) => PART_VIEWS[view] === change.part);
  if (views.length === 0) return [change.part];
  const unitsOnly = (unit: Game['units'][number] | undefined) => ({ units: unit ? [unit] : [] }) as unknown as Game;
  const [before, after] = change.unit ? [unitsOnly(change.unit.before), unitsOnly(change.unit.after)] : [a, change.withSubject()];
  return [change.part, ...views.filter((view) => stable(partValue(before, view)) !== stable(partValue(after, view)))];
}

/** The game parts the aid cards are drawn from: a change to none of them redraws no card. */
const AID_CARD_PARTS: ReadonlySet<GamePart> = new Set(effectiveReads(AID_CARD_READS).game);

export class AffectedOutputs {
  private readonly cardsBefore: Map<string, string>;
  private readonly cardsBySubject = new Map<string, string[]>();
  /** Each output's game parts, the plan's and paper's included, worked out once. */
  private readonly partsRead: Map<string, readonly GamePart[]>;

  constructor(
    private readonly a: Game,
    private readonly gameId: string,
    private readonly outputs: readonly OutputDeclaration[],
  ) {
    this.cardsBefore = cardContents(a);
    this.partsRead = new Map(outputs.map((output) => [output.id, effectiveReads(output.reads).game]));
  }

  /** The aid cards (by id) whose content the change of `change.subject` alters: added, removed or redrawn. */
  private changedCards(change: Change, parts: ReadonlySet<GamePart>): string[] {
    if (![...parts].some((part) => AID_CARD_PARTS.has(part))) return [];
    let cards = this.cardsBySubject.get(change.subject);
    if (!cards) {
      const after = cardContents(change.withSubject());
      cards = [...new Set([...this.cardsBefore.keys(), ...after.keys()])].filter((id) => this.cardsBefore.get(id) !== after.get(id)).sort();
      this.cardsBySubject.set(change.subject, cards);
    }
    return cards;
  }

  /** The output ids the change (altering `parts`) affects, in build order. */
  private outputsOf(change: Change, parts: ReadonlySet<GamePart>): string[] {
    const affected = new Set<string>();
    for (const output of this.outputs) {
      if (change.unchanged?.includes(output.id)) continue;
      const collected = output.reads.outputs ?? [];
      // An output collecting others' files changes exactly when one of them does (its reads are theirs).
      const hit =
        collected.length > 0 ? collected.some((id) => affected.has(id)) : this.partsRead.get(output.id)!.some((p) => parts.has(p));
      if (hit) affected.add(output.id);
    }
    return [...affected];
  }

  /** The affected outputs' files, with what in them the change shows in (pages, cards, module entries). */
  affects(change: Change): string[] {
    const parts = new Set(changedParts(this.a, change));
    const out: string[] = [];
    for (const id of this.outputsOf(change, parts)) {
      const output = this.outputs.find((o) => o.id === id)!;
      const cards = output.cardFile ? this.changedCards(change, parts).map((card) => output.cardFile!(this.gameId, card)) : [];
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

/** Each aid card by id, with what lays it out: its content and the paper (cards are laid out for its width). */
function cardContents(game: Game): Map<string, string> {
  const paper = partValue(game, COUNTER_SHEET);
  return new Map(aidCards(game).map((card) => [card.id, stable([card, paper])]));
}
