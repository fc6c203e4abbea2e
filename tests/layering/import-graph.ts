/**
 * The import graph of a TypeScript source tree, read with the TypeScript compiler's parser: every
 * `import`, `import type`, `export … from`, `import('…')` call and `import('…')` type counts, so a
 * type-only edge is an edge like any other.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Importing file, relative to the root, with forward slashes. */
  from: string;
  /** Imported file relative to the root, or the bare specifier of a package (`node:fs`, `pdf-lib`). */
  to: string;
  /** True when the specifier is relative and resolved to a file in the tree. */
  local: boolean;
  typeOnly: boolean;
  line: number;
}

/** The module specifiers a source text names, with whether each is type-only and its 1-based line. */
export function specifiersOf(fileName: string, text: string): { specifier: string; typeOnly: boolean; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean; line: number }[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ specifier: specifier.text, typeOnly, line });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const SOURCE_EXTENSIONS = ['.ts', '.mts', '.tsx'];

/** The file a relative specifier names: itself, with a source extension, or its folder's index. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((e) => base + e), ...SOURCE_EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, '.$1ts'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE_EXTENSIONS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

/** Every import edge of the source files under `root` (paths relative to `root`). */
export function importGraph(root: string): { files: string[]; edges: ImportEdge[] } {
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const files = sourceFiles(root);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    for (const { specifier, typeOnly, line } of specifiersOf(file, readFileSync(file, 'utf8'))) {
      const relative = specifier.startsWith('.');
      const target = relative ? resolveRelative(file, specifier) : undefined;
      edges.push({
        from: rel(file),
        to: target ? rel(target) : specifier,
        local: !!target && !path.relative(root, target).startsWith('..'),
        typeOnly,
        line,
      });
    }
  }
  return { files: files.map(rel), edges };
}
