/**
 * Strict JSON parsing that keeps positions, so every later diagnostic can name file:line:col.
 * jsonc-parser gives an AST with offsets; comments and trailing commas are refused (data is JSON).
 * It is required on first use: valid files parse with JSON.parse and need no tree until a
 * diagnostic asks for a position, and loading the package costs a command some 20 ms of CPU.
 */
import { createRequire } from 'node:module';
import type * as JsoncParser from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics';
import { firstForbiddenChar, firstForbiddenEscape, forbiddenCharDiagnostic } from './forbidden-chars';
import { LineIndex } from './line-index';
import { censusOf } from './number-bounds';

export interface JsonSource {
  file: string;
  text: string;
  value: unknown;
  /** JSON pointers of the numbers out of the data's range (number-bounds.ts), sorted. */
  insaneNumbers: string[];
  /** Syntax tree with offsets, built on first use: only diagnostics need positions. */
  readonly root: Node | undefined;
  readonly lines: LineIndex;
}

export interface Position {
  line: number;
  column: number;
}

const BOM = '\uFEFF';

let jsonc: typeof JsoncParser | undefined;

function jsoncParser(): typeof JsoncParser {
  return (jsonc ??= createRequire(import.meta.url)('jsonc-parser') as typeof JsoncParser);
}

/** Deeper than any data file needs (they nest under ten levels); bounds every recursive walk of the tree. */
export const MAX_JSON_DEPTH = 64;

/**
 * Offset of the first bracket that opens a level past `limit`, outside string literals; undefined
 * when the text stays within it. Checked before parsing, so no walk of the tree can overflow the stack.
 */
export function nestingBeyond(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i += 1;
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      depth += 1;
      if (depth > limit) return i;
    } else if (ch === 93 || ch === 125) depth -= 1;
  }
  return undefined;
}

/** `textOf` gives the text again whenever it is needed (a packed file's inflates anew: ./packed-text.ts). */
function lazySource(file: string, textOf: () => string, value: unknown, insaneNumbers: string[]): JsonSource {
  let root: Node | undefined;
  let lines: LineIndex | undefined;
  return {
    file,
    get text() {
      return textOf();
    },
    value,
    insaneNumbers,
    get root() {
      root ??= jsoncParser().parseTree(textOf(), [], { disallowComments: true, allowTrailingComma: false });
      return root;
    },
    get lines() {
      lines ??= new LineIndex(textOf());
      return lines;
    },
  };
}

/** The text itself, for a source that keeps it (a closure of its own, so a packed source's never holds its text). */
function keptText(text: string): () => string {
  return () => text;
}

/**
 * `textAgain`, when given, is how the source reads its text again later, so that it need not keep
 * the text itself (a file kept packed); without it the source keeps `text`.
 */
export function parseJsonSource(file: string, text: string, textAgain?: () => string): { source?: JsonSource; diagnostics: Diagnostic[] } {
  if (text.startsWith(BOM)) {
    return {
      diagnostics: [
        {
          code: 'file/bom',
          severity: 'error',
          message: 'file starts with a byte order mark (BOM)',
          hint: 'save the file as UTF-8 without BOM',
          file,
          line: 1,
          column: 1,
        },
      ],
    };
  }
  // The native parser is an order of magnitude faster than any scanner written in JS, and it does
  // not recurse; the position-keeping parser (which does) runs only when there is something to
  // point at, and only on text whose nesting is known to be bounded.
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (isBlank(text)) return { diagnostics: [emptyFileError(file)] };
    const tooDeep = nestingBeyond(text, MAX_JSON_DEPTH);
    return { diagnostics: [tooDeep === undefined ? syntaxError(file, text) : nestingError(file, text, tooDeep)] };
  }
  // Raw controls are already syntax errors; U+FFFE, U+FFFF and escapes are not.
  const raw = firstForbiddenChar(text);
  const forbidden = raw >= 0 ? raw : firstForbiddenEscape(text);
  if (forbidden >= 0) return { diagnostics: [forbiddenCharDiagnostic(file, text, forbidden)] };
  const census = censusOf(value, MAX_JSON_DEPTH);
  // Containers nest as deep as the brackets of valid JSON do.
  if (census.depth > MAX_JSON_DEPTH) return { diagnostics: [nestingError(file, text, nestingBeyond(text, MAX_JSON_DEPTH)!)] };
  const source = lazySource(file, textAgain ?? keptText(text), value, census.insaneNumbers);
  const diagnostics = census.keys === countKeyTokens(text) ? [] : findDuplicateKeys(source.root!, file, source.lines);
  return { source, diagnostics };
}

