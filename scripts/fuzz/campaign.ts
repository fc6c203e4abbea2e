/**
 * A campaign: inputs made by a seeded mutator, each run through the CLI with the contract checked,
 * counted per verdict; every failure shrunk to its fewest edits and written as a reproducer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { classify, emptyCounts, FAILURES, type Classified, type NeedsPosition, type Verdict } from './contract';
import { Rng, inputSeed } from './rng';
import type { CliRunner, RunResult } from './runner';

/** What a campaign needs to know of its inputs: how to make one, lay it out on disk and run it. */
export interface Target<Edit> {
  name: string;
  mutate(rng: Rng, index: number): Edit[];
  mustReject(edits: readonly Edit[]): string | undefined;
  /** Writes the input into `dir`; returns the CLI arguments that run it. */
  materialize(edits: readonly Edit[], dir: string, index: number): string[] | Promise<string[]>;
  needsPosition: NeedsPosition;
  /** Files or folders in `dir` after the run that the run had no business writing. */
  strays?(dir: string): string[];
}

export interface CampaignOptions {
  runs: number;
  seed: number;
  /** Where failures' reproducers go; none written without it. */
  failures?: string;
  /** The `npm run fuzz` options that run this campaign again (named in each reproducer). */
  replay?: string;
  /** Called after each input (progress). */
  onInput?(index: number, verdict: Verdict): void;
}

export interface Failure<Edit> {
  index: number;
  verdict: Verdict;
  detail: string;
  edits: Edit[];
  args: string[];
}

export interface CampaignReport<Edit> {
  target: string;
  runs: number;
  seed: number;
  counts: Record<Verdict, number>;
  /** The same counts split by the CLI command the inputs ran (validate, build, import…). */
  byCommand: Record<string, Record<Verdict, number>>;
  failures: Failure<Edit>[];
  slowestMs: number;
}

async function runOnce<Edit>(
  target: Target<Edit>,
  runner: CliRunner,
  edits: readonly Edit[],
  index: number,
): Promise<{ classified: Classified; args: string[]; result: RunResult }> {
  const dir = mkdtempSync(path.join(tmpdir(), `hexforge-fuzz-${target.name}-`));
  try {
    const args = await target.materialize(edits, dir, index);
    const result = await runner.run(args);
    let classified = classify(result, target.mustReject(edits), target.needsPosition);
    const strays = target.strays?.(dir) ?? [];
    if (strays.length > 0 && !FAILURES.has(classified.verdict))
      classified = { verdict: 'crash', detail: `wrote outside its output folder: ${strays.join(', ')}` };
    return { classified, args: args.map((a) => a.replace(dir, '<input>')), result };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Drops edits one at a time while the failure stays the same kind: the reproducer's minimal form. */
async function shrink<Edit>(target: Target<Edit>, runner: CliRunner, edits: Edit[], verdict: Verdict, index: number): Promise<Edit[]> {
  let current = edits;
  for (let i = current.length - 1; i >= 0 && current.length > 1; i--) {
    const fewer = current.filter((_, k) => k !== i);
    const { classified } = await runOnce(target, runner, fewer, index);
    if (classified.verdict === verdict) current = fewer;
  }
  return current;
}

async function writeReproducer<Edit>(
  target: Target<Edit>,
  folder: string,
  failure: Failure<Edit>,
  result: RunResult,
  replay: string,
): Promise<void> {
  const dir = path.join(folder, `${target.name}-${failure.index}-${failure.verdict}`);
  mkdirSync(dir, { recursive: true });
  const input = path.join(dir, 'input');
  rmSync(input, { recursive: true, force: true });
  mkdirSync(input);
  const args = await target.materialize(failure.edits, input, failure.index);
  writeFileSync(path.join(dir, 'edits.json'), `${JSON.stringify({ replay, index: failure.index, edits: failure.edits }, null, 2)}\n`);
  writeFileSync(
    path.join(dir, 'README.txt'),
    [
      `${failure.verdict}: ${failure.detail}`,
      '',
      `reproduce: hexforge ${args.map((a) => (a.startsWith(input) ? path.join('input', path.relative(input, a)) : a)).join(' ')}`,
      `(from this folder; input/ is the mutated input, edits.json the edits applied to the base; replay: npm run fuzz -- ${replay} --only ${failure.index})`,
      '',
      `exit ${result.code} after ${Math.round(result.ms)} ms`,
      '--- stdout (head)',
      result.stdout.slice(0, 4000),
      '--- stderr (head)',
      result.stderr.slice(0, 4000),
    ].join('\n'),
  );
}

export async function runCampaign<Edit>(
  target: Target<Edit>,
  runner: CliRunner,
  options: CampaignOptions & { only?: number },
): Promise<CampaignReport<Edit>> {
  const counts = emptyCounts();
  const byCommand: Record<string, Record<Verdict, number>> = {};
  const failures: Failure<Edit>[] = [];
  let slowestMs = 0;
  const indices = options.only !== undefined ? [options.only] : Array.from({ length: options.runs }, (_, i) => i);
  for (const index of indices) {
    const edits = target.mutate(new Rng(inputSeed(options.seed, index)), index);
    const { classified, args, result } = await runOnce(target, runner, edits, index);
    counts[classified.verdict] += 1;
    (byCommand[args[0]] ??= emptyCounts())[classified.verdict] += 1;
    if (!result.hang) slowestMs = Math.max(slowestMs, result.ms);
    options.onInput?.(index, classified.verdict);
    if (!FAILURES.has(classified.verdict)) continue;
    const minimal = await shrink(target, runner, edits, classified.verdict, index);
    const failure: Failure<Edit> = { index, verdict: classified.verdict, detail: classified.detail, edits: minimal, args };
    failures.push(failure);
    if (options.failures) {
      const again = minimal === edits ? result : (await runOnce(target, runner, minimal, index)).result;
      await writeReproducer(target, options.failures, failure, again, options.replay ?? `--seed ${options.seed}`);
    }
  }
  return { target: target.name, runs: indices.length, seed: options.seed, counts, byCommand, failures, slowestMs };
}

// ---------------------------------------------------------------------------------------------
// Game folders on disk

export function readFolderFiles(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const name of readdirSync(dir).sort())
    if (/\.(json|csv)$/.test(name)) files.set(name, new Uint8Array(readFileSync(path.join(dir, name))));
  return files;
}

export function writeSpecial(file: string, kind: 'folder' | 'dangling-link' | 'link-loop' | 'pipe' | 'empty' | 'missing'): void {
  if (kind === 'folder') mkdirSync(file);
  else if (kind === 'dangling-link') symlinkSync('nowhere-at-all', file);
  else if (kind === 'link-loop') symlinkSync(path.basename(file), file);
  else if (kind === 'pipe') execFileSync('mkfifo', [file]);
  else if (kind === 'empty') writeFileSync(file, '');
}
