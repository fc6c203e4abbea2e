/**
 * `hexforge engine <query> <game> [--input '<json>'] [--<key> <value>…]`: asks the rules engine
 * one question about a game (folder or bundle) and prints the answer with its reasoning. Any
 * query a check may use can be asked: its input comes from --input, from flags named after the
 * input's keys (--attack 12, --defender-hex 0507, --units a,b), or both (flags win). The five
 * classic questions keep their flags (--terrain, --class). `hexforge engine list <game>` prints
 * every query of the game's system with its inputs.
 */
import { hasErrors } from '../diagnostics';
import { inputProblems } from '../data/check-queries';
import { checkQuerySchemaId } from '../data/check-query-ids';
import { closestName } from '../data/did-you-mean';
import { QueryInputError, numberProblems } from '../engine/checks/input';
import type { CatalogEntry } from '../engine/checks/catalog';
import type { Game } from '../model/game';
import { ExitError, EXIT } from './exit-codes';
import { diagnosticsAsJsonLines, formatDiagnostics } from './format-diagnostics';
import { oneLine, sourceLineReader, type Output } from './io';
import { loadBundledGame } from './verify';
import { describeInput, inputFromArgs, kebab } from './engine-input';
import { sideSupplyReport } from './engine-side-supply';
import { turnOffTrack, unknownNames } from './engine-refs';

export interface EngineOptions {
  json?: boolean;
  input?: string;
}

async function load(target: string, options: EngineOptions, io: Output): Promise<Game | undefined> {
  const { game, diagnostics } = await loadBundledGame(target);
  if (!game || hasErrors(diagnostics)) {
    if (options.json) io.out(diagnosticsAsJsonLines(diagnostics));
    else io.err(formatDiagnostics(diagnostics, sourceLineReader(), io.color));
    return undefined;
  }
  return game;
}

/** `engine list <game>`: each query of the game's system, with its inputs. */
export async function engineListCommand(target: string, options: EngineOptions, io: Output): Promise<boolean> {
  const game = await load(target, options, io);
  if (!game) return false;
  const { queriesOfGame } = await import('../engine/checks/catalog');
  const queries = queriesOfGame(game.info).sort(
    (a, b) => Number(a.system !== undefined) - Number(b.system !== undefined) || a.name.localeCompare(b.name),
  );
  if (options.json) {
    io.out(
      JSON.stringify({
        game: game.id,
        system: game.info.system ?? null,
        queries: queries.map((q) => ({
          name: q.name,
          system: q.system ?? null,
          summary: q.definition?.summary ?? null,
          input: q.definition?.input ?? null,
        })),
      }),
    );
    return true;
  }
  io.out(`${game.id}: ${queries.length} queries (generic${game.info.system ? ` and ${game.info.system}` : ''})`);
  for (const q of queries) {
    io.out(`${q.name}${q.definition ? ` — ${q.definition.summary}` : ' — inputs not declared'}`);
    if (q.definition) for (const line of describeInput(q.definition)) io.out(`    ${line}`);
  }
  return true;
}

