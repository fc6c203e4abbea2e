/**
 * Where the Java and the VASSAL that run the harness are. Three layouts:
 *   - a VASSAL install folder: its jars under lib/ (Vengine.jar and its dependencies) and a Java
 *     runtime under jre/ (the runtime has no javac: compiling the harness takes a JDK);
 *   - a bare VASSAL jar: the jars beside it when it sits in an install's lib/, else Debian's
 *     packaged dependencies from /usr/share/java;
 *   - a folder holding vassal-<version>.jar (as ../shared/vassal does), with Debian's jars.
 * Every miss is a message saying what to install.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** VASSAL's run-time dependencies as Debian installs them (`/usr/share/java/<name>.jar`), and their packages. */
export const DEBIAN_JARS: ReadonlyArray<[jar: string, pkg: string]> = [
  ['logback-classic', 'liblogback-java'],
  ['logback-core', 'liblogback-java'],
  ['slf4j-api', 'libslf4j-java'],
  ['miglayout-core', 'libmiglayout-java'],
  ['miglayout-swing', 'libmiglayout-java'],
  ['jl', 'libjlayer-java'],
  ['commons-codec', 'libcommons-codec-java'],
  ['commons-io', 'libcommons-io-java'],
  ['gnu-getopt', 'libgetopt-java'],
  ['commons-lang3', 'libcommons-lang3-java'],
  ['httpclient5', 'libhttpclient5-java'],
  ['httpcore5', 'libhttpcore5-java'],
  ['httpcore5-h2', 'libhttpcore5-java'],
  ['batik-all', 'libbatik-java'],
  ['xmlgraphics-commons', 'libxmlgraphics-commons-java'],
  ['xml-apis-ext', 'libxml-commons-external-java'],
  ['swingx-core', 'libswingx-java'],
  ['TimingFramework', 'libtimingframework-java'],
  ['maven3-artifact', 'libmaven3-core-java'],
  ['asm', 'libasm-java'],
  ['asm-commons', 'libasm-java'],
  ['asm-tree', 'libasm-java'],
  ['asm-util', 'libasm-java'],
  ['jsoup', 'libjsoup-java'],
  ['findbugs-annotations', 'libfindbugs-annotations-java'],
];

export const DEBIAN_JAR_DIR = '/usr/share/java';

export interface VassalRuntime {
  /** The jar that holds VASSAL itself (its version is read from the report). */
  vassalJar: string;
  /** Class path: VASSAL and its dependencies. */
  classPath: string[];
  /** The java that runs the harness (an install's own runtime when it has one). */
  java: string;
  /** Where it was found, for messages. */
  source: string;
}

export type Located<T> = { ok: true; value: T } | { ok: false; message: string; hint: string };

const isVassalJarName = (name: string) => /^(Vengine|vassal(-app)?(-\d[\w.-]*)?)\.jar$/i.test(name);

function jarsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.jar'))
    .sort()
    .map((f) => path.join(dir, f));
}

function onPath(command: string): string | undefined {
  const probe = spawnSync(process.platform === 'win32' ? 'where' : 'which', [command], { encoding: 'utf8' });
  const found = probe.status === 0 ? probe.stdout.split('\n')[0].trim() : '';
  return found || undefined;
}

function installJava(root: string): string | undefined {
  for (const candidate of ['jre/bin/java', 'jre/bin/java.exe', 'Contents/Home/bin/java']) {
    const java = path.join(root, candidate);
    if (existsSync(java)) return java;
  }
  return undefined;
}

function withDebianJars(vassalJar: string, source: string, jarDir: string): Located<VassalRuntime> {
  const missing = DEBIAN_JARS.filter(([jar]) => !existsSync(path.join(jarDir, `${jar}.jar`)));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map(([, pkg]) => pkg))];
    return {
      ok: false,
      message: `${source}: VASSAL's dependency jars are missing from ${jarDir} (${missing.map(([j]) => `${j}.jar`).join(', ')})`,
      hint: `install them: apt-get install -y --no-install-recommends ${packages.join(' ')}; or pass --vassal <VASSAL install folder>`,
    };
  }
  const java = onPath('java');
  if (!java) return noJava(source);
  return {
    ok: true,
    value: { vassalJar, classPath: [vassalJar, ...DEBIAN_JARS.map(([jar]) => path.join(jarDir, `${jar}.jar`))], java, source },
  };
}

function noJava(source: string): Located<never> {
  return {
    ok: false,
    message: `${source}: no Java found to run VASSAL`,
    hint: 'install a Java 17 or later JDK (e.g. apt-get install openjdk-17-jdk-headless), or pass --vassal <VASSAL install folder>, whose jre/ is used',
  };
}

