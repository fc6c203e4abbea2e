/**
 * What VASSAL's own answers (the harness report) mean for a module author: one diagnostic per kind
 * of problem and place, with how many pieces it touches and a few of them by name. Pure.
 */
import type { Diagnostic, Severity } from '../../diagnostics';
import { decodePiece, isVassalTraitId } from '../piece';
import { traitId } from '../traits/trait';
import { allProbes, type HarnessReport, type SetupPiece, type SetupReport } from './report';
import { asVassalRewritesSlot, isOnlyVassalsRewrite } from './slot-rewrites';
import { traitDifference } from './trait-difference';

const EXAMPLES = 3;

/** A VASSAL location name that is no location: what `Map.locationName` says off every board and grid. */
export const OFFBOARD = 'offboard';

function examples(names: string[], quote = true): string {
  const shown = names.slice(0, EXAMPLES).map((n) => (quote ? `"${n}"` : n));
  const separator = quote ? ', ' : '; ';
  return names.length > EXAMPLES ? `${shown.join(separator)} and ${names.length - EXAMPLES} more` : shown.join(separator);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function isOnSnapPoint(piece: SetupPiece): boolean {
  return piece.x === piece.snapX && piece.y === piece.snapY;
}

function pieceLabel(p: SetupPiece): string {
  return `${p.name} at ${p.location} (${p.x},${p.y})`;
}

function judgeSetup(setup: SetupReport, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = { file, pointer: setup.file };
  const add = (code: string, severity: Severity, pieces: SetupPiece[], what: string, hint: string, label = pieceLabel) => {
    if (pieces.length === 0) return;
    out.push({
      code,
      severity,
      message: `setup "${setup.name}": ${plural(pieces.length, 'piece')} ${what}: ${examples(pieces.map(label))}`,
      hint,
      ...where,
    });
  };
  if (setup.loadError) {
    out.push({
      code: 'vassal/setup-load-failed',
      severity: 'error',
      message: `setup "${setup.name}" (${setup.file}) does not load in VASSAL: ${setup.loadError}`,
      hint: 'the saved game is missing or unreadable; rebuild the module',
      ...where,
    });
    return out;
  }
  add(
    'vassal/setup-unknown-location',
    'error',
    setup.pieces.filter((p) => p.location === OFFBOARD || p.location === ''),
    'placed where VASSAL knows no location (off every board, hex and zone)',
    'the saved position is outside the map, or the grid or zone it was meant for is missing',
  );
  add(
    'vassal/setup-location-lost',
    'error',
    setup.pieces.filter((p) => p.location !== OFFBOARD && p.locationProperty === ''),
    'whose $LocationName$ is empty, so its reports read "* : …"',
    "the save holds pieces whose traits still say prototype;…: VASSAL's own saves hold them with their prototypes expanded",
  );
  add(
    'vassal/setup-not-deletable',
    'error',
    setup.pieces.filter((p) => p.hasDelete && !p.deleted),
    'that its own Delete command does not remove (greyed out in the right-click menu)',
    "the save holds pieces whose traits still say prototype;…: VASSAL's own saves hold them with their prototypes expanded",
  );
  add(
    'vassal/setup-off-snap',
    'warning',
    setup.pieces.filter((p) => !isOnSnapPoint(p)),
    "not on VASSAL's snap point for their location",
    "place pieces at HexGrid.snapTo's point (a drag there moves them)",
    (p) => `${pieceLabel(p)} snaps to (${p.snapX},${p.snapY})`,
  );
  return out;
}

function judgeProbes(report: HarnessReport, file: string): Diagnostic[] {
  const found = new Map<string, { what: string; hint: string; cases: string[] }>();
  const note = (code: string, what: string, hint: string, instance: string) => {
    const entry = found.get(code) ?? { what, hint, cases: [] };
    entry.cases.push(instance);
    found.set(code, entry);
  };
  for (const probe of allProbes(report)) {
    const subject = `${probe.prototype} (${probe.piece} from ${probe.source})`;
    if (probe.flip && !probe.flip.changed)
      note('vassal/flip-no-effect', 'Flip changes nothing', 'the flip layer has a single level or no image', subject);
    const noLocation = [...(probe.flip?.reports ?? []), ...(probe.move?.reports ?? []), ...(probe.delete?.reports ?? [])].find((t) =>
      /^\*\s*:/.test(t),
    );
    if (noLocation)
      note(
        'vassal/report-no-location',
        'a report names no location',
        "$location$ is empty in the piece's report trait: the save holds pieces whose traits still say prototype;…, which VASSAL's own saves expand",
        `${subject}: "${noLocation}"`,
      );
    if (probe.move && probe.move.locationAfter !== probe.move.to)
      note(
        'vassal/move-location',
        'after a one-hex move the piece reports another location',
        'the piece does not see the map it is on',
        `${subject}: moved ${probe.move.from} → ${probe.move.to}, reports "${probe.move.locationAfter}"`,
      );
    if (probe.delete && !probe.delete.removed)
      note(
        'vassal/delete-no-effect',
        'Delete does not remove the piece',
        "greyed out: the piece's Delete trait does not see its map (unexpanded prototype in the save)",
        `${subject}: ${probe.delete.enabled ? 'enabled, nothing removed' : 'greyed out'}`,
      );
  }
  return [...found].map(([code, f]) => ({
    code,
    severity: 'error' as const,
    message: `${f.what} on ${plural(f.cases.length, 'probed prototype')}: ${examples(f.cases, false)}`,
    hint: f.hint,
    file,
  }));
}

/**
 * Why VASSAL built no piece of a palette slot: a definition of a command encoder of the module's own
 * (no AddPiece command, or a trait VASSAL does not know) when that encoder did not load, else a malformed trait.
 */
function undecodableHint(definition: string): string {
  const own = "only a command encoder of the module's own Java classes builds it, and VASSAL loaded none that does (see its errors above)";
  // VASSAL forgets the text of a slot it could not build once its palette is drawn (PieceSlot.getPiece).
  if (definition === '')
    return "a trait of the PieceSlot text is malformed, or the piece is one a command encoder of the module's own Java classes builds and VASSAL loaded none that does (see its errors above)";
  if (!definition.startsWith('+/'))
    return `the definition is no AddPiece command (it starts "${definition.slice(0, 20)}", not "+/"): ${own}`;
  const foreign = decodePiece(definition)
    .piece?.traits.map((t) => traitId(t.type))
    .find((id) => !isVassalTraitId(id));
  return foreign ? `trait "${foreign.replace(/;$/, '')}" is no trait of VASSAL: ${own}` : 'a trait of the PieceSlot text is malformed';
}

function judgeModule(report: HarnessReport, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const entry of report.log) {
    const error = entry.level === 'error';
    out.push({
      code: error ? 'vassal/error' : 'vassal/warning',
      severity: error ? 'error' : 'warning',
      message: `VASSAL ${error ? 'error' : 'warning'}: ${entry.message}${entry.exception ? ` (${entry.exception})` : ''}`,
      file,
    });
  }
  for (const warning of report.validation ?? [])
    out.push({ code: 'vassal/validation', severity: 'warning', message: `VASSAL's module validation: ${warning}`, file });
  for (const slot of report.pieceSlots?.undecodable ?? [])
    out.push({
      code: 'vassal/piece-undecodable',
      severity: 'error',
      message: `palette piece "${slot.slot ?? '(unnamed)'}" cannot be built by VASSAL from its definition`,
      hint: undecodableHint(slot.definition ?? ''),
      file,
    });
  for (const slot of reencodeMismatches(report))
    out.push({
      code: 'vassal/piece-reencode',
      severity: 'error',
      // Compared with the stored text as VASSAL rewrites it (old trait forms, the slot's position), so the message points at what VASSAL changed.
      message: `palette piece "${slot.slot ?? '(unnamed)'}": VASSAL re-encodes it differently from its stored text${traitDifference(asVassalRewritesSlot(slot.definition ?? '', slot.reencoded ?? ''), slot.reencoded ?? '')}`,
      hint: `a malformed trait: VASSAL reads it with defaults. Stored ${JSON.stringify(slot.definition)}, VASSAL writes ${JSON.stringify(slot.reencoded)}`,
      file,
    });
  for (const image of report.images?.missing ?? [])
    out.push({
      code: 'vassal/image-missing',
      severity: 'error',
      message: `image "${image.image}" ${image.problem}`,
      hint: 'add it under images/ in the module, or correct the name that refers to it',
      file,
    });
  for (const grid of report.grids ?? [])
    for (const f of grid.failures)
      out.push({
        code: 'vassal/grid-roundtrip',
        severity: 'error',
        message: `${grid.map} / ${grid.board} (${grid.grid}): cell "${f.name}" at (${f.x},${f.y}) comes back as ${f.nameBack === null ? 'no location' : `"${f.nameBack}"`} at (${f.pointX},${f.pointY})`,
        hint: "the grid numbering's names are not unique or not read back by VASSAL",
        file,
      });
  return out;
}

