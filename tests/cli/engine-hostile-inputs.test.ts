/**
 * `hexforge engine` given hostile values: each is refused as a malformed question (exit 2,
 * engine/bad-input, the input named, a hint), never answered, never a stack trace, and a value
 * holding a line break cannot print a line of its own.
 */
import { describe, expect, it } from 'vitest';
import { refusedByEngine, runCli } from './run-cli';

const refused = refusedByEngine;

describe('hexforge engine with hostile values', () => {
  it('a side holding a line break is quoted on its own line, escaped', async () => {
    const err = await refused(['stack', 'data/demo', '--side', 'kordava\nerror fake/code: all is well', '--units', 'a-12-34']);
    expect(err.split('\n').filter((l) => l.startsWith('error'))).toHaveLength(1);
    expect(err).toContain('kordava\\u000aerror fake/code');
  });
});

describe('hexforge engine with numbers no game has', () => {
  it('a strength of 1e308 over 1e-308 is refused naming both fields, not answered as odds Infinity:0', async () => {
    const err = await refused(['odds', 'data/demo', '--input', '{"attack":1e308,"defend":1e-308}']);
    expect(err).toContain('--attack: 1e+308 is beyond ±9007199254740991');
    expect(err).toContain('--defend: 1e-308 is nearer zero');
    expect(err).not.toContain('Infinity:');
  });

  it('a JSON number too large to hold (1e400, read as Infinity) is named as not finite', async () => {
    expect(await refused(['odds', 'data/demo', '--input', '{"attack":1e400,"defend":3}'])).toContain(
      '--attack: Infinity is not a finite number',
    );
  });

  it('strengths in a list and a multiplier deep inside a combatant are named by their place', async () => {
    expect(await refused(['odds', 'data/demo', '--input', '{"attack":[1e308,1],"defend":1}'])).toContain('--attack[0]: 1e+308');
    const err = await refused(['odds', 'data/demo', '--input', '{"attackers":[{"unit":"a-12-34","multiplier":1e300}],"defend":3}']);
    expect(err).toContain('--attackers[0][multiplier]: 1e+300');
  });

  it('a flag of 23 digits is refused too', async () => {
    expect(await refused(['odds', 'data/demo', '--attack', '99999999999999999999999', '--defend', '1'])).toContain(
      '--attack: 1e+23 is beyond',
    );
  });
});

// The dice come from each game's game.json (ttt and vmbb roll their CRT on 2d6: 2…12; rof its
// Tank Combat Table on 1d6: 1…6): a natural roll they cannot show is refused, not clamped.
describe('system queries refuse a natural roll the dice cannot show', () => {
  it('t3.modifiedRoll --roll 99', async () => {
    expect(await refused(['t3.modifiedRoll', 'data/ttt', '--roll', '99'])).toContain(
      'input.roll 99 is not a roll of 2d6 (table crt): the dice show 2…12',
    );
  });

  it('t3.randomEvent --roll 1', async () => {
    expect(await refused(['t3.randomEvent', 'data/ttt', '--roll', '1'])).toContain('the dice show 2…12');
  });

  it('schwerpunkt.combatEvents --roll 13', async () => {
    expect(await refused(['schwerpunkt.combatEvents', 'data/vmbb', '--roll', '13'])).toContain('input.roll 13 is not a roll of 2d6');
  });

  it('a shot of ring-of-fire.tankCombat rolling 9', async () => {
    const shot = { unit: 'G4', target: 'S1', roll: 9 };
    const input = {
      phasing: 'german',
      units: [
        { id: 'G4', side: 'german', hex: 'A', tcer: 4, steps: 2 },
        { id: 'S1', side: 'soviet', hex: 'D', tcer: 1, steps: 2 },
      ],
      adjacent: [['A', 'D']],
      segments: [{ segment: 'combat', combats: [{ from: 'A', to: 'D', fire: [shot] }] }],
    };
    const err = await refused(['ring-of-fire.tankCombat', 'data/rof', '--input', JSON.stringify(input)]);
    expect(err).toContain('roll 9 is not a roll of 1d6 (table tank-combat): the dice show 1…6');
  });
});

describe('hexforge engine with hostile flags', () => {
  it('an empty item in a comma-separated list is refused, not dropped: --units ,,, is no empty hex', async () => {
    expect(await refused(['stack', 'data/demo', '--side', 'aurelia', '--units', ',,,'])).toContain('--units: item 1 of ",,," is empty');
    expect(await refused(['t3.finalDrm', 'data/ttt', '--drms', '1,,2'])).toContain('--drms: item 2 of "1,,2" is empty');
  });

  it('a flag named like a built-in property is no input of the query', async () => {
    expect(await refused(['t3.modifiedRoll', 'data/ttt', '--roll', '7', '--to-string', '3'])).toContain('has no input --to-string');
    expect(await refused(['t3.modifiedRoll', 'data/ttt', '--roll', '7', '--__proto__', '{"drm":5}'])).toContain('has no input --__proto__');
  });
});

describe('hexforge engine answers quoting a hostile question', () => {
  it('reasoning quoting a name with an escape sequence and a line break stays one line, escaped', async () => {
    const r = await runCli(['engine', 'place', 'data/demo', '--name', 'x\u001b[2Jy\nfake line']);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('no place called "x\\u001b[2Jy\\u000afake line"');
    expect(r.stdout.split('\n').some((l) => l.startsWith('fake line'))).toBe(false);
  });
});
