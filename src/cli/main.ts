/**
 * The command line: commander wiring only. Commands return whether they succeeded; this file alone
 * turns that (and usage errors, and bugs) into exit codes.
 */
import { Command, CommanderError } from 'commander';
import { version } from '../../package.json';
import { EXIT, ExitError, type ExitCode } from './exit-codes';
import { processOutput, type Output } from './io';
import { ENGINE_HELP } from './engine-help';
import { limitFlags, limitsFromOptions } from './limit-flags';
import { distinctGameDirs, expandGameDirs } from './game-dirs';

// Each command's module (and the libraries it needs: pdf-lib, sharp, ajv, the engine…) is loaded
// only when that command runs, so `--help`, `--version` and light commands start at once.
// A new command follows the same pattern: `const { x } = await import('./x')` inside its action.

export function buildProgram(io: Output, setExit: (code: ExitCode) => void): Command {
  const program = new Command();
  program
    .name('hexforge')
    .version(version, '-V, --version', 'print the version')
    .description('Wargame data → counter sheets, aid cards, map, VASSAL module and rules-engine bundle')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .showHelpAfterError()
    .hook('preAction', (_program, command) => refuseEmptyArguments(command));
  // In this order in the help.
  addGameCommands(program, io, setExit);
  addModuleCommands(program, io, setExit);
  addQuestionCommands(program, io, setExit);
  return program;
}

/**
 * An empty argument names no file or folder: taken as a path it would be the current folder (init
 * wrote a game into it, build --out its outputs) or print as nothing in every message.
 */
function refuseEmptyArguments(command: Command): void {
  const given = [
    ...(command.processedArgs as unknown[]).flat().map((value) => ({ value, what: 'an argument' })),
    ...Object.entries(command.opts()).map(([key, value]) => ({ value, what: `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` })),
  ];
  const empty = given.find(({ value }) => typeof value === 'string' && value.trim() === '');
  if (empty) throw new ExitError(EXIT.usage, `hexforge ${command.name()}: ${empty.what} is empty; it names no file or folder`);
}

/** init, validate, build, verify: the commands on game folders. */
function addGameCommands(program: Command, io: Output, setExit: (code: ExitCode) => void): void {
  program
    .command('init')
    .description('write a new game folder (from the demo game or blank) whose $schema paths reach the installed schemas')
    .argument('<folder>', 'the folder to create (e.g. games/my-game)')
    .option('--from <source>', 'demo or blank', 'demo')
    .option('--force', 'write into a folder that is not empty')
    .action(async (folder: string, options) => {
      const { initCommand } = await import('./init');
      setExit((await initCommand(folder, options, io)) ? EXIT.ok : EXIT.invalid);
    });

  program
    .command('validate')
    .description('check game folders and report every problem with file:line:col')
    .argument('<gameDir...>', 'game folders (e.g. data/demo)')
    .option('--json', 'one diagnostic per line as JSON')
    .option('--completeness', 'also report stated and unknown values by category (writes out/<game>/completeness.md)')
    .option('--out <dir>', "output folder for reports (default: out/ beside the game folder's parent)")
    .action(async (dirs: string[], options) => {
      const { validateCommand } = await import('./validate');
      const gameDirs = await distinctGameDirs(await expandGameDirs(dirs), io.err);
      if (options.completeness) {
        const collisions = await import('./output-collisions');
        await collisions.refuseSharedOutputFolders(gameDirs, options.out);
        await collisions.refuseOutputsInsideGames(gameDirs, options.out);
      }
      setExit((await validateCommand(gameDirs, options, io)) ? EXIT.ok : EXIT.invalid);
    });

  program
    .command('build')
    .description('validate game folders and generate their outputs into <out>/<game>/')
    .argument('<gameDir...>', 'game folders (e.g. data/demo)')
    .option('--only <outputs>', 'comma-separated outputs to build (default: all; proof brings the outputs it collects)')
    .option('--out <dir>', "output folder (default: out/ beside the game folder's parent, so data/demo → out/demo)")
    .option('--json', 'machine-readable output: diagnostics and results as JSON lines')
    .option('--quiet', 'no progress output')
    .option('--set <key=value...>', 'generator settings, e.g. paper=a4 cmyk=true flip=short-edge tile=true (or joined: paper=a4,cmyk=true)')
    .option('--force', 'build every output again, even those whose inputs are unchanged since the last build')
    .option('--watch', 'build, then build again whenever a file of the game folders is saved (Ctrl-C stops)')
    .action(async (dirs: string[], options) => {
      const settings = parseSettings(options.set ?? []);
      if (options.set) await (await import('./setting-keys')).refuseBadSettings(settings);
      const gameDirs = await distinctGameDirs(await expandGameDirs(dirs), io.err);
      const collisions = await import('./output-collisions');
      await collisions.refuseSharedOutputFolders(gameDirs, options.out);
      await collisions.refuseOutputsInsideGames(gameDirs, options.out);
      if (options.watch) {
        const { watchCommand } = await import('./watch');
        return setExit((await watchCommand(gameDirs, { ...options, settings }, io)) ? EXIT.ok : EXIT.invalid);
      }
      const { buildCommand } = await import('./build');
      setExit((await buildCommand(gameDirs, { ...options, settings }, io)) ? EXIT.ok : EXIT.invalid);
    });

  program
    .command('verify')
    .description("run every rulebook check of each game through the rules engine, reading the game's bundle")
    .argument('<game...>', 'game folders (e.g. data/demo) or bundle files (<game>.bundle.json)')
    .option('--json', 'one JSON object per check, then a summary per game')
    .option('--verbose', 'print the reasoning of passing checks too')
    .option('--module <vmod>', 'instead, compare this VASSAL module with the games: pieces, values, setups, grid numbering')
    .option('--base <module>', 'with --module naming an extension (.vmdx): the module it extends, the two compared as VASSAL loads them')
    .action(async (patterns: string[], options) => {
      const targets = await expandGameDirs(patterns, { files: true });
      if (options.module) {
        const { verifyModuleCommand } = await import('./verify-module');
        return setExit(
          (await verifyModuleCommand(
            options.module,
            targets,
            { json: options.json, limits: limitsFromOptions({}), base: options.base },
            io,
          ))
            ? EXIT.ok
            : EXIT.invalid,
        );
      }
      const { verifyCommand } = await import('./verify');
      setExit((await verifyCommand(targets, options, io)) ? EXIT.ok : EXIT.invalid);
    });
}

