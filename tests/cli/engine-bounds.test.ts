/**
 * `hexforge engine` refuses a question no play of the game can ask: a negative strength, a roll
 * the table's dice cannot show, a fractional die-roll modifier or count. Each is refused with the
 * code engine/bad-input, the input named and a hint, and nothing is answered.
 */
import { describe, expect, it } from 'vitest';
import { refusedByEngine, runCli } from './run-cli';

const GAME = 'data/demo';

const refused = refusedByEngine;

describe('hexforge engine refuses inputs out of the rules’ bounds', () => {
  it('a negative attack strength is no odds', async () => {
    expect(await refused(['odds', GAME, '--attack', '-5', '--defend', '3'])).toContain('--attack: number -5 must be >= 0');
  });

  it('a negative strength in a list of strengths', async () => {
    expect(await refused(['odds', GAME, '--attack', '4', '--defend', '3,-1'])).toContain('--defend');
  });

  // demo's CRT is rolled on 1d6 (game.json dice "1d6": count 1, faces 6): 1…6.
  it('a natural roll beyond the 1d6 of the CRT is refused naming the range, not read off the last row', async () => {
    const err = await refused(['combat', GAME, '--attack', '6', '--defend', '3', '--roll', '99', '--weather', 'clear']);
    expect(err).toContain('input.roll 99 is not a roll of 1d6 (table crt): the dice show 1…6');
  });

  it('a natural roll of 0 on 1d6 is refused too', async () => {
    expect(await refused(['combat', GAME, '--attack', '6', '--defend', '3', '--roll', '0', '--weather', 'clear'])).toContain('1…6');
  });

  // demo's events table is rolled on 2d6 (count 2, faces 6): 2…12, so 1 is no roll of it.
  it('the range comes from the table’s own dice: 2d6 shows 2…12', async () => {
    expect(await refused(['tableLookup', GAME, '--table', 'events', '--roll', '1'])).toContain('2…12');
    // tables.json events: a table of rows alone, row 12 reads KAS (rule 5.3).
    const ok = await runCli(['engine', 'tableLookup', GAME, '--table', 'events', '--roll', '12', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).answer).toEqual({ result: 'KAS', row: '12' });
  });

  it('a roll beyond the dice is refused even when the odds leave nothing to roll for', async () => {
    expect(await refused(['combat', GAME, '--attack', '1', '--defend', '9', '--roll', '99', '--weather', 'clear'])).toContain('1…6');
  });

  it('a roll within the range still answers', async () => {
    const r = await runCli(['engine', 'combat', GAME, '--attack', '6', '--defend', '3', '--roll', '6', '--weather', 'clear', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).answer.row).toBe('6');
  });

  it('a die-roll modifier is a whole number', async () => {
    const err = await refused(['combat', GAME, '--attack', '6', '--defend', '3', '--roll', '3', '--drm', '0.5', '--weather', 'clear']);
    expect(err).toContain('--drm: expected integer');
  });

  it('a movement allowance is not negative', async () => {
    expect(await refused(['reach', GAME, '--class', 'foot', '--ma', '-2', '--from', '0101'])).toContain('--ma');
  });

  // demo's game.json weather: clear and mud. An unknown one was answered as if no weather applied.
  it('a weather the game does not declare is refused with the ones it does', async () => {
    const err = await refused(['odds', GAME, '--attack', '6', '--defend', '3', '--weather', 'blizzard']);
    expect(err).toContain('--weather: demo has no weather "blizzard" (game.json weather)');
    expect(err).toContain('hint: one of clear, mud');
  });

  // demo's crt modifiers: mud, elite, hq-support, surprise. An unknown one was answered as a gap (exit 1).
  it('a modifier no table declares is refused with a did-you-mean', async () => {
    const err = await refused([
      'combat',
      GAME,
      '--attack',
      '6',
      '--defend',
      '3',
      '--roll',
      '3',
      '--weather',
      'clear',
      '--modifiers',
      'elite,surprize',
    ]);
    expect(err).toContain('--modifiers[1]: demo has no modifier "surprize" (tables.json modifiers)');
    expect(err).toContain('did you mean surprise?');
  });

  it('a misspelt terrain gets a did-you-mean', async () => {
    expect(await refused(['odds', GAME, '--attack', '6', '--defend', '3', '--terrain', 'forrest'])).toContain('did you mean forest?');
  });

  // demo's tracks.json turns run 1…12.
  it('a turn off the turn track is refused naming the track', async () => {
    const err = await refused(['combat', GAME, '--attack', '6', '--defend', '3', '--roll', '3', '--weather', 'clear', '--turn', '-4']);
    expect(err).toContain('--turn: demo has no turn -4 (tracks.json turns)');
    expect(err).toContain('1…12');
    expect(await refused(['turn', GAME, '--turn', '13'])).toContain('no turn 13');
  });

  it('supply of a whole side refuses an unknown side and a negative line length', async () => {
    expect(await refused(['supply', GAME, '--side', 'nobody'])).toContain('--side: demo has no side "nobody" (game.json sides)');
    expect(await refused(['supply', GAME, '--side', 'aurelia', '--max-length', '-1'])).toContain('--max-length takes a whole number');
  });
});
