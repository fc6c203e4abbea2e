/**
 * The images each checked save draws, kept in the build's piece store. The saves of a module place
 * mostly the same pieces (189 saves of 10,000 pieces differ from one another by some twenty of
 * their 10,000 images), so a long list is kept once, as a base, and each save as the base it is
 * nearest to with the names it adds and drops: a build holds, and the store writes, one copy of the
 * names instead of one per save.
 */
import type { ImageCache } from '../../pipeline/generator';
import { sha256 } from '../../pipeline/inputs-digest';

/** A save's entry: its images whole, or as a base (by the digest of its list) and the difference from it. */
type SaveImagesEntry = { images: string[] } | { base: string; add: string[]; drop: string[] };

/** Lists shorter than this are kept whole: a base would save less than it costs. */
const SHORTEST_BASE = 256;
/** A list differing from every base in more than this share of its length becomes a base of its own. */
const NEAR = 1 / 4;
/** Bases a build compares a new list with (saves of a few kinds: one base per kind). */
const MOST_BASES = 8;

interface Base {
  digest: string;
  names: ReadonlySet<string>;
}

export interface KeptSaveImages {
  get(key: string): Promise<readonly string[] | undefined>;
  put(key: string, images: readonly string[]): Promise<void>;
}

const baseKey = (digest: string) => `checked module save images\n${digest}`;

/** Save image lists in `store` under the keys given, long lists as differences from shared bases. */
export function keptSaveImages(store: ImageCache): KeptSaveImages {
  const bases = new Map<string, Base>();
  const read = async <T>(key: string): Promise<T | undefined> => {
    const bytes = await store.get(key);
    return bytes ? (JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as T) : undefined;
  };
  const baseOf = async (digest: string): Promise<Base | undefined> => {
    const known = bases.get(digest);
    // Read again even when held, so the store counts it as used by this build.
    const names = await read<string[]>(baseKey(digest));
    if (!names) return undefined;
    if (known) return known;
    const base = { digest, names: new Set(names) };
    if (bases.size < MOST_BASES) bases.set(digest, base);
    return base;
  };
  const nearestBase = (names: readonly string[]) => {
    let best: { base: Base; add: string[]; drop: string[] } | undefined;
    const limit = names.length * NEAR;
    const wanted = new Set(names);
    for (const base of bases.values()) {
      const add = names.filter((name) => !base.names.has(name));
      const drop = [...base.names].filter((name) => !wanted.has(name));
      if (add.length + drop.length <= limit && (!best || add.length + drop.length < best.add.length + best.drop.length))
        best = { base, add, drop };
    }
    return best;
  };
  const putEntry = (key: string, entry: SaveImagesEntry) => store.put(key, Buffer.from(JSON.stringify(entry)));
  return {
    async get(key) {
      const entry = await read<SaveImagesEntry>(key);
      if (!entry) return undefined;
      if ('images' in entry) return entry.images;
      const base = await baseOf(entry.base);
      if (!base) return undefined;
      const dropped = new Set(entry.drop);
      return [...[...base.names].filter((name) => !dropped.has(name)), ...entry.add];
    },
    async put(key, images) {
      const names = [...new Set(images)].sort();
      if (names.length < SHORTEST_BASE) return putEntry(key, { images: names });
      const near = nearestBase(names);
      if (near) return putEntry(key, { base: near.base.digest, add: near.add, drop: near.drop });
      const list = JSON.stringify(names);
      const digest = sha256(list);
      await store.put(baseKey(digest), Buffer.from(list));
      if (bases.size < MOST_BASES) bases.set(digest, { digest, names: new Set(names) });
      return putEntry(key, { base: digest, add: [], drop: [] });
    },
  };
}
