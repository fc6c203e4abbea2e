import { describe, expect, it } from 'vitest';
import { decodePiece } from '../../src/vassal/piece';
import {
  basicPieceProperties,
  basicPieceState,
  basicPieceType,
  buildBasicPiece,
  buildClone,
  buildDelete,
  buildImmobilized,
  buildLayer,
  buildMarker,
  buildMovementMarkable,
  buildReportState,
  buildUsePrototype,
  decodeTrait,
  encodeTrait,
  layerImages,
  maskImages,
  markerProperties,
  reportKeys,
  traitId,
  traitImages,
  type Trait,
} from '../../src/vassal/traits/index';

const TAB = '\t';
// Reference §3.5: strings VASSAL 3.7.26 accepted and re-emitted unchanged.
const TWO_SIDED = `+/null/emb2;Flip;128;A;;128;;;128;;;;1;false;0;0;back.png;+ (reduced);true;Step;;;false;;1;1;false;70,130;;;Flip to reduced side;1.0;;true${TAB}prototype;Unit\\${TAB}piece;;;front.png;1st Infantry/-1${TAB}\\${TAB}null;0;0;1;0`;
const ALWAYS_ACTIVE = `+/null/emb2;;128;A;;128;;;128;;;;1;false;0;0;front.png,back.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Step layer;1.0;;true${TAB}piece;;;;1st Infantry/1${TAB}null;0;0;1;0`;
const MARKER = '+/null/piece;;;units\\/marker.png;Disrupted/null;0;0;2;0';
const PROTOTYPE = `+/null/report;70\\,130;$location$: $newPieceName$ *;;;;false${TAB}delete;Delete;68,130;\\${TAB}mark;Side\\\\${TAB}piece;;;;/${TAB}\\${TAB}Red\\\\${TAB}null;0;0;;0`;

function traitsOf(text: string): Trait[] {
  const { piece, diagnostics } = decodePiece(text);
  expect(diagnostics).toEqual([]);
  return piece!.traits;
}

describe('Layer (emb2) — reference §3.5 two-sided counter', () => {
  const [layer, prototype, basic] = traitsOf(TWO_SIDED);

  it('decodes every named field to the value the reference states', () => {
    const decoded = decodeTrait(layer);
    expect(decoded.kind).toBe('layer');
    if (decoded.kind !== 'layer') return;
    expect(decoded.type).toEqual({
      activateCommand: 'Flip',
      activateModifiers: '128',
      activateKey: 'A',
      upCommand: '',
      upModifiers: '128',
      upKey: '',
      downCommand: '',
      downModifiers: '128',
      downKey: '',
      resetCommand: '',
      resetKey: '',
      resetLevel: '1',
      drawUnderneathWhenSelected: 'false',
      xOff: '0',
      yOff: '0',
      images: 'back.png',
      levelNames: '+ (reduced)',
      loop: 'true',
      name: 'Step',
      rndKey: '',
      rndText: '',
      followProperty: 'false',
      propertyName: '',
      firstLevelValue: '1',
      version: '1',
      alwaysActive: 'false',
      activateKeyStroke: '70,130',
      increaseKeyStroke: '',
      decreaseKeyStroke: '',
      description: 'Flip to reduced side',
      scale: '1.0',
      onlyPropertyName: '',
      onlyPropertyState: 'true',
    });
    expect(decoded.state).toBe('-1');
    expect(layerImages(decoded.type)).toEqual(['back.png']);
  });

  it('the builders produce exactly the verified traits', () => {
    expect(
      buildLayer({
        name: 'Step',
        images: ['back.png'],
        levelNames: ['+ (reduced)'],
        activateCommand: 'Flip',
        activateKeyStroke: '70,130',
        description: 'Flip to reduced side',
      }),
    ).toEqual(layer);
    expect(buildUsePrototype('Unit')).toEqual(prototype);
    expect(buildBasicPiece({ name: '1st Infantry', image: 'front.png', gpid: 1 })).toEqual(basic);
  });

  it('the prototype and BasicPiece fields', () => {
    expect(decodeTrait(prototype)).toEqual({ kind: 'usePrototype', type: { prototypeName: 'Unit' }, state: '' });
    expect(decodeTrait(basic)).toEqual({
      kind: 'basicPiece',
      type: { cloneKey: '', deleteKey: '', imageName: 'front.png', name: '1st Infantry' },
      state: { mapId: 'null', x: '0', y: '0', gpid: '1', propertyCount: '0' },
    });
  });
});

