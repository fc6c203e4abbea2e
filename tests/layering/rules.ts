/**
 * The layering of src/, as rules over its import graph (see import-graph.ts). A room is a top-level
 * folder of src/ (`engine`, `print`, …). The rules:
 *
 *  - engine/ and render/ are pure: they never import the file system;
 *  - engine/ and render/ import nothing from the outputs or the CLI;
 *  - one output (print/, vassal/, diff/, bundle/) never imports another;
 *  - no import cycle between files, type-only imports included.
 */
import type { ImportEdge } from './import-graph';

export const OUTPUT_ROOMS = ['print', 'vassal', 'diff', 'bundle'];
const PURE_ROOMS = ['engine', 'render'];
const FILE_SYSTEM = new Set(['fs', 'fs/promises', 'node:fs', 'node:fs/promises']);

export interface Violation {
  rule: 'file-system' | 'pure-imports-outer' | 'output-imports-output' | 'cycle';
  message: string;
}

/** The room of a path relative to src/: its first folder, or the file itself at the top. */
export function roomOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? file.replace(/\.ts$/, '') : file.slice(0, slash);
}

const where = (e: ImportEdge) => `${e.from}:${e.line}`;

export function layeringViolations(edges: readonly ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const e of edges) {
    const from = roomOf(e.from);
    if (PURE_ROOMS.includes(from) && FILE_SYSTEM.has(e.to)) {
      violations.push({
        rule: 'file-system',
        message: `${where(e)}: ${from}/ imports ${e.to}; read files at the edge and pass the data in`,
      });
    }
    if (!e.local) continue;
    const to = roomOf(e.to);
    if (PURE_ROOMS.includes(from) && [...OUTPUT_ROOMS, 'cli'].includes(to)) {
      violations.push({ rule: 'pure-imports-outer', message: `${where(e)}: ${from}/ imports ${e.to}; ${from}/ may not depend on ${to}/` });
    }
    if (OUTPUT_ROOMS.includes(from) && OUTPUT_ROOMS.includes(to) && from !== to) {
      violations.push({
        rule: 'output-imports-output',
        message: `${where(e)}: output ${from}/ imports output ${to}/ (${e.to}); move what both need to plan/ or render/`,
      });
    }
  }
  for (const cycle of importCycles(edges)) {
    violations.push({ rule: 'cycle', message: `import cycle among ${cycle.join(', ')}` });
  }
  return violations;
}

/** The files of every import cycle: each strongly connected set of more than one file, or a file importing itself (sorted). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!e.local) continue;
    if (!next.has(e.from)) next.set(e.from, []);
    next.get(e.from)!.push(e.to);
  }
  // Tarjan's strongly connected components, iterative so deep graphs cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const targets = next.get(top.node) ?? [];
      if (top.i < targets.length) {
        const t = targets[top.i++];
        if (!index.has(t)) {
          index.set(t, counter);
          low.set(t, counter++);
          stack.push(t);
          onStack.add(t);
          work.push({ node: t, i: 0 });
        } else if (onStack.has(t)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(t)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfLoop = (next.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfLoop) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
