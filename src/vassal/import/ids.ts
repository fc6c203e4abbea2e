/** Data ids from module names: lower-case `[a-z0-9][a-z0-9_.-]*`, unique within one id space. */

const ASCII = /^[\x00-\x7f]*$/;

/** Whether a character code is kept as it is in a slug: a-z, 0-9, "_" or "." (not "-", which runs of others become). */
function keptCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x2e;
}

/**
 * The slug of lower-case ASCII text in one pass, as the replacements in slugOrEmpty make it: each
 * run of characters other than a-z, 0-9, "_" and "." (hyphens included) becomes one "-", then
 * hyphens, underscores and dots are trimmed from both ends. Names are mostly slugs already.
 */
function asciiSlug(lower: string): string {
  let out = '';
  // Start of the run of kept characters not yet copied, and whether a "-" goes before it.
  let start = 0;
  let dash = false;
  for (let i = 0; i < lower.length; i++) {
    if (keptCode(lower.charCodeAt(i))) continue;
    if (i > start) out += (dash ? '-' : '') + lower.slice(start, i);
    dash = true;
    start = i + 1;
  }
  if (start === 0) out = lower;
  else if (lower.length > start) out += (dash ? '-' : '') + lower.slice(start);
  else if (dash) out += '-';
  let from = 0;
  let to = out.length;
  while (from < to && isTrimmed(out.charCodeAt(from))) from++;
  while (to > from && isTrimmed(out.charCodeAt(to - 1))) to--;
  return from === 0 && to === out.length ? out : out.slice(from, to);
}

function isTrimmed(code: number): boolean {
  return code === 0x2d || code === 0x5f || code === 0x2e;
}

const LETTER = /\p{L}/u;
const LATIN_LETTER = /[a-z]/;

/**
 * The slug of `text`, "" when nothing of it is left, or when the text has letters and none of them
 * is Latin (Greek, Cyrillic, Japanese…): its digits alone ("第1師団" → "1") would name nothing.
 */
function slugOrEmpty(text: string): string {
  // NFKD and the removal of combining marks leave ASCII text as it is: skip them for it.
  if (ASCII.test(text)) return asciiSlug(text.toLowerCase());
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slugged = folded
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_.]+|[-_.]+$/g, '');
  return LATIN_LETTER.test(slugged) || !LETTER.test(folded) ? slugged : '';
}

/**
 * The id of a piece whose name gives none: its kind and its palette slot's gpid ("unit-12"), stable
 * as long as the module keeps the slot; the kind alone when the piece has no slot.
 */
function kindAndSlot(kind: string, gpid: string | undefined): string {
  const number = slugOrEmpty(gpid ?? '');
  return number ? `${kind}-${number}` : kind;
}

export function slug(text: string, fallback = 'item'): string {
  return slugOrEmpty(text) || fallback;
}

/** What an id space knows of one base id: whether the base is taken, and the last suffix it gave it. */
interface BaseState {
  base: string;
  /** The base itself is in the space: ids are never released, so it stays taken. */
  taken: boolean;
  /**
   * The suffix after which the search for a free "base-n" resumes: every suffix up to it is
   * taken. Without it, n copies of one name cost n² lookups.
   */
  lastSuffix: number;
}

/** Hands out ids once each: "x", then "x-2", "x-3" … */
export class IdSpace {
  private readonly used = new Set<string>();
  private readonly bases = new Map<string, BaseState>();
  /**
   * Per text seen, the state of its slug's base ('' where nothing of the text is left): copies of
   * one counter ask for the same name again and again, each then costing one lookup here and one
   * for the free suffixed id.
   */
  private readonly texts = new Map<string, BaseState | ''>();

  constructor(reserved: Iterable<string> = []) {
    for (const id of reserved) this.used.add(id);
  }

  private baseState(base: string): BaseState {
    let state = this.bases.get(base);
    if (state === undefined) {
      state = { base, taken: false, lastSuffix: 1 };
      this.bases.set(base, state);
    }
    return state;
  }

  /** The id of `text`, else of `fallback` where nothing of the text is left. */
  take(text: string, fallback = 'item'): string {
    const state = this.textState(text);
    return this.next(state !== '' ? state : this.baseState(fallback));
  }

  /**
   * The id of `text`, else kindAndSlot(kind, gpid) where nothing of the text is left: the slot's id
   * is made only then (for the few pieces whose name gives none).
   */
  takeOrSlot(text: string, kind: string, gpid: string | undefined): string {
    const state = this.textState(text);
    return this.next(state !== '' ? state : this.baseState(kindAndSlot(kind, gpid)));
  }

  /** The state of the base of `text`'s slug, '' where nothing of the text is left. */
  private textState(text: string): BaseState | '' {
    let state = this.texts.get(text);
    if (state === undefined) {
      const slugged = slugOrEmpty(text);
      state = slugged === '' ? '' : this.baseState(slugged);
      this.texts.set(text, state);
    }
    return state;
  }

  /** The base itself the first time it is asked for and free, else its first free "base-n". */
  private next(state: BaseState): string {
    const { base } = state;
    if (!state.taken) {
      state.taken = true;
      if (!this.used.has(base)) {
        this.used.add(base);
        return base;
      }
    }
    let n = state.lastSuffix + 1;
    let id = `${base}-${n}`;
    while (this.used.has(id)) id = `${base}-${++n}`;
    state.lastSuffix = n;
    this.used.add(id);
    return id;
  }

  has(id: string): boolean {
    return this.used.has(id);
  }
}
