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

/**
 * A JSON Schema (2020-12) for a query's `input` or `expect`. Plain data, so `hexforge validate`
 * can check checks.json against it and `hexforge engine list` can print it. Strings that name
 * something of the game carry `x-ref` (see input-schema.ts): validate cross-checks them.
 */
export type JsonSchema = Record<string, unknown>;

/**
 * A query with its contract: what it answers, the input it accepts (validated by `hexforge
 * validate`, printed by `hexforge engine list`, read from flags by `hexforge engine <query>`), and
 * the handler. Declare one next to each handler:
 *
 *   export const tpv = defineQuery({
 *     summary: 'Tactical Point Value of a side in one combat (11.3)',
 *     input: object({ units: list(unitRef('the side\'s units')), attacking: bool() }, ['units']),
 *     run: (engine, input) => { … },
 *   });
 *
 * and register it by name as before (`'t3.tpv': tpv`). A bare handler still runs, but its checks'
 * inputs are not validated and `engine list` shows "inputs not declared".
 */
export interface QueryDefinition {
  summary: string;
  input: JsonSchema;
  expect?: JsonSchema;
  /** Command-line flags that stand for an input key of another name (`--terrain` → defenderTerrain). */
  flags?: Record<string, string>;
  /** Input keys the query no longer takes, each with what to do instead (the diagnostic's hint). */
  removed?: Record<string, string>;
  run: QueryHandler;
}

export type QueryEntry = QueryHandler | QueryDefinition;

export function defineQuery(definition: QueryDefinition): QueryDefinition {
  return definition;
}

export function handlerOf(entry: QueryEntry): QueryHandler {
  return typeof entry === 'function' ? entry : entry.run;
}

export function definitionOf(entry: QueryEntry): QueryDefinition | undefined {
  return typeof entry === 'function' ? undefined : entry;
}
