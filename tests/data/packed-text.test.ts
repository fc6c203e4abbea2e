/**
 * Scenario files kept deflated after they are read (src/data/packed-text.ts): the text reads back
 * exactly, and a source parsed with a way to read its text again places a problem where the same
 * source keeping its text does, reading the text only when asked.
 */
import { describe, expect, it } from 'vitest';
import { locate, parseJsonSource } from '../../src/data/json-source';
import { packedTextFile } from '../../src/data/packed-text';

const TEXT = '{\r\n  "name": "Übergang über die Maas — 1940",\n  "list": [1, 2, {"deep": "✓"}]\n}\n';

describe('packed data files', () => {
  it('read back exactly, every time', () => {
    const packed = packedTextFile('/g/scenarios/01.json', TEXT);
    expect(packed.file).toBe('/g/scenarios/01.json');
    expect(packed.text).toBe(TEXT);
    expect(packed.text).toBe(TEXT);
    const big = JSON.stringify({ setup: Array.from({ length: 5000 }, (_, i) => ({ units: [`u-${i % 97}`], hex: `${1000 + (i % 300)}` })) });
    expect(packedTextFile('big.json', big).text).toBe(big);
  });

  it('a source that reads its text again places problems as one that keeps it, reading only when asked', () => {
    const kept = parseJsonSource('a.json', TEXT).source!;
    let reads = 0;
    const packed = packedTextFile('a.json', TEXT);
    const again = parseJsonSource('a.json', TEXT, () => {
      reads++;
      return packed.text;
    }).source!;
    expect(reads).toBe(0);
    expect(again.value).toEqual(kept.value);
    // The third element of the list ("deep"), on line 3 of text with a CRLF line end.
    expect(locate(again, '/list/2/deep')).toEqual(locate(kept, '/list/2/deep'));
    expect(locate(again, '/list/2/deep')).toMatchObject({ line: 3 });
    expect(reads).toBeGreaterThan(0);
    expect(again.text).toBe(TEXT);
  });
});
