/**
 * Build progress: a live line on a terminal, plain lines in CI and pipes, nothing in tests.
 * The pipeline only calls this interface, so it does not care which one it gets.
 */
export interface Reporter {
  start(game: string, stage: string): void;
  progress(game: string, stage: string, done: number, total: number, label?: string): void;
  finish(game: string, stage: string, summary: string): void;
}

export const silentReporter: Reporter = { start() {}, progress() {}, finish() {} };

export function plainReporter(write: (line: string) => void): Reporter {
  return {
    start: (game, stage) => write(`${game}: ${stage} ...`),
    progress: () => {},
    finish: (game, stage, summary) => write(`${game}: ${stage} ${summary}`),
  };
}

/** Redraws one status line (carriage return) at most ten times a second. */
export function ttyReporter(stream: NodeJS.WriteStream): Reporter {
  let last = 0;
  const draw = (text: string) => {
    const width = Math.max(20, (stream.columns ?? 80) - 1);
    stream.write(`\r${text.slice(0, width).padEnd(width)}`);
  };
  return {
    start: (game, stage) => draw(`${game}: ${stage} ...`),
    progress: (game, stage, done, total, label) => {
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const width = 20;
      const filled = total > 0 ? Math.round((done / total) * width) : 0;
      draw(`${game}: ${stage} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${label ? ` ${label}` : ''}`);
    },
    finish: (game, stage, summary) => {
      draw(`${game}: ${stage} ${summary}`);
      stream.write('\n');
    },
  };
}
