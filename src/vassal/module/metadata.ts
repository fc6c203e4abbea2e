/**
 * `moduledata` (module metadata, read by the Module Manager) and `savedata` (saved-game metadata),
 * reference §1 and §5.2. The VassalVersion written here gates loading: 3.6.19 opens in 3.6 and 3.7.
 */
import { element, type XmlElement } from '../xml-tree';
import { VASSAL_VERSION } from './names';
import { serializeXml } from './xml-writer';

export interface ModuleIdentity {
  name: string;
  version: string;
  description: string;
  /** "Additional module info 1" (GameModule ModuleOther1), which VASSAL copies to moduledata's extra1. */
  other1?: string;
  /** Milliseconds since 1970 (from SOURCE_DATE_EPOCH). */
  dateSaved: number;
}

function text(name: string, value: string): XmlElement {
  return element(name, [], [], value);
}

export function moduleDataXml(module: ModuleIdentity): string {
  return serializeXml(
    element(
      'data',
      [['version', '1']],
      [
        text('version', module.version),
        text('extra1', module.other1 ?? ''),
        text('extra2', ''),
        text('VassalVersion', VASSAL_VERSION),
        text('dateSaved', String(module.dateSaved)),
        text('description', module.description),
        text('name', module.name),
      ],
    ),
  );
}

export function saveDataXml(module: ModuleIdentity, comment: string): string {
  return serializeXml(
    element(
      'data',
      [['version', '1']],
      [
        text('version', module.version),
        text('VassalVersion', VASSAL_VERSION),
        text('dateSaved', String(module.dateSaved)),
        text('description', comment),
      ],
    ),
  );
}
