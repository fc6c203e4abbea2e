/** Judging a harness report (pure): hand-written reports, each with one kind of problem VASSAL shows. */
import { describe, expect, it } from 'vitest';
import { harnessCounts, harnessPasses, judgeHarnessReport } from '../../src/vassal/harness/judge';
import { type HarnessReport, type SetupPiece, parseHarnessReport } from '../../src/vassal/harness/report';

const piece = (over: Partial<SetupPiece> = {}): SetupPiece => ({
  name: '1st Rifle',
  shownName: '1st Rifle',
  map: 'Main Map',
  x: 100,
  y: 200,
  location: '0304',
  locationProperty: '0304',
  snapX: 100,
  snapY: 200,
  properties: { UnitId: 'r1' },
  hasDelete: true,
  deleteEnabled: true,
  deleted: true,
  ...over,
});

const clean = (): HarnessReport => ({
  vassalVersion: '3.7.26',
  module: 'game.vmod',
  validation: [],
  pieceSlots: { count: 2, mismatches: [], undecodable: [] },
  images: { referenced: 3, missing: [] },
  grids: [{ map: 'Main Map', board: 'Map', grid: 'HexGrid', cells: 4, named: 4, failures: [] }],
  setups: [
    {
      name: 'Campaign',
      file: 'campaign.vsav',
      pieces: [piece(), piece({ name: '2nd Rifle', location: 'Turn 3', locationProperty: 'Turn 3' })],
      probes: [
        {
          prototype: 'Unit',
          source: 'setup Campaign',
          piece: '1st Rifle',
          location: '0304',
          commands: [{ name: 'Delete', key: 'ctrl D', enabled: true }],
          flip: { command: 'Flip', reports: ['* 0304: 1st Rifle (reduced) flipped'], changed: true },
          move: { from: '0304', to: '0305', reports: ['* 1st Rifle moves 0304 -> 0305'], locationAfter: '0305' },
          delete: { command: 'Delete', enabled: true, reports: [], removed: true },
        },
      ],
    },
  ],
  paletteProbes: [],
  log: [],
  dialogs: [{ title: null, text: 'Choose side\nJoin game as which side?' }],
});

const codes = (r: HarnessReport) => judgeHarnessReport(r).map((d) => `${d.severity} ${d.code}`);

