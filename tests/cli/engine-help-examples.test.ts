/**
 * The examples `hexforge engine --help` prints are what a user copies first: each must run as
 * printed (from the repository, where data/demo and data/ttt are) and answer, exit 0.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_HELP } from '../../src/cli/engine-help';
import { runCli } from './run-cli';

/** The words of a help line, a '…'-quoted word kept whole without its quotes, as a shell reads it. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

const examples = ENGINE_HELP.split('\n')
  .filter((line) => line.startsWith('  hexforge engine '))
  // The comment after an example is two or more spaces away from it.
  .map((line) => words(line.trim().split(/\s{2,}/)[0]).slice(1));

describe('hexforge engine --help examples', () => {
  it('are found', () => expect(examples.length).toBeGreaterThanOrEqual(8));

  it.each(examples.map((args) => [args.join(' '), args]))('%s answers', async (_, args) => {
    const r = await runCli(args as string[]);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
  });
});
