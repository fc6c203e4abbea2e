/**
 * A system query (t3.*) declares its inputs like the generic ones: a flag it does not take is
 * refused with a did-you-mean, a value of the wrong kind or out of bounds is refused, never read
 * as absent or as zero; keys named after a side must name one of the game's sides.
 */
import { describe, expect, it } from 'vitest';
import { refusedByEngine, runCli } from './run-cli';

const TTT = 'data/ttt';

const refused = refusedByEngine;

describe('t3 queries check their inputs', () => {
  it('a misspelt flag is refused with a did-you-mean, not ignored', async () => {
    expect(await refused(['t3.modifiedRoll', TTT, '--roll', '7', '--drn', '3'])).toContain('has no input --drn; did you mean --drm?');
  });

  it('a DRM that is no number is refused, not read as +0', async () => {
    expect(await refused(['t3.modifiedRoll', TTT, '--roll', '7', '--drm', 'abc'])).toContain('--drm takes a number, not "abc"');
  });

  it('a fractional roll and a negative C3I are refused', async () => {
    expect(await refused(['t3.modifiedRoll', TTT, '--roll', '7.5'])).toContain('--roll: expected integer');
    expect(await refused(['t3.c3iSpend', TTT, '--side', 'soviet', '--segment', '1', '--c3i', '-1'])).toContain(
      '--c3i: number -1 must be >= 0',
    );
  });

  it('a side the game does not have is refused with its sides (game.json sides: axis, soviet)', async () => {
    expect(await refused(['t3.hexControl', TTT, '--controlled-by', 'german'])).toContain('ttt has no side "german"');
  });

  it('a key named after a side that does not exist is refused; one of a real side is read', async () => {
    const args = ['t3.victory', TTT, '--scenario', 'like-hungry-wolves', '--turn', '1', '--vp', '3'];
    expect(await refused([...args, '--sovet-unit-in', '0101'])).toContain('input.sovetUnitIn names no side of the game');
    const ok = await runCli(['engine', 't3.hexControl', TTT, '--controlled-by', 'axis', '--soviet-unit-enters']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('"controlledBy":"soviet"');
  });

  it('engine list shows every t3 query with its inputs', async () => {
    const r = await runCli(['engine', 'list', TTT]);
    expect(r.code).toBe(0);
    const t3 = r.stdout.split('\n').filter((l) => l.startsWith('t3.'));
    expect(t3.length).toBeGreaterThan(30);
    expect(t3.filter((l) => l.includes('inputs not declared') || l.includes('undefined'))).toEqual([]);
    expect(r.stdout).toContain('--(key matching ^[a-z][a-zA-Z0-9]*UnitIn$) <hex>');
  });
});
