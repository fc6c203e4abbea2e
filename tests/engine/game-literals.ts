/**
 * What a bundled game's data says, as the literals that could leak into the engine's code: every id
 * and reference (sides, formations, zones, scenarios, terrain, tables, units, chits…), every hex id,
 * every name, and every number that is a game value. And a scanner that reads the engine's source
 * (TypeScript syntax tree, comments skipped) and reports each of them it finds.
 *
 * Citations (`source`, rule numbers and line numbers), prose fields (`notes`, `quote`, `reason`,
 * `text`…) and the schema's own vocabulary (enum values such as a terrain `kind` or a flag `effect`,
 * property names) are not game values: the engine is written in that vocabulary.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA_DIR = path.join(ROOT, 'data');
export const ENGINE_DIR = path.join(ROOT, 'src', 'engine');
const SCHEMA_DIR = path.join(ROOT, 'schemas');

/** Keys whose values are prose or citations, not game values. */
const PROSE_KEYS = new Set([
  '$schema',
  'source',
  'sources',
  'notes',
  'note',
  'reason',
  'description',
  'quote',
  'text',
  'title',
  'subtitle',
  'rule',
  'query',
  'erratum',
  'decision',
  'condition',
  'unstated',
  'label',
  'legend',
  'meaning',
  'abbreviation',
  'colorName',
  'designer',
  'publisher',
  'scale',
  'players',
  'playingTime',
  'series',
  'file',
  'edition',
  'kind',
]);

/** Ids are lower case; hex ids are digits: `[a-z0-9][a-z0-9_.-]*`. */
const ID = /^[a-z0-9][a-z0-9_.-]*$/;

export interface GameValues {
  /** id or hex → where it was seen (game/file). */
  ids: Map<string, string>;
  /** Names (sides, formations, places, zones, scenarios, terrain…) → where. */
  names: Map<string, string>;
  /** Numbers the data states as game values → where. */
  numbers: Map<number, string>;
  /** The engine rule modules games name (game.json "system"): the engine's own names, not a game's. */
  systems: Set<string>;
}

interface Vocabulary {
  /** Enum and const values of the schemas. */
  enums: Set<string>;
  /** Property names the schemas define. */
  properties: Set<string>;
  /** Properties whose values are schema enums (kind, effect, role…). */
  enumKeys: Set<string>;
}

export function schemaVocabulary(): Vocabulary {
  const vocabulary: Vocabulary = { enums: new Set(), properties: new Set(), enumKeys: new Set() };
  const walk = (node: unknown, key: string | undefined): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, key));
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    const values = [...(Array.isArray(schema.enum) ? schema.enum : []), ...(schema.const !== undefined ? [schema.const] : [])];
    for (const v of values) if (typeof v === 'string') vocabulary.enums.add(v);
    if (values.length && key !== undefined) vocabulary.enumKeys.add(key);
    if (schema.properties && typeof schema.properties === 'object') {
      for (const [name, sub] of Object.entries(schema.properties)) {
        vocabulary.properties.add(name);
        walk(sub, name);
      }
    }
    for (const [k, v] of Object.entries(schema)) if (k !== 'properties') walk(v, k === 'items' || k === 'anyOf' || k === 'oneOf' ? key : k);
  };
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')), undefined);
  return vocabulary;
}

/** Hex references hold ids joined by "..", "/" or ":" (ranges, hexsides). */
function idParts(value: string): string[] {
  return value.split(/\.\.|\/|:/).filter((p) => ID.test(p));
}

export function bundledGames(): string[] {
  return readdirSync(DATA_DIR).filter((d) => statSync(path.join(DATA_DIR, d)).isDirectory());
}

export function gameValues(vocabulary = schemaVocabulary()): GameValues {
  const values: GameValues = { ids: new Map(), names: new Map(), numbers: new Map(), systems: new Set() };
  for (const game of bundledGames()) {
    const dir = path.join(DATA_DIR, game);
    for (const file of readdirSync(dir)) {
      const where = `data/${game}/${file}`;
      const text = readFileSync(path.join(dir, file), 'utf8');
      if (file === 'checks.json') collectCheckHexes(JSON.parse(text), where, values);
      else if (file.endsWith('.json')) walkJson(JSON.parse(text), [], where, values, vocabulary);
      else if (file.endsWith('.csv')) walkCsv(text, where, values);
    }
  }
  return values;
}

function add<K>(map: Map<K, string>, key: K, where: string): void {
  if (!map.has(key)) map.set(key, where);
}

