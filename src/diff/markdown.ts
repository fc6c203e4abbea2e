/** An errata list as Markdown (for people) and JSON (for tools). */
import type { GameDiff } from './diff-games';

function show(v: unknown): string {
  if (v === undefined) return '—';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * What the affected outputs are, said under their list: the outputs reading the changed data, as
 * the build decides what to make again, not a promise that each file's bytes differ.
 */
export const AFFECTS_MEANING =
  'Each output above reads data that changed, so `hexforge build` makes it again; one that shows nothing of a change ' +
  '(completeness.md for a stated value changed, the map for a movement cost) comes out byte for byte the same. ' +
  'The aid cards and counters.pdf pages named in the table are those whose content changes.';

export function diffMarkdown(diff: GameDiff, titles: { before: string; after: string }): string {
  const lines = [`# Errata: ${titles.before} → ${titles.after}`, ''];
  if (diff.errata.length === 0) return [...lines, 'No changes.', ''].join('\n');
  lines.push(`${diff.errata.length} change(s).`, '');
  lines.push('| kind | what | field | before | after | affects |', '|---|---|---|---|---|---|');
  for (const e of diff.errata)
    lines.push(
      `| ${e.kind} | ${cell(e.subject)} | ${cell(e.field)} | ${cell(show(e.before))} | ${cell(show(e.after))} | ${cell(e.affects.join('; '))} |`,
    );
  const outputs = [...new Set(diff.errata.flatMap((e) => e.affects.map((a) => a.split(' ')[0])))].sort();
  lines.push('', '## Affected outputs', '', ...outputs.map((o) => `- ${o}`), '', AFFECTS_MEANING);
  if (diff.counterPages.length > 0) lines.push('', `counters.pdf pages to reprint: ${diff.counterPages.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

export function diffJson(diff: GameDiff, titles: { before: string; after: string }): string {
  return `${JSON.stringify({ before: titles.before, after: titles.after, errata: diff.errata, counterPages: diff.counterPages }, null, 2)}\n`;
}