/** Nothing but JSON whitespace: the text holds no value at all. */
export function isBlank(text: string): boolean {
  return /^[ \t\n\r]*$/.test(text);
}

/** An empty file said as such: a parser's "value expected" at 1:1 sends one looking for a missing comma. */
function emptyFileError(file: string): Diagnostic {
  return {
    code: 'json/empty',
    severity: 'error',
    message: 'the file is empty: it holds no JSON value',
    hint: 'write its content (a data file holds one JSON object, as schemas/ describes), or restore it if it was emptied by mistake',
    file,
    line: 1,
    column: 1,
  };
}

function nestingError(file: string, text: string, offset: number): Diagnostic {
  return {
    code: 'json/too-deep',
    severity: 'error',
    message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    hint: 'no Hexforge data file nests more than a dozen levels; this file is damaged or not a data file',
    file,
    ...new LineIndex(text).position(offset),
  };
}

function syntaxError(file: string, text: string): Diagnostic {
  const errors: ParseError[] = [];
  jsoncParser().parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  const at = new LineIndex(text).position(first?.offset ?? 0);
  return {
    code: 'json/syntax',
    severity: 'error',
    message: `invalid JSON: ${first ? describeParseError(jsoncParser().printParseErrorCode(first.error)) : 'empty file'}`,
    hint: 'fix the syntax at this position (missing comma, quote or bracket?)',
    file,
    ...at,
  };
}

/**
 * Key tokens in valid JSON text: string literals followed by a colon. Outside string literals
 * valid JSON has no quote, so the scan jumps from quote to quote; a quote preceded by an odd run
 * of backslashes is escaped and does not end its string.
 */
export function countKeyTokens(text: string): number {
  let n = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    let close = text.indexOf('"', open + 1);
    while (close !== -1 && isEscaped(text, close)) close = text.indexOf('"', close + 1);
    if (close === -1) break;
    let next = close + 1;
    let ch = text.charCodeAt(next);
    while (ch === 32 || ch === 10 || ch === 13 || ch === 9) ch = text.charCodeAt(++next);
    if (ch === 58) n += 1;
    open = text.indexOf('"', next);
  }
  return n;
}

function isEscaped(text: string, quote: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes += 1;
  return backslashes % 2 === 1;
}

function describeParseError(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'malformed number',
    PropertyNameExpected: 'property name expected',
    ValueExpected: 'value expected',
    ColonExpected: 'colon expected',
    CommaExpected: 'comma expected',
    CloseBraceExpected: 'closing brace expected',
    CloseBracketExpected: 'closing bracket expected',
    EndOfFileExpected: 'end of file expected',
    InvalidCommentToken: 'comments are not allowed in JSON',
    UnexpectedEndOfComment: 'unexpected end of comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unexpected end of number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string',
  };
  return words[code] ?? code;
}

function findDuplicateKeys(root: Node, file: string, lines: LineIndex): Diagnostic[] {
  const out: Diagnostic[] = [];
  const visit = (node: Node, pointer: string): void => {
    if (node.type === 'object') {
      const seen = new Map<string, Node>();
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (!key) continue;
        const name = key.value as string;
        const first = seen.get(name);
        if (first) {
          const at = lines.position(key.offset);
          const was = lines.position(first.offset);
          out.push({
            code: 'json/duplicate-key',
            severity: 'error',
            message: `duplicate key "${name}" (first defined at line ${was.line})`,
            hint: 'remove one of the two; JSON readers silently keep only the last',
            file,
            pointer: `${pointer}/${escapePointer(name)}`,
            ...at,
          });
        } else seen.set(name, key);
        if (value) visit(value, `${pointer}/${escapePointer(name)}`);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => visit(child, `${pointer}/${i}`));
    }
  };
  visit(root, '');
  return out;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Position of the value at a JSON pointer; with `key`, of its property name instead.
 * Walks as deep as the pointer exists, so a missing property points at its parent object.
 */
export function locate(source: JsonSource, pointer: string, key = false): Position {
  let node = source.root;
  let keyNode: Node | undefined;
  for (const segment of parsePointer(pointer)) {
    if (!node) break;
    if (node.type === 'object') {
      const prop = node.children?.find((p) => p.children?.[0]?.value === segment);
      if (!prop) break;
      keyNode = prop.children?.[0];
      node = prop.children?.[1];
    } else if (node.type === 'array') {
      const child = node.children?.[Number(segment)];
      if (!child) break;
      keyNode = undefined;
      node = child;
    } else break;
  }
  const target = key && keyNode ? keyNode : node;
  return source.lines.position(target?.offset ?? 0);
}
