/**
 * The `$schema` of a game file, pointing at the installed package's schemas/ by a relative path from
 * the file's own folder, so that editors complete and check a game folder wherever it lives.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from './package-root';

/** The `$schema` value for a file of `kind` in `folder`: relative when it can be, else a file URL. */
export function schemaReference(folder: string, kind: string, root = packageRoot()): string {
  const target = path.join(root, 'schemas', `${kind}.schema.json`);
  const relative = path.relative(path.resolve(folder), target);
  return path.isAbsolute(relative) ? pathToFileURL(target).href : relative.split(path.sep).join('/');
}

/** The first `"$schema"` of a JSON text: `"…/<kind>.schema.json"`, or the bare kind. */
const SCHEMA_MEMBER = /("\$schema"\s*:\s*)"(?:[^"]*\/)?([a-z-]+?)(?:\.schema\.json)?"/;

/**
 * `text` with its `$schema` (the first, keeping the layout) pointing at the package's schema of the
 * same kind from `folder`; a text without one is returned as it is.
 */
export function withSchemaReference(text: string, folder: string, root?: string): string {
  return text.replace(SCHEMA_MEMBER, (_, key: string, kind: string) => `${key}${JSON.stringify(schemaReference(folder, kind, root))}`);
}

/**
 * `text` with its `$schema` as the import wrote it before pointing it at the package (data files
 * two folders below a root holding schemas/, as `../../schemas/…`), so that a file's hash at import
 * is comparable wherever the folder now lives.
 */
export function withImportedSchemaReference(text: string, name: string): string {
  const root = path.resolve(path.sep, 'package');
  return withSchemaReference(text, path.join(root, 'game', 'folder', path.dirname(name)), root);
}
