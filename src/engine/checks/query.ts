/** What every engine query returns, and the registry type the runner dispatches on. */
import type { Engine } from '../context';
import type { Input } from './input';

export interface QueryAnswer {
  /** The engine's answer in the query's terms (compared with the check's `expect`). */
  actual: unknown;
  reasoning: string[];
  /** Set when the engine cannot answer because it does not implement the rule. */
  unsupported?: string;
  /**
   * Set when the rule is implemented but the answer needs a value the source does not give (a
   * declared unknown): the check can only be decided once the data states it.
   */
  gap?: string;
  /**
   * Keys of the answer the engine could not determine (a table cell the data does not give): a
   * check expecting any of them is unsupported; one expecting only the rest is still compared.
   */
  unknownKeys?: { keys: string[]; reason: string };
  /** Comparison when "every stated key equal" is not the right one (sets, includes/excludes). */
  compare?: (expect: Record<string, unknown>, actual: unknown) => boolean;
}

export type QueryHandler = (engine: Engine, input: Input) => QueryAnswer;

export function unsupported(reason: string, reasoning: string[] = []): QueryAnswer {
  return { actual: null, reasoning, unsupported: reason };
}

/** The answer needs a value the source does not give; `reason` names it. */
export function knownGap(reason: string, reasoning: string[] = []): QueryAnswer {
  return { actual: null, reasoning, gap: reason };
}
