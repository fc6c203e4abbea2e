/**
 * Outputs written into a game folder being built would be read as the game's by the next validate
 * or build, and watch would rebuild on its own writes: refused before anything is written. A game
 * folder named twice is built once, with an info line saying so.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-out-overlap-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const demo = path.join(__dirname, '..', '..', 'data', 'demo');
// Named after its game id ("demo"), so --out <its parent> would write <parent>/demo: the folder itself.
const game = path.join(scratch, 'demo');
cpSync(demo, game, { recursive: true });
const sources = readdirSync(game).sort();

async function refused(out: string, relation: string) {
  const result = await runCli(['build', game, '--only', 'bundle', '--out', out, '--quiet']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('error out/inside-game-folder');
  expect(result.stderr).toContain(`which ${relation} the game folder ${game}; nothing written`);
  expect(result.stderr).toContain('hint: ');
  expect(readdirSync(game).sort()).toEqual(sources);
  return result.stderr;
}

describe('build --out and the game folders it builds', () => {
  it('an --out that is the game folder is refused', async () => {
    const stderr = await refused(game, 'lies inside');
    // The default, out/ beside the game folder's parent, is outside it: the hint offers that rather
    // than an out/ among the game folders, which a pattern such as data/* would read as a game.
    expect(stderr).toContain(
      `hint: write the outputs outside every game folder; leave out --out: the default, ${path.join(path.dirname(scratch), 'out')}, is outside them`,
    );
  });

  it('an --out inside the game folder is refused', () => refused(path.join(game, 'built'), 'lies inside'));

  it('an --out whose <out>/<game id> is the game folder itself is refused', () => refused(scratch, 'is'));

  it('a game folder named twice (also through a link) is built once, with an info line', async () => {
    const link = path.join(scratch, 'link-to-demo');
    symlinkSync(game, link);
    const out = path.join(scratch, 'out-twice');
    const result = await runCli(['build', game, link, game, '--only', 'bundle', '--out', out, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`info args/same-folder-twice: ${link} is the folder ${game}; it is taken once`);
    expect(result.stderr).toContain(`info args/same-folder-twice: ${game} is named twice; it is taken once`);
    const summaries = result.stdout.split('\n').filter((line) => line.startsWith('{"game"'));
    expect(summaries).toHaveLength(1);
  });
});
