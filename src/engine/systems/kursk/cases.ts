/**
 * The Kursk data's convention for examples with several cases: `input.cases[k]` answers as
 * `expect.cases[k]`. Each case runs through the same handler; the check answers `{ cases: [...] }`.
 */
import { QueryInputError, type Input } from '../../checks/input';
import type { QueryAnswer, QueryHandler } from '../../checks/query';
import { matches } from '../../checks/compare';

export function withCases(handler: QueryHandler): QueryHandler {
  return (engine, input) => {
    if (input.cases === undefined) return handler(engine, input);
    if (!Array.isArray(input.cases)) throw new QueryInputError('input.cases must be a list of inputs');
    const answers = (input.cases as unknown[]).map((c, k) => {
      if (c === null || typeof c !== 'object' || Array.isArray(c)) throw new QueryInputError(`input.cases[${k}] must be an object`);
      return handler(engine, c as Input);
    });
    const reasoning = answers.flatMap((a, k) => a.reasoning.map((line) => `case ${k + 1}: ${line}`));
    const missing = answers.findIndex((a) => a.unsupported);
    if (missing >= 0) return { actual: null, reasoning, unsupported: `case ${missing + 1}: ${answers[missing].unsupported}` };
    const answer: QueryAnswer = { actual: { cases: answers.map((a) => a.actual) }, reasoning };
    // A case with its own comparison (sets) keeps it; the others compare key by key.
    if (answers.some((a) => a.compare)) {
      answer.compare = (expect, actual) => {
        const expected = expect.cases;
        const got = (actual as { cases: unknown[] }).cases;
        if (!Array.isArray(expected) || expected.length !== got.length) return false;
        return expected.every((e, k) => {
          const cmp = answers[k].compare ?? ((x: Record<string, unknown>, y: unknown) => matches(x, y));
          return cmp(e as Record<string, unknown>, got[k]);
        });
      };
    }
    return answer;
  };
}

/** A yes/no input (absent = false). */
export function flag(input: Input, key: string): boolean {
  const v = input[key];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw new QueryInputError(`input.${key} must be true or false, not ${JSON.stringify(v)}`);
  return v;
}

export function numbers(input: Input, key: string): number[] {
  const v = input[key];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
    throw new QueryInputError(`input.${key} must be a list of numbers`);
  return v as number[];
}
