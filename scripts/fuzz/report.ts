/** What `npm run fuzz` prints at the end: one line per campaign, then the counts per class as a table. */
import type { CampaignReport } from './campaign';
import { emptyCounts, VERDICTS, type Verdict } from './contract';

const COLUMNS: Record<Verdict, string> = {
  'clean-diagnostic': 'clean diagnostic',
  'accepted-rightly': 'accepted, rightly',
  'accepted-wrongly': 'accepted but wrong',
  crash: 'crash',
  hang: 'hang',
  unlocated: 'diagnostic without location',
  'raw-control': 'raw control printed',
};

export function formatReport(report: CampaignReport<unknown>): string {
  const cells = VERDICTS.map((v) => `${v} ${report.counts[v]}`).join(' | ');
  return `${report.target}: ${report.runs} inputs (seed ${report.seed}), slowest ${Math.round(report.slowestMs)} ms — ${cells}`;
}

const sum = (counts: Record<Verdict, number>) => VERDICTS.reduce((n, v) => n + counts[v], 0);
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

/**
 * A Markdown table of the counts per class: a row per campaign and command (validate, build,
 * import, roundtrip), then, when several campaigns ran one command, that command's total.
 */
export function formatTable(reports: readonly CampaignReport<unknown>[]): string {
  const lines = [
    row(['campaign', 'command', 'seed', 'inputs', ...VERDICTS.map((v) => COLUMNS[v])]),
    row(Array.from({ length: VERDICTS.length + 4 }, () => '---')),
  ];
  const totals = new Map<string, { counts: Record<Verdict, number>; campaigns: number }>();
  for (const report of reports) {
    for (const [command, counts] of Object.entries(report.byCommand).sort()) {
      lines.push(row([report.target, command, report.seed, sum(counts), ...VERDICTS.map((v) => counts[v])]));
      const total = totals.get(command) ?? { counts: emptyCounts(), campaigns: 0 };
      for (const v of VERDICTS) total.counts[v] += counts[v];
      total.campaigns += 1;
      totals.set(command, total);
    }
  }
  for (const [command, { counts, campaigns }] of totals)
    if (campaigns > 1) lines.push(row(['all', command, '', sum(counts), ...VERDICTS.map((v) => counts[v])]));
  return lines.join('\n');
}