/** Every problem the report shows, errors and warnings; dialogs VASSAL opened are listed as info. */
export function judgeHarnessReport(report: HarnessReport, file = report.module): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (report.timedOut)
    out.push({
      code: 'vassal/timed-out',
      severity: 'error',
      message: 'VASSAL did not finish within the time limit; the checks below are partial',
      hint: 'a dialog may be waiting, or the module is very large: raise the limit',
      file,
    });
  if (report.loadError || report.crash) {
    out.push({
      code: 'vassal/load-failed',
      severity: 'error',
      message: `VASSAL could not load the module: ${report.loadError ?? report.crash}`,
      hint: 'open it in VASSAL to see the same error; check buildFile.xml and moduledata',
      file,
    });
  }
  for (const extension of report.extensions ?? [])
    if (extension.error)
      out.push({
        code: 'vassal/extension-refused',
        severity: 'error',
        message: `VASSAL did not load the extension ${extension.file}: ${extension.error}`,
        hint: 'load it on the module (and version) it was made for; its targets must name components the module has',
        file: extension.file,
      });
  out.push(...judgeModule(report, file));
  for (const setup of report.setups ?? []) out.push(...judgeSetup(setup, file));
  out.push(...judgeProbes(report, file));
  for (const dialog of report.dialogs)
    out.push({
      code: 'vassal/dialog',
      severity: 'info',
      message: `VASSAL opened a dialog${dialog.title ? ` "${dialog.title}"` : ''}: ${dialog.text.split('\n')[0]}`,
      file,
    });
  return out;
}

