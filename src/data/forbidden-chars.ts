/**
 * Characters a data file may not hold in its text: the C0 controls other than tab and line breaks,
 * U+FFFE, U+FFFF and lone surrogates. XML 1.0 cannot carry them (the VASSAL module refuses them
 * only at build time, far from the file that held them), and no counter, card or PDF shows them:
 * a file holding one is damaged (a stray NUL, a pasted terminal escape). Found here, so validate
 * refuses what build would, at the character's line and column.
 */
import type { Diagnostic } from '../diagnostics';
import { LineIndex } from './line-index';

const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
/** JSON escapes that spell one of them: `\b`, `\f`, and `\uXXXX` (surrogates are checked in pairs). */
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|[bf])/g;
const LOW_SURROGATE_ESCAPE = /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/;
const HIGH_SURROGATE_ESCAPE = /\\u[dD][89abAB][0-9a-fA-F]{2}$/;

/** Offset of the first forbidden character in the text itself, or -1. */
export function firstForbiddenChar(text: string): number {
  return text.search(RAW);
}

/** Offset of the first JSON escape that spells a forbidden character, or -1 (valid JSON text only). */
export function firstForbiddenEscape(text: string): number {
  if (!text.includes('\\')) return -1;
  for (const m of text.matchAll(ESCAPE)) {
    const at = m.index;
    if (oddBackslashesBefore(text, at)) continue; // the backslash is itself escaped: "\\u0000" is text
    if (m[1] === undefined) return at;
    const code = parseInt(m[1], 16);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return at;
    if (code === 0xfffe || code === 0xffff) return at;
    if (code >= 0xd800 && code <= 0xdbff && !LOW_SURROGATE_ESCAPE.test(text.slice(at + 6, at + 12))) return at;
    if (code >= 0xdc00 && code <= 0xdfff) {
      const before = at - 6;
      if (before < 0 || !HIGH_SURROGATE_ESCAPE.test(text.slice(before, at)) || oddBackslashesBefore(text, before)) return at;
    }
  }
  return -1;
}

function oddBackslashesBefore(text: string, at: number): boolean {
  let n = 0;
  while (at - 1 - n >= 0 && text.charCodeAt(at - 1 - n) === 92) n += 1;
  return n % 2 === 1;
}

/** The diagnostic for a forbidden character at `offset` of `text` (escaped in JSON when `escaped`). */
export function forbiddenCharDiagnostic(file: string, text: string, offset: number, lines = new LineIndex(text)): Diagnostic {
  const escaped = text.charCodeAt(offset) === 92;
  const shown = escaped
    ? text.slice(offset, text[offset + 1] === 'u' ? offset + 6 : offset + 2)
    : `U+${text.charCodeAt(offset).toString(16).toUpperCase().padStart(4, '0')}`;
  return {
    code: 'file/forbidden-char',
    severity: 'error',
    message: `${shown} is a ${escaped ? 'JSON escape of a ' : ''}character no output can carry (a control character, U+FFFE, U+FFFF or half a surrogate pair)`,
    hint:
      text.charCodeAt(offset) === 0 && text.indexOf('\u0000', offset + 2) === offset + 2
        ? 'the file looks saved as UTF-16: save it as UTF-8'
        : 'delete the character (most editors do not show it); tab and line breaks are the only control characters allowed',
    file,
    ...lines.position(offset),
  };
}