describe('judging what VASSAL reported', () => {
  it('a clean report has no problem; dialogs VASSAL opened are listed as info', () => {
    const found = judgeHarnessReport(clean());
    expect(found.map((d) => d.code)).toEqual(['vassal/dialog']);
    expect(found[0].message).toBe('VASSAL opened a dialog: Choose side');
    expect(harnessPasses(found)).toBe(true);
  });

  it('a logged warning or error, and a validation warning, fail the module', () => {
    const r = clean();
    r.log.push({ level: 'warn', logger: 'VASSAL.tools.ErrorDialog', message: 'Bad Data in Module: Image not found Foo.png' });
    r.log.push({ level: 'error', logger: 'VASSAL', message: 'boom', exception: 'java.lang.NullPointerException: x' });
    r.validation!.push('A Map must have at least one Board');
    const found = judgeHarnessReport(r);
    expect(codes(r)).toEqual(expect.arrayContaining(['warning vassal/warning', 'error vassal/error', 'warning vassal/validation']));
    expect(found.find((d) => d.code === 'vassal/error')!.message).toBe('VASSAL error: boom (java.lang.NullPointerException: x)');
    expect(harnessPasses(found)).toBe(false);
  });

  // Both were hinted "a trait of the PieceSlot text is malformed": for pieces of a module's own command encoder (a public VASL
  // extension's "SC+/…", a sample's "AircraftSheet;") whose class VASSAL could not load, that sent the author to the wrong place.
  it('an undecodable palette piece made for a command encoder of the module’s own is hinted so; a malformed one as before', () => {
    const r = clean();
    r.pieceSlots!.undecodable.push(
      { slot: 'Test state', definition: 'SC+/null/StateCounter;x\tpiece;;;;Test state/\tnull;0;0;1' },
      { slot: 'Red Aircraft', definition: '+/null/AircraftSheet;null\tpiece;;;a.png;Red Aircraft/null\tnull;0;0;;0' },
      { slot: 'Broken', definition: '+/null/emb2;;;\tpiece;;;;Broken/\tnull' },
      // What VASSAL reports once it has drawn the palette: it keeps no text of a slot it could not build.
      { slot: 'Forgotten', definition: null },
    );
    const hints = judgeHarnessReport(r)
      .filter((d) => d.code === 'vassal/piece-undecodable')
      .map((d) => d.hint);
    expect(hints).toEqual([
      'the definition is no AddPiece command (it starts "SC+/null/StateCounte", not "+/"): only a command encoder of the module\'s own Java classes builds it, and VASSAL loaded none that does (see its errors above)',
      'trait "AircraftSheet" is no trait of VASSAL: only a command encoder of the module\'s own Java classes builds it, and VASSAL loaded none that does (see its errors above)',
      'a trait of the PieceSlot text is malformed',
      "a trait of the PieceSlot text is malformed, or the piece is one a command encoder of the module's own Java classes builds and VASSAL loaded none that does (see its errors above)",
    ]);
  });

  it("an extension VASSAL did not load is an error naming it and VASSAL's reason; one it loaded is no problem", () => {
    const r = clean();
    r.extensions = [{ file: 'Good.vmdx' }, { file: 'Lost.vmdx', error: 'Could not find Reserves' }];
    const refused = judgeHarnessReport(r).filter((d) => d.code === 'vassal/extension-refused');
    expect(refused.map((d) => [d.severity, d.file, d.message])).toEqual([
      ['error', 'Lost.vmdx', 'VASSAL did not load the extension Lost.vmdx: Could not find Reserves'],
    ]);
    r.extensions = [{ file: 'Good.vmdx' }];
    expect(harnessPasses(judgeHarnessReport(r))).toBe(true);
  });

  it('a missing image names the image', () => {
    const r = clean();
    r.images!.missing.push({ image: 'units/r1-front.png', problem: "not in the module's images/ nor bundled with VASSAL" });
    const d = judgeHarnessReport(r).find((x) => x.code === 'vassal/image-missing')!;
    expect(d.severity).toBe('error');
    expect(d.message).toBe(`image "units/r1-front.png" not in the module's images/ nor bundled with VASSAL`);
  });

  it('setup pieces off every location, undeletable, or off their snap point are counted per setup with examples', () => {
    const r = clean();
    const pieces = r.setups![0].pieces;
    pieces.push(piece({ name: 'Lost', location: 'offboard', locationProperty: 'offboard', x: 9999, y: 9999, snapX: 9999, snapY: 9999 }));
    for (let i = 0; i < 5; i++) pieces.push(piece({ name: `Stuck ${i}`, deleteEnabled: false, deleted: false }));
    pieces.push(piece({ name: 'Shifted', x: 101, y: 201 }));
    const found = judgeHarnessReport(r);
    expect(found.find((d) => d.code === 'vassal/setup-unknown-location')!.message).toBe(
      'setup "Campaign": 1 piece placed where VASSAL knows no location (off every board, hex and zone): "Lost at offboard (9999,9999)"',
    );
    expect(found.find((d) => d.code === 'vassal/setup-not-deletable')!.message).toMatch(
      /^setup "Campaign": 5 pieces that its own Delete command does not remove .*"Stuck 0 at 0304 \(100,200\)", "Stuck 1 at 0304 \(100,200\)", "Stuck 2 at 0304 \(100,200\)" and 2 more$/,
    );
    const snap = found.find((d) => d.code === 'vassal/setup-off-snap')!;
    expect(snap.severity).toBe('warning');
    expect(snap.message).toContain('"Shifted at 0304 (101,201) snaps to (100,200)"');
    expect(found.every((d) => d.pointer === undefined || d.pointer === 'campaign.vsav')).toBe(true);
  });

  it('a probe whose reports lose the location or whose Delete is greyed out is reported once per kind', () => {
    const r = clean();
    const probe = r.setups![0].probes![0];
    probe.flip!.reports = ['* : 1st Rifle (reduced) flipped'];
    probe.delete = { command: 'Delete', enabled: false, reports: [], removed: false };
    const found = judgeHarnessReport(r);
    expect(found.find((d) => d.code === 'vassal/report-no-location')!.message).toBe(
      'a report names no location on 1 probed prototype: Unit (1st Rifle from setup Campaign): "* : 1st Rifle (reduced) flipped"',
    );
    expect(found.find((d) => d.code === 'vassal/delete-no-effect')!.message).toContain('greyed out');
  });

  it('a grid cell whose name does not read back, a re-encoding that differs, a time-out and a load failure are errors', () => {
    const r = clean();
    r.grids![0].failures.push({ name: '0101', x: 10, y: 10, pointX: 40, pointY: 10, nameBack: '0201' });
    r.pieceSlots!.mismatches.push({ slot: '1st Rifle', definition: '+/null/a', reencoded: '+/null/b' });
    r.timedOut = true;
    r.loadError = 'java.io.IOException: not a zip';
    expect(codes(r)).toEqual(
      expect.arrayContaining([
        'error vassal/grid-roundtrip',
        'error vassal/piece-reencode',
        'error vassal/timed-out',
        'error vassal/load-failed',
      ]),
    );
  });

  it('a re-encoding that differs names the trait and the value VASSAL reads differently', () => {
    const r = clean();
    r.pieceSlots!.mismatches.push({
      slot: '1st Rifle',
      definition: '+/null/emb2;Step;not-a-number;;Flip;F;\tpiece;;;1st.png;1st Rifle/',
      reencoded: '+/null/emb2;Step;0;;Flip;F;\tpiece;;;1st.png;1st Rifle/',
    });
    expect(judgeHarnessReport(r).find((d) => d.code === 'vassal/piece-reencode')!.message).toBe(
      'palette piece "1st Rifle": VASSAL re-encodes it differently from its stored text: its "emb2" trait has "not-a-number" where VASSAL writes "0"',
    );
  });

  // A Layer as modules before VASSAL 3.2 wrote it, and what VASSAL 3.7.26 wrote for it when asked
  // for the type again (tests/vassal/old-layers-in-vassal.test.ts loads the same piece in VASSAL).
  const OLD_LAYER = {
    slot: 'Full',
    definition:
      '+/null/emb;F\\;Reset\\;82,130\\;1;_Flip;A;Step up;Z;Step down;2;-3;full.gif,Full;,;reduced.gif,+ (reduced)\tpiece;;;;Full/-1\tnull;0;0;1;0',
    reencoded:
      '+/null/emb2;Flip;128;F;Step up;128;A;Step down;128;Z;Reset;82,130;1;true;2;-3;full.gif,,reduced.gif;Full,,+ (reduced);true;;;;false;;0;1;false;70,130;65,130;90,130;;1.0;;true\tpiece;;;;Full/-1\tnull;0;0;1;0',
  };

  it("VASSAL's upgrade of an old Layer (emb; to emb2;) is no re-encoding error, nor counted as one", () => {
    const r = clean();
    r.pieceSlots!.mismatches.push(OLD_LAYER);
    expect(codes(r)).not.toContain('error vassal/piece-reencode');
    expect(harnessCounts(r).reencodeMismatches).toBe(0);
  });

  it("VASSAL's upgrade of a version-0 Layer (before key strokes) to version 1 is no re-encoding error", () => {
    const r = clean();
    // As VASSAL 3.7.26 wrote them back (tests/vassal/old-layers-in-vassal.test.ts): key strokes of the
    // one-letter keys with both Ctrl bits, always active without an activate key, the missing fields added.
    r.pieceSlots!.mismatches.push(
      {
        slot: 'Version 0',
        definition:
          '+/null/emb2;Flip;2;F;Up;2;A;Down;2;Z;;;1;false;0;0;full.gif,back.gif;,+ reduced;true;Step;;;false;;1;0\tpiece;;;;V0a/-1\tnull;0;0;4;0',
        reencoded:
          '+/null/emb2;Flip;2;F;Up;2;A;Down;2;Z;;;1;false;0;0;full.gif,back.gif;,+ reduced;true;Step;;;false;;1;1;false;70,130;65,130;90,130;;1.0;;true\tpiece;;;;V0a/-1\tnull;0;0;4;0',
      },
      {
        slot: 'Version 0 always active',
        definition: '+/null/emb2;;130;;Up;3;A;;2;;;;1;false;0;0;full.gif,back.gif;,+ reduced;true;Step\tpiece;;;;V0b/-1\tnull;0;0;5;0',
        reencoded:
          '+/null/emb2;;130;;Up;3;A;;2;;;;1;false;0;0;full.gif,back.gif;,+ reduced;true;Step;;;false;;1;1;true;;65,195;;;1.0;;true\tpiece;;;;V0b/-1\tnull;0;0;5;0',
      },
    );
    expect(codes(r)).not.toContain('error vassal/piece-reencode');
    // Made always active where the stored Layer has an activate key: a change, reported.
    r.pieceSlots!.mismatches[0].reencoded = r.pieceSlots!.mismatches[0].reencoded!.replace(';1;false;70,130', ';1;true;70,130');
    expect(codes(r)).toContain('error vassal/piece-reencode');
  });

  it('an old Layer VASSAL writes back with something lost or changed is still reported, at the field that changed', () => {
    const r = clean();
    r.pieceSlots!.mismatches.push({ ...OLD_LAYER, reencoded: OLD_LAYER.reencoded.replace('Full,,+ (reduced)', 'Full,,') });
    expect(judgeHarnessReport(r).find((d) => d.code === 'vassal/piece-reencode')!.message).toBe(
      'palette piece "Full": VASSAL re-encodes it differently from its stored text: its "emb2" trait has "Full,,+ (reduced)" where VASSAL writes "Full,,"',
    );
    expect(harnessCounts(r).reencodeMismatches).toBe(1);
  });

  // Palette pieces of a module saved by VASSAL 3.2.8 and what VASSAL 3.7.26 wrote for them: a
  // Non-Rectangular trait of the old form (NonRectangular.OLD_ID, read at a scale of 1.0), and traits
  // to which later versions added fields, written after the stored ones with their defaults.
  const OLD_NON_RECTANGULAR = {
    slot: 'Town',
    definition: '+/null/nonRect;m,-8,-8,l,8,-8,l,8,7,c\tprototype;Building\\\tpiece;;;Town;Town/\t\\\tnull;0;0;9',
    reencoded: '+/null/nonRect2;1.0;m,-8,-8,l,8,-8,l,8,7,c\tprototype;Building\\\tpiece;;;Town;Town/\t\\\tnull;0;0;9;0',
  };
  const FIELDS_ADDED = [
    {
      slot: 'Home Card',
      definition: '+/null/clone;Clone;67,130\tdelete;Delete;68,130\\\tpiece;;;Home.png;Home Card/\t\\\tnull;0;0;203',
      reencoded: '+/null/clone;Clone;67,130;\tdelete;Delete;68,130;\\\tpiece;;;Home.png;Home Card/\t\\\tnull;0;0;203;0',
    },
    {
      slot: 'Turn Tracker',
      definition: '+/null/immob;g;N\tpiece;;;WhiteHexagon.png;Turn Tracker/\tnull;0;0;93',
      reencoded: '+/null/immob;g;N;R;\tpiece;;;WhiteHexagon.png;Turn Tracker/\tnull;0;0;93;0',
    },
    {
      slot: 'Card 1',
      definition:
        '+/null/return;Return to Deck;82,130;Cards;Select destination\tobs;77,130;back.png;Mask;P;?;player:;Peek\\\tpiece;;;Card 1.png;Card 1/\tnull;\\\tnull;0;0;1',
      reencoded:
        '+/null/return;Return to Deck;82,130;Cards;Select destination;;2;false;Cards\tobs;77,130;back.png;Mask;P;?;player:;Peek;;false;;\\\tpiece;;;Card 1.png;Card 1/\tnull;\\\tnull;0;0;1;0',
    },
  ];

  it("VASSAL's upgrade of an old Non-Rectangular trait (nonRect; to nonRect2; at scale 1.0) is no re-encoding error", () => {
    const r = clean();
    r.pieceSlots!.mismatches.push(OLD_NON_RECTANGULAR);
    expect(codes(r)).not.toContain('error vassal/piece-reencode');
    r.pieceSlots!.mismatches[0] = {
      ...OLD_NON_RECTANGULAR,
      reencoded: OLD_NON_RECTANGULAR.reencoded.replace('nonRect2;1.0;', 'nonRect2;2.0;'),
    };
    expect(judgeHarnessReport(r).find((d) => d.code === 'vassal/piece-reencode')!.message).toBe(
      'palette piece "Town": VASSAL re-encodes it differently from its stored text: its "nonRect2" trait has "1.0" where VASSAL writes "2.0"',
    );
  });

  it('fields a later VASSAL added, written after the stored fields of an older trait, are no re-encoding error', () => {
    const r = clean();
    r.pieceSlots!.mismatches.push(...FIELDS_ADDED);
    expect(codes(r)).not.toContain('error vassal/piece-reencode');
    expect(harnessCounts(r).reencodeMismatches).toBe(0);
  });

  it('a stored field VASSAL writes otherwise is still reported when it also adds fields', () => {
    const r = clean();
    r.pieceSlots!.mismatches.push({ ...FIELDS_ADDED[1], reencoded: FIELDS_ADDED[1].reencoded.replace('immob;g;N;R;', 'immob;;N;R;') });
    expect(judgeHarnessReport(r).find((d) => d.code === 'vassal/piece-reencode')!.message).toBe(
      'palette piece "Turn Tracker": VASSAL re-encodes it differently from its stored text: its "immob" trait has "g" where VASSAL writes ""',
    );
    expect(harnessCounts(r).reencodeMismatches).toBe(1);
  });

  // PieceSlot.getPiece takes a palette piece off its map, moves it to the slot panel's centre and gives it
  // the slot's gpid; BasicPiece.getState writes every state field (mapId;x;y;gpid;count). As VASSAL 3.7.26
  // wrote it back (tests/vassal/palette-position-in-vassal.test.ts): VASSAL's own rewrite of a stored position.
  const PLACED = {
    slot: 'Marker',
    definition: '+/null/piece;;;img.png;Marker/null;92;30',
    reencoded: '+/null/piece;;;img.png;Marker/null;0;0;1;0',
  };

  it("VASSAL's move of a palette piece to its slot (a stored map and position dropped) is no re-encoding error", () => {
    const r = clean();
    r.pieceSlots!.mismatches.push(PLACED, {
      slot: 'On a map',
      definition: '+/null/mark;Side\tpiece;;;1st.png;1st Rifle/Allies\tMain Map;250;40;7;1;UniqueID;u1',
      reencoded: '+/null/mark;Side\tpiece;;;1st.png;1st Rifle/Allies\tnull;60;25;7;1;UniqueID;u1',
    });
    expect(codes(r)).not.toContain('error vassal/piece-reencode');
    expect(harnessCounts(r).reencodeMismatches).toBe(0);
  });

  it('a BasicPiece state VASSAL writes with something else changed is reported, naming the BasicPiece, not its map id', () => {
    const r = clean();
    // A property count that is no number: VASSAL reads none, and the property is lost.
    r.pieceSlots!.mismatches.push({
      slot: 'Marker',
      definition: '+/null/piece;;;img.png;Marker/null;5;5;3;two;UniqueID;u1',
      reencoded: '+/null/piece;;;img.png;Marker/null;0;0;3;0',
    });
    expect(judgeHarnessReport(r).find((d) => d.code === 'vassal/piece-reencode')!.message).toBe(
      'palette piece "Marker": VASSAL re-encodes it differently from its stored text: its "piece" trait\'s state has "two" where VASSAL writes "0"',
    );
    r.pieceSlots!.mismatches[0] = { ...PLACED, reencoded: PLACED.reencoded.replace('img.png', 'other.png') };
    expect(judgeHarnessReport(r).find((d) => d.code === 'vassal/piece-reencode')!.message).toBe(
      'palette piece "Marker": VASSAL re-encodes it differently from its stored text: its "piece" trait has "img.png" where VASSAL writes "other.png"',
    );
  });

  // Palette pieces of a module saved by VASSAL 3.2.17 (Bushido: Risen Sun) and what VASSAL 3.7.26 wrote
  // for them: a named key stroke is stored as "63743,0,Name"; NamedKeyStroke keeps only the name and
  // takes the code NamedKeyManager allots it this session (U+E000 to U+F8FE, modifiers 0), at any depth
  // and in a Trigger Action's list of strokes.
  const NAMED_KEYS = {
    slot: 'Diceroller',
    definition:
      '+/null/button;63743,0,RollAllDice;-296;-44;592;88;Roll Dice\tglobalkey;;63743,0,RollAllDice;68,130;Player = 1 && Button = Roller;false;1;true;true;;;-1\\\timmob;;V\\\\\tpiece;;;Button-RollAllDice.png;Diceroller/\t\\\t\\\\\tnull;0;0;49',
    reencoded:
      '+/null/button;57375,0,RollAllDice;-296;-44;592;88;Roll Dice;false;false;1;4;-296;-44;296;-44;296;44;-296;44\tglobalkey;;57375,0,RollAllDice;68,130;Player = 1 && Button = Roller;false;1;true;true;;;-1;COUNTER|false|MAP|||||0|0||false|||EQUALS||;false;\\\timmob;;V;R;\\\\\tpiece;;;Button-RollAllDice.png;Diceroller/\t\\\t\\\\\tnull;0;0;49;0',
  };
  const NESTED_NAMED_KEYS = {
    slot: 'P1PrayerTokens',
    definition:
      '+/null/immob;;V\tPROP;Tokens;true,0,6,false;:63743\\,0\\,Restore:I\\,1,:63743\\,0\\,Spend:I\\,-1\\\tmacro;Dice start;;68,130;;;68\\,65,68\\,520,63743\\,0\\,ReportAttack;false;;;counted;;;;false;;1;1\\\\\tpiece;;;;P1PrayerTokens/\t5\\\t\\\\\tnull;0;0;195',
    reencoded:
      '+/null/immob;;V;R;\tPROP;Tokens;true,0,6,false;:57366\\,0\\,Restore:I\\,1,:57364\\,0\\,Spend:I\\,-1;\\\tmacro;Dice start;;68,130;;;68\\,65,68\\,520,57344\\,0\\,ReportAttack;false;;;counted;;;;false;;1;1\\\\\tpiece;;;;P1PrayerTokens/\t5\\\t\\\\\tnull;0;0;195;0',
  };

  it("VASSAL's own code for a named key stroke (63743 stored, 57375 written) is no re-encoding error, nested or not", () => {
    const r = clean();
    r.pieceSlots!.mismatches.push(NAMED_KEYS, NESTED_NAMED_KEYS);
    expect(codes(r)).not.toContain('error vassal/piece-reencode');
    expect(harnessCounts(r).reencodeMismatches).toBe(0);
  });

  it('a named key stroke VASSAL writes under another name, or a plain key stroke it changes, is still reported', () => {
    const r = clean();
    r.pieceSlots!.mismatches.push({
      ...NAMED_KEYS,
      reencoded: NAMED_KEYS.reencoded.replace('button;57375,0,RollAllDice', 'button;57375,0,RollSome'),
    });
    expect(judgeHarnessReport(r).find((d) => d.code === 'vassal/piece-reencode')!.message).toBe(
      // The stored stroke is quoted with the code VASSAL allots its name (the stored 63743 is never kept): the name differs.
      'palette piece "Diceroller": VASSAL re-encodes it differently from its stored text: its "button" trait has "57375,0,RollAllDice" where VASSAL writes "57375,0,RollSome"',
    );
    r.pieceSlots!.mismatches[0] = {
      ...NAMED_KEYS,
      reencoded: NAMED_KEYS.reencoded.replaceAll('57375,0,RollAllDice', '65,130,RollAllDice'),
    };
    expect(codes(r)).toContain('error vassal/piece-reencode');
  });

  it('counts what VASSAL reported', () => {
    const r = clean();
    r.setups![0].pieces.push(piece({ deleted: false, x: 1 }));
    expect(harnessCounts(r)).toMatchObject({ setups: 1, setupPieces: 3, undeletable: 1, offSnap: 1, gridCells: 4, probes: 1, errors: 0 });
  });

  it('counts the maps VASSAL offers and the boards of their board pickers, a map without boards too', () => {
    const r = clean();
    const board = (name: string) => ({ name, image: `${name}.png`, width: 300, height: 200 });
    r.maps = [
      { name: 'Main Map', boards: [board('Map'), board('Spare')] },
      { name: 'Tracks', boards: [board('Tracks')] },
      { name: 'Empty', boards: [] },
    ];
    expect(harnessCounts(r)).toMatchObject({ maps: 3, boards: 3 });
  });

  it('parses the harness output and refuses what is not a report', () => {
    expect(parseHarnessReport(JSON.stringify(clean())).report?.module).toBe('game.vmod');
    expect(parseHarnessReport('{"module":"x"').problem).toMatch(/no valid JSON/);
    expect(parseHarnessReport('[]').problem).toBe('the harness report is not a JSON object');
    expect(parseHarnessReport('{"module":"x"}').problem).toBe('the harness report has no log or dialogs list');
  });
});
