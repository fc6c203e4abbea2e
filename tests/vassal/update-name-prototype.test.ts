/**
 * `hexforge update` renames a piece whose name comes from a prototype of its own: card modules give
 * each card a prototype holding its Basic Name, the deck's slot saying only `prototype;<card>`.
 * VASSAL expands the prototype into each piece using it, so the rename is written in that prototype
 * (and the slot's label, which repeats the name) when no other piece takes its name from it; a
 * prototype that names pieces of two kinds is still refused. A public card-driven module's 48 event
 * cards were all named so, and none could be renamed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { withTempDir } from './import-fixtures';

const limits = readLimits();

const PROTOTYPE = (name: string, cardName: string) =>
  `<VASSAL.build.module.PrototypeDefinition description="" name="${name}">+/null/basicName;${cardName}\tpiece;;;;/\t\\\tnull;0;0;;0</VASSAL.build.module.PrototypeDefinition>`;
const CARD = (label: string, gpid: number, prototype: string) =>
  `<VASSAL.build.widget.CardSlot entryName="${label}" gpid="${gpid}" height="64" width="75">+/null/prototype;${prototype}\tpiece;;;;/\tnull;0;0;${gpid};0</VASSAL.build.widget.CardSlot>`;

/** A deck of three cards: Typhoon and Trade War each named by a prototype of its own; two "Blockade" cards share one. */
function buildFile(extraCards = ''): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Cards" version="1" VassalVersion="3.6.5" nextPieceSlotId="20">
  <VASSAL.build.module.PrototypesContainer>${PROTOTYPE('Typhoon', 'Typhoon')}${PROTOTYPE('Trade War', 'Trade War')}${PROTOTYPE('Blockade', 'Blockade')}</VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Table" width="800" height="600"/></VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.DrawPile name="Events" faceDown="Always" shuffle="Always" width="100" height="140" x="300" y="200">${CARD('Typhoon', 3, 'Typhoon')}${CARD('Trade War', 5, 'Trade War')}${CARD('Blockade', 7, 'Blockade')}${extraCards}</VASSAL.build.module.map.DrawPile>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;
}

/** The module written to `dir` and imported into `dir/game`. */
async function imported(dir: string, xml: string): Promise<{ vmod: string; game: string }> {
  const vmod = path.join(dir, 'cards.vmod');
  await writeFile(vmod, await writeZip([{ path: 'buildFile.xml', data: xml }], 0));
  const entries = (await readZip(new Uint8Array(await readFile(vmod)), { file: vmod, limits })).entries;
  const module = (await readModule(entries, { source: vmod, limits })).module!;
  const game = path.join(dir, 'game');
  await writeGameFolder(game, (await importModule(module, { id: 'cards' })).files);
  return { vmod, game };
}

async function rename(game: string, id: string, name: string): Promise<void> {
  const file = path.join(game, 'counters.json');
  const counters = JSON.parse(await readFile(file, 'utf8')) as { markers: Array<{ id: string; name: string }> };
  counters.markers.find((m) => m.id === id)!.name = name;
  await writeFile(file, `${JSON.stringify(counters, null, 2)}\n`);
}

async function update(vmod: string, game: string, out: string): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const ok = await updateCommand(vmod, game, { out, limits, json: false }, io);
  return { ok, lines };
}

async function buildFileOf(vmod: string): Promise<string> {
  const entries = (await readZip(new Uint8Array(await readFile(vmod)), { file: vmod, limits })).entries;
  return new TextDecoder().decode(entries.get('buildFile.xml'));
}

describe('update renames a piece named by a prototype of its own', () => {
  it("in that prototype's Basic Name and the slot's label, and nowhere else", async () => {
    await withTempDir(async (dir) => {
      const original = buildFile();
      const { vmod, game } = await imported(dir, original);
      await rename(game, 'typhoon', 'Super Typhoon');
      const out = path.join(dir, 'new.vmod');
      const { ok, lines } = await update(vmod, game, out);
      expect(ok, lines.join('\n')).toBe(true);
      // Exactly two edits, made by hand from the buildFile above: the prototype's trait and the label.
      const expected = original
        .replace(PROTOTYPE('Typhoon', 'Typhoon'), PROTOTYPE('Typhoon', 'Super Typhoon'))
        .replace(CARD('Typhoon', 3, 'Typhoon'), CARD('Typhoon', 3, 'Typhoon').replace('entryName="Typhoon"', 'entryName="Super Typhoon"'));
      expect(await buildFileOf(out)).toBe(expected);
      // A new import reads the new name from the piece.
      const again = (
        await readModule((await readZip(new Uint8Array(await readFile(out)), { file: out, limits })).entries, { source: out, limits })
      ).module!;
      const counters = JSON.parse((await importModule(again, { id: 'cards' })).files.get('counters.json') as string);
      expect(counters.markers.map((m: { name: string }) => m.name)).toContain('Super Typhoon');
      expect(counters.markers.map((m: { name: string }) => m.name)).not.toContain('Typhoon');
    });
  });

  it('is refused when the prototype names pieces of another kind too', async () => {
    await withTempDir(async (dir) => {
      // A second slot using prototype Typhoon, its BasicPiece showing another picture: another marker, named by the same prototype.
      const other = `<VASSAL.build.widget.CardSlot entryName="Typhoon" gpid="9" height="64" width="75">+/null/prototype;Typhoon\tpiece;;;storm.png;/\tnull;0;0;9;0</VASSAL.build.widget.CardSlot>`;
      const { vmod, game } = await imported(dir, buildFile(other));
      const counters = JSON.parse(await readFile(path.join(game, 'counters.json'), 'utf8')) as {
        markers: Array<{ id: string; name: string }>;
      };
      const typhoons = counters.markers.filter((m) => m.name === 'Typhoon');
      expect(typhoons.length).toBe(2);
      await rename(game, typhoons[0].id, 'Super Typhoon');
      const { ok, lines } = await update(vmod, game, path.join(dir, 'new.vmod'));
      expect(ok).toBe(false);
      expect(lines.join('\n')).toMatch(/update\/cannot-apply: .*prototype "Typhoon", which names every piece using it/);
    });
  });
});
