/** Data ids from module names: lower-case `[a-z0-9][a-z0-9_.-]*`, unique within one id space. */

export function slug(text: string, fallback = 'item'): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_.]+|[-_.]+$/g, '');
  return ascii.length > 0 ? ascii : fallback;
}

/** Hands out ids once each: "x", then "x-2", "x-3" … */
export class IdSpace {
  private readonly used = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const id of reserved) this.used.add(id);
  }

  take(text: string, fallback?: string): string {
    const base = slug(text, fallback);
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }

  has(id: string): boolean {
    return this.used.has(id);
  }
}
