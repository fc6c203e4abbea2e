/**
 * The lean compilation (schema-compile.ts) only decides valid or not: its errors are never read,
 * the verbose compilation explains. ajv's generated code still spells each nested call's instance
 * path (`instancePath+"/" + i0`, `instancePath+"/" + key0.replace(…).replace(…)`), a string per
 * array item, object entry or referenced definition validated: 6,000 units.csv rows and every
 * scenario entry of a big game. This rewrites those call arguments to pass the caller's path on, so
 * that no string is built; verdicts are the same, the lean errors' paths only less precise.
 */

/** One part of a generated path: a string literal, an item index, or an object key escaped for a pointer. */
const PATH_PART = String.raw`(?:"(?:[^"\\]|\\.)*"|i\d+|key\d+\.replace\(\/~\/g, "~0"\)\.replace\(\/\\\/\/g, "~1"\))`;
const CALL_PATH = new RegExp(String.raw`\{instancePath:instancePath\+${PATH_PART}(?: ?\+ ?${PATH_PART})*,parentData:`, 'g');

export function withoutCallPaths(code: string): string {
  return code.replace(CALL_PATH, '{instancePath,parentData:');
}

/** Whether generated code still builds a path for a nested call (ajv changed how it writes one). */
export function buildsCallPaths(code: string): boolean {
  return /\{instancePath:instancePath\+[^}]*,parentData:/.test(code);
}
