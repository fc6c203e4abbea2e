/** The --max-* flags for reading untrusted modules (import, roundtrip, verify --module); light, so help stays fast. */
import type { Command } from 'commander';
import { DEFAULT_READ_LIMITS, readLimits, type ReadLimits } from '../vassal/reader/limits';
import { ExitError, EXIT } from './exit-codes';

const LIMIT_FLAGS: Array<[keyof ReadLimits, string, string]> = [
  ['maxEntries', '--max-entries <n>', 'most entries in one archive'],
  ['maxEntryBytes', '--max-entry-size <bytes>', 'most uncompressed bytes of one entry'],
  [
    'maxTotalBytes',
    '--max-total-size <bytes>',
    'most uncompressed bytes of a module held at once: its entries, with one saved game inside it',
  ],
  ['maxRatio', '--max-ratio <n>', 'highest compression ratio of an entry, or of an archive, beyond its first 1 MiB'],
  ['maxDocumentBytes', '--max-document-size <bytes>', 'most bytes of a buildFile, moduledata or saved-game text'],
  ['maxDepth', '--max-depth <n>', 'deepest XML element nesting'],
  ['maxAttributeLength', '--max-attribute-length <n>', 'longest XML attribute value'],
  ['maxTextLength', '--max-text-length <n>', 'longest XML element text'],
  ['maxElements', '--max-elements <n>', 'most XML elements in one document'],
  ['maxExpandedTraits', '--max-expanded-traits <n>', 'most traits of all pieces of a module with their prototypes expanded'],
];

/** Option keys that differ from the limit's name (sizes are flags in bytes, limits named …Bytes). */
const OPTION_NAMES: Partial<Record<keyof ReadLimits, string>> = {
  maxEntryBytes: 'maxEntrySize',
  maxTotalBytes: 'maxTotalSize',
  maxDocumentBytes: 'maxDocumentSize',
};

/** Adds the --max-* flags for reading untrusted modules to a command. */
export function limitFlags(command: Command): Command {
  for (const [key, flag, description] of LIMIT_FLAGS) command.option(flag, `${description} (default ${DEFAULT_READ_LIMITS[key]})`);
  return command;
}

export function limitsFromOptions(options: Record<string, unknown>): ReadLimits {
  const overrides: Partial<ReadLimits> = {};
  for (const [key, flag] of LIMIT_FLAGS) {
    const raw = options[OPTION_NAMES[key] ?? key];
    if (raw === undefined) continue;
    const n = Number(raw);
    // A ratio may be fractional; a count of entries, elements or bytes is whole ("1.5 entries" is a slip).
    const whole = key !== 'maxRatio';
    if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n)))
      throw new ExitError(EXIT.usage, `${flag.split(' ')[0]} takes a positive ${whole ? 'whole ' : ''}number, not "${String(raw)}"`);
    overrides[key] = n;
  }
  return readLimits(overrides);
}
