/** Data ids from module names: lower-case `[a-z0-9][a-z0-9_.-]*`, unique within one id space. */

const ASCII = /^[\x00-\x7f]*$/;

/** The slug of `text`, "" when nothing of it is left. */
function slugOrEmpty(text: string): string {
  // NFKD and the removal of combining marks leave ASCII text as it is: skip them for it.
  const folded = ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return folded
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_.]+|[-_.]+$/g, '');
}

export function slug(text: string, fallback = 'item'): string {
  return slugOrEmpty(text) || fallback;
}

/** Hands out ids once each: "x", then "x-2", "x-3" … */
export class IdSpace {
  private readonly used = new Set<string>();
  /**
   * Per base, the suffix after which the search for a free "base-n" resumes: ids are never
   * released, so every suffix up to the last one handed out is still taken. Without it, n copies
   * of one name cost n² lookups.
   */
  private readonly lastSuffix = new Map<string, number>();
  /** Slugs of the texts seen: copies of one counter ask for the same name again and again. */
  private readonly slugs = new Map<string, string>();

  constructor(reserved: Iterable<string> = []) {
    for (const id of reserved) this.used.add(id);
  }

  take(text: string, fallback = 'item'): string {
    let slugged = this.slugs.get(text);
    if (slugged === undefined) {
      slugged = slugOrEmpty(text);
      this.slugs.set(text, slugged);
    }
    const base = slugged || fallback;
    if (!this.used.has(base)) {
      this.used.add(base);
      return base;
    }
    let n = (this.lastSuffix.get(base) ?? 1) + 1;
    let id = `${base}-${n}`;
    while (this.used.has(id)) id = `${base}-${++n}`;
    this.lastSuffix.set(base, n);
    this.used.add(id);
    return id;
  }

  has(id: string): boolean {
    return this.used.has(id);
  }
}
