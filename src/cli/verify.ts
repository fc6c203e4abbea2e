/**
 * `hexforge verify <game...>`: runs every check of a game through the rules engine. Each argument
 * is a game folder (built into a bundle in memory first) or a bundle file; either way the engine
 * reads the BUNDLE, so verify proves the bundle alone carries the rules. Exit 1 when any check
 * fails or cannot be answered.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import { bundleJson, fromBundle } from '../bundle';
import { runCheck, type CheckStatus } from '../engine';
import type { Game } from '../model/game';
import type { CheckFile } from '../model/files';
import { isBlank, locate, parseJsonSource } from '../data/json-source';
import { decodeUtf8, readInputBytes } from '../data/read-input-file';
import { sourceText } from '../engine/source-text';
import { diagnosticsAsJsonLines, formatDiagnostics } from './format-diagnostics';
import { sourceLineReader, type Output, shownPath } from './io';
import { loadGame } from './load-game';
import { FILE_NAMES } from '../data/parse-game';

export interface VerifyOptions {
  json?: boolean;
  /** Print the reasoning of passing checks too. */
  verbose?: boolean;
}

/** Loads a game from a folder (through its bundle) or from a bundle file. */
export async function loadBundledGame(target: string): Promise<{ game?: Game; diagnostics: Diagnostic[] }> {
  let isFile: boolean;
  try {
    isFile = (await stat(target)).isFile();
  } catch {
    return {
      diagnostics: [
        {
          code: 'io/not-found',
          severity: 'error',
          message: `${target} does not exist`,
          hint: 'pass a game folder or its .bundle.json',
          file: target,
        },
      ],
    };
  }
  if (isFile) return isGameDataFile(target) ? { diagnostics: [dataFileNotBundle(target)] } : readBundleFile(target);
  const loaded = await loadGame(target);
  if (!loaded.game || hasErrors(loaded.diagnostics)) return { diagnostics: loaded.diagnostics };
  const back = fromBundle(JSON.parse(bundleJson(loaded.game)), `${target} (bundle)`);
  // The folder's own warnings were reported already; only what the bundle broke is new.
  return { game: back.game, diagnostics: [...loaded.diagnostics, ...back.diagnostics.filter((d) => d.severity === 'error')] };
}

/** Larger than any bundle a real game makes (the biggest is a few MB), small enough for memory. */
const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