describe('Layer (emb2) — reference §3.5 always-active alternative', () => {
  const [layer, basic] = traitsOf(ALWAYS_ACTIVE);

  it('decodes the level lists and keys', () => {
    const decoded = decodeTrait(layer);
    if (decoded.kind !== 'layer') throw new Error('expected a layer');
    expect(decoded.type.images).toBe('front.png,back.png');
    expect(decoded.type.levelNames).toBe(',+ (reduced)');
    expect(decoded.type.alwaysActive).toBe('true');
    expect(decoded.type.activateKeyStroke).toBe('');
    expect(decoded.type.increaseKeyStroke).toBe('70,130');
    expect(decoded.type.description).toBe('Step layer');
    expect(decoded.state).toBe('1');
    expect(traitImages(layer)).toEqual(['front.png', 'back.png']);
  });

  it('is what buildLayer writes for an always-active two-level layer', () => {
    expect(
      buildLayer({
        name: 'Step',
        images: ['front.png', 'back.png'],
        levelNames: ['', '+ (reduced)'],
        alwaysActive: true,
        increaseKeyStroke: '70,130',
        description: 'Step layer',
      }),
    ).toEqual(layer);
    expect(buildBasicPiece({ name: '1st Infantry', gpid: 1 })).toEqual(basic);
  });
});

describe('BasicPiece', () => {
  it('reference §3.5 marker: image in a subfolder, "/" unescaped once decoded', () => {
    const [basic] = traitsOf(MARKER);
    expect(basic).toEqual(buildBasicPiece({ name: 'Disrupted', image: 'units/marker.png', gpid: 2 }));
    expect(traitImages(basic)).toEqual(['units/marker.png']);
  });

  it('state on a map with the UniqueID persistent property (reference §3.4)', () => {
    const state = basicPieceState.decode('Main Map;252;346;1;1;UniqueID;1000');
    expect(state).toMatchObject({ mapId: 'Main Map', x: '252', y: '346', gpid: '1', propertyCount: '1' });
    expect(basicPieceProperties(state)).toEqual([['UniqueID', '1000']]);
    expect(basicPieceState.encode(state)).toBe('Main Map;252;346;1;1;UniqueID;1000');
  });

  it('older states omit trailing fields and stay as they were (reference: null;92;30;7441)', () => {
    const state = basicPieceState.decode('null;92;30;7441');
    expect(state).toEqual({ mapId: 'null', x: '92', y: '30', gpid: '7441' });
    expect(basicPieceProperties(state)).toEqual([]);
    expect(basicPieceState.encode(state)).toBe('null;92;30;7441');
  });

  it('type example piece;;;front.png;1st Infantry', () => {
    expect(basicPieceType.decode('piece;;;front.png;1st Infantry')).toEqual({
      cloneKey: '',
      deleteKey: '',
      imageName: 'front.png',
      name: '1st Infantry',
    });
  });
});

