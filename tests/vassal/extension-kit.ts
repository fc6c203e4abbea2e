/**
 * Test extensions in VASSAL's format (ModuleExtension, ExtensionElement, extensiondata, the base
 * module's moduledata copied in), written with the repo's zip writer over a fixture base module.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { writeZip, type ZipEntry } from '../../src/vassal/module/zip';
import { runCli } from '../cli/run-cli';
import { KASSALA, fixture } from './import-fixtures';

/** One ExtensionElement: a component (as XML text) appended to the component `target` names. */
export interface Graft {
  target: string;
  xml: string;
}

export interface ExtensionSpec {
  /** The base module's name and version as the extension records them. */
  module: string;
  moduleVersion: string;
  version?: string;
  extensionId?: string;
  grafts: Graft[];
  /** Pictures of the extension's own: name under images/ → [width, height]. */
  images?: Record<string, [number, number]>;
  /** The base module's folder, whose moduledata VASSAL copies into an extension. */
  baseFolder?: string;
  /** Further entries (saved games), copied from files: entry name → path. */
  copies?: Record<string, string>;
  /** Leave out `extensiondata`, as an extension zipped by hand from its sources may (moduledata stays with `baseFolder`). */
  withoutExtensionData?: boolean;
  /** Saved as VASSAL before 3.5 saved extensions: the buildFile entry named `buildFile`, the root's vassalVersion 3.2.17. */
  legacyBuildFile?: boolean;
}

