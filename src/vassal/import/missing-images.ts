/**
 * The one info an import gives of the pictures a module names but does not hold. Read with an
 * extension, the module is the base with the extension loaded: the pictures are in neither file,
 * and those the extension's own components name are counted, so that the user knows which file to
 * complete. Pure.
 */
import type { Diagnostic } from '../../diagnostics';
import { referencedImages, type ReadModule } from '../reader/module';
import type { XmlElement } from '../xml-tree';
import type { ImportedExtension } from './extension-files';

const SHOWN = 5;

/** The images the extension's own components name (its pieces' traits, its components' attributes). */
function namedByExtension(module: Pick<ReadModule, 'definitions'>, added: ReadonlySet<XmlElement>): Set<string> {
  // Every added element stands as a childless copy: each is visited once, its descendants being in `added` too.
  const root: XmlElement = { name: '', attributes: [], children: [...added].map((el) => ({ ...el, children: [] })) };
  const definitions = module.definitions.filter((d) => added.has(d.element));
  return new Set(referencedImages({ root, definitions }));
}

export function missingImagesDiagnostic(
  missing: readonly string[],
  module: Pick<ReadModule, 'definitions'>,
  extension: ImportedExtension | undefined,
): Diagnostic | undefined {
  if (missing.length === 0) return undefined;
  const list = `${missing.slice(0, SHOWN).join(', ')}${missing.length > SHOWN ? ', …' : ''}`;
  if (!extension?.added) {
    return {
      code: 'vassal/missing-images',
      severity: 'info',
      message: `${missing.length} image(s) the module refers to are not in it: ${list}`,
    };
  }
  const own = namedByExtension(module, extension.added);
  const byExtension = missing.filter((image) => own.has(image)).length;
  return {
    code: 'vassal/missing-images',
    severity: 'info',
    message: `${missing.length} image(s) the module with the extension "${extension.name}" loaded refers to are in neither file (${byExtension} named by the extension's own components): ${list}`,
  };
}
