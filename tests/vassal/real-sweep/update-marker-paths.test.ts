/**
 * A pattern met in real modules: a Replace (or Place Marker) trait names the palette slot of the
 * piece it puts down by component path, `…/VASSAL.build.widget.PieceSlot:<entryName>`, and VASSAL
 * finds that piece by the path alone (PlaceMarker.createBaseMarker through ComponentPathBuilder;
 * an unresolved path places a blank piece). Renaming that unit in the data must not rename the
 * slot's label out from under the path; a slot no path names keeps following its piece's name.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateCommand } from '../../../src/cli/update';
import { importModule } from '../../../src/vassal/import/import-module';
import { writeGameFolder } from '../../../src/vassal/import/write-folder';
import { writeZip } from '../../../src/vassal/module/zip';
import { encodePiece } from '../../../src/vassal/piece';
import { readLimits, readModule, readZip } from '../../../src/vassal/reader/index';
import { parseXml } from '../../../src/vassal/reader/xml';
import { decodeSequence } from '../../../src/vassal/sequence-encoder';
import { attribute, type XmlElement } from '../../../src/vassal/xml-tree';
import { csvRows } from '../update-edit';
import { withTempDir } from '../import-fixtures';

const limits = readLimits();
const W = 'VASSAL.build.widget';
const LEADER_PATH = `VASSAL.build.module.PieceWindow:Pieces/${W}.ListWidget:Red/${W}.PieceSlot:Guard Leader`;

const slot = (name: string, gpid: number, outer: Array<{ type: string; state: string }> = []) =>
  `<${W}.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${encodePiece({
    id: 'null',
    traits: [...outer, { type: `piece;;;;${name}`, state: `null;0;0;${gpid};0` }],
  })}</${W}.PieceSlot>`;

// Guard is promoted by a Replace trait that names the Guard Leader slot by its path.
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Leaders" version="1" VassalVersion="3.7.0" nextPieceSlotId="10">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <${W}.ListWidget entryName="Red">${slot('Guard', 1, [{ type: `replace;Promote;80,130;${LEADER_PATH};null;0;0;true`, state: '' }])}${slot('Guard Leader', 2)}${slot('Scout', 3)}</${W}.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

/** The component a VASSAL path names, found as ComponentPathBuilder.getPath does: class name and configure name, step by step. */
function resolvePath(root: XmlElement, spec: string): XmlElement | undefined {
  let at: XmlElement | undefined = root;
  for (const part of decodeSequence(spec, '/')) {
    const [className, name] = decodeSequence(part, ':');
    at = at?.children.find(
      (c) => c.name === className && (attribute(c, 'entryName') || attribute(c, 'name') || attribute(c, 'mapName')) === name,
    );
  }
  return at;
}

async function importedModule(dir: string): Promise<{ vmod: string; game: string }> {
  const vmod = path.join(dir, 'leaders.vmod');
  await writeFile(vmod, await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 0));
  const entries = (await readZip(await readFile(vmod), { file: vmod, limits })).entries;
  const module = (await readModule(entries, { source: vmod, limits })).module!;
  const game = path.join(dir, 'game');
  await writeGameFolder(game, (await importModule(module, { id: 'leaders' })).files);
  return { vmod, game };
}

async function renameUnit(game: string, from: string, to: string): Promise<void> {
  const file = path.join(game, 'units.csv');
  const text = await readFile(file, 'utf8');
  const { rows } = csvRows(text);
  expect(rows.map((r) => r.name)).toContain(from);
  await writeFile(file, text.replace(`,${from}\n`, `,${to}\n`));
}

async function updatedBuildFile(vmod: string, game: string, out: string): Promise<{ root: XmlElement; lines: string[] }> {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const ok = await updateCommand(vmod, game, { out, limits, json: false }, io);
  expect(ok, lines.join('\n')).toBe(true);
  const entries = (await readZip(await readFile(out), { file: out, limits })).entries;
  const xml = new TextDecoder().decode(entries.get('buildFile.xml'));
  return { root: parseXml(xml, { file: out, limits }).root!, lines };
}

describe('update and slots that Replace and Place Marker traits name by path', () => {
  it('keeps the label of a slot a path names, so the Replace still finds its piece, and renames the piece', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      await renameUnit(game, 'Guard Leader', 'Guard Captain');
      const { root, lines } = await updatedBuildFile(vmod, game, path.join(dir, 'new.vmod'));
      const target = resolvePath(root, LEADER_PATH);
      expect(target, 'the Replace trait path resolves in the updated module').toBeDefined();
      expect(target!.text).toContain('piece;;;;Guard Captain/');
      expect(lines.join('\n')).toContain('label "Guard Leader" is kept');
    });
  });

  it('renames the label of a slot no path names, as before', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      await renameUnit(game, 'Scout', 'Outrider');
      const { root } = await updatedBuildFile(vmod, game, path.join(dir, 'new.vmod'));
      const renamed = resolvePath(root, `VASSAL.build.module.PieceWindow:Pieces/${W}.ListWidget:Red/${W}.PieceSlot:Outrider`);
      expect(renamed?.text).toContain('piece;;;;Outrider/');
    });
  });
});
