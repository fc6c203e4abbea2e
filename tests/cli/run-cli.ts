/** Runs the CLI in-process and captures what it prints, for end-to-end tests without a subprocess. */
import { main } from '../../src/cli/main';

export async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t), color: false });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
