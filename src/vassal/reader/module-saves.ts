/**
 * The saved games inside a module, each read alone and let go: a module may hold hundreds of large
 * saves (gigabytes once inflated), so none is kept. A save is checked when it is read: its
 * inflated bytes count with the module's entries (which stay held) but not with the other saves',
 * its entries pass the ratio and per-entry limits (nested zip bombs are refused), and its pieces,
 * with the buildFile's, must stay under the expanded-trait limit (VASSAL holds one saved game at a
 * time). A reader that uses the saves anyway (the import's setups) has them checked as it reads
 * them, so that each is decoded once (update, which writes the saves it changes back, keeps their
 * archives from that one reading); `check` then reads only those it did not use.
 */
import type { Diagnostic } from '../../diagnostics';
import { decodeTrait } from '../traits/index';
import { tooManyTraits, type ReadLimits } from './limits';
import type { PrototypeGrowth } from './prototype-growth';
import { readSavedGame, type SavedGameContents } from './saved-game';
import { entryLocation } from './xml';
import type { InflateBudget } from './zip';

/**
 * Entries of the module that another file or folder holds (an extension's own, read with its base
 * module; a game folder's kept module, whose entries are files under its vassal/module/): problems
 * of such a save name that file, or the folder's file, where the save is.
 */
export interface EntriesElsewhere {
  source: string;
  folder: boolean;
  names: ReadonlySet<string>;
}

/** What reading one save found: its problems, and whether its pieces pass the expanded-trait limit. */
interface SaveCheck {
  diagnostics: Diagnostic[];
  explosion?: Diagnostic;
}

export class ModuleSaves {
  /** Entry name → what reading it found, for saves read before `check` reported them. */
  private readonly checked = new Map<string, SaveCheck>();
  /** Whether `check` has reported every save, and found one past the expanded-trait limit. */
  private outcome?: { refused: boolean };
  private readonly known: ReadonlySet<string>;

  constructor(
    /** The saves' entry names, in entry order. */
    readonly names: readonly string[],
    private readonly files: ReadonlyMap<string, Uint8Array>,
    /** The module, to name a save's entry (data only: a module read stays plain data that can be cloned). */
    private readonly module: { source: string; folder: boolean; elsewhere?: EntriesElsewhere },
    private readonly limits: ReadLimits,
    /** Uncompressed bytes of the module's entries, held while a save is read. */
    private readonly heldBytes: number,
    private readonly growth: PrototypeGrowth,
  ) {
    this.known = new Set(names);
  }

  /**
   * One save, read and checked now; undefined when it is not one of the module's saves, or when its
   * pieces pass the expanded-trait limit (the module is refused then: `check` says so).
   * `keepArchive`: with its entries and command string, for a reader that writes it back changed.
   */
  async read(name: string, { keepArchive = false } = {}): Promise<SavedGameContents | undefined> {
    const data = this.files.get(name);
    if (!data || !this.known.has(name)) return undefined;
    const { elsewhere } = this.module;
    const file = elsewhere?.names.has(name)
      ? entryLocation(elsewhere.source, name, elsewhere.folder)
      : entryLocation(this.module.source, name, this.module.folder);
    const budget: InflateBudget = { inflated: this.heldBytes };
    const save = await readSavedGame(data, { file, limits: this.limits, budget, keepArchive });
    // Every save passed `check` already: read again, it passes again.
    if (this.outcome && !this.outcome.refused) return save;
    const buildFileTraits = this.growth.total;
    const exploding = save.pieces.find((piece) => !this.growth.add(piece.piece.traits.map(decodeTrait), false));
    this.growth.total = buildFileTraits;
    const explosion = exploding ? tooManyTraits(this.limits, `piece ${exploding.id} of the saved game`, { file }) : undefined;
    if (!this.checked.has(name)) this.checked.set(name, { diagnostics: save.diagnostics, ...(explosion ? { explosion } : {}) });
    return explosion ? undefined : save;
  }

  /**
   * Saves holding the very bytes of saves checked elsewhere already (a round trip's copy of them):
   * `check` does not read them again, and reports no problem of theirs (they were reported there).
   */
  checkedElsewhere(names: Iterable<string>): void {
    for (const name of names) if (this.known.has(name) && !this.checked.has(name)) this.checked.set(name, { diagnostics: [] });
  }

  /**
   * Every save's problems in entry order, reading the saves not read yet; `refused` when a save's
   * pieces pass the expanded-trait limit (the saves after it are not read). Reports once: called
   * again, it finds nothing new.
   */
  async check(): Promise<{ diagnostics: Diagnostic[]; refused: boolean }> {
    if (this.outcome) return { diagnostics: [], refused: this.outcome.refused };
    const diagnostics: Diagnostic[] = [];
    for (const name of this.names) {
      if (!this.checked.has(name)) await this.read(name);
      const { diagnostics: found, explosion } = this.checked.get(name)!;
      this.checked.delete(name);
      diagnostics.push(...found);
      if (explosion) {
        this.checked.clear();
        this.outcome = { refused: true };
        return { diagnostics: [...diagnostics, explosion], refused: true };
      }
    }
    this.outcome = { refused: false };
    return { diagnostics, refused: false };
  }
}
