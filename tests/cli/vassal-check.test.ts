/** `hexforge vassal-check` where VASSAL cannot run: usage and missing-tool messages (the VASSAL tier runs it for real). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

// A file named as VASSAL's jar passes the look-up; these refusals come before VASSAL would run.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-vassal-check-usage-'));
const jar = path.join(scratch, 'vassal-3.7.26.jar');
writeFileSync(jar, '');
const module = path.join(scratch, 'game.vmod');
writeFileSync(module, '');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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

  it('a module that is not there is named, with what to pass', async () => {
    const r = await runCli(['vassal-check', path.join(scratch, 'nowhere.vmod'), '--vassal', jar]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `${path.join(scratch, 'nowhere.vmod')}: no such file or folder\n  hint: pass a .vmod, an unzipped module folder or its buildFile`,
    );
  });

  // It was left out silently: VASSAL loaded the module alone and the check passed.
  it('an --extension that is not there is refused before VASSAL runs', async () => {
    const missing = path.join(scratch, 'nowhere.vmdx');
    const r = await runCli(['vassal-check', module, '--extension', missing, '--vassal', jar]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${missing}: no such file or folder\n  hint: pass the extension file (.vmdx) to --extension`);
  });

  // VASSAL stopped on it with "java.lang.NullPointerException: entry", which named neither the file nor the fix.
  it('an extension passed as the module is refused before VASSAL runs, with the module it needs', async () => {
    const folder = path.join(scratch, 'reinforcements');
    mkdirSync(folder);
    const startTag = '<VASSAL.build.module.ModuleExtension module="Kassala" moduleVersion="1.2" version="1.0">';
    writeFileSync(
      path.join(folder, 'buildFile.xml'),
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${startTag}\n</VASSAL.build.module.ModuleExtension>\n`,
    );
    const r = await runCli(['vassal-check', folder, '--vassal', jar]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${folder}/buildFile.xml:2:${startTag.length}: error vassal/check-extension-alone:`);
    expect(r.stderr).toContain(`is a VASSAL extension of the module "Kassala" version 1.2, not a module`);
    expect(r.stderr).toContain(`hint: check it loaded into its module: hexforge vassal-check <Kassala.vmod> --extension ${folder}`);
    expect(r.stderr).toContain(`${folder}: not checked`);
  });
});
