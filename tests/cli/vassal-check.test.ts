/** `hexforge vassal-check` where VASSAL cannot run: usage and missing-tool messages (the VASSAL tier runs it for real). */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

describe('hexforge vassal-check, usage', () => {
  it('without a module is a usage error', async () => {
    const r = await runCli(['vassal-check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("missing required argument 'module'");
  });

  it('a --vassal that does not exist says what to pass and where VASSAL comes from', async () => {
    const r = await runCli(['vassal-check', 'game.vmod', '--vassal', '/nonexistent/vassal']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      '/nonexistent/vassal: no such file or folder\n  hint: pass --vassal <VASSAL install folder or jar> (download VASSAL from vassalengine.org)',
    );
  });

  it('a --time-limit that is not a whole number of seconds is a usage error', async () => {
    const r = await runCli(['vassal-check', 'game.vmod', '--time-limit', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--time-limit takes a whole number of seconds, not "soon"');
  });
});
