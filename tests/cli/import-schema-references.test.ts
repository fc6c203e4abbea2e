/**
 * An imported game folder lives wherever `--out` puts it, mostly outside this package: every JSON
 * file's `$schema` must reach the installed package's schema of its kind from the file's own folder,
 * so that editors complete and check it (as `hexforge init` does).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withSchemaReference } from '../../src/cli/schema-reference';
import { SIDECAR_DIR } from '../../src/vassal/import/sidecar';
import { buildFile, runCli, tempWork, vmod } from '../vassal/hostile-module-kit';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every data file (JSON, outside the module's sidecar) under `dir`, relative, with its `$schema`. */
function schemaMembers(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json') && !name.startsWith(`${SIDECAR_DIR}${path.sep}`))
    .map((name) => [name, (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { $schema: string }).$schema]);
}

describe('$schema of an imported folder', () => {
  it('reaches the package schema of each file’s kind from a folder outside the package', async () => {
    writeFileSync(path.join(work, 'small.vmod'), await vmod(buildFile()));
    const out = path.join('games', 'east', 'small');
    const run = runCli(work, ['import', 'small.vmod', '--out', out], ['games']);
    expect(run.status, run.stderr).toBe(0);
    const members = schemaMembers(path.join(work, out));
    expect(members.map(([name]) => name)).toEqual(expect.arrayContaining(['game.json', 'map.json']));
    for (const [name, value] of members) {
      const kind = path.basename(name, '.json');
      expect(value, name).toMatch(new RegExp(`/schemas/${kind}\\.schema\\.json$`));
      expect(existsSync(path.resolve(work, out, path.dirname(name), value)), `${name}: ${value}`).toBe(true);
    }
  });

  it('points a file one folder down (a scenario part) one level further up', () => {
    const text = '{\n  "$schema": "../../../schemas/scenarios.schema.json",\n  "scenarios": []\n}\n';
    expect(withSchemaReference(text, '/games/kassala/scenarios', '/opt/hexforge')).toBe(
      '{\n  "$schema": "../../../opt/hexforge/schemas/scenarios.schema.json",\n  "scenarios": []\n}\n',
    );
    expect(withSchemaReference('{"$schema": "map"}', '/games/g', '/opt/hexforge')).toBe(
      '{"$schema": "../../opt/hexforge/schemas/map.schema.json"}',
    );
    expect(withSchemaReference('{"id": "x"}', '/games/g', '/opt/hexforge')).toBe('{"id": "x"}');
  });
});
