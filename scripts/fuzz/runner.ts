/**
 * Runs CLI invocations in a worker process with a time bound and a memory bound: a run that
 * takes longer is a hang (the worker is killed and replaced), a worker that dies is a crash.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
  hang?: boolean;
  /** The worker died (out of memory, fatal error) during the run. */
  died?: string;
}

const WORKER = path.join(import.meta.dirname, 'worker.ts');

export class CliRunner {
  private child?: ChildProcess;
  private ready?: Promise<void>;
  private next = 0;

  constructor(private readonly options: { timeoutMs: number; maxHeapMb: number; cwd: string }) {}

  private start(): Promise<void> {
    const child = fork(WORKER, [], {
      cwd: this.options.cwd,
      execArgv: ['--import', 'tsx', `--max-old-space-size=${this.options.maxHeapMb}`, '--stack-size=984'],
      env: { ...process.env, NO_COLOR: '1', CI: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child = child;
    child.stderr?.resume();
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`fuzz worker exited while starting (${code})`)));
    });
  }

  async run(args: string[]): Promise<RunResult> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) this.ready = this.start();
    await this.ready;
    const child = this.child!;
    const id = ++this.next;
    const started = performance.now();
    let stderrTail = '';
    const onData = (chunk: Buffer) => (stderrTail = (stderrTail + chunk.toString()).slice(-4000));
    child.stderr?.on('data', onData);
    try {
      return await new Promise<RunResult>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve({ code: -1, stdout: '', stderr: '', ms: performance.now() - started, hang: true });
        }, this.options.timeoutMs);
        const onMessage = (m: RunResult & { id?: number }) => {
          if (m.id !== id) return;
          cleanup();
          resolve(m);
        };
        const onExit = (code: number | null, signal: string | null) => {
          cleanup();
          resolve({ code: 70, stdout: '', stderr: stderrTail, ms: performance.now() - started, died: `worker died (${signal ?? code})` });
        };
        const cleanup = () => {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        // A worker that died just now cannot take the request: its exit handler reports the crash.
        child.send({ id, args }, (error) => {
          if (error) onExit(null, `unreachable: ${error.message}`);
        });
      });
    } finally {
      child.stderr?.off('data', onData);
    }
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }
}
