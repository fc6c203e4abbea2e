/**
 * Who names each picture a game uses (face art, the map's and its boards' pictures, button icons,
 * masks): the first use of each file, with the data reference a problem with it is placed at.
 */
import type { MaskTypeFile } from '../model/files';
import type { Game } from '../model/game';
import { buttonPictures } from '../vassal/module/buttons';
import { picturesOfMask } from '../vassal/module/masks';

/** Who names a picture: a unit's column, or the map. */
export interface ArtUse {
  /** `unit "b1": image`, `map.json image`. */
  what: string;
  /** Reference placed at the data line (src/data/place-diagnostics.ts). */
  pointer: string;
}

/** Something that may name face art: a unit (units.csv) or a marker (counters.json). */
export interface FaceArtNamer {
  id: string;
  image?: string;
  backImage?: string;
}

/** Every picture the game names, with who names it (the first use of each file). */
export function artUses(game: Game): Map<string, ArtUse> {
  const uses = mapPictureUses(game.map);
  const pictures = buttonPictures(game);
  (game.map.buttons ?? []).forEach((button, i) => {
    const owner =
      button.map !== undefined
        ? `map "${button.map}"`
        : button.component !== undefined
          ? `the ${button.component} component`
          : button.die !== undefined
            ? `die "${button.die}"`
            : `chart window "${button.window}"`;
    for (const field of ['icon', 'hiddenIcon'] as const) {
      const icon = button[field];
      if (icon !== undefined && pictures.includes(icon) && !uses.has(icon))
        uses.set(icon, { what: `map.json button of ${owner} ${field}`, pointer: `map.json/buttons/${i}/${field}` });
    }
  });
  const maskArt = (masks: Record<string, MaskTypeFile> | undefined, what: (id: string) => string, at: (id: string) => string) => {
    for (const [id, mask] of Object.entries(masks ?? {}))
      for (const file of picturesOfMask(mask)) if (!uses.has(file)) uses.set(file, { what: what(id), pointer: at(id) });
  };
  for (const s of game.scenarios)
    for (const field of ['masks', 'unitMasks'] as const)
      maskArt(
        s.vassal?.[field],
        (id) => `scenario "${s.id}" mask of "${id}"`,
        (id) => `scenarios.json/scenarios/${s.id}/vassal/${field}/${id}`,
      );
  (game.counters.vassal?.masks ?? []).forEach((mask, i) => {
    const named = [...(mask.units ?? []), ...(mask.markers ?? [])].map((id) => `"${id}"`).join(', ');
    for (const file of picturesOfMask(mask)) if (!uses.has(file)) uses.set(file, { what: `counters.json mask of ${named}`, pointer: `counters.json/vassal/masks/${i}` });
  });
  for (const [file, use] of faceArtUses(game)) if (!uses.has(file)) uses.set(file, use);
  return uses;
}

/** The map's picture and its boards' pictures, with who names them (map.pdf draws these). */
export function mapPictureUses(map: Game['map']): Map<string, ArtUse> {
  const uses = new Map<string, ArtUse>();
  if (map.image) uses.set(map.image.file, { what: 'map.json image', pointer: 'map.json/image/file' });
  (map.boards ?? []).forEach((board, i) => {
    if (board.image !== undefined && !uses.has(board.image))
      uses.set(board.image, { what: `map.json board "${board.name}" image`, pointer: `map.json/boards/${i}/image` });
  });
  return uses;
}

/** The face art of units and markers, with who names each file first (counters.pdf draws these). */
export function faceArtUses(game: Pick<Game, 'units' | 'counters'>): Map<string, ArtUse> {
  const uses = new Map<string, ArtUse>();
  const faceArt = (kind: string, namers: readonly FaceArtNamer[], at: (id: string) => string) => {
    for (const namer of namers)
      for (const column of ['image', 'backImage'] as const) {
        const file = namer[column];
        if (file !== undefined && !uses.has(file))
          uses.set(file, { what: `${kind} "${namer.id}" ${column}`, pointer: `${at(namer.id)}/${column}` });
      }
  };
  faceArt('unit', game.units, (id) => `units.csv/${id}`);
  faceArt('marker', game.counters.markers ?? [], (id) => `counters.json/markers/${id}`);
  return uses;
}
