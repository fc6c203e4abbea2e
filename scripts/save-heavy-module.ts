/**
 * A synthetic module with many large saved games, for measuring the memory of import, round trip
 * and update: a hex map, a palette of counters with "a-b" values in their names, N predefined
 * setups, each a `!VCSK` save of M placed pieces at scattered positions, and K MiB of art (1 MiB
 * images of incompressible bytes, stored as PNG entries are). Positions and art come from a fixed
 * linear congruential sequence, so the module is the same bytes on every run.
 */
import { savedGameArchive } from '../src/vassal/module/saved-game';
import { writeZip, type ZipEntry } from '../src/vassal/module/zip';

export interface SaveHeavyOptions {
  saves: number;
  /** Pieces in each save. */
  pieces: number;
  /** MiB of images. */
  imageMegabytes?: number;
}

const KINDS = 12;

const kindName = (k: number) => `Unit_${k}_${(k % 5) + 1}-${(k % 3) + 2}`;
const definition = (k: number, gpid: number) =>
  `+/null/clone;Clone;67,130;\tdelete;Delete;68,130;\\\tpiece;;;${kindName(k)}.png;${kindName(k)}/\t\\\tnull;0;0;${gpid};0`;

function buildFile(saves: number): string {
  const slots = Array.from(
    { length: KINDS },
    (_, k) =>
      `<VASSAL.build.widget.PieceSlot entryName="${kindName(k)}" gpid="${k + 1}" height="64" width="64">${definition(k, k + 1)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')}</VASSAL.build.widget.PieceSlot>`,
  ).join('\n');
  const setups = Array.from(
    { length: saves },
    (_, i) => `<VASSAL.build.module.PredefinedSetup file="setup-${i}.vsav" isMenu="false" name="Setup ${i}" useFile="true"/>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion="3.7.5" description="save-heavy test module" name="SaveHeavy" nextPieceSlotId="${KINDS + 1}" version="1.0">
<VASSAL.build.module.PlayerRoster><entry>Blue</entry><entry>Red</entry></VASSAL.build.module.PlayerRoster>
<VASSAL.build.module.Map mapName="Main Map" edgeHeight="0" edgeWidth="0">
<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Board" width="4000" height="3000">
<VASSAL.build.module.map.boardPicker.board.HexGrid dx="55.42562584220407" dy="64.0" sideways="false" x0="0" y0="32" snapTo="true">
<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" hLeading="1" hOff="1" sep="" stagger="true" vLeading="1" vOff="1"/>
</VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>
</VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Counters"><VASSAL.build.widget.TabWidget entryName="Counters"><VASSAL.build.widget.ListWidget entryName="Blue units">
${slots}
</VASSAL.build.widget.ListWidget></VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow>
${setups}
</VASSAL.build.GameModule>
`;
}

/** The .vmod bytes (entry dates from `epoch`, 1980-01-01 when 0). */
export async function saveHeavyModule(options: SaveHeavyOptions, epoch = 0): Promise<Uint8Array> {
  let seed = 12345;
  const next = (limit: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % limit;
  };
  const identity = { name: 'SaveHeavy', version: '1.0', description: '', dateSaved: 0 };
  const entries: ZipEntry[] = [{ path: 'buildFile.xml', data: buildFile(options.saves) }];
  for (let s = 0; s < options.saves; s++) {
    const commands = ['begin_save', ''];
    for (let p = 0; p < options.pieces; p++) {
      const k = next(KINDS);
      const piece = definition(k, k + 1)
        .replace('+/null/', `+/${1000 + p}/`)
        .replace('null;0;0;', `Main Map;${next(4000)};${next(3000)};`);
      commands.push(piece);
    }
    commands.push('end_save');
    // !VCSK obfuscation, as VASSAL writes saves: key, then every byte XOR key as two hex digits.
    const key = 0x5a;
    const bytes = new TextEncoder().encode(commands.join('\u001b'));
    for (let i = 0; i < bytes.length; i++) bytes[i] ^= key;
    const text = `!VCSK5a${Buffer.from(bytes).toString('hex')}`;
    entries.push({ path: `setup-${s}.vsav`, data: await savedGameArchive(text, identity, `setup ${s}`, 0) });
  }
  for (let i = 0; i < (options.imageMegabytes ?? 0); i++) {
    const art = new Uint8Array(1024 * 1024);
    // The sequence's high bits: its low bits repeat with short periods.
    for (let b = 0; b < art.length; b++) art[b] = next(2147483648) >>> 23;
    entries.push({ path: `images/art-${i}.png`, data: art });
  }
  return writeZip(entries, epoch);
}