describe('reference §3.5 prototype definition: report + delete + marker', () => {
  const [report, del, mark, basic] = traitsOf(PROTOTYPE);

  it('ReportState keys are a ,-list with escaped commas', () => {
    const decoded = decodeTrait(report);
    if (decoded.kind !== 'reportState') throw new Error('expected report');
    // The field is the ,-list itself; reportKeys decodes it.
    expect(decoded.type).toEqual({
      keys: '70\\,130',
      reportFormat: '$location$: $newPieceName$ *',
      cycleDownKeys: '',
      cycleReportFormats: '',
      description: '',
      noSuppress: 'false',
    });
    expect(report.type).toBe('report;70\\,130;$location$: $newPieceName$ *;;;;false');
    expect(reportKeys(decoded.type)).toEqual(['70,130']);
    expect(buildReportState({ keys: ['70,130'], reportFormat: '$location$: $newPieceName$ *' })).toEqual(report);
  });

  it('two report keys escape each keystroke comma (70\\,130,68\\,130)', () => {
    const trait = buildReportState({ keys: ['70,130', '68,130'], reportFormat: 'x' });
    expect(trait.type.startsWith('report;70\\,130,68\\,130;x;')).toBe(true);
  });

  it('Delete, Marker and image-less BasicPiece', () => {
    expect(del).toEqual(buildDelete());
    expect(decodeTrait(del)).toEqual({ kind: 'delete', type: { menuText: 'Delete', key: '68,130', description: '' }, state: '' });
    expect(mark).toEqual({ type: 'mark;Side', state: 'Red' });
    expect(mark).toEqual(buildMarker([['Side', 'Red']]));
    const decodedMark = decodeTrait(mark);
    if (decodedMark.kind !== 'marker') throw new Error('expected marker');
    expect(markerProperties(decodedMark.fields)).toEqual([['Side', 'Red']]);
    expect(basic).toEqual(buildBasicPiece({ name: '' }));
    expect(basic).toEqual({ type: 'piece;;;;', state: 'null;0;0;;0' });
  });
});

describe('other reference §3.4 examples', () => {
  it('Marker with several properties: mark;Side,Type / Red,Infantry', () => {
    expect(
      buildMarker([
        ['Side', 'Red'],
        ['Type', 'Infantry'],
      ]),
    ).toEqual({ type: 'mark;Side,Type', state: 'Red,Infantry' });
  });

  it('Clone and Immobilized', () => {
    expect(buildClone().type).toBe('clone;Clone;67,130;');
    expect(buildImmobilized().type).toBe('immob;;N;R;');
    expect(buildImmobilized({ selectChars: 'g', stackChar: 'L' }).type).toBe('immob;g;N;L;');
    expect(decodeTrait({ type: 'immob;g;N;L;', state: '' })).toEqual({
      kind: 'immobilized',
      type: { selectChars: 'g', moveChar: 'N', stackChar: 'L', description: '' },
      state: '',
    });
  });

  it('Labeler fields in order', () => {
    const decoded = decodeTrait({
      type: 'label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;false',
      state: '',
    });
    if (decoded.kind !== 'labeler') throw new Error('expected label');
    expect(decoded.type).toMatchObject({
      labelKey: '76,130',
      menuCommand: 'Change Label',
      fontSize: '10',
      bgColor: '',
      fgColor: '0,0,0',
      vPos: 't',
      vOff: '0',
      hPos: 'c',
      hOff: '0',
      vJust: 'b',
      hJust: 'c',
      nameFormat: '$pieceName$ ($label$)',
      fontFamily: 'Dialog',
      fontStyle: '0',
      rotateDegrees: '0',
      propertyName: 'TextLabel',
      description: '',
      alwaysUseFormat: 'false',
    });
  });

  it('Mask fields and images', () => {
    const decoded = decodeTrait({ type: 'obs;77,130;mask.png;Mask;I;?;player:;Peek;;true;;', state: 'null;' });
    if (decoded.kind !== 'mask') throw new Error('expected mask');
    expect(decoded.type).toMatchObject({
      key: '77,130',
      maskImage: 'mask.png',
      maskMenuText: 'Mask',
      displayStyle: 'I',
      access: 'player:',
    });
    expect(maskImages(decoded.type)).toEqual(['mask.png']);
    expect(maskImages({ maskImage: 'mask.png', displayStyle: 'Gdecoy.png' })).toEqual(['mask.png', 'decoy.png']);
  });

  it('MovementMarkable with the five 3.7 fields (template fixture)', () => {
    const trait = {
      type: 'markmoved;moved.gif;41;-5;Marked as moved;77,130;;false;Mark piece as moved;;Mark piece as unmoved;',
      state: 'false',
    };
    const decoded = decodeTrait(trait);
    if (decoded.kind !== 'movementMarkable') throw new Error('expected markmoved');
    expect(decoded.type).toEqual({
      movedImage: 'moved.gif',
      xOff: '41',
      yOff: '-5',
      menuText: 'Marked as moved',
      key: '77,130',
      description: '',
      ignoreSameLocation: 'false',
      cmdTrue: 'Mark piece as moved',
      keyTrue: '',
      cmdFalse: 'Mark piece as unmoved',
      keyFalse: '',
    });
    expect(encodeTrait(decoded)).toEqual(trait);
    expect(traitImages(trait)).toEqual(['moved.gif']);
  });

  it('MovementMarkable builder writes the six fields 3.6 reads', () => {
    expect(buildMovementMarkable({ movedImage: 'moved.gif' })).toEqual({
      type: 'markmoved;moved.gif;0;0;Mark Moved;77,130;',
      state: 'false',
    });
  });
});

