/**
 * A child process that runs Hexforge's CLI in-process for one request after another, so a
 * campaign pays the start-up once. The parent kills it on a hang and starts another; a crash of
 * the process itself (out of memory, a fatal error) is seen by the parent as its exit.
 */
import { main } from '../../src/cli/main';

interface Request {
  id: number;
  args: string[];
}

process.on('message', (message: Request) => {
  void run(message);
});

async function run({ id, args }: Request): Promise<void> {
  const out: string[] = [];
  const err: string[] = [];
  const started = performance.now();
  let code: number;
  try {
    code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), color: false });
  } catch (error) {
    // main turns every error into an exit code; reaching here is itself a crash.
    code = 70;
    err.push(`uncaught: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  process.send!({ id, code, stdout: out.join('\n'), stderr: err.join('\n'), ms: performance.now() - started });
}

process.send!({ ready: true });
