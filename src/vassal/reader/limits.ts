import type { Diagnostic } from '../../diagnostics';
/**
 * Limits for reading untrusted modules. A .vmod from the internet may be a zip bomb or carry
 * absurd XML; every limit here is checked before the work it guards, and breaking one is a
 * diagnostic naming the file and entry, never a crash or an unbounded allocation.
 */
export interface ReadLimits {
  /** Entries in one archive (a module or a saved game). */
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /**
   * Uncompressed bytes held at once: all entries of a module together, and with them the entries
   * of one saved game inside it (saves are read one at a time and let go, so a module of many large
   * saves passes when each does).
   */
  maxTotalBytes: number;
  /**
   * Uncompressed / compressed size, for one entry over `ratioFloorBytes` and for all entries of
   * an archive beyond their first `ratioFloorBytes`.
   */
  maxRatio: number;
  /** Bytes an archive may inflate to whatever its ratio (tiny text files compress well). */
  ratioFloorBytes: number;
  /**
   * Bytes of one document read as text: the buildFile, moduledata, a save's command string. Text
   * and the trees built from it take several times its size in memory.
   */
  maxDocumentBytes: number;
  /** Element nesting depth of an XML document. */
  maxDepth: number;
  /** Characters of one attribute value. */
  maxAttributeLength: number;
  /** Characters of one element's text. */
  maxTextLength: number;
  /** Elements in one XML document. */
  maxElements: number;
  /**
   * Traits of all piece definitions and saved pieces of a module once their prototypes are
   * expanded (prototypes that use one another repeatedly multiply).
   */
  maxExpandedTraits: number;
}

/**
 * Generous for real modules (the largest public buildFile is about 4 MB with ~20,000 elements;
 * the largest modules hold a few thousand images and a few hundred MB, and some hundreds of saves
 * inflating to gigabytes in all), tight enough that a hostile archive cannot exhaust memory: a
 * module's entries, with one save at a time, stay within 512 MiB. The total work of reading every
 * save is bounded by the ratio limit: at most `maxRatio` times the module's compressed bytes.
 */
export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  maxEntries: 50_000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  maxDocumentBytes: 64 * 1024 * 1024,
  maxDepth: 256,
  maxAttributeLength: 1024 * 1024,
  maxTextLength: 16 * 1024 * 1024,
  maxElements: 200_000,
  maxExpandedTraits: 5_000_000,
});

export function readLimits(overrides: Partial<ReadLimits> = {}): ReadLimits {
  const limits = { ...DEFAULT_READ_LIMITS };
  for (const [key, value] of Object.entries(overrides) as [keyof ReadLimits, number | undefined][]) {
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

/** The refusal of a document over `maxDocumentBytes`, before it is decoded. */
export function documentTooLarge(where: string, bytes: number, limits: ReadLimits): Diagnostic {
  return {
    code: 'vassal/document-too-large',
    severity: 'error',
    message: `${where} is ${bytes} bytes (limit ${limits.maxDocumentBytes} for a buildFile, moduledata or saved game)`,
    hint: 'raise --max-document-size if the module is genuine',
    file: where,
  };
}

/** The refusal of pieces that, with their prototypes expanded, pass `maxExpandedTraits` at `where`. */
export function tooManyTraits(
  limits: ReadLimits,
  where: string,
  location: Pick<Diagnostic, 'file' | 'line' | 'column' | 'pointer'>,
): Diagnostic {
  return {
    code: 'vassal/prototype-explosion',
    severity: 'error',
    message: `with their prototypes expanded, the module's pieces reach more than ${limits.maxExpandedTraits} traits at ${where}: prototypes that use one another repeatedly multiply (VASSAL would run out of memory too)`,
    hint: 'raise --max-expanded-traits if the module is genuine',
    ...location,
  };
}

/** What to do when a genuine module is past the total size limit. */
export const TOTAL_SIZE_HINT = 'raise --max-total-size if the module is genuine';