/**
 * The commands that read a whole module favour memory (./lean-heap.ts). Loaded by them alone: its
 * node:v8 costs every other command some 6 ms of CPU time at start-up.
 */
async function favourMemoryOverSpeed(): Promise<void> {
  (await import('./lean-heap')).favourMemoryOverSpeed();
}

/** import, roundtrip, update: the commands that read or write VASSAL modules as data. */
function addModuleCommands(program: Command, io: Output, setExit: (code: ExitCode) => void): void {
  limitFlags(
    program
      .command('import')
      .description(
        'read a VASSAL module (.vmod, unzipped folder or buildFile), or an extension with --base, into a game folder that validates',
      )
      .argument('<module>', 'the module, or the extension with --base')
      .requiredOption('--out <dir>', 'game folder to create (e.g. data/<name>)')
      .option('--base <module>', 'the module an extension (.vmdx) extends: import the module with the extension loaded')
      .option('--force', 'replace the folder if it exists')
      .option('--json', 'diagnostics and the summary as JSON lines'),
  ).action(async (target: string, options) => {
    const { importCommand } = await import('./import');
    await favourMemoryOverSpeed();
    setExit(await importCommand(target, { ...options, limits: limitsFromOptions(options) }, io));
  });

  limitFlags(
    program
      .command('roundtrip')
      .description('import VASSAL modules and export them again; report every difference')
      .argument('<module...>', 'modules (.vmod, unzipped folder or buildFile), or extensions with --base')
      .option('--base <module>', 'the module the extensions (.vmdx) extend: write each extension back alone')
      .option('--out <dir>', 'keep the imported game folder here (one module only)')
      .option('--force', 'replace the folder if an earlier import wrote it')
      .option('--vmod <file>', 'write the re-exported module (or extension) here (one module only)')
      .option('--json', 'one JSON object per module'),
  ).action(async (targets: string[], options) => {
    const { refuseSeveralIntoOne, roundTripCommand } = await import('./roundtrip');
    refuseSeveralIntoOne(targets, options);
    await favourMemoryOverSpeed();
    setExit(await roundTripCommand(targets, { ...options, limits: limitsFromOptions(options) }, io));
  });

  limitFlags(
    program
      .command('update')
      .description("write the module a game folder was imported from, with the data's changes since the import applied")
      .argument('<module>', 'the original module (.vmod, unzipped folder or buildFile), or the extension with --base')
      .argument('<game>', 'the game folder imported from it')
      .option('--base <module>', 'the module the extension (.vmdx) extends, for a folder imported from an extension: write the extension')
      .requiredOption('--out <file>', 'the updated module (or extension) to write')
      .option('--json', 'the changes as JSON'),
  ).action(async (target: string, game: string, options) => {
    const { updateCommand } = await import('./update');
    await favourMemoryOverSpeed();
    setExit((await updateCommand(target, game, { ...options, limits: limitsFromOptions(options) }, io)) ? EXIT.ok : EXIT.invalid);
  });
}

