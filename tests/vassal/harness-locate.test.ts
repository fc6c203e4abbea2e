/** Finding VASSAL and its Java in the three layouts: an install folder, a bare jar, a jar with Debian's dependencies. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEBIAN_JARS, locateVassal } from '../../src/vassal/harness/locate';
import { withTempDir } from './import-fixtures';

async function touch(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '');
}

describe('locating VASSAL', () => {
  it('an install folder: lib/Vengine.jar first, then every jar beside it, and the java under jre/', () =>
    withTempDir(async (dir) => {
      for (const f of ['lib/Vengine.jar', 'lib/logback-classic-1.5.jar', 'lib/slf4j-api-2.0.jar', 'jre/bin/java'])
        await touch(path.join(dir, f));
      const found = locateVassal(dir);
      expect(found.ok).toBe(true);
      if (!found.ok) return;
      expect(found.value.java).toBe(path.join(dir, 'jre/bin/java'));
      expect(found.value.classPath.map((j) => path.relative(dir, j))).toEqual([
        'lib/Vengine.jar',
        'lib/logback-classic-1.5.jar',
        'lib/slf4j-api-2.0.jar',
      ]);
      // The jar itself, inside lib/, finds the same install.
      const jar = locateVassal(path.join(dir, 'lib/Vengine.jar'));
      expect(jar.ok && jar.value.classPath).toEqual(found.value.classPath);
      expect(jar.ok && jar.value.java).toBe(path.join(dir, 'jre/bin/java'));
    }));

  it("a folder holding vassal-<version>.jar runs with Debian's jars, and says which packages to install when they are missing", () =>
    withTempDir(async (dir) => {
      await touch(path.join(dir, 'vassal', 'vassal-3.7.26.jar'));
      const empty = path.join(dir, 'java-empty');
      await mkdir(empty);
      const missing = locateVassal(path.join(dir, 'vassal'), empty);
      expect(missing.ok).toBe(false);
      if (!missing.ok) {
        expect(missing.message).toContain(`VASSAL's dependency jars are missing from ${empty}`);
        expect(missing.hint).toContain('apt-get install -y --no-install-recommends liblogback-java libslf4j-java');
      }
      const full = path.join(dir, 'java-full');
      for (const [jar] of DEBIAN_JARS) await touch(path.join(full, `${jar}.jar`));
      const found = locateVassal(path.join(dir, 'vassal'), full);
      // A java on PATH is needed too; where there is none the message says to install one.
      if (found.ok) {
        expect(found.value.classPath[0]).toBe(path.join(dir, 'vassal', 'vassal-3.7.26.jar'));
        expect(found.value.classPath).toHaveLength(1 + DEBIAN_JARS.length);
      } else expect(found.hint).toContain('openjdk-17-jdk-headless');
    }));

  it('a missing path, a folder without VASSAL, and a file that is no jar are clear messages', () =>
    withTempDir(async (dir) => {
      const nothing = locateVassal(path.join(dir, 'nope'));
      expect(nothing.ok === false && nothing.message).toBe(`${path.join(dir, 'nope')}: no such file or folder`);
      const empty = locateVassal(dir);
      expect(empty.ok === false && empty.message).toBe(`${dir}: no VASSAL here (neither lib/Vengine.jar nor a vassal-*.jar)`);
      await touch(path.join(dir, 'notes.txt'));
      const text = locateVassal(path.join(dir, 'notes.txt'));
      expect(text.ok === false && text.message).toBe(`${path.join(dir, 'notes.txt')}: not a jar`);
    }));
});
