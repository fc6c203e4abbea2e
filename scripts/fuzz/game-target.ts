/** The game-folder campaign: mutated copies of a data folder through `validate` (and now and then `build`). */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gameFileNeedsPosition } from './contract';
import { readFolderFiles, writeSpecial, type Target } from './campaign';
import { applyGameEdits, mustReject, mutateGame, type GameBase, type GameEdit } from './game-mutators';

export function gameTarget(baseDir: string, options: { buildEvery?: number } = {}): Target<GameEdit> {
  const base: GameBase = { name: path.basename(baseDir), files: readFolderFiles(baseDir) };
  return {
    name: `game-${base.name}`,
    mutate: (rng) => mutateGame(rng, base),
    mustReject,
    materialize(edits, dir, index) {
      const game = path.join(dir, base.name);
      mkdirSync(game);
      const state = applyGameEdits(base, edits);
      for (const [name, bytes] of state.files) if (!state.special.has(name)) writeFileSync(path.join(game, name), bytes);
      for (const [name, kind] of state.special) writeSpecial(path.join(game, name), kind);
      const build = options.buildEvery && index % options.buildEvery === options.buildEvery - 1;
      return build
        ? ['build', game, '--only', 'bundle,vassal', '--json', '--quiet', '--out', path.join(dir, 'out')]
        : ['validate', '--json', game];
    },
    needsPosition: gameFileNeedsPosition,
  };
}
