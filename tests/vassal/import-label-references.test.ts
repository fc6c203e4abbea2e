/**
 * Text Labels whose text refers to the piece's properties (`$name$`), read as VASSAL 3.7.26 reads
 * them (./label-references-kit.ts says what each answers, which label-references-in-vassal.test.ts
 * checks in VASSAL itself): the values of those the import can read, none from a BeanShell label
 * or one naming a property the piece does not state, with a note saying why; and the rules
 * themselves, each worked out from VASSAL's source.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { readLabelText, type LabelReading } from '../../src/vassal/import/label-text';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { factsOfTraits } from '../../src/vassal/import/properties';
import { moduleVocabulary } from '../../src/vassal/import/vocabulary';
import { buildBasicPiece, buildMarker } from '../../src/vassal/traits/index';
import { LABEL_PROPERTIES, PIECES, VASSAL_ANSWERS, VASSAL_NAMES, label, labelReferencesModule } from './label-references-kit';
import { dataChanges } from '../../src/vassal/update/data-changes';
import { updateModule } from '../../src/vassal/update/update-module';
import { csvRows } from './update-edit';
import { sidecarOf } from './sidecar-of';

const limits = readLimits();

async function imported() {
  const entries = (await readZip(await labelReferencesModule(), { file: 'labels.vmod', limits })).entries;
  const module = (await readModule(entries, { source: 'labels.vmod', limits })).module!;
  const result = await importModule(module, { id: 'labels' });
  const sidecar = sidecarOf(result.files.get(SIDECAR_INDEX)!);
  return { entries, module, result, rows: csvRows(result.files.get('units.csv') as string).rows, sidecar };
}

describe('Text Labels referring to properties', () => {
  it('give the values VASSAL shows, with their place; none where the text cannot be read, and a note why', async () => {
    const { rows, sidecar } = await imported();
    const values = Object.fromEntries(rows.map((r) => [r.name, [r.side, r.value1, r.value2, r.value3]]));
    expect(values).toEqual({
      Rifles: ['allies', '4', '3', '6'],
      Guards: ['axis', '5', '5', '4'],
      Scouts: ['allies', '', '', ''],
      Mortars: ['axis', '', '', ''],
      HQ: ['allies', '', '', ''],
      Depot: ['axis', '', '', ''],
      Engineers: ['allies', '1', '2', ''],
      // Core ("$Top$") shows Top whole: Stats "$Core$-1" gives the values.
      Pioneers: ['axis', '3', '1', ''],
      Staff: ['axis', '', '', ''],
      '1/5 Bn': ['allies', '', '', ''],
    });
    const unit = (name: string) => Object.values(sidecar.units).find((u) => u.data?.name === name)!;
    expect(unit('Rifles').sources?.value2).toEqual({ carrier: 'label', property: 'Stats', group: 1 });
    expect(unit('Guards').sources?.value1).toEqual({ carrier: 'labelText', property: '', nth: 0, group: 0 });
    expect(unit('Guards').notes).toContain('values from the text of Text Label "" "5-5-4" (written " $Top$-$Mid$-$Low$ ")');
    expect(unit('Scouts').notes?.join()).toContain(
      'the text of Text Label "Stats" "$Strength$-2" refers to $Strength$, not known at import',
    );
    expect(unit('Mortars').notes?.join()).toContain('is a BeanShell expression, which the import does not evaluate');
    expect(unit('Depot').notes?.join()).toContain('refers to $pieceName$');
    expect(unit('Staff').notes?.join()).toContain('refers to $PieceName$');
  });
});

describe('update of a value read from a label whose text refers to properties', () => {
  it('is refused, a rename too: the text holds the references, not the numbers', async () => {
    const { entries, module, result, rows, sidecar } = await imported();
    const row = (name: string) => rows.find((r) => r.name === name)!;
    row('Rifles').value2 = '5';
    row('Guards').value1 = '7';
    row('Engineers').value2 = '9';
    row('Pioneers').value2 = '2';
    row('1/5 Bn').name = '2/5 Bn';
    const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
    const changes = dataChanges(sidecar, {
      units: new Map(rows.map((r) => [r.id, r])),
      fileHashes: new Map(Object.keys(sidecar.dataFiles ?? {}).map((f) => [f, sha(result.files.get(f)!)])),
      folder: 'game',
    });
    const updated = await updateModule(entries, module, sidecar, changes, { limits, epoch: 0 });
    // Each refused where the palette and the at-start stack hold the counter: "<place>: <problem>".
    const errors = updated.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors).toHaveLength(10);
    const refusal = (label: string, text: string) =>
      `the text of Text Label "${label}" is "${text}", which refers to properties ($…$): VASSAL shows it with their values in place, so a value cannot be written into the text as written`;
    expect([...new Set(errors.map((m) => m.slice(m.indexOf(': ') + 2)))]).toEqual([
      refusal('Stats', '$Top$-$Mid$-$Low$'),
      refusal('', ' $Top$-$Mid$-$Low$ '),
      refusal('Stats', '$Stats$1-$Top$'),
      // Its numbers as written happen to be where VASSAL shows them: refused all the same.
      refusal('Stats', '$Core$-1'),
      refusal('BasicName', '$Unit$ Bn'),
    ]);
    // Each names the piece, and says what to change instead.
    for (const name of ['Rifles', 'Guards', 'Engineers', 'Pioneers', 'Battalion'])
      expect(errors.filter((m) => m.includes(`PieceSlot[${name}]: `))).toHaveLength(2);
    for (const d of updated.diagnostics.filter((d) => d.severity === 'error'))
      expect(d.hint).toMatch(/^change the property the label's text refers to instead/);
    expect(updated.entries).toBeUndefined();
  });
});

describe('the properties Text Labels give a piece', () => {
  it('are what VASSAL answers, but for a label the import cannot read, kept as written; a label BasicName names the piece', () => {
    const unread: Record<string, Record<string, string>> = {
      Scouts: { Stats: '$Strength$-2' },
      Mortars: { Stats: '{Top + "-" + Mid}' },
      Depot: { Alias: '$pieceName$' },
      Staff: { Title: '$PieceName$ staff' },
    };
    PIECES.forEach(([name, traits], i) => {
      const facts = factsOfTraits([...traits, buildBasicPiece({ name })], new Map());
      expect(facts.name).toBe(VASSAL_NAMES[i]);
      const stated = Object.fromEntries(LABEL_PROPERTIES.filter((p) => facts.properties.has(p)).map((p) => [p, facts.properties.get(p)]));
      expect(stated, name).toEqual(unread[name] ?? VASSAL_ANSWERS[facts.name]);
    });
  });
});

describe('sides and formations from Text Labels referring to properties', () => {
  const piece = (division: string, nation: string, labels: ReturnType<typeof label>[]) =>
    factsOfTraits(
      [
        ...labels,
        buildMarker([
          ['Div', division],
          ['Nation', nation],
        ]),
        buildBasicPiece({ name: `${division} ${nation}` }),
      ],
      new Map(),
    );

  it('read the text as shown; a label showing one property whole leaves that property the one read', () => {
    const labels = [label('Formation', '$Div$ Division'), label('Army', '$Nation$')];
    const vocabulary = moduleVocabulary([piece('1', 'Allies', labels), piece('2', 'Axis', labels)], ['Allies', 'Axis']);
    expect(vocabulary.formationProperty).toBe('Formation');
    expect(vocabulary.sideProperty).toBe('Nation');
  });

  it('take nothing from a text the import cannot read', () => {
    // Texts that differ as written, as two formations would.
    const beanShell = (n: string) => [label('Formation', `{"${n}" + " Division"}`)];
    const vocabulary = moduleVocabulary([piece('1', 'Allies', beanShell('1')), piece('2', 'Axis', beanShell('2'))], ['Allies', 'Axis']);
    expect(vocabulary.formationProperty).toBeUndefined();
  });
});

describe('the text of a Text Label, as VASSAL reads it', () => {
  const properties = new Map([
    ['Attack', '4'],
    ['Defense', '3'],
    ['Empty', ''],
  ]);
  const read = (text: string, own = 'Label'): LabelReading => readLabelText(text, own, (name) => properties.get(name));

  it.each([
    // [state, expected text]: FormattedStringExpression on the trimmed text.
    ['$Attack$-$Defense$', '4-3'],
    ['  $Attack$ ', '4'],
    ['$Empty$-$Attack$', '-4'],
    // The last token is never a property, so a lone $ vanishes and "$Attack" is the word.
    ['a$b', 'ab'],
    ['$Attack', 'Attack'],
    ['x$Attack$y$', 'x4y'],
    // An escaped $ (SequenceEncoder) stays.
    ['\\$5 $Attack$', '$5 4'],
    // setLabel takes out every "$<own name>$" first.
    ['$Label$$Attack$', '4'],
    ['plain text ', 'plain text'],
    ['   ', ''],
  ])('%j reads %j', (state, text) => {
    expect(read(state)).toEqual({ kind: 'text', text });
  });

  it('keeps a text naming a property the piece does not state, listing it', () => {
    expect(read('$Attack$-$Morale$ $Morale$ $Range$')).toEqual({
      kind: 'unresolved',
      text: '$Attack$-$Morale$ $Morale$ $Range$',
      names: ['Morale', 'Range'],
    });
  });

  it('keeps a BeanShell text as written', () => {
    expect(read(' {Attack + 1} ')).toEqual({ kind: 'beanShell', text: '{Attack + 1}' });
  });
});