/** Lists whose entries' names are names of the game's world (not rule terms such as a phase or a terrain type). */
const WORLD_LISTS = new Set(['sides', 'nationalities', 'formations', 'places', 'zones', 'boxes', 'scenarios']);

function walkJson(node: unknown, keys: string[], where: string, values: GameValues, vocabulary: Vocabulary): void {
  const key = keys.at(-1);
  if (key !== undefined && PROSE_KEYS.has(key)) return;
  if (key === 'name' || key === 'aliases') {
    // The list an entry belongs to is the key before its index (…, "sides", "name").
    const list = keys.at(-2);
    if (list !== undefined && WORLD_LISTS.has(list))
      for (const n of Array.isArray(node) ? node : [node]) if (typeof n === 'string') add(values.names, n, where);
    return;
  }
  if (Array.isArray(node)) return node.forEach((n) => walkJson(n, keys, where, values, vocabulary));
  if (typeof node === 'string') {
    // A schema word (a cost "prohibited", a kind "crt") is vocabulary unless the data defines it as an id.
    if (key === 'system') return void values.systems.add(node);
    if (key !== 'id' && vocabulary.enums.has(node)) return;
    for (const part of idParts(node)) if (part.length > 1) add(values.ids, part, where);
    return;
  }
  if (typeof node === 'number') {
    if (key !== 'line' && key !== 'page' && key !== 'formatVersion') add(values.numbers, node, where);
    return;
  }
  if (!node || typeof node !== 'object') return;
  // Inside game.json systemRules, keys are the fields of a rule form, or ids the data defines elsewhere (and collects there).
  const inSystemRules = keys.includes('systemRules');
  for (const [k, v] of Object.entries(node)) {
    // Keys the data defines (hex ids of map.json terrain, turn value ids…) are ids too.
    if (!inSystemRules && !vocabulary.properties.has(k) && ID.test(k)) add(values.ids, k, where);
    walkJson(v, [...keys, k], where, values, vocabulary);
  }
}

/**
 * checks.json speaks the engine's query vocabulary (input keys, answers such as "attacker"); the
 * game values it adds are the hexes of its examples.
 */
function collectCheckHexes(node: unknown, where: string, values: GameValues): void {
  if (Array.isArray(node)) return node.forEach((n) => collectCheckHexes(n, where, values));
  if (typeof node === 'string') {
    for (const part of idParts(node)) if (HEX.test(part)) add(values.ids, part, where);
    return;
  }
  if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) if (!PROSE_KEYS.has(k)) collectCheckHexes(v, where, values);
}

/** A printed hex number: three or more digits. */
const HEX = /^\d{3,}$/;

function walkCsv(text: string, where: string, values: GameValues): void {
  const rows: string[][] = parse(text, { relax_column_count: true, skip_empty_lines: true });
  const header = rows[0] ?? [];
  for (const row of rows.slice(1)) {
    row.forEach((cell, i) => {
      const column = header[i];
      if (column === 'source' || column === 'notes' || cell === '' || cell === '?') return;
      if (column === 'name') return add(values.names, cell, where);
      if (/^-?\d+(\.\d+)?$/.test(cell) && column !== 'id' && column !== 'setup' && column !== 'designation')
        return add(values.numbers, Number(cell), where);
      for (const item of column === 'flags' ? cell.split(';') : [cell])
        for (const part of idParts(item.trim())) add(values.ids, part, where);
    });
  }
}

export interface Finding {
  file: string;
  line: number;
  kind: 'id' | 'name' | 'number';
  literal: string;
  /** Where the data holds it. */
  seenIn: string;
}

export function engineFiles(dir = ENGINE_DIR): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...engineFiles(p));
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out.sort();
}

export interface ScanRules {
  /** Names of game.json systemRules entries (schemas/system-rules.schema.json properties): a rule module asks for them by name. */
  ruleNames?: ReadonlySet<string>;
  /** Literals of the schema vocabulary or plain English that a game also happens to use as an id or name. */
  allowedWords: ReadonlySet<string>;
  /** Numbers that are arithmetic, not game values (0, 1…). */
  allowedNumbers: ReadonlySet<number>;
}