/** A bundle file, read and parsed keeping positions: every problem in it is named at its line and column. */
async function readBundleFile(file: string): Promise<{ game?: Game; diagnostics: Diagnostic[] }> {
  const bytes = await readInputBytes(file, MAX_BUNDLE_BYTES);
  if (!bytes.bytes) return { diagnostics: bytes.diagnostics };
  if (isZip(bytes.bytes)) return { diagnostics: [zipNotBundle(file)] };
  const read = decodeUtf8(file, bytes.bytes);
  if (read.text === undefined) return { diagnostics: read.diagnostics };
  if (isBlank(read.text)) return { diagnostics: [emptyBundle(file)] };
  const { source, diagnostics } = parseJsonSource(file, read.text);
  if (!source || hasErrors(diagnostics)) return { diagnostics };
  return fromBundle(source.value, file, (pointer, atKey) => locate(source, pointer, atKey));
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** An empty file where a bundle was expected: a build cut short, or the wrong file. */
function emptyBundle(file: string): Diagnostic {
  return {
    code: 'bundle/empty',
    severity: 'error',
    message: `${file} is empty, not a game bundle`,
    hint: 'pass a game folder, or the <game>.bundle.json that hexforge build writes (build it again if this one was cut short)',
    file,
  };
}

/** A .vmod (or any ZIP) where a bundle was expected: said as such, not as bytes that are not UTF-8. */
function zipNotBundle(file: string): Diagnostic {
  return {
    code: 'bundle/not-a-bundle',
    severity: 'error',
    message: `${file} is a ZIP archive (a VASSAL module?), not a game bundle`,
    hint: 'pass a game folder or its .bundle.json; to compare a module with a game, run verify --module <module> <game>',
    file,
  };
}

/** One of a game folder's own files (game.json, units.csv…), beside the folder's game.json. */
function isGameDataFile(file: string): boolean {
  return (
    (Object.values(FILE_NAMES) as string[]).includes(path.basename(file)) && existsSync(path.join(path.dirname(file), FILE_NAMES.game))
  );
}

/** A file of a game folder where the folder or its bundle was meant: said as such, not as a bundle's schema error. */
function dataFileNotBundle(file: string): Diagnostic {
  const dir = path.dirname(file);
  return {
    code: 'bundle/not-a-bundle',
    severity: 'error',
    message: `${file} is a file of the game folder ${dir}, not a game bundle`,
    hint: `pass the folder itself: ${dir}`,
    file,
  };
}

const MARK: Record<CheckStatus, string> = { pass: 'pass', fail: 'FAIL', erratum: 'erratum', gap: 'gap', unsupported: 'UNSUPPORTED' };

export async function verifyCommand(targets: string[], options: VerifyOptions, io: Output): Promise<boolean> {
  let ok = true;
  for (const target of targets) {
    const { game, diagnostics } = await loadBundledGame(target);
    if (diagnostics.length > 0 && (hasErrors(diagnostics) || !options.json)) {
      if (options.json) io.out(diagnosticsAsJsonLines(diagnostics));
      else io.err(formatDiagnostics(diagnostics, sourceLineReader(), io.color));
    }
    if (!game) {
      ok = false;
      if (!options.json) io.err(`${shownPath(target)}: could not be loaded; no checks run`);
      continue;
    }
    const counts: Record<CheckStatus, number> = { pass: 0, fail: 0, erratum: 0, gap: 0, unsupported: 0 };
    const unsupported: string[] = [];
    const gaps: string[] = [];
    if (!options.json) io.out(`${game.id}: ${game.checks.length} checks`);
    for (const check of game.checks) {
      const outcome = runCheck(game, check);
      counts[outcome.status]++;
      if (options.json) {
        io.out(
          JSON.stringify({
            game: game.id,
            id: check.id,
            kind: check.kind,
            rule: check.rule,
            source: check.source ?? null,
            query: check.query,
            status: outcome.status,
            expect: check.expect,
            actual: outcome.actual,
            reasoning: outcome.reasoning,
          }),
        );
        continue;
      }
      io.out(
        `  ${MARK[outcome.status].padEnd(11)} ${check.id} (rule ${citation(check)}) ${check.query}${check.title ? ` — ${check.title}` : ''}`,
      );
      if (outcome.status !== 'pass' || options.verbose) {
        for (const line of outcome.reasoning) io.out(`      ${line}`);
      }
      if (outcome.status === 'fail') {
        io.out(`      expected ${JSON.stringify(check.expect)}`);
        io.out(`      engine   ${JSON.stringify(summarise(outcome.actual))}`);
      }
      if (outcome.status === 'unsupported')
        unsupported.push(`${check.id} (${check.query}): ${outcome.reasoning[outcome.reasoning.length - 1] ?? ''}`);
      if (outcome.status === 'gap') gaps.push(`${check.id} (${check.query}): ${outcome.reasoning[outcome.reasoning.length - 1] ?? ''}`);
    }
    if (counts.fail > 0 || counts.unsupported > 0) ok = false;
    const listed = contradictionCounts(game);
    if (options.json) io.out(JSON.stringify({ game: game.id, summary: counts, ...(listed ? { contradictions: listed } : {}) }));
    else {
      if (gaps.length > 0) {
        io.out(`  blocked by known gaps (the rulebook does not give a value the check needs; neither pass nor fail):`);
        for (const g of gaps) io.out(`    ${g}`);
      }
      if (unsupported.length > 0) {
        io.out(`  unsupported (count as failures):`);
        for (const u of unsupported) io.out(`    ${u}`);
      }
      if (listed)
        io.out(
          `  the source's conflicts: ${listed.contradictions} contradictions (${listed.errata} decided by erratum checks, ${listed.resolved} resolved, ${listed.unchecked} no check can decide, each with the reason), ${listed.other} ambiguities, gaps and slips decided in the data`,
        );
      io.out(
        `${game.id}: ${counts.pass} pass, ${counts.erratum} erratum, ${counts.fail} fail, ${counts.gap} gap, ${counts.unsupported} unsupported`,
      );
    }
  }
  return ok;
}

/** How the game's listed conflicts were decided (checks.json contradictions), or undefined when it lists none. */
function contradictionCounts(game: Game) {
  const list = game.contradictions ?? [];
  if (list.length === 0) return undefined;
  const real = list.filter((c) => c.kind === 'contradiction');
  const errata = new Set(game.checks.filter((c) => c.kind === 'erratum').map((c) => c.id));
  return {
    contradictions: real.length,
    errata: real.filter((c) => (c.checks ?? []).some((id) => errata.has(id))).length,
    resolved: real.filter((c) => c.resolved !== undefined).length,
    unchecked: real.filter((c) => c.unchecked !== undefined && !(c.checks ?? []).some((id) => errata.has(id))).length,
    other: list.length - real.length,
  };
}

function citation(check: CheckFile): string {
  const source = check.source !== undefined ? sourceText(check.source) : '';
  return source && source !== check.rule ? `${check.rule}, ${source}` : check.rule;
}

/** Long answers (every reachable hex) are shortened for the terminal. */
function summarise(actual: unknown): unknown {
  if (actual && typeof actual === 'object' && 'costs' in actual) {
    const { costs: _costs, hexes, ...rest } = actual as { costs: unknown; hexes: string[] };
    return { ...rest, hexes: hexes.length > 40 ? [...hexes.slice(0, 40), `… ${hexes.length - 40} more`] : hexes };
  }
  return actual;
}
