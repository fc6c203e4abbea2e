/**
 * The one info an import gives of the pictures a module names but does not hold. Read with an
 * extension, the module is the base with the extension loaded: the pictures are in neither file,
 * and those the extension's own components name are counted, so that the user knows which file to
 * complete; the info then points into the extension's buildFile (the first of its components that
 * names a missing picture, else its root), not at the base module. Pure.
 */
import type { Diagnostic } from '../../diagnostics';
import { positionOf } from '../reader/parsed-element';
import { referencedImages, type ReadModule } from '../reader/module';
import type { XmlElement } from '../xml-tree';
import type { ImportedExtension } from './extension-files';

const SHOWN = 5;

/** Each element the extension added (in its order) with the images it names itself (its attributes, its piece's traits). */
function namedByExtension(module: Pick<ReadModule, 'definitions'>, added: ReadonlySet<XmlElement>): Map<XmlElement, string[]> {
  const definitionOf = new Map(module.definitions.filter((d) => added.has(d.element)).map((d) => [d.element, d]));
  const named = new Map<XmlElement, string[]>();
  for (const el of added) {
    // A childless copy: the element's descendants are in `added` too, each visited on its own.
    const root: XmlElement = { name: '', attributes: [], children: [{ ...el, children: [] }] };
    const definition = definitionOf.get(el);
    named.set(el, referencedImages({ root, definitions: definition ? [definition] : [] }));
  }
  return named;
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
  const named = namedByExtension(module, extension.added);
  const own = new Set([...named.values()].flat());
  const byExtension = missing.filter((image) => own.has(image)).length;
  const missed = new Set(missing);
  const first = [...named].find(([, images]) => images.some((image) => missed.has(image)))?.[0];
  const at = (first && positionOf(first)) ?? (extension.root && positionOf(extension.root));
  return {
    ...(at?.file !== undefined ? at : extension.source ? { file: extension.source } : {}),
    code: 'vassal/missing-images',
    severity: 'info',
    message: `${missing.length} image(s) the module with the extension "${extension.name}" loaded refers to are in neither file (${byExtension} named by the extension's own components): ${list}`,
  };
}
