/**
 * Runs a check (checks.json) against the engine: dispatches its query, compares the answer with
 * `expect`, and says why. An erratum check (the example contradicts the rule text) passes when the
 * engine gives the rule text's answer and is reported as "erratum" with both readings.
 */
import type { CheckFile } from '../../model/files';
import type { Game } from '../../model/game';
import { engineFor } from '../context';
import { matches } from './compare';
import { queryCatalog } from './catalog';
import { QueryInputError, numberProblems } from './input';
import type { QueryHandler } from './query';

/**
 * `gap`: the engine implements the rule, but the answer needs a value the rulebook does not give
 * (declared unknown in the data). It is neither a pass nor a failure, and verify lists it.
 */
export type CheckStatus = 'pass' | 'fail' | 'erratum' | 'gap' | 'unsupported';

export interface CheckOutcome {
  status: CheckStatus;
  actual: unknown;
  reasoning: string[];
}

/** Every query by name, generic and per system (catalog.ts has their declarations). */
export const QUERIES: Readonly<Record<string, QueryHandler>> = Object.fromEntries([...queryCatalog()].map(([name, e]) => [name, e.run]));

export function runCheck(game: Game, check: CheckFile): CheckOutcome {
  const handler = Object.prototype.hasOwnProperty.call(QUERIES, check.query) ? QUERIES[check.query] : undefined;
  if (!handler) return { status: 'unsupported', actual: null, reasoning: [`the engine has no query "${check.query}"`] };
  const huge = numberProblems(check.input ?? {});
  if (huge.length)
    return { status: 'fail', actual: null, reasoning: huge.map((p) => `bad input: input${p.pointer.replace(/\//g, '.')}: ${p.message}`) };
  let answer;
  try {
    answer = handler(engineFor(game), check.input ?? {});
  } catch (error) {
    if (error instanceof QueryInputError) return { status: 'fail', actual: null, reasoning: [`bad input: ${error.message}`] };
    throw error;
  }
  const reasoning = [...answer.reasoning];
  if (answer.unsupported)
    return { status: 'unsupported', actual: answer.actual, reasoning: [...reasoning, `cannot answer: ${answer.unsupported}`] };
  if (answer.gap) return { status: 'gap', actual: answer.actual, reasoning: [...reasoning, `known gap: ${answer.gap}`] };
  const compare = answer.compare ?? ((e: Record<string, unknown>, a: unknown) => matches(e, a));
  const missing = answer.unknownKeys?.keys.filter((k) => k in (check.expect ?? {})) ?? [];
  // A key the data cannot give leaves the check open only while every key it can give agrees.
  const known = Object.fromEntries(Object.entries(check.expect ?? {}).filter(([k]) => !missing.includes(k)));
  if (missing.length > 0 && !compare(known, answer.actual))
    return {
      status: 'fail',
      actual: answer.actual,
      reasoning: [
        ...reasoning,
        `differs from the expected ${JSON.stringify(known)} already (the data does not give ${missing.join(', ')})`,
      ],
    };
  if (missing.length > 0)
    return {
      status: 'gap',
      actual: answer.actual,
      reasoning: [
        ...reasoning,
        `known gap: ${missing.join(', ')} ${missing.length === 1 ? 'needs' : 'need'} ${answer.unknownKeys!.reason}`,
      ],
    };
  const ok = compare(check.expect, answer.actual);
  if (check.kind === 'erratum' && check.erratum) {
    reasoning.push(`rule text: ${check.erratum.ruleReading}`, `example: ${check.erratum.exampleReading}`);
    if (check.erratum.exampleExpect) {
      const exampleOk = compare(check.erratum.exampleExpect, answer.actual);
      reasoning.push(`engine agrees with the ${ok ? 'rule text' : exampleOk ? 'example, not the rule text' : 'neither reading'}`);
    }
    if (check.erratum.decision) reasoning.push(`decision: ${check.erratum.decision}`);
    return { status: ok ? 'erratum' : 'fail', actual: answer.actual, reasoning };
  }
  return { status: ok ? 'pass' : 'fail', actual: answer.actual, reasoning };
}

export function runChecks(game: Game): { check: CheckFile; outcome: CheckOutcome }[] {
  return game.checks.map((check) => ({ check, outcome: runCheck(game, check) }));
}
