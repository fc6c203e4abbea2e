/**
 * What in a font's GSUB could change the glyphs of a text run under fontkit's default layout,
 * read once per font so that runs nothing can act on skip the full layout engine (render/fonts.ts).
 */
import type Fontkit from '@pdf-lib/fontkit';

type FontkitFont = ReturnType<typeof Fontkit.create>;

/** A GSUB coverage table as fontkit parses it (format 1: glyph list, format 2: glyph ranges). */
interface Coverage {
  version: number;
  glyphs?: ArrayLike<number>;
  rangeRecords?: ArrayLike<{ start: number; end: number }>;
}

/** A GSUB class definition as fontkit parses it (format 1: class array, format 2: class ranges). */
interface ClassDef {
  version: number;
  startGlyph?: number;
  classValueArray?: ArrayLike<number>;
  classRangeRecord?: ArrayLike<{ start: number; end: number; class: number }>;
}

/**
 * The GSUB features fontkit's default shaper (the one for Latin and for text of no script) applies
 * to a left-to-right run. Its fraction features (frac, numr, dnom) apply only around a fraction
 * slash (U+2044), which printable ASCII does not hold; the others it plans are positioning (GPOS).
 */
const DEFAULT_SUBSTITUTIONS = new Set(['rvrn', 'ltra', 'ltrm', 'ccmp', 'locl', 'rlig', 'calt', 'clig', 'liga', 'rclt']);

/** A parsed array of fontkit's, plain or lazy; undefined for anything else. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function listOf(value: any): any[] | undefined {
  if (Array.isArray(value)) return value;
  return typeof value?.toArray === 'function' ? (value.toArray() as unknown[]) : undefined;
}

/** The glyphs of a coverage table in coverage-index order; undefined for an unexpected shape. */
function coverageGlyphs(c: Coverage | undefined): number[] | undefined {
  const out: number[] = [];
  if (c?.version === 1 && c.glyphs) for (let i = 0; i < c.glyphs.length; i++) out.push(c.glyphs[i]);
  else if (c?.version === 2 && c.rangeRecords)
    for (let i = 0; i < c.rangeRecords.length; i++) for (let g = c.rangeRecords[i].start; g <= c.rangeRecords[i].end; g++) out.push(g);
  else return undefined;
  return out;
}

/** Each classified glyph's class (glyphs left out are class 0); undefined for an unexpected shape. */
function glyphClasses(d: ClassDef | undefined): Map<number, number> | undefined {
  const out = new Map<number, number>();
  if (d?.version === 1 && d.classValueArray && typeof d.startGlyph === 'number')
    for (let i = 0; i < d.classValueArray.length; i++) out.set(d.startGlyph + i, d.classValueArray[i]);
  else if (d?.version === 2 && d.classRangeRecord)
    for (let i = 0; i < d.classRangeRecord.length; i++)
      for (let g = d.classRangeRecord[i].start; g <= d.classRangeRecord[i].end; g++) out.set(g, d.classRangeRecord[i].class);
  else return undefined;
  return out;
}

/** A position of a rule: the glyphs that may stand there (undefined: any glyph). */
type Position = ReadonlySet<number> | undefined;

/**
 * One way a substitution could act on a run: the glyphs a rule matches, in order (backtrack, input,
 * lookahead), `start` the position of the glyph the rule is tried at. A ligature needs every
 * component, a contextual rule every glyph of its context. When its lookup skips no glyph (no
 * ignore flags) the positions are consecutive glyphs of the run; else a rule can match only if the
 * run holds some glyph of every position.
 */
interface Trigger {
  sequence: Position[];
  start: number;
  consecutive: boolean;
}

export type Triggers = ReadonlyMap<number, readonly Trigger[]>;

/* eslint-disable @typescript-eslint/no-explicit-any -- fontkit's parsed tables are untyped */

