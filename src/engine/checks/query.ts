/** What every engine query returns, and the registry type the runner dispatches on. */
import type { Engine } from '../context';
import type { Input } from './input';

export interface QueryAnswer {
  /** The engine's answer in the query's terms (compared with the check's `expect`). */
  actual: unknown;
  reasoning: string[];
  /** Set when the engine cannot answer: a rule it does not implement or a value the data lacks. */
  unsupported?: string;
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
