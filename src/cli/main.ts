/**
 * The command line: commander wiring only. Commands return whether they succeeded; this file alone
 * turns that (and usage errors, and bugs) into exit codes.
 */
import { Command, CommanderError } from 'commander';
import { EXIT, ExitError, type ExitCode } from './exit-codes';
import { processOutput, type Output } from './io';
import { validateCommand } from './validate';

export function buildProgram(io: Output, setExit: (code: ExitCode) => void): Command {
  const program = new Command();
  program
    .name('hexforge')
    .description('Wargame data → counter sheets, aid cards, map, VASSAL module and rules-engine bundle')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .showHelpAfterError();

  program
    .command('validate')
    .description('check game folders and report every problem with file:line:col')
    .argument('<gameDir...>', 'game folders (e.g. data/demo)')
    .option('--json', 'one diagnostic per line as JSON')
    .option('--completeness', 'also report stated and unknown values by category (writes out/<game>/completeness.md)')
    .option('--out <dir>', 'output folder for reports', 'out')
    .action(async (dirs: string[], options) => {
      setExit((await validateCommand(dirs, options, io)) ? EXIT.ok : EXIT.invalid);
    });

  return program;
}

export async function main(argv: string[], io: Output = processOutput): Promise<ExitCode> {
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
    io.err(`internal error (a bug in Hexforge, please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return EXIT.internal;
  }
}
