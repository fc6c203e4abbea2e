import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { textWidth } from '../../src/render/fonts';
import { syllableBreaks } from '../../src/render/syllables';
import { hyphenatedLines } from '../../src/render/text-fit';

const fonts = loadFonts();

/** The word with a "-" at each break the rule allows. */
const marked = (word: string) => {
  let out = '';
  let from = 0;
  for (const b of syllableBreaks(word)) {
    out += `${word.slice(from, b)}-`;
    from = b;
  }
  return out + word.slice(from);
};

describe('syllable breaks', () => {
  it('break words where a dictionary divides them (Merriam-Webster)', () => {
    // re·place·ment, con·trol, sol·dier, break·through, ar·til·lery, in·ter·dic·tion, head·quar·ters
    expect(marked('Replacement')).toBe('Re-place-ment');
    expect(marked('control')).toBe('con-trol');
    expect(marked('Soldier')).toBe('Sol-dier');
    expect(marked('Breakthrough')).toBe('Break-through');
    expect(marked('Artillery')).toBe('Ar-til-lery');
    expect(marked('Interdiction')).toBe('In-ter-dic-tion');
    expect(marked('Headquarters')).toBe('Head-quar-ters');
  });

  it('never leave fewer than two letters before a break or three after it', () => {
    for (const word of ['Area', 'Ammo', 'Supply', 'Elite', 'Unit', 'Abatis', 'Roads']) {
      for (const b of syllableBreaks(word)) {
        expect(b).toBeGreaterThanOrEqual(2);
        expect(word.length - b).toBeGreaterThanOrEqual(3);
      }
    }
    expect(syllableBreaks('1st-A')).toEqual([]);
  });

  it('hyphenate a marker text between syllables where the face allows ("Replace-ment", not "Replacem-ent")', () => {
    // Ring of Fire's markers: 1/2" counters, text 88 % of the face wide, 5 pt bold.
    const box = { w: 36 * 0.88, h: 40 };
    expect(textWidth(fonts, 'bold', 'Replacement', 5)).toBeGreaterThan(box.w);
    expect(textWidth(fonts, 'bold', 'Replace-', 5)).toBeLessThanOrEqual(box.w);
    expect(textWidth(fonts, 'bold', 'ment marker', 5)).toBeGreaterThan(box.w);
    expect(textWidth(fonts, 'bold', 'ment marker', 5)).toBeGreaterThan(box.w);
    expect(hyphenatedLines(fonts, 'bold', 'German mobile Replacement marker', 5, box)).toEqual([
      'German',
      'mobile',
      'Replace-',
      'ment',
      'marker',
    ]);
  });

  it('fall back to letters, three at least after the break, where no syllable break fits', () => {
    const lines = hyphenatedLines(fonts, 'bold', 'Xxxxxxxxxxxxxxxxx', 5, { w: 20, h: 40 })!;
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('').replace(/-/g, '')).toBe('Xxxxxxxxxxxxxxxxx');
    expect(lines[lines.length - 1].length).toBeGreaterThanOrEqual(3);
  });
});
