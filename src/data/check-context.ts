/** What every cross-reference pass shares: where to report, and the id sets it checks against. */
import type { Diagnostic } from '../diagnostics';
import type { Locator } from './parse-game';
import type { FileKind } from './schemas';
import { closestName } from './did-you-mean';

/** Where a file kind's pointer is: a game folder's files (Locator), or the one file a bundle is. */
export type PlacesDiagnostics = Pick<Locator, 'at' | 'lineOfUnit'>;

export class CheckContext {
  readonly diagnostics: Diagnostic[] = [];

  constructor(readonly locator: PlacesDiagnostics) {}

  error(kind: FileKind, pointer: string, code: string, message: string, hint?: string, atKey = false): void {
    this.diagnostics.push({ code, severity: 'error', message, ...(hint ? { hint } : {}), ...this.locator.at(kind, pointer, atKey) });
  }

  warning(kind: FileKind, pointer: string, code: string, message: string, hint?: string): void {
    this.diagnostics.push({ code, severity: 'warning', message, ...(hint ? { hint } : {}), ...this.locator.at(kind, pointer) });
  }

  /**
   * Reports a reference to an id that does not exist, suggesting the nearest existing one.
   * Returns whether the reference resolves. `known` is undefined when the file declaring the ids
   * failed its own checks: its errors are reported there, not again at every reference to it.
   */
  ref(kind: FileKind, pointer: string, what: string, id: string | undefined, known: ReadonlySet<string> | undefined, declaredIn: string): boolean {
    if (id === undefined || known === undefined || known.has(id)) return true;
    if (known.size === 0) return this.noneDeclared(kind, pointer, what, id, declaredIn);
    const guess = closestName(id, [...known]);
    this.error(
      kind,
      pointer,
      `ref/unknown-${what}`,
      `unknown ${what} "${id}"`,
      guess ? `did you mean "${guess}"? (${what}s are declared in ${declaredIn})` : `declare it in ${declaredIn}${known.size ? `; known: ${[...known].slice(0, 12).join(', ')}${known.size > 12 ? ', …' : ''}` : ''}`,
    );
    return false;
  }

  /** The first reference to each kind of id of which none is declared (an optional file absent), by kind. */
  private readonly undeclared = new Map<string, { diagnostic: Diagnostic; id: string; more: number }>();

  /**
   * A reference to an id when none of its kind is declared: every such reference is unknown for one
   * reason (the declaring file is absent, say), so it is said once, at the first, with how many more.
   */
  private noneDeclared(kind: FileKind, pointer: string, what: string, id: string, declaredIn: string): false {
    const first = this.undeclared.get(what);
    if (first) {
      first.more++;
      first.diagnostic.message = `unknown ${what} "${first.id}" and ${first.more} more reference(s): no ${what} is declared`;
      return false;
    }
    this.error(kind, pointer, `ref/unknown-${what}`, `unknown ${what} "${id}"`, `declare it in ${declaredIn}`);
    this.undeclared.set(what, { diagnostic: this.diagnostics.at(-1)!, id, more: 0 });
    return false;
  }

  /** Reports ids that appear twice in a list; returns the set of ids. */
  unique(kind: FileKind, items: readonly { id: string }[] | undefined, pointer: string, what: string): Set<string> {
    const seen = new Map<string, number>();
    (items ?? []).forEach((item, i) => {
      const first = seen.get(item.id);
      if (first !== undefined) {
        this.error(kind, `${pointer}/${i}/id`, 'ref/duplicate-id', `duplicate ${what} id "${item.id}" (also at ${pointer}/${first})`, 'ids must be unique; rename one');
      } else seen.set(item.id, i);
    });
    return new Set(seen.keys());
  }
}
