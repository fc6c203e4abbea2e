/**
 * Schema verdicts kept between builds (data/parse-game.ts SchemaVerdicts): the digest of each data
 * file's text that passed its schema, under the running code (its stamp covers the schemas and the
 * package version). A rebuild after one file changed checks that file against its schema only.
 */
import type { FileKind } from '../data/schemas';
import type { SchemaVerdicts } from '../data/parse-game';
import { sha256 } from '../pipeline/inputs-digest';

export interface KeptSchemaVerdicts extends SchemaVerdicts {
  /** The digests of the texts that passed in this validation, sorted: what the next build may reuse. */
  passes(): string[];
}

export function keptSchemaVerdicts(known: readonly string[], codeStamp: string): KeptSchemaVerdicts {
  const knownSet = new Set(known);
  const passes = new Set<string>();
  const digestOf = (kind: FileKind, text: string) => sha256(`${codeStamp}\n${kind}\n${text}`);
  return {
    knownToPass: (kind, text) => knownSet.has(digestOf(kind, text)),
    passed: (kind, text) => void passes.add(digestOf(kind, text)),
    passes: () => [...passes].sort(),
  };
}