/** A module passes when VASSAL reported no error and no warning. */
export function harnessPasses(diagnostics: readonly Diagnostic[]): boolean {
  return !diagnostics.some((d) => d.severity === 'error' || d.severity === 'warning');
}

/** What VASSAL reported, in counts: the figures a summary line and the test tier print. */
export function harnessCounts(report: HarnessReport) {
  const pieces = (report.setups ?? []).flatMap((s) => s.pieces);
  return {
    errors: report.log.filter((l) => l.level === 'error').length,
    warnings: report.log.filter((l) => l.level !== 'error').length,
    validationWarnings: (report.validation ?? []).length,
    dialogs: report.dialogs.length,
    pieceSlots: report.pieceSlots?.count ?? 0,
    reencodeMismatches: reencodeMismatches(report).length + (report.pieceSlots?.undecodable.length ?? 0),
    images: report.images?.referenced ?? 0,
    missingImages: report.images?.missing.length ?? 0,
    maps: (report.maps ?? []).length,
    boards: (report.maps ?? []).reduce((n, m) => n + m.boards.length, 0),
    gridCells: (report.grids ?? []).reduce((n, g) => n + g.named, 0),
    gridFailures: (report.grids ?? []).reduce((n, g) => n + g.failures.length, 0),
    setups: (report.setups ?? []).length,
    setupPieces: pieces.length,
    undeletable: pieces.filter((p) => p.hasDelete && !p.deleted).length,
    locationLost: pieces.filter((p) => p.locationProperty === '').length,
    offSnap: pieces.filter((p) => !isOnSnapPoint(p)).length,
    probes: allProbes(report).length,
  };
}

/** Palette pieces VASSAL re-encodes differently, less those it only rewrites itself (old trait forms, the slot's position). */
function reencodeMismatches(report: HarnessReport) {
  return (report.pieceSlots?.mismatches ?? []).filter((m) => !isOnlyVassalsRewrite(m.definition ?? '', m.reencoded ?? ''));
}
