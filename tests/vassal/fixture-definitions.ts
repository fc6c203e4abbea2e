/** The piece definitions of a fixture buildFile, read with an independent XML parser (saxes). */
import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';

const DEFINITION_ELEMENTS = /\.(PieceSlot|CardSlot|PrototypeDefinition)$/;

export interface Definition {
  element: string;
  text: string;
  line: number;
}

/** Text content of every piece-definition element, XML-unescaped and trimmed as Builder.getText does. */
export function definitionsIn(file: string): Definition[] {
  const parser = new SaxesParser({ position: true });
  const out: Definition[] = [];
  let current: { element: string; text: string; line: number } | null = null;
  parser.on('opentag', (tag) => {
    if (DEFINITION_ELEMENTS.test(tag.name)) current = { element: tag.name.replace(/.*\./, ''), text: '', line: parser.line };
  });
  parser.on('text', (text) => {
    if (current) current.text += text;
  });
  parser.on('closetag', (tag) => {
    if (current && DEFINITION_ELEMENTS.test(tag.name)) {
      out.push({ ...current, text: current.text.trim() });
      current = null;
    }
  });
  parser.write(readFileSync(file, 'utf8')).close();
  return out;
}