describe('lossless named fields', () => {
  it('keeps absent trailing fields absent', () => {
    const trait = { type: 'delete;Delete;68,130', state: '' };
    const decoded = decodeTrait(trait);
    expect(decoded).toEqual({ kind: 'delete', type: { menuText: 'Delete', key: '68,130' }, state: '' });
    expect(encodeTrait(decoded)).toEqual(trait);
  });

  it('keeps fields beyond the known ones (newer VASSAL versions add trailing fields)', () => {
    const trait = { type: 'clone;Clone;67,130;desc;future1;;future3', state: '' };
    const decoded = decodeTrait(trait);
    expect(decoded).toMatchObject({ kind: 'clone', type: { description: 'desc', extra: ['future1', '', 'future3'] } });
    expect(encodeTrait(decoded)).toEqual(trait);
  });

  it('keeps an unknown trait verbatim', () => {
    const trait = { type: 'rotate;6;93,130;91,130;Rotate CW;Rotate CCW;;;', state: '0' };
    const decoded = decodeTrait(trait);
    expect(decoded).toEqual({ kind: 'unknown', id: 'rotate;', trait });
    expect(encodeTrait(decoded)).toBe(trait);
  });

  it('traitId is the prefix through the first ";", or the whole type', () => {
    expect(traitId('emb2;a;b')).toBe('emb2;');
    expect(traitId('stack')).toBe('stack');
  });

  it('values containing the field delimiter and quotes survive builders', () => {
    const trait = buildMarker([
      ['Name', "it's; a 'test'"],
      ['Odd', "'quoted'"],
    ]);
    const decoded = decodeTrait(trait);
    if (decoded.kind !== 'marker') throw new Error('expected marker');
    expect(markerProperties(decoded.fields)).toEqual([
      ['Name', "it's; a 'test'"],
      ['Odd', "'quoted'"],
    ]);
    expect(encodeTrait(decoded)).toEqual(trait);
  });
});

describe('Basic Name (basicName;, VASSAL 3.6+): one ;-encoded name, state ""', () => {
  it.each([
    ['basicName;Eastern Fleet', 'Eastern Fleet'],
    // SequenceEncoder escapes the separator inside a token with a backslash.
    ['basicName;Strait\\; Hormuz', 'Strait; Hormuz'],
  ])('%s decodes to its name and encodes back', (type, name) => {
    const decoded = decodeTrait({ type, state: '' });
    expect(decoded).toEqual({ kind: 'basicName', type: { name }, state: '' });
    expect(encodeTrait(decoded)).toEqual({ type, state: '' });
  });

  it('an empty name (BasicName.myGetType writes `basicName;`) stays as written', () => {
    const decoded = decodeTrait({ type: 'basicName;', state: '' });
    expect(decoded.kind).toBe('basicName');
    expect(encodeTrait(decoded)).toEqual({ type: 'basicName;', state: '' });
  });
});
