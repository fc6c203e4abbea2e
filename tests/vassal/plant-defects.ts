/**
 * A module with defects planted on purpose, for the vassal-check tests: an image taken out, a
 * palette piece's trait made malformed, and a setup piece moved where the map has no location.
 * Each returns what it did, so a test can look for exactly that in VASSAL's answer.
 */
import { readZip } from '../../src/vassal/reader/zip';
import { limitsFromOptions } from '../../src/cli/import';
import { writeZip } from '../../src/vassal/module/zip';

const EPOCH = 1767225600;

export interface Planted {
  vmod: Uint8Array;
  removedImage: string;
  malformedSlot: string;
  movedPiece: { save: string; name: string };
}

const read = async (bytes: Uint8Array, file: string) => (await readZip(bytes, { file, limits: limitsFromOptions({}) })).entries;

export async function plantDefects(vmod: Uint8Array): Promise<Planted> {
  const entries = await read(vmod, 'module.vmod');
  const text = (name: string) => new TextDecoder().decode(entries.get(name)!);

  // 1. An image a palette piece shows, removed from images/.
  const buildFile = text('buildFile.xml');
  const slots = [...buildFile.matchAll(/<VASSAL\.build\.widget\.PieceSlot entryName="([^"]*)"[^>]*>([^<]*)</g)];
  const image = /piece;;;([^;]+\.png);/.exec(slots[0][2])![1].replace(/\\\//g, '/');
  entries.delete(`images/${image}`);

  // 2. The second palette piece's first trait given a number where VASSAL's Layer reads an integer.
  const [whole, slotName, definition] = slots[1];
  const broken = definition.replace(/^\+\/null\/emb2;([^;]*);128;/, '+/null/emb2;$1;not-a-number;');
  if (broken === definition) throw new Error('the second PieceSlot does not start with a Layer trait');
  entries.set('buildFile.xml', new TextEncoder().encode(buildFile.replace(whole, whole.replace(definition, broken))));

  // 3. The first setup's first stack moved far off the map.
  const saveName = [...entries.keys()].find((n) => n.endsWith('.vsav'))!;
  const save = await read(entries.get(saveName)!, saveName);
  const commands = new TextDecoder().decode(save.get('savedGame')!);
  const stack = /\+\/(\d+)\/stack\/([^;]*);(\d+);(\d+);(\d+)/.exec(commands)!;
  const moved = commands.replace(stack[0], `+/${stack[1]}/stack/${stack[2]};-4000;-4000;${stack[5]}`);
  const firstId = stack[5];
  const piece = new RegExp(`\\+/${firstId}/[^\\u001b]*?piece;;;[^;]*;([^/]*)/`).exec(commands);
  save.set('savedGame', new TextEncoder().encode(moved));
  entries.set(
    saveName,
    await writeZip(
      [...save].map(([path, data]) => ({ path, data })),
      EPOCH,
    ),
  );

  return {
    vmod: await writeZip(
      [...entries].map(([path, data]) => ({ path, data })),
      EPOCH,
    ),
    removedImage: image,
    malformedSlot: slotName,
    movedPiece: { save: saveName, name: piece ? piece[1] : '' },
  };
}
