/**
 * The spi-kursk.* queries declare their inputs: a flag a query does not take is refused with a
 * did-you-mean, a value of the wrong kind or out of bounds is refused, never read as absent or as
 * zero; sides and scenarios are looked up in the game; the data's `cases` form is checked too.
 */
import { describe, expect, it } from 'vitest';
import { refusedByEngine, runCli } from './run-cli';

const KURSK = 'data/kursk';

const refused = refusedByEngine;

describe('spi-kursk queries check their inputs', () => {
  it('a misspelt flag is refused with a did-you-mean, not ignored', async () => {
    // Read as absent, --shift 3 spelt --shfit would have answered the unshifted column.
    expect(await refused(['spi-kursk.crtColumn', KURSK, '--net-attack', '12', '--shfit', '3'])).toContain(
      'has no input --shfit; did you mean --shift?',
    );
  });

  it('a value of the wrong kind is refused, not read as a flag or a number', async () => {
    // The handler reads any value but false as "in supply": "no" would have answered in supply.
    expect(await refused(['spi-kursk.movementAllowance', KURSK, '--movement', '8', '--supplied', 'no'])).toContain('--supplied');
    expect(await refused(['spi-kursk.crtColumn', KURSK, '--net-attack', '12', '--shift', '1.5'])).toContain('--shift: expected integer');
  });

  it('a count below zero is refused (−1 broken-down divisions would answer −2 Kampfgruppen)', async () => {
    expect(await refused(['spi-kursk.kampfgruppen', KURSK, '--divisions-broken-down', '-1'])).toContain(
      '--divisions-broken-down: number -1 must be >= 0',
    );
  });

  it('a side or scenario the game does not have is refused with a did-you-mean (game.json sides: german, soviet)', async () => {
    expect(await refused(['spi-kursk.outOfCommunication', KURSK, '--side', 'sovet'])).toContain('kursk has no side "sovet"');
    expect(await refused(['spi-kursk.airPoints', KURSK, '--scenario', 'july', '--turn', '1'])).toContain('kursk has no scenario "july"');
  });

  it('a key with an acronym takes the flag one would type (--unit-hq for unitHQ)', async () => {
    // game.json formations: ger-gr's parent is ger-adk; 11.0 gives the own HQ and the one above it.
    const r = await runCli(['engine', 'spi-kursk.commandHQs', KURSK, '--unit-hq', 'ger-gr']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('{"hqs":["ger-gr","ger-adk"]}');
    expect(await refused(['spi-kursk.commandHQs', KURSK, '--unit-hk', 'ger-gr'])).toContain('did you mean --unit-hq?');
  });

  it('a required input left out is named', async () => {
    expect(await refused(['spi-kursk.crtColumn', KURSK])).toContain('missing required property "netAttack"');
  });

  it('the cases form takes nothing beside its cases, and each case is checked', async () => {
    const cases = (input: unknown) => ['spi-kursk.railRange', KURSK, '--input', JSON.stringify(input)];
    expect(await refused(cases({ cases: [{ track: 'single' }], track: 'double' }))).toContain('unknown property "track"');
    expect(await refused(cases({ cases: [{ trak: 'single' }] }))).toContain('unknown property "trak"');
    const ok = await runCli(['engine', ...cases({ cases: [{ track: 'single' }, { track: 'double' }] })]);
    expect(ok.code).toBe(0);
  });

  it('engine list shows every spi-kursk query with its inputs', async () => {
    const r = await runCli(['engine', 'list', KURSK]);
    expect(r.code).toBe(0);
    const kursk = r.stdout.split('\n').filter((l) => l.startsWith('spi-kursk.'));
    expect(kursk.length).toBeGreaterThan(60);
    expect(kursk.filter((l) => l.includes('inputs not declared') || l.includes('undefined'))).toEqual([]);
    expect(r.stdout).toContain('--net-attack <number> (required)');
  });
});