/** engine, diff, vassal-check: questions to the engine, between versions, and to VASSAL itself. */
function addQuestionCommands(program: Command, io: Output, setExit: (code: ExitCode) => void): void {
  program
    .command('engine')
    .description('ask the rules engine one question about a game (folder or bundle) and show its reasoning')
    .argument('<query>', 'a query: odds, combat, reach, supply, stack, … or <system>.<name>; "list" lists the queries of a game')
    .argument('<game>', 'game folder or bundle file')
    .option('--input <json>', "the query's input as JSON (flags --<key> <value> add to it)")
    .option('--json', 'answer as JSON')
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText('after', ENGINE_HELP)
    .action(async (query: string, target: string, opts, cmd: Command) => {
      const { engineCommand, engineListCommand } = await import('./engine-command');
      const ok =
        query === 'list' ? await engineListCommand(target, opts, io) : await engineCommand(query, target, cmd.args.slice(2), opts, io);
      setExit(ok ? EXIT.ok : EXIT.invalid);
    });

  program
    .command('diff')
    .description('errata from one version of a game to another: units, tables, terrain, scenarios, turns; affected pages')
    .argument('<gameA>', 'the earlier version')
    .argument('<gameB>', 'the later version')
    .option('--json', 'the errata list as JSON')
    .option('--out <dir>', 'also write errata.md and errata.json there')
    .action(async (a: string, b: string, options) => {
      const { diffCommand } = await import('./diff');
      setExit((await diffCommand(a, b, options, io)) ? EXIT.ok : EXIT.invalid);
    });

  program
    .command('vassal-check')
    .description('load a VASSAL module in VASSAL itself (headless) and report what VASSAL finds wrong')
    .argument('<module>', 'the module: a .vmod, or its unzipped folder or buildFile (packed into a .vmod for VASSAL)')
    .option('--extension <vmdx...>', 'extensions to load after the module, as VASSAL loads them (each must load)')
    .option('--vassal <path>', 'VASSAL install folder (lib/ and jre/) or its jar; default: HEXFORGE_VASSAL or the usual install places')
    .option('--json', 'the result as one JSON object')
    .option('--time-limit <seconds>', 'stop VASSAL after this long', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) throw new ExitError(EXIT.usage, `--time-limit takes a whole number of seconds, not "${v}"`);
      return n;
    })
    .action(async (target: string, options) => {
      const { vassalCheckCommand } = await import('./vassal-check');
      setExit(await vassalCheckCommand(target, options, io));
    });
}

/**
 * `key=value` pairs, each its own argument or several joined by commas (`backOffsetX=-1,backOffsetY=2`);
 * "true"/"false" become booleans and plain numbers numbers.
 */
export function parseSettings(args: string[]): Record<string, string | boolean | number> {
  // No prototype: "__proto__" is then a key like any other (refused as unknown), not a silent no-op.
  const settings: Record<string, string | boolean | number> = Object.create(null) as Record<string, string | boolean | number>;
  // A comma starts a new pair only where a `key=` follows, so a value may still hold commas.
  const pairs = args.flatMap((arg) => arg.split(/,(?=[A-Za-z][\w.-]*=)/));
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new ExitError(EXIT.usage, `--set takes key=value, not "${pair}"`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    if (key in settings)
      throw new ExitError(EXIT.usage, `--set ${key} is given twice (${String(settings[key])}, then ${raw}); give it once`);
    settings[key] = raw === 'true' ? true : raw === 'false' ? false : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return settings;
}

export async function main(argv: string[], io: Output = processOutput): Promise<ExitCode> {
  if (io === processOutput) ignoreClosedPipes();
  let code: ExitCode = EXIT.ok;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successful exits; everything else commander rejects is bad usage.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof ExitError) {
      if (error.message) io.err(error.message);
      return error.code;
    }
    io.err(
      `internal error (a bug in Hexforge, please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return EXIT.internal;
  }
}

/**
 * A reader that stops early (`hexforge build --json | head -1`) closes the pipe: what is left to
 * print is dropped, and the command still finishes its work and exits with its own code, rather
 * than crashing on an unhandled EPIPE with a stack trace.
 */
function ignoreClosedPipes(): void {
  if (pipesGuarded) return;
  pipesGuarded = true;
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
}

let pipesGuarded = false;