export async function engineCommand(query: string, target: string, args: string[], options: EngineOptions, io: Output): Promise<boolean> {
  const { queryCatalog } = await import('../engine/checks/catalog');
  const catalog = queryCatalog();
  const entry = catalog.get(query);
  if (!entry) {
    // The game named first (`engine data/demo odds`): say the order rather than guess a query.
    if (catalog.has(target) || target === 'list')
      throw new ExitError(
        EXIT.usage,
        `hexforge engine: the query comes before the game: hexforge engine ${oneLine(target)} ${oneLine(query)}`,
      );
    const guess = closestName(query, [...catalog.keys(), 'list']);
    throw new ExitError(
      EXIT.usage,
      `hexforge engine: no query "${oneLine(query)}"${guess ? `; did you mean "${guess}"?` : ''} (hexforge engine list <game> shows them)`,
    );
  }
  const game = await load(target, options, io);
  if (!game) return false;
  if (entry.system !== undefined && entry.system !== game.info.system)
    throw new ExitError(
      EXIT.usage,
      `hexforge engine: ${query} belongs to the ${entry.system} system; ${game.id} is ${game.info.system ?? 'of no system'}`,
    );
  let input: Record<string, unknown>;
  try {
    // supply without --hex asks about every unit of a side: its own flags (--scenario, --positions).
    const sideWide = query === 'supply' && !args.includes('--hex');
    input = inputFromArgs(query, sideWide ? undefined : entry.definition, options.input, args);
    if (sideWide && input.hex === undefined) {
      const named = (['side', 'scenario'] as const).flatMap((kind) =>
        typeof input[kind] === 'string' ? [{ kind, value: input[kind] as string, pointer: `/${kind}` }] : [],
      );
      const unknown = unknownNames(game, named, flagOf);
      if (unknown.length) throw badInput(query, unknown);
      return sideSupplyReport(game, input, options, io);
    }
  } catch (error) {
    if (error instanceof QueryInputError) throw badInput(query, [{ message: error.message }]);
    throw error;
  }
  refuseMalformed(game, entry, input);
  const { engineFor } = await import('../engine');
  let answer;
  try {
    answer = entry.run(engineFor(game), input);
  } catch (error) {
    // A unit id that is not in the game, a malformed list: the question is wrong, not the engine.
    if (error instanceof QueryInputError) throw badInput(query, [{ message: error.message }]);
    throw error;
  }
  const cannot = answer.unsupported ?? answer.gap;
  if (options.json) {
    io.out(
      JSON.stringify({
        question: query,
        input,
        answer: answer.actual,
        reasoning: answer.reasoning,
        ...(answer.unsupported ? { unsupported: answer.unsupported } : {}),
        ...(answer.gap ? { gap: answer.gap } : {}),
        ...(answer.unknownKeys ? { unknown: answer.unknownKeys } : {}),
      }),
    );
    return !cannot;
  }
  // Reasoning quotes the question and the data: each line stays one line, its escapes shown.
  for (const line of answer.reasoning) io.out(`  ${oneLine(line)}`);
  if (answer.gap) {
    io.out(`gap (the data does not give what the answer needs): ${oneLine(answer.gap)}`);
    return false;
  }
  if (cannot) {
    io.out(`cannot answer: ${oneLine(cannot)}`);
    return false;
  }
  io.out(describe(query, answer.actual));
  if (answer.unknownKeys) io.out(oneLine(`not known: ${answer.unknownKeys.keys.join(', ')} (${answer.unknownKeys.reason})`));
  return true;
}

/**
 * Refuses a question before the engine reads it: a number no game has, an input its declaration
 * does not admit, a name the game does not declare.
 */
function refuseMalformed(game: Game, entry: CatalogEntry, input: Record<string, unknown>): void {
  const huge = numberProblems(input);
  const hint = 'a number of the game: a strength, a roll, a count';
  if (huge.length)
    throw badInput(
      entry.name,
      huge.map((p) => ({ message: `${flagOf(p.pointer)}: ${p.message}`, hint })),
    );
  if (!entry.definition) return;
  const { problems, refs } = inputProblems(entry.definition.input, input, checkQuerySchemaId(entry.name, 'input'));
  if (problems.length)
    throw badInput(
      entry.name,
      problems.map((p) => ({ message: `${flagOf(p.pointer)}: ${p.message}`, hint: p.hint })),
    );
  const unknown = [...unknownNames(game, refs, flagOf), ...turnOffTrack(game, input)];
  if (unknown.length) throw badInput(entry.name, unknown);
}

/**
 * A question the engine refuses, one diagnostic per problem: a stable code, the input named (as the
 * flag that gives it), a hint; nothing is answered.
 */
function badInput(query: string, problems: Array<{ message: string; hint?: string }>): ExitError {
  const lines = problems.map(
    (p) =>
      `error engine/bad-input: hexforge engine ${oneLine(query)}: ${oneLine(p.message)}\n    hint: ${oneLine(p.hint ?? `hexforge engine list <game> shows what ${query} takes`)}`,
  );
  return new ExitError(EXIT.usage, lines.join('\n'));
}

/** A schema pointer as the flag that gives it: /attackers/0 → --attackers[0]. */
function flagOf(pointer: string | undefined): string {
  if (!pointer) return '--input';
  const [key, ...rest] = pointer.slice(1).split('/');
  return `--${kebab(key)}${rest.map((r) => `[${r}]`).join('')}`;
}

function describe(query: string, actual: unknown): string {
  if (query === 'reach' && actual && typeof actual === 'object' && 'costs' in actual) {
    const costs = (actual as { costs: Record<string, number> }).costs;
    return `reachable (${Object.keys(costs).length}): ${Object.entries(costs)
      .map(([h, c]) => `${h}=${c}`)
      .join(' ')}`;
  }
  return JSON.stringify(actual);
}
