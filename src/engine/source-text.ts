/** Citations as short text for reasoning lines: "16.93", "16.8 (L508)". */
import type { Source } from '../model/common';

export function sourceText(source: Source | undefined): string {
  if (source === undefined) return 'no rule cited';
  if (typeof source === 'string') return source;
  const parts: string[] = [];
  if (source.rule) parts.push(source.rule);
  if (source.page !== undefined) parts.push(`p.${source.page}`);
  if (source.line !== undefined) parts.push(`L${source.line}`);
  if (parts.length === 0 && source.derived) parts.push(`derived: ${source.derived}`);
  if (parts.length === 0 && source.note) parts.push(source.note);
  return parts.join(' ') || 'no rule cited';
}

/** " [16.93]" for appending to a reasoning line. */
export function cite(source: Source | undefined): string {
  return source === undefined ? '' : ` [${sourceText(source)}]`;
}