/** The VASSAL (and Java) at `target`: an install folder, a jar, or a folder holding vassal-*.jar. */
export function locateVassal(target: string, debianJarDir = DEBIAN_JAR_DIR): Located<VassalRuntime> {
  if (!existsSync(target))
    return {
      ok: false,
      message: `${target}: no such file or folder`,
      hint: 'pass --vassal <VASSAL install folder or jar> (download VASSAL from vassalengine.org)',
    };
  const absolute = path.resolve(target);
  if (statSync(absolute).isFile()) {
    if (!absolute.toLowerCase().endsWith('.jar'))
      return { ok: false, message: `${target}: not a jar`, hint: 'pass the VASSAL install folder, or its lib/Vengine.jar' };
    const dir = path.dirname(absolute);
    const siblings = jarsIn(dir);
    // A jar inside an install's lib/ runs with the jars beside it and the install's runtime.
    if (path.basename(dir) === 'lib' && siblings.length > 1) {
      const java = installJava(path.dirname(dir)) ?? onPath('java');
      if (!java) return noJava(target);
      return {
        ok: true,
        value: { vassalJar: absolute, classPath: [absolute, ...siblings.filter((j) => j !== absolute)], java, source: target },
      };
    }
    return withDebianJars(absolute, target, debianJarDir);
  }
  const lib = path.join(absolute, 'lib');
  if (existsSync(path.join(lib, 'Vengine.jar'))) {
    const java = installJava(absolute) ?? onPath('java');
    if (!java) return noJava(target);
    const engine = path.join(lib, 'Vengine.jar');
    return {
      ok: true,
      value: { vassalJar: engine, classPath: [engine, ...jarsIn(lib).filter((j) => j !== engine)], java, source: target },
    };
  }
  const jar = jarsIn(absolute).find((j) => isVassalJarName(path.basename(j)));
  if (jar) return withDebianJars(jar, target, debianJarDir);
  return {
    ok: false,
    message: `${target}: no VASSAL here (neither lib/Vengine.jar nor a vassal-*.jar)`,
    hint: 'pass the folder VASSAL is installed in (it holds lib/Vengine.jar), or the jar itself',
  };
}

/** The folders looked in when no --vassal is given: HEXFORGE_VASSAL, then the usual install places. */
export function defaultVassalCandidates(): string[] {
  const home = process.env.HOME ?? '';
  const fromEnv = process.env.HEXFORGE_VASSAL ? [process.env.HEXFORGE_VASSAL] : [];
  return [...fromEnv, '/opt/vassal', '/usr/local/vassal', '/usr/share/vassal', path.join(home, 'vassal'), path.join(home, 'VASSAL')];
}

export function findVassal(explicit: string | undefined): Located<VassalRuntime> {
  if (explicit) return locateVassal(explicit);
  for (const candidate of defaultVassalCandidates()) if (existsSync(candidate)) return locateVassal(candidate);
  return {
    ok: false,
    message: 'no VASSAL found',
    hint: `install VASSAL (vassalengine.org) and pass --vassal <its folder>, or set HEXFORGE_VASSAL; looked in ${defaultVassalCandidates().join(', ')}`,
  };
}

/** javac (a JDK), needed once to compile the harness: next to the chosen java, else on PATH. */
export function findJavac(java: string): Located<string> {
  const beside = path.join(path.dirname(java), process.platform === 'win32' ? 'javac.exe' : 'javac');
  if (existsSync(beside)) return { ok: true, value: beside };
  const found = onPath('javac');
  if (found) return { ok: true, value: found };
  return {
    ok: false,
    message: 'no javac found: the VASSAL harness is compiled once, which takes a JDK',
    hint: 'install a Java 17 or later JDK (e.g. apt-get install openjdk-17-jdk-headless)',
  };
}

/** Xvfb, to give VASSAL a display nobody sees; without it, an existing DISPLAY is used. */
export function findDisplay(): Located<{ xvfb?: string; display?: string }> {
  const xvfb = onPath('Xvfb');
  if (xvfb) return { ok: true, value: { xvfb } };
  if (process.env.DISPLAY) return { ok: true, value: { display: process.env.DISPLAY } };
  return {
    ok: false,
    message: 'no Xvfb found: VASSAL needs a display even to load a module',
    hint: 'install it (apt-get install -y --no-install-recommends xvfb xauth), or run where DISPLAY is set',
  };
}
