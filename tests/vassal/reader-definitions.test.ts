/**
 * collectDefinitions decodes each distinct clean definition text once and shares the result; a text
 * with problems takes the precise path for every element, so each diagnostic names its own slot.
 */
import { describe, expect, it } from 'vitest';
import { decodePiece } from '../../src/vassal/piece';
import { collectDefinitions } from '../../src/vassal/reader/module';
import { decodeTrait } from '../../src/vassal/traits/index';
import { element } from '../../src/vassal/xml-tree';

const SLOT = 'VASSAL.build.widget.PieceSlot';
const LIST = 'VASSAL.build.widget.ListWidget';
const slot = (entryName: string, text: string) => element(SLOT, { entryName, gpid: entryName.length }, [], text);

// A two-trait piece (UsePrototype over a BasicPiece), written by hand from reference §3.
const CLEAN = '+/null/prototype;Unit\tpiece;;;inf.png;1st Inf/\tnull;0;0;1;0';
// Type without a state field: VASSAL cannot read it (reference §3.2, "+/<id>/<type>/<state>").
const NO_STATE = '+/null/piece;;;inf.png;Broken';
// A clean piece followed by an unescaped "/" field VASSAL ignores: a warning, the piece still reads.
const EXTRA_FIELD = '+/null/piece;;;inf.png;Odd/null;0;0;3;0/surplus';

describe('collectDefinitions', () => {
  it('gives every slot sharing one clean text the same decoding as decoding it alone', () => {
    const root = element('VASSAL.build.GameModule', {}, [
      element(LIST, { entryName: 'A' }, [slot('a1', CLEAN), slot('a2', `  ${CLEAN}\n`)]),
      element(LIST, { entryName: 'B' }, [slot('b1', CLEAN)]),
    ]);
    const { definitions, diagnostics } = collectDefinitions(root, { file: 'm' });
    expect(diagnostics).toEqual([]);
    expect(definitions.map((d) => d.element.children.length === 0 && d.element.attributes[0][1])).toEqual(['a1', 'a2', 'b1']);
    const alone = decodePiece(CLEAN).piece!;
    for (const d of definitions) {
      expect(d.piece).toEqual(alone);
      expect(d.decoded).toEqual(alone.traits.map(decodeTrait));
      expect(d.decoded.map((t) => t.kind)).toEqual(['usePrototype', 'basicPiece']);
    }
    // Ancestors: the root and the list, per slot.
    expect(definitions.map((d) => d.ancestors.map((a) => a.attributes.find(([k]) => k === 'entryName')?.[1] ?? 'root'))).toEqual([
      ['root', 'A'],
      ['root', 'A'],
      ['root', 'B'],
    ]);
  });

  it('reports a broken text once per slot, each naming its own slot (the precise path)', () => {
    const root = element('VASSAL.build.GameModule', {}, [slot('First', NO_STATE), slot('Second', CLEAN), slot('Third', NO_STATE)]);
    const { definitions, diagnostics } = collectDefinitions(root, { file: 'm!buildFile.xml' });
    expect(diagnostics.map((d) => [d.code, d.pointer, d.file])).toEqual([
      ['vassal/missing-state', 'PieceSlot[First]', 'm!buildFile.xml'],
      ['vassal/missing-state', 'PieceSlot[Third]', 'm!buildFile.xml'],
    ]);
    expect(diagnostics[0].message.startsWith('"First": ')).toBe(true);
    expect(diagnostics[1].message.startsWith('"Third": ')).toBe(true);
    // A missing state still leaves a piece (its state empty), as decodePiece gives it.
    expect(definitions.map((d) => d.element.attributes[0][1])).toEqual(['First', 'Second', 'Third']);
    expect(definitions[2].piece).toEqual(decodePiece(NO_STATE).piece);
  });

  it('keeps a definition that decodes with a warning and warns for each slot holding it', () => {
    const root = element('VASSAL.build.GameModule', {}, [slot('x', EXTRA_FIELD), slot('y', EXTRA_FIELD)]);
    const { definitions, diagnostics } = collectDefinitions(root, { file: 'm' });
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ['vassal/extra-fields', 'warning', 'PieceSlot[x]'],
      ['vassal/extra-fields', 'warning', 'PieceSlot[y]'],
    ]);
    expect(definitions).toHaveLength(2);
    const basic = definitions[1].decoded[0];
    expect(basic.kind === 'basicPiece' && basic.type.name).toBe('Odd');
  });

  it('drops an empty slot with a diagnostic and reads a definition nested under another', () => {
    const inner = slot('inner', CLEAN);
    const root = element('VASSAL.build.GameModule', {}, [element(SLOT, { entryName: 'outer' }, [inner], '')]);
    const { definitions, diagnostics } = collectDefinitions(root, { file: 'm' });
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([['vassal/empty-definition', 'PieceSlot[outer]']]);
    expect(definitions.map((d) => [d.element, d.ancestors.length])).toEqual([[inner, 2]]);
  });
});
