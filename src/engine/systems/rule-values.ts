/**
 * Reading the rule values a game gives its system's module (game.json `systemRules`, the block named
 * like `system`): every number and reference a system rule needs comes from there, with its citation.
 * A value the data does not give stops the answer: declared unknown → `gap`, absent → `unsupported`.
 */
import { isUnknown } from '../../model/common';
import type { RuleValueFile } from '../../model/files';
import type { Engine } from '../context';
import { cite } from '../source-text';
import { knownGap, unsupported, type QueryAnswer, type QueryHandler } from '../checks/query';

/** The rules or the data do not determine the answer: reported as "unsupported", never as a result. */
export class Unanswerable extends Error {}

/** The answer needs a value the source does not give (declared unknown): reported as "gap". */
export class RuleGap extends Error {}

/** A rule value and its citation (" [16.2 L466]"), for the reasoning. */
export interface Rule<T> {
  value: T;
  cite: string;
}

/** The rule value `name` of the game's system block. */
export function rule<T>(engine: Engine, name: string): Rule<T> {
  const system = engine.game.info.system;
  const block = system === undefined ? undefined : engine.game.info.systemRules?.[system];
  const entry = block?.[name] as RuleValueFile | undefined;
  const where = `game.json systemRules.${system ?? '(no system)'}.${name}`;
  if (entry === undefined) throw new Unanswerable(`${where} is not given`);
  if (isUnknown(entry)) throw new RuleGap(`${where} is not known${entry.reason ? `: ${entry.reason}` : ''}`);
  return { value: entry.value as T, cite: cite(entry.source) };
}

/** Like `rule`, or undefined when the game does not give it at all (a rule the game does not have). */
export function optionalRule<T>(engine: Engine, name: string): Rule<T> | undefined {
  const system = engine.game.info.system;
  const block = system === undefined ? undefined : engine.game.info.systemRules?.[system];
  return block?.[name] === undefined ? undefined : rule<T>(engine, name);
}

/** A handler whose rule or data gaps, thrown as Unanswerable or RuleGap, become `unsupported` or `gap` answers. */
export function answering(handler: QueryHandler): QueryHandler {
  return (engine, input): QueryAnswer => {
    try {
      return handler(engine, input);
    } catch (error) {
      if (error instanceof RuleGap) return knownGap(error.message);
      if (error instanceof Unanswerable) return unsupported(error.message);
      throw error;
    }
  };
}

/** A side's name as game.json gives it. */
export function sideName(engine: Engine, side: string): string {
  return engine.game.info.sides.find((s) => s.id === side)?.name ?? side;
}
