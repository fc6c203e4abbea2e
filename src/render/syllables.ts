/**
 * Where a word may take a hyphen when it has to be broken: between syllables found by a plain
 * spelling rule, never within LEFT_MIN letters of its start or RIGHT_MIN of its end (TeX's English
 * minimums), so a break never leaves "ent" hanging from "Replacem". The rule, in order:
 * a common suffix (-ment, -tion, -ing…) is a syllable of its own and the stem's silent final e is
 * no vowel; between two vowels one consonant starts the next syllable (pla-ce); a run of
 * consonants ending in a cluster that can start a syllable (pl, tr, thr…) goes before it
 * (re-place, con-trol, break-through), any other run before its last consonant (sol-dier, king-dom).
 */

const LEFT_MIN = 2;
const RIGHT_MIN = 3;
const SUFFIXES = ['ment', 'ness', 'less', 'tion', 'sion', 'able', 'ible', 'ful', 'ing'];
const ONSETS = new Set(
  'bl br ch cl cr dr fl fr gl gr kl kr ph pl pr qu sc sh sk sl sm sn sp st sw th tr tw wh wr chr sch scr shr spl spr squ str thr'.split(
    ' ',
  ),
);

const isLetter = (ch: string) => /\p{L}/u.test(ch);

/** Indices (in code points) a hyphen may go before, ascending. */
export function syllableBreaks(word: string): number[] {
  const letters = [...word.toLowerCase()];
  const breaks = new Set<number>();
  const suffix = SUFFIXES.find((s) => letters.length - s.length >= LEFT_MIN + 1 && letters.join('').endsWith(s));
  const stemEnd = suffix ? letters.length - suffix.length : letters.length;
  if (suffix) breaks.add(stemEnd);
  const vowel = (i: number): boolean => {
    const ch = letters[i];
    if (!'aeiouyäöüéèáíóú'.includes(ch)) return false;
    if (ch === 'u' && letters[i - 1] === 'q') return false;
    if (ch === 'y' && i === 0) return false;
    // A stem's final e after a consonant is silent ("replac|e|ment").
    return !(suffix && ch === 'e' && i === stemEnd - 1 && i > 0 && !vowel(i - 1));
  };
  let lastVowel = -1;
  for (let i = 0; i < stemEnd; i++) {
    if (!isLetter(letters[i])) {
      lastVowel = -1;
      continue;
    }
    if (!vowel(i)) continue;
    const run = i - lastVowel - 1;
    if (lastVowel >= 0 && run >= 1) {
      const onset = (n: number) => run >= n && ONSETS.has(letters.slice(i - n, i).join(''));
      const at = onset(3) ? i - 3 : onset(2) ? i - 2 : i - 1;
      breaks.add(at);
    }
    lastVowel = i;
  }
  return [...breaks]
    .filter((b) => b >= LEFT_MIN && b <= letters.length - RIGHT_MIN && isLetter(letters[b - 1]) && isLetter(letters[b]))
    .sort((a, b) => a - b);
}
