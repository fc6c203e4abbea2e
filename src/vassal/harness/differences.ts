/**
 * What VASSAL reports differently about two versions of one module: palette pieces (names,
 * traits, trait states, menus), each predefined setup's pieces and the pieces a new game starts
 * with (names, positions, locations, menus, asked-for properties). Pure: two reports in, a list of
 * differences out, each naming the piece and the field.
 */
import type { HarnessReport, PalettePiece, SetupPiece } from './report';

export interface ReportDifference {
  /** "palette 3 [slot name]", "setup Default Setup.vsav piece 5 [name]", "new game piece 2 [name]", "module". */
  where: string;
  /** The field that differs: name, traits[2], states[0], menu, location, count, … */
  field: string;
  before: string;
  after: string;
}

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** Field by field; a list of strings compared item by item (so a changed trait names its index). */
function compareFields(where: string, a: object, b: object, fields: readonly string[], out: ReportDifference[]): void {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const field of fields) {
    const x = left[field];
    const y = right[field];
    if (Array.isArray(x) && Array.isArray(y) && field !== 'menu') {
      if (x.length !== y.length) out.push({ where, field: `${field} count`, before: String(x.length), after: String(y.length) });
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (show(x[i]) !== show(y[i])) out.push({ where, field: `${field}[${i}]`, before: show(x[i]), after: show(y[i]) });
    } else if (show(x) !== show(y)) out.push({ where, field, before: show(x), after: show(y) });
  }
}

/** Two lists matched by position; a different length is itself a difference. */
function compareLists<T extends object>(
  label: string,
  a: readonly T[],
  b: readonly T[],
  name: (item: T) => string,
  fields: readonly string[],
  out: ReportDifference[],
): void {
  if (a.length !== b.length) out.push({ where: label, field: 'count', before: String(a.length), after: String(b.length) });
  for (let i = 0; i < Math.min(a.length, b.length); i++) compareFields(`${label} ${i + 1} [${name(a[i])}]`, a[i], b[i], fields, out);
}

const PALETTE_FIELDS = ['slot', 'name', 'traits', 'states', 'menu'] as const;
const PIECE_FIELDS = ['name', 'shownName', 'map', 'x', 'y', 'location', 'menu', 'properties'] as const;

/** The report with its module's path replaced by "<module>" wherever VASSAL's messages repeat it. */
function withoutModulePath(report: HarnessReport): HarnessReport {
  const text = JSON.stringify(report).split(JSON.stringify(report.module).slice(1, -1)).join('<module>');
  return JSON.parse(text) as HarnessReport;
}

/** Every difference between what VASSAL reported on `original` and on `changed` (their files' paths aside). */
export function reportDifferences(original: HarnessReport, changed: HarnessReport): ReportDifference[] {
  const before = withoutModulePath(original);
  const after = withoutModulePath(changed);
  const out: ReportDifference[] = [];
  compareFields('module', before, after, ['name', 'version', 'loadError', 'crash'], out);
  const paletteName = (p: PalettePiece) => p.slot ?? p.name ?? '';
  compareLists('palette', before.palette ?? [], after.palette ?? [], paletteName, PALETTE_FIELDS, out);
  const pieceName = (p: SetupPiece) => p.name;
  compareLists('new game piece', before.atStart ?? [], after.atStart ?? [], pieceName, PIECE_FIELDS, out);
  const setupsA = before.setups ?? [];
  const setupsB = after.setups ?? [];
  compareLists('setup', setupsA, setupsB, (s) => s.file, ['name', 'file', 'loadError'], out);
  for (let i = 0; i < Math.min(setupsA.length, setupsB.length); i++)
    compareLists(`setup ${setupsA[i].file} piece`, setupsA[i].pieces, setupsB[i].pieces, pieceName, PIECE_FIELDS, out);
  return out;
}

/** Counts for a report line: palette pieces, setups, setup pieces, new-game pieces, menu items. */
export function listingCounts(report: HarnessReport): {
  palette: number;
  setups: number;
  setupPieces: number;
  atStart: number;
  menuItems: number;
} {
  const pieces = [...(report.setups ?? []).flatMap((s) => s.pieces), ...(report.atStart ?? [])];
  return {
    palette: report.palette?.length ?? 0,
    setups: report.setups?.length ?? 0,
    setupPieces: (report.setups ?? []).reduce((n, s) => n + s.pieces.length, 0),
    atStart: report.atStart?.length ?? 0,
    menuItems: [...(report.palette ?? []), ...pieces].reduce((n, p) => n + (p.menu?.length ?? 0), 0),
  };
}
