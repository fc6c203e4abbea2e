/**
 * update writes no value into a Text Label whose written text holds `$`: VASSAL shows the text
 * with the properties it names filled in (Labeler.getLabel), so the numbers of the text as written
 * need not be those shown. Label "$A$-1-1" with A = "1-1" shows "1-1-1-1": its third number as
 * written is the fourth shown.
 */
import { describe, expect, it } from 'vitest';
import { factsOfTraits } from '../../src/vassal/import/properties';
import type { ValueSource } from '../../src/vassal/import/sources';
import { buildBasicPiece, buildMarker } from '../../src/vassal/traits/index';
import { patchTraits } from '../../src/vassal/update/patch-traits';
import { label } from './label-references-kit';

const piece = (text: string) => [label('Stats', text), buildMarker([['A', '1-1']]), buildBasicPiece({ name: 'Rifles' })];

const SOURCES: Record<string, ValueSource> = {
  'a Text Label property': { carrier: 'label', property: 'Stats', group: 2 },
  "a Text Label's text": { carrier: 'labelText', property: 'Stats', nth: 0, group: 2 },
};

describe('a value in a Text Label whose text refers to properties', () => {
  it('the label shows the referred value in its place, shifting the numbers written after it', () => {
    expect(factsOfTraits(piece('$A$-1-1'), new Map()).properties.get('Stats')).toBe('1-1-1-1');
  });

  for (const [what, source] of Object.entries(SOURCES)) {
    it(`is not written, in ${what}: the piece's label is named and the property it refers to is the thing to change`, () => {
      const patched = patchTraits(piece('$A$-1-1'), source, '1', '5');
      expect(patched).toEqual({
        problem:
          'the text of Text Label "Stats" is "$A$-1-1", which refers to properties ($…$): VASSAL shows it with their values in place, so a value cannot be written into the text as written',
        hint: "change the property the label's text refers to instead (the Marker or Dynamic Property its $…$ names), in VASSAL's editor, then import again",
      });
    });

    it(`is written, in ${what}, when the text refers to nothing`, () => {
      const patched = patchTraits(piece('4-1-1'), source, '1', '5');
      expect('traits' in patched && patched.traits[0].state).toBe('4-1-5');
    });
  }
});