/** Reads the rules of the default features' lookups into triggers by starting glyph. */
class TriggerReader {
  /** False once a table of a shape this does not read was met: then only the full layout is trusted. */
  ok = true;
  readonly byGlyph = new Map<number, Trigger[]>();
  /** Whether the lookup being read skips no glyph. */
  private consecutive = true;
  private readonly byClass = new WeakMap<Map<number, number>, Map<number, Set<number>>>();

  readLookup(lookup: any): void {
    const flags = lookup?.flags?.flags;
    this.consecutive =
      flags?.ignoreBaseGlyphs === false &&
      flags.ignoreLigatures === false &&
      flags.ignoreMarks === false &&
      flags.useMarkFilteringSet === false &&
      !lookup.flags.markAttachmentType;
    if (!lookup?.subTables) this.ok = false;
    else this.each(lookup.subTables, (table) => this.visit(lookup.lookupType, table));
  }

  private add(first: Iterable<number>, after: Position[], before: Position[] = []): void {
    const starts = new Set(first);
    const trigger = { sequence: [...before, starts, ...after], start: before.length, consecutive: this.consecutive };
    for (const g of starts) {
      const list = this.byGlyph.get(g);
      if (list) list.push(trigger);
      else this.byGlyph.set(g, [trigger]);
    }
  }

  private glyphSet = (c: Coverage | undefined): Position => {
    const glyphs = coverageGlyphs(c);
    if (!glyphs) this.ok = false;
    return new Set(glyphs);
  };

  /** The glyphs a class stands for: class 0 is every glyph the definition leaves out, so any glyph. */
  private classGlyphs(classes: Map<number, number> | undefined, wanted: number): Position {
    if (!classes) this.ok = false;
    if (wanted === 0 || !classes) return undefined;
    let sets = this.byClass.get(classes);
    if (!sets) {
      sets = new Map();
      for (const [g, c] of classes) sets.set(c, (sets.get(c) ?? new Set()).add(g));
      this.byClass.set(classes, sets);
    }
    return sets.get(wanted) ?? new Set<number>();
  }

  private each(value: any, visit: (item: any, index: number) => void): void {
    const items = value == null ? [] : listOf(value); // a null offset: no rules
    if (!items) this.ok = false;
    else items.forEach((item, index) => item != null && visit(item, index));
  }

  /** Backtrack sequences list the glyphs nearest first. */
  private backwards<T>(items: any, map: (item: T) => Position): Position[] {
    return (listOf(items) ?? []).map(map).reverse();
  }

  private visit(type: number, table: any): void {
    let coverage: number[] | undefined;
    const covered = () => (coverage ??= coverageGlyphs(table?.coverage) ?? ((this.ok = false), []));
    const single = (g: number): Position => new Set([g]);
    if (type === 7) this.visit(table?.lookupType, table?.extension);
    else if (type === 1 || type === 2 || type === 3) this.add(covered(), []);
    else if (type === 8)
      this.add(
        covered(),
        (listOf(table.lookaheadCoverage) ?? []).map(this.glyphSet),
        this.backwards(table.backtrackCoverage, this.glyphSet),
      );
    else if (type === 4)
      covered().forEach((g, index) => {
        if (typeof table.ligatureSets?.get !== 'function') this.ok = false;
        else this.each(table.ligatureSets.get(index), (lig) => this.add([g], (listOf(lig.components) ?? []).map(single)));
      });
    else if ((type === 5 || type === 6) && table?.version === 1)
      covered().forEach((g, index) =>
        this.each((table.ruleSets ?? table.chainRuleSets)?.[index], (rule) =>
          this.add([g], [...rule.input, ...(rule.lookahead ?? [])].map(single), this.backwards(rule.backtrack, single)),
        ),
      );
    else if ((type === 5 || type === 6) && table?.version === 2) this.visitClassContext(table, covered());
    else if (type === 5 && table?.version === 3) {
      const [first, ...rest] = listOf(table.coverages) ?? [];
      this.add(this.glyphSet(first) ?? [], rest.map(this.glyphSet));
    } else if (type === 6 && table?.version === 3) {
      const [first, ...rest] = listOf(table.inputCoverage) ?? [];
      const after = [...rest, ...(listOf(table.lookaheadCoverage) ?? [])].map(this.glyphSet);
      this.add(this.glyphSet(first) ?? [], after, this.backwards(table.backtrackCoverage, this.glyphSet));
    } else this.ok = false;
  }

