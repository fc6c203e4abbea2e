/** Input readers and small shared pieces of the Ring of Fire queries. */
import { isUnknown } from '../../../model/common';
import type { ScenarioFile, TableFile } from '../../../model/files';
import type { Engine } from '../../context';
import { QueryInputError, optString, type Input } from '../../checks/input';
import { cite } from '../../source-text';

export function bool(input: Input, key: string): boolean {
  const v = input[key];
  if (typeof v !== 'boolean') throw new QueryInputError(`input.${key} must be true or false`);
  return v;
}

export function optBool(input: Input, key: string): boolean | undefined {
  return input[key] === undefined ? undefined : bool(input, key);
}

export function list(input: Input, key: string): unknown[] {
  const v = input[key];
  if (!Array.isArray(v)) throw new QueryInputError(`input.${key} must be a list`);
  return v;
}

export function optList(input: Input, key: string): unknown[] {
  return input[key] === undefined ? [] : list(input, key);
}

export function record(value: unknown, what: string): Input {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new QueryInputError(`${what} must be an object`);
  return value as Input;
}

/** A side id of game.json. */
export function sideOf(engine: Engine, value: unknown, what = 'side'): string {
  if (typeof value !== 'string' || !engine.game.info.sides.some((s) => s.id === value)) {
    throw new QueryInputError(`${what} must be one of ${engine.game.info.sides.map((s) => s.id).join(', ')}, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** A terrain's name for the reasoning, its id when terrain.json lacks it. */
export function terrainName(engine: Engine, id: string): string {
  return engine.terrain(id)?.name ?? id;
}

export function table(engine: Engine, id: string): TableFile {
  const t = engine.table(id);
  if (!t) throw new QueryInputError(`table "${id}" is not in tables.json`);
  return t;
}

/** A numeric modifier of a table (tables.json `modifiers`), with its citation. */
export function tableModifier(t: TableFile, id: string): { value: number; label: string; citation: string } | { unknown: string } {
  const m = t.modifiers?.find((x) => x.id === id);
  if (!m) return { unknown: `table ${t.id} has no modifier "${id}"` };
  if (m.value === undefined || isUnknown(m.value)) return { unknown: `modifier "${m.label}" of table ${t.id} has no stated value` };
  return { value: m.value, label: m.label, citation: cite(m.source ?? t.source) };
}

export function scenario(engine: Engine, input: Input): ScenarioFile | undefined {
  const id = optString(input, 'scenario');
  if (id === undefined) return undefined;
  const s = engine.game.scenarios.find((x) => x.id === id);
  if (!s) throw new QueryInputError(`scenario "${id}" is not in scenarios.json`);
  return s;
}

export function requiredScenario(engine: Engine, input: Input): ScenarioFile {
  const s = scenario(engine, input);
  if (!s) throw new QueryInputError('input.scenario is required');
  return s;
}

/** Formats an MP or strength value keeping fractions (3.1: fractions are retained). */
export function fmt(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

/**
 * The shapes of input keys a rule names after one of the game's sides (`<side>Vp`, `enteredBy<Side>`):
 * inputs.ts declares them as patterns, since no fixed list can give them.
 */
export const SIDE_KEYS = {
  vp: '^[a-z][a-zA-Z0-9]*Vp$',
  controls: '^[a-z][a-zA-Z0-9]*Controls$',
  inFortification: '^[a-z][a-zA-Z0-9]*DefenderInFortification$',
  enteredBy: '^enteredBy[A-Z][a-zA-Z0-9]*$',
} as const;

/**
 * A key of a side-named shape other than the ones the rule reads (a misspelt side, or the side the
 * rule does not count) would be ignored: refused, naming the keys read.
 */
export function refuseUnreadSideKeys(input: Input, shape: string, reads: string[]): void {
  const pattern = new RegExp(shape);
  for (const key of Object.keys(input))
    if (pattern.test(key) && !reads.includes(key))
      throw new QueryInputError(`input.${key} is not an input of this rule (it reads ${reads.map((k) => `input.${k}`).join(', ')})`);
}
