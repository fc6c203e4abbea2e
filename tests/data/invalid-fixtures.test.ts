/**
 * Every folder under tests/fixtures/invalid/ is the minimal game with exactly one mistake; its
 * .expected.json names the diagnostic code, file and line the mistake must produce.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli';

const root = path.join(__dirname, '..', 'fixtures', 'invalid');
const cases = readdirSync(root).filter((name) => !name.startsWith('.')).sort();

interface Expected {
  code: string;
  file: string;
  line?: number;
}

describe('invalid fixtures', () => {
  it('there is one fixture per kind of mistake', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)('%s: exits 1 with its expected diagnostic only', async (name) => {
    const dir = path.join(root, name);
    const expected = JSON.parse(readFileSync(path.join(dir, '.expected.json'), 'utf8')) as Expected;
    const { code, stdout } = await runCli(['validate', '--json', dir]);
    expect(code).toBe(1);
    const diagnostics = stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const errors = diagnostics.filter((d) => d.severity === 'error');
    // One mistake, one error: no cascade of follow-on errors.
    expect(errors).toHaveLength(1);
    expect(errors[0].code).toBe(expected.code);
    expect(errors[0].file).toBe(path.join(dir, expected.file));
    if (expected.line !== undefined) expect(errors[0].line).toBe(expected.line);
    expect(errors[0].hint ?? errors[0].message).toBeTruthy();
  });
});

describe('the minimal fixture they are made from', () => {
  it('validates with no diagnostics at all', async () => {
    const { code, stdout, stderr } = await runCli(['validate', '--json', path.join(__dirname, '..', 'fixtures', 'minimal')]);
    expect(stdout).toBe('');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