  /** Class-based context (5) and chaining context (6): rules by the class of the glyph they start at. */
  private visitClassContext(table: any, covered: number[]): void {
    const chaining = table.chainClassSet !== undefined;
    const input = glyphClasses(chaining ? table.inputClassDef : table.classDef);
    const [back, ahead] = chaining ? [glyphClasses(table.backtrackClassDef), glyphClasses(table.lookaheadClassDef)] : [];
    this.each(chaining ? table.chainClassSet : table.classSet, (set, cls) => {
      const starts = covered.filter((g) => (input?.get(g) ?? 0) === cls);
      this.each(set, (rule) => {
        const after = [
          ...(chaining ? rule.input : rule.classes).map((c: number) => this.classGlyphs(input, c)),
          ...(chaining ? rule.lookahead : []).map((c: number) => this.classGlyphs(ahead, c)),
        ];
        this.add(starts, after, chaining ? this.backwards(rule.backtrack, (c: number) => this.classGlyphs(back, c)) : []);
      });
    });
  }
}

const triggersOf = new WeakMap<FontkitFont, Triggers | undefined>();

/**
 * The rules of a font's default substitutions, by the glyph each starts at: those of every
 * subtable (extensions unwrapped) of the lookups the default features list. A contextual rule
 * counts as acting whenever its context could match (the lookups it then applies run only there),
 * so a run no rule can match leaves GSUB unchanged: no lookup changes a glyph, so each later one
 * sees the same run. Substitutions of other features (DejaVu's fractions and superscripts cover
 * the digits) never run in a default layout. Undefined when the font holds a layout this does not
 * read: then only the full layout is trusted.
 */
export function substitutionTriggers(font: FontkitFont): Triggers | undefined {
  if (triggersOf.has(font)) return triggersOf.get(font);
  const f = font as any;
  const reader = new TriggerReader();
  const lookups = f.GSUB ? listOf(f.GSUB.lookupList) : [];
  const reached = new Set<number>();
  if (f.morx || f.mort || (f.GSUB && (!lookups || f.GSUB.featureVariations)))
    reader.ok = false; // AAT layout, or substitutions chosen by variation: not read here
  else if (f.GSUB) {
    const features = listOf(f.GSUB.featureList);
    if (!features) reader.ok = false;
    for (const record of features ?? [])
      if (DEFAULT_SUBSTITUTIONS.has(record?.tag))
        for (const index of listOf(record.feature?.lookupListIndexes) ?? [])
          if (!reached.has(index)) {
            reached.add(index);
            reader.readLookup(lookups?.[index]);
          }
  }
  const out = reader.ok ? reader.byGlyph : undefined;
  triggersOf.set(font, out);
  return out;
}

/* eslint-enable @typescript-eslint/no-explicit-any */

/** Whether some rule could act on a run of these glyphs (see substitutionTriggers). */
export function anyTriggerMatches(triggers: Triggers, ids: readonly number[]): boolean {
  const somewhere = (wanted: Position) => wanted === undefined || ids.some((g) => wanted.has(g));
  const at = (i: number) => (wanted: Position, k: number) => {
    const j = i + k;
    return j >= 0 && j < ids.length && (wanted === undefined || wanted.has(ids[j]));
  };
  for (let i = 0; i < ids.length; i++)
    for (const { sequence, start, consecutive } of triggers.get(ids[i]) ?? [])
      if (consecutive ? sequence.every(at(i - start)) : sequence.every(somewhere)) return true;
  return false;
}
