/** Runs the CLI in-process and captures what it prints, for end-to-end tests without a subprocess. */
import { expect } from 'vitest';
import { main } from '../../src/cli/main';

export async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), color: false });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/**
 * Runs `hexforge engine <args>` and expects it refused as a malformed question: exit 2, nothing
 * answered, engine/bad-input with a hint, no stack trace. Returns what it printed, for the message.
 */
export async function refusedByEngine(args: string[]): Promise<string> {
  const r = await runCli(['engine', ...args]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain('error engine/bad-input');
  expect(r.stderr).toContain('hint: ');
  expect(r.stderr).not.toContain('    at ');
  return r.stderr;
}
