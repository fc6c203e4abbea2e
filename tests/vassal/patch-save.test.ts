import { describe, expect, it } from 'vitest';
import { decodeSavedGameBytes } from '../../src/vassal/reader/saved-game';
import { encodeSavedGameLike, patchSavedGamePayload } from '../../src/vassal/update/patch-save';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const ascii = (data: Uint8Array) => Buffer.from(data).toString('latin1');

describe('a saved game written back in its own encoding', () => {
  // Reference §5.2: `!VCSK`, the key as two hex digits, then each byte XOR key as two hex digits.
  // 'a' is 0x61 and 'é' is C3 A9 in UTF-8; XOR 0x1f gives 7e, dc b6.
  it('!VCSK keeps the key and the hex case the save was written with', () => {
    expect(ascii(encodeSavedGameLike(bytes('!VCSK1f00'), 'VCSK', 'aé'))).toBe('!VCSK1f7edcb6');
    expect(ascii(encodeSavedGameLike(bytes('!VCSK1fAB'), 'VCSK', 'aé'))).toBe('!VCSK1f7EDCB6');
    expect(ascii(encodeSavedGameLike(bytes('!VCSK1Fab'), 'VCSK', 'a'))).toBe('!VCSK1F7e');
  });

  it('VOBS XORs the raw bytes with its key byte; plain is the UTF-8 text', () => {
    const original = new Uint8Array([...bytes('VOBS'), 0x20, 0]);
    expect([...encodeSavedGameLike(original, 'VOBS', 'a')]).toEqual([...bytes('VOBS'), 0x20, 0x41]);
    expect([...encodeSavedGameLike(bytes('x'), 'plain', 'é')]).toEqual([0xc3, 0xa9]);
  });

  it('changes one command and leaves the rest of a !VCSK save as written', () => {
    const text = 'begin_save\u001b+/1/piece;;;A.png;A/s\u001bend_save';
    const payload = encodeSavedGameLike(bytes('!VCSK5a'), 'VCSK', text);
    const result = patchSavedGamePayload(payload, (c) => c.replace(';A/', ';B/'), 'setup.vsav');
    expect('payload' in result).toBe(true);
    if (!('payload' in result)) return;
    expect(decodeSavedGameBytes(result.payload, 'setup.vsav').text).toBe(text.replace(';A/', ';B/'));
    expect(patchSavedGamePayload(payload, (c) => c, 'setup.vsav')).toEqual({ unchanged: true });
  });

  it('refuses a save whose hex digits mix cases, as it would not come back byte for byte', () => {
    // 'q' is 0x71; XOR 0x5a gives 2B, whose last digit is a letter.
    const upper = ascii(encodeSavedGameLike(bytes('!VCSK5aAB'), 'VCSK', 'begin\u001bzq'));
    expect(upper.endsWith('2B')).toBe(true);
    const mixed = bytes(upper.slice(0, -1) + 'b');
    const result = patchSavedGamePayload(mixed, (c) => c.replace('zq', 'yq'), 'mixed.vsav');
    expect(result).toEqual({ problem: 'mixed.vsav: its VCSK encoding does not re-encode as written' });
  });
});
