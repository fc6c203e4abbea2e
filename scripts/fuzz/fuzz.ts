/**
 * `npm run fuzz -- --runs N --seed S [--target game|module|all] [--game data/demo,...] [--failures dir]`
 * Runs the fuzzing campaigns and prints the count of each verdict, per campaign and as a table per
 * command; every failure's minimal reproducer is written under --failures (default fuzz-failures/).
 * Exit 1 when any input broke the contract. `--only I` replays input I of the campaign alone;
 * `--build-every K` sends every K-th game input through `build` instead of `validate` (0: never).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCampaign, type CampaignReport } from './campaign';
import { FAILURES, VERDICTS } from './contract';
import { formatReport, formatTable } from './report';
import { gameTarget } from './game-target';
import { moduleTarget } from './module-target';
import { builtModuleEntries } from '../built-module';
import type { ModuleBase } from './module-mutators';
import { CliRunner } from './runner';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** The module campaign's base: the module Hexforge builds for a game. */
export async function buildBaseModule(gameDir: string): Promise<ModuleBase> {
  return { entries: await builtModuleEntries(gameDir) };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      target: { type: 'string', default: 'all' },
      game: { type: 'string', default: 'data/demo,data/kursk' },
      'module-game': { type: 'string', default: 'data/demo' },
      failures: { type: 'string', default: 'fuzz-failures' },
      'timeout-ms': { type: 'string', default: '30000' },
      'build-every': { type: 'string', default: '25' },
      only: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  const buildEvery = Number(values['build-every']);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed) || !Number.isInteger(buildEvery) || buildEvery < 0) {
    console.error(
      'usage: npm run fuzz -- --runs N --seed S [--target game|module|all] [--game dirs] [--build-every K] [--failures dir] [--only index]',
    );
    return 2;
  }
  const runner = new CliRunner({ timeoutMs: Number(values['timeout-ms']), maxHeapMb: 1024, cwd: ROOT });
  const only = values.only !== undefined ? Number(values.only) : undefined;
  const reports: CampaignReport<unknown>[] = [];
  const progress = (name: string, total: number) => {
    const counts = new Map<string, number>();
    let done = 0;
    return (_index: number, verdict: string) => {
      counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
      done += 1;
      if (done % 100 === 0 || done === total)
        process.stderr.write(`${name}: ${done}/${total} ${[...counts].map(([v, n]) => `${v} ${n}`).join(', ')}\n`);
    };
  };
  try {
    if (values.target === 'game' || values.target === 'all') {
      const games = values.game.split(',').filter(Boolean);
      for (const [i, game] of games.entries()) {
        // The runs are shared out among the games; each game's inputs have their own seed.
        const share = Math.floor(runs / games.length) + (i < runs % games.length ? 1 : 0);
        const target = gameTarget(path.resolve(ROOT, game), { buildEvery });
        reports.push(
          await runCampaign(target, runner, {
            runs: share,
            seed: seed + i,
            failures: values.failures,
            replay: `--target game --game ${game} --build-every ${buildEvery} --seed ${seed + i}`,
            only,
            onInput: progress(target.name, share),
          }),
        );
        process.stderr.write('\n');
      }
    }
    if (values.target === 'module' || values.target === 'all') {
      const base = await buildBaseModule(path.resolve(ROOT, values['module-game']));
      const target = moduleTarget(base, seed);
      const replay = `--target module --module-game ${values['module-game']} --seed ${seed}`;
      reports.push(
        await runCampaign(target, runner, { runs, seed, failures: values.failures, replay, only, onInput: progress('module', runs) }),
      );
      process.stderr.write('\n');
    }
  } finally {
    runner.stop();
  }
  let failed = 0;
  for (const report of reports) {
    console.log(formatReport(report));
    for (const f of report.failures) console.log(`  #${f.index} ${f.verdict}: ${f.detail.slice(0, 300)}`);
    failed += VERDICTS.filter((v) => FAILURES.has(v)).reduce((n, v) => n + report.counts[v], 0);
  }
  console.log(`\n${formatTable(reports)}`);
  if (failed > 0) console.log(`${failed} input(s) broke the contract; reproducers in ${values.failures}/`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) process.exitCode = await main();