/** Every game id, name or number the engine's source holds as a literal (strings, templates, numbers). */
export function scanSource(file: string, text: string, values: GameValues, rules: ScanRules): Finding[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const rel = path.relative(ROOT, file);
  const report = (node: ts.Node, kind: Finding['kind'], literal: string, seenIn: string) =>
    findings.push({ file: rel, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, kind, literal, seenIn });
  const scanText = (node: ts.Node, value: string) => {
    // A system's name, or one of its queries ("<system>.<query>").
    if (values.systems.has(value) || values.systems.has(value.split('.')[0])) return;
    const exact = values.ids.get(value);
    if (exact !== undefined) {
      if (!rules.allowedWords.has(value)) report(node, 'id', value, exact);
      return;
    }
    if (!/\s/.test(value)) {
      // An identifier-like string ("soviet-entry-", "german.c3iMud"): each of its parts.
      for (const token of value.split(/[^A-Za-z0-9]+/)) {
        const seen = values.ids.get(token);
        if (seen !== undefined && !rules.allowedWords.has(token) && !/^\d{1,2}$/.test(token)) report(node, 'id', token, seen);
      }
      return;
    }
    // Prose: the names of the game's world, and hex numbers.
    for (const token of value.split(/[^A-Za-z0-9]+/)) {
      const seen = HEX.test(token) ? values.ids.get(token) : undefined;
      if (seen !== undefined && !rules.allowedWords.has(token)) report(node, 'id', token, seen);
    }
    for (const [name, seen] of values.names) {
      if (rules.allowedWords.has(name) || name.length < 3) continue;
      if (new RegExp(`(^|[^A-Za-z0-9])${escape(name)}($|[^A-Za-z0-9])`).test(value)) report(node, 'name', name, seen);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isImportPath(node) && !isInputKey(node) && !isRuleName(node, rules.ruleNames)) scanText(node, node.text);
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) scanText(node, node.text);
    else if (ts.isRegularExpressionLiteral(node)) scanText(node, node.text);
    else if (ts.isNumericLiteral(node) && !isBitArithmetic(node)) {
      const n = Number(node.text);
      const seen = values.numbers.get(n);
      if (seen !== undefined && !rules.allowedNumbers.has(n)) report(node, 'number', node.text, seen);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

/**
 * Helpers that read a query's input by key: the key is the query's vocabulary (declared with the
 * query), not a game value, even when a game uses the same word as an id ("ma", "weather").
 */
const INPUT_READERS = new Set([
  'number',
  'optNumber',
  'string',
  'optString',
  'optStrings',
  'optTotal',
  'bool',
  'optBool',
  'flag',
  'list',
  'optList',
  'object',
  'count',
  'numbers',
  'namedSet',
  'units',
]);

function isInputKey(node: ts.Node): boolean {
  // The required keys of an input declaration, object({…}, ['roll']): the query's vocabulary too.
  const required = node.parent;
  if (ts.isArrayLiteralExpression(required) && ts.isCallExpression(required.parent) && required.parent.arguments[1] === required) {
    const callee = required.parent.expression;
    return ts.isIdentifier(callee) && callee.text === 'object';
  }
  const call = node.parent;
  if (!ts.isCallExpression(call) || call.arguments[1] !== node) return false;
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  return INPUT_READERS.has(name);
}

/** An operand of a shift, a bitwise operator or a power: bit layout and scaling, never a game's value. */
const BIT_OPERATORS = new Set([
  ts.SyntaxKind.LessThanLessThanToken,
  ts.SyntaxKind.GreaterThanGreaterThanToken,
  ts.SyntaxKind.GreaterThanGreaterThanGreaterThanToken,
  ts.SyntaxKind.AmpersandToken,
  ts.SyntaxKind.BarToken,
  ts.SyntaxKind.CaretToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
]);

function isBitArithmetic(node: ts.Node): boolean {
  const parent = node.parent;
  return ts.isBinaryExpression(parent) && BIT_OPERATORS.has(parent.operatorToken.kind);
}

/** Readers of game.json systemRules (src/engine/systems/rule-values.ts): the argument after the engine names a rule value. */
const RULE_READERS = new Set(['rule', 'optionalRule', 'systemRule']);

function isRuleName(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, names: ReadonlySet<string> | undefined): boolean {
  const call = node.parent;
  if (!names?.has(node.text) || !ts.isCallExpression(call)) return false;
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : '';
  return RULE_READERS.has(name) && call.arguments.includes(node);
}

/** The rule value names schemas/system-rules.schema.json defines. */
export function systemRuleNames(): Set<string> {
  const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, 'system-rules.schema.json'), 'utf8')) as {
    $defs: Record<string, { properties?: Record<string, unknown> }>;
  };
  return new Set(Object.values(schema.$defs).flatMap((block) => Object.keys(block.properties ?? {})));
}

function isImportPath(node: ts.Node): boolean {
  return ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isExternalModuleReference(node.parent);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