const escapeAttribute = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function extensionBuildFile(spec: ExtensionSpec): string {
  const attrs = [
    ['anyModule', 'false'],
    ['description', 'Test extension'],
    ['extensionId', spec.extensionId ?? 'e5a'],
    ['module', spec.module],
    ['moduleVersion', spec.moduleVersion],
    ['nextPieceSlotId', '4'],
    ['vassalVersion', spec.legacyBuildFile ? '3.2.17' : '3.7.26'],
    ['version', spec.version ?? '1.0'],
  ];
  const grafts = spec.grafts.map(
    (g) =>
      `    <VASSAL.build.module.ExtensionElement target="${escapeAttribute(g.target)}">\n        ${g.xml}\n    </VASSAL.build.module.ExtensionElement>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    `<VASSAL.build.module.ModuleExtension ${attrs.map(([k, v]) => `${k}="${escapeAttribute(v)}"`).join(' ')}>`,
    ...grafts,
    '</VASSAL.build.module.ModuleExtension>',
    '',
  ].join('\n');
}

function extensionData(spec: ExtensionSpec): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<data version="1">',
    `  <version>${spec.version ?? '1.0'}</version>`,
    '  <VassalVersion>3.7.26</VassalVersion>',
    '  <dateSaved>1767225600000</dateSaved>',
    '  <description>Test extension</description>',
    '  <universal>false</universal>',
    '</data>',
    '',
  ].join('\n');
}

/** Writes the extension as a .vmdx at `file`. */
export async function writeExtension(file: string, spec: ExtensionSpec): Promise<void> {
  const entries: ZipEntry[] = [
    { path: spec.legacyBuildFile ? 'buildFile' : 'buildFile.xml', data: extensionBuildFile(spec) },
    ...(spec.withoutExtensionData ? [] : [{ path: 'extensiondata', data: extensionData(spec) }]),
  ];
  if (spec.baseFolder) entries.push({ path: 'moduledata', data: new Uint8Array(await readFile(path.join(spec.baseFolder, 'moduledata'))) });
  for (const [name, [width, height]] of Object.entries(spec.images ?? {})) {
    const png = await sharp({ create: { width, height, channels: 3, background: '#8a3324' } })
      .png()
      .toBuffer();
    entries.push({ path: `images/${name}`, data: new Uint8Array(png) });
  }
  for (const [name, from] of Object.entries(spec.copies ?? {})) entries.push({ path: name, data: new Uint8Array(await readFile(from)) });
  await writeFile(file, await writeZip(entries, 1767225600));
}

// ---- A test extension of the Kassala fixture

const TAB = '\t';
export const BASE_PICTURE = 'Moslem_Cavalry_4-3_Turkish.png';
export const OWN_PICTURE = 'Moslem_Infantry_5-2_Janissary.png';
export const REINFORCED_SETUP = 'Reinforced Setup';

/** A palette slot in Kassala's own form: the base's "Unit" prototype, then the piece with its picture. */
const slot = (name: string, image: string, gpid: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="64" width="75">+/null/prototype;Unit${TAB}piece;;;${image};${name}/${TAB}null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

export function reinforcements(overrides: Partial<ExtensionSpec> = {}): ExtensionSpec {
  return {
    module: 'Kassala',
    moduleVersion: '0.2.0',
    extensionId: 'e5a',
    baseFolder: fixture(KASSALA),
    images: { [OWN_PICTURE]: [75, 64] },
    grafts: [
      {
        // Kassala's PieceWindow has no name: the step names only its class, as VASSAL writes it.
        target: 'VASSAL.build.module.PieceWindow/VASSAL.build.widget.TabWidget:Units',
        xml: `<VASSAL.build.widget.ListWidget divider="100" entryName="Reinforcements" height="0" scale="0.5" width="0">${slot('Moslem_Cavalry_4-3_Turkish_Reinforcement', BASE_PICTURE, 'e5a:0')}${slot('Moslem_Infantry_5-2_Janissary', OWN_PICTURE, 'e5a:1')}</VASSAL.build.widget.ListWidget>`,
      },
      {
        target: 'VASSAL.build.module.Map:Main Map/VASSAL.build.module.folder.MapSubFolder:Moslem At-Start Stacks',
        xml: `<VASSAL.build.module.map.SetupStack name="Mos-Inf-J" owningBoard="Kassala" useGridLocation="false" x="962" y="852">${slot('Moslem_Infantry_5-2_Janissary', OWN_PICTURE, 'e5a:2')}</VASSAL.build.module.map.SetupStack>`,
      },
      {
        // A predefined setup on the module itself (the empty path), its save in the extension: a copy of Kassala's.
        target: '',
        xml: `<VASSAL.build.module.PredefinedSetup description="" file="${REINFORCED_SETUP}.vsav" isMenu="false" name="${REINFORCED_SETUP}" useFile="true"/>`,
      },
    ],
    copies: { [`${REINFORCED_SETUP}.vsav`]: path.join(fixture(KASSALA), 'Default Setup.vsav') },
    ...overrides,
  };
}

/** The Kassala fixture folder zipped as the .vmod VASSAL opens. */
export async function kassalaVmod(file: string): Promise<void> {
  const folder = fixture(KASSALA);
  const entries: ZipEntry[] = [];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    entries.push({ path: path.relative(folder, full).split(path.sep).join('/'), data: new Uint8Array(await readFile(full)) });
  }
  entries.sort((a, b) => a.path.localeCompare(b.path));
  await writeFile(file, await writeZip(entries, 1767225600));
}

/** Kassala zipped and the test extension, written into `dir` as VASSAL opens them. */
export async function kassalaAndExtension(dir: string): Promise<{ vmod: string; ext: string }> {
  const vmod = path.join(dir, 'Kassala.vmod');
  await kassalaVmod(vmod);
  const ext = path.join(dir, 'Reinforcements.vmdx');
  await writeExtension(ext, reinforcements());
  return { vmod, ext };
}

/** The test extension written into `dir` and imported with Kassala into `dir`/game. */
export async function importedExtension(dir: string): Promise<{ ext: string; game: string }> {
  const ext = path.join(dir, 'Reinforcements.vmdx');
  await writeExtension(ext, reinforcements());
  const game = path.join(dir, 'game');
  const run = await runCli(['import', ext, '--base', fixture(KASSALA), '--out', game]);
  expect(run.code, run.stderr).toBe(EXIT.ok);
  return { ext, game };
}
