/** A drawing's JSON, made once per drawing for the keys of the stores kept between builds. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BLACK,
  type Drawing,
  drawingDigest,
  drawingFromJson,
  drawingJson,
  drawingShowsPicture,
  drawingTextRuns,
} from '../../src/render/drawing';

const face = (text: string): Drawing => ({
  width: 36,
  height: 36,
  items: [{ kind: 'text', x: 18, y: 20, text, size: 9, font: 'bold', fill: BLACK, align: 'center' }],
});

describe('drawingJson', () => {
  it('is the JSON of the drawing, so two drawings that differ anywhere get different keys', () => {
    const a = face('4-4-6');
    const b = face('5-4-6');
    expect(drawingJson(a)).toBe(JSON.stringify(a));
    expect(drawingJson(b)).toBe(JSON.stringify(b));
    expect(drawingJson(a)).not.toBe(drawingJson(b));
    // An equal drawing made anew reads the same.
    expect(drawingJson(face('4-4-6'))).toBe(drawingJson(a));
  });

  it('a drawing read back from its JSON and digest keeps both, and they are those of the drawing it reads as', () => {
    const a = face('2-4-6 “Ærø”');
    const digest = createHash('sha256').update(JSON.stringify(a)).digest('hex');
    expect(drawingDigest(a)).toBe(digest);
    const back = drawingFromJson(drawingJson(a), drawingDigest(a), drawingTextRuns(a));
    expect(drawingTextRuns(back)).toEqual([{ font: 'bold', text: '2-4-6 “Ærø”' }]);
    expect(drawingShowsPicture(back)).toBe(false);
    expect(back).toEqual(a);
    expect(drawingJson(back)).toBe(JSON.stringify(back));
    expect(drawingDigest(back)).toBe(digest);
    expect(drawingDigest(face('2-4-7 “Ærø”'))).not.toBe(digest);
  });
});
