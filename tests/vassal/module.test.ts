/**
 * The module for data/demo and every other game in data/: pieces decode, carry every counter
 * value, flip to their back; palettes, prototypes, dice, turn tracker, charts; and each scenario's
 * saved game puts every unit in its hex, checked with VASSAL's own name ↔ pixel maths.
 */
import { readdirSync } from 'node:fs';
import { mainMapName } from '../../src/vassal/module/names';
import { describe, expect, it } from 'vitest';
import { isUnknown } from '../../src/model/common';
import type { Game, Unit } from '../../src/model/game';
import { decodeSequence } from '../../src/vassal/sequence-encoder';
import { basicPieceOf, checkPiece, decodePiece, expandPrototypes, type PieceDefinition } from '../../src/vassal/piece';
import { basicPieceState, basicPieceType, decodeTrait, markerProperties, traitId } from '../../src/vassal/traits/index';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { savedGameCommands } from '../../src/vassal/module/saved-game';
import type { VmodResult } from '../../src/vassal/module/vmod';
import { standInModule } from './module-helpers';
import { oracleGridFrom, oracleNameToPoint, oraclePointToName, oracleSnapPoint } from './module-oracle';

const GAMES = readdirSync('data').sort();
const PKG = 'VASSAL.build.';

function elements(root: XmlElement, suffix: string): XmlElement[] {
  return [...walkElements(root)].filter((e) => e.name === PKG + suffix);
}

/** Every property a piece has once its prototypes are applied (outermost wins, as in VASSAL). */
function properties(piece: PieceDefinition, prototypes: Map<string, PieceDefinition>): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (p: PieceDefinition) => {
    for (const trait of p.traits) {
      const d = decodeTrait(trait);
      if (d.kind === 'marker') for (const [k, v] of markerProperties(d.fields)) if (!out.has(k)) out.set(k, v);
      if (d.kind === 'usePrototype') visit(prototypes.get(d.type.prototypeName ?? '')!);
    }
  };
  visit(piece);
  return out;
}

function prototypesOf(root: XmlElement): Map<string, PieceDefinition> {
  return new Map(elements(root, 'module.PrototypeDefinition').map((e) => [attribute(e, 'name')!, decodePiece(e.text ?? '').piece!]));
}

interface SavedPiece {
  piece: PieceDefinition;
  map: string;
  x: number;
  y: number;
}

function readSave(commands: string): {
  pieces: Map<string, SavedPiece>;
  stacks: Array<{ map: string; x: number; y: number; ids: string[] }>;
} {
  const pieces = new Map<string, SavedPiece>();
  const stacks: Array<{ map: string; x: number; y: number; ids: string[] }> = [];
  for (const command of commands.split('\u001b')) {
    if (!command.startsWith('+/')) continue;
    const [, type, state] = decodeSequence(command.slice(2), '/');
    if (type === 'stack') {
      const f = decodeSequence(state, ';');
      stacks.push({ map: f[0], x: Number(f[1]), y: Number(f[2]), ids: f.slice(3, -1) });
    } else {
      const { piece, diagnostics } = decodePiece(command);
      expect(diagnostics).toEqual([]);
      const s = basicPieceState.decode(basicPieceOf(piece!).state);
      pieces.set(piece!.id, { piece: piece!, map: s.mapId!, x: Number(s.x), y: Number(s.y) });
    }
  }
  return { pieces, stacks };
}

const fieldText = (v: unknown) => (isUnknown(v) ? '?' : String(v));

describe.each(GAMES)('module for data/%s', (gameDir) => {
  let game: Game;
  let result: VmodResult;
  let root: XmlElement;
  it('builds without errors', async () => {
    ({ game, result } = await standInModule(`data/${gameDir}`));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.vmod).toBeDefined();
    root = result.module.buildFile;
  });

  it('every PieceSlot and prototype decodes, with one state segment per trait, 3.6 traits only', () => {
    const defs = [...elements(root, 'widget.PieceSlot'), ...elements(root, 'module.PrototypeDefinition')];
    expect(defs.length).toBeGreaterThan(0);
    for (const e of defs) {
      const { piece, diagnostics } = decodePiece(e.text ?? '');
      expect(diagnostics).toEqual([]);
      expect(checkPiece(piece!, { target: '3.6' })).toEqual([]);
    }
  });

  it('one PieceSlot per unit row, marker and chit; gpids 1…n below nextPieceSlotId', () => {
    const slots = elements(root, 'widget.PieceSlot');
    const expected = game.units.length + (game.counters.markers ?? []).length + (game.counters.chits ?? []).length;
    expect(slots.length).toBe(expected);
    const gpids = slots.map((s) => Number(attribute(s, 'gpid')));
    expect(new Set(gpids).size).toBe(gpids.length);
    expect(Number(attribute(root, 'nextPieceSlotId'))).toBe(Math.max(...gpids) + 1);
    for (const s of slots) {
      const piece = decodePiece(s.text!).piece!;
      expect(basicPieceState.decode(basicPieceOf(piece).state).gpid).toBe(attribute(s, 'gpid'));
    }
  });

  it('unit pieces carry side, type, formation and every printed value as properties', () => {
    const prototypes = prototypesOf(root);
    const byId = new Map<string, Map<string, string>>();
    for (const s of elements(root, 'widget.PieceSlot')) {
      const props = properties(decodePiece(s.text!).piece!, prototypes);
      if (props.get('Kind') === 'Unit') byId.set(props.get('UnitId')!, props);
    }
    expect(byId.size).toBe(game.units.length);
    for (const unit of game.units) {
      const props = byId.get(unit.id)!;
      expect(props.get('SideId')).toBe(unit.side);
      expect(props.get('Side')).toBe(game.info.sides.find((s) => s.id === unit.side)!.name);
      expect(props.get('TypeId')).toBe(unit.type);
      if (unit.formation) expect(props.get('FormationId')).toBe(unit.formation);
      if (unit.steps !== undefined) expect(props.get('Steps')).toBe(fieldText(unit.steps));
      for (const [field, value] of Object.entries(unit.front)) if (value !== '') expect(props.get(field)).toBe(fieldText(value));
      for (const [field, value] of Object.entries(unit.reverse))
        if (value !== '') expect(props.get(`${field}_Back`)).toBe(fieldText(value));
    }
  });

  it('two-sided counters flip with Ctrl+F to their back image; the front is the BasicPiece image', () => {
    for (const s of elements(root, 'widget.PieceSlot')) {
      const piece = decodePiece(s.text!).piece!;
      const layers = piece.traits.map(decodeTrait).filter((t) => t.kind === 'layer');
      const front = basicPieceType.decode(basicPieceOf(piece).type).imageName!;
      expect(front).toMatch(/-front\.png$/);
      for (const layer of layers) {
        if (layer.kind !== 'layer') continue;
        expect(layer.type.activateKeyStroke).toBe('70,130');
        expect(layer.type.images).toBe(front.replace('-front.png', '-back.png'));
        expect(layer.state).toBe('-1');
      }
    }
  });

  it('palettes: one tab per side with units, lists per formation', () => {
    const window = elements(root, 'module.PieceWindow')[0];
    const tabs = window.children[0].children.filter((c) => c.name === `${PKG}widget.TabWidget`).map((t) => attribute(t, 'entryName'));
    const sidesWithUnits = game.info.sides.filter((s) => game.units.some((u) => u.side === s.id)).map((s) => s.name);
    expect(tabs).toEqual(sidesWithUnits);
  });

  it('a dice button per die, a turn tracker over the turn track, a chart per aid card', () => {
    const dice = elements(root, 'module.DiceButton');
    expect(dice.map((d) => [attribute(d, 'nDice'), attribute(d, 'nSides')])).toEqual(
      (game.info.dice ?? []).map((d) => [String(d.count), String(d.faces)]),
    );
    const level = elements(root, 'module.turn.CounterTurnLevel')[0];
    expect(attribute(level, 'start')).toBe(String(game.tracks.turns[0].turn));
    expect(attribute(level, 'loopLimit')).toBe(String(game.tracks.turns[game.tracks.turns.length - 1].turn));
    const phases = elements(root, 'module.turn.ListTurnLevel');
    if (game.tracks.sequence.length > 0)
      expect(decodeSequence(attribute(phases[0], 'list')!, ',')).toEqual(game.tracks.sequence.map((p) => p.name));
    expect(elements(root, 'widget.Chart').length).toBe(game.tables.filter((t) => t.aid !== false).length);
  });

  it('each scenario is a PredefinedSetup backed by its saved game', () => {
    const setups = elements(root, 'module.PredefinedSetup');
    expect(setups.map((s) => attribute(s, 'name'))).toEqual(game.scenarios.map((s) => s.name));
    for (const s of setups) expect(attribute(s, 'useFile')).toBe('true');
  });

  it('every unit set up in a hex sits, in the save, at a point VASSAL names that hex', () => {
    const grid = oracleGridFrom(elements(root, 'module.map.boardPicker.board.HexGrid')[0]);
    game.scenarios.forEach((scenario, i) => {
      const commands = savedGameCommands(result.module.setups[i].save);
      const { pieces, stacks } = readSave(commands);
      const prototypes = prototypesOf(root);
      // Where each unit id ended up on the main map (by VASSAL's name for the stack's point).
      const placed = new Map<string, string[]>();
      for (const stack of stacks) {
        for (const id of stack.ids) {
          const p = pieces.get(id)!;
          expect([p.map, p.x, p.y]).toEqual([stack.map, stack.x, stack.y]);
        }
        if (stack.map !== mainMapName(game)) continue;
        const name = oraclePointToName(grid, stack.x, stack.y);
        const centre = oracleNameToPoint(grid, name)!;
        expect(Math.abs(centre.x - stack.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(centre.y - stack.y)).toBeLessThanOrEqual(1);
        // Exactly where VASSAL's snapTo puts a piece dropped there: it does not move on first touch.
        expect(oracleSnapPoint(grid, stack.x, stack.y), `${scenario.id} ${name}`).toEqual({ x: stack.x, y: stack.y });
        for (const id of stack.ids) {
          const unitId = properties(pieces.get(id)!.piece, prototypes).get('UnitId');
          if (unitId) placed.set(unitId, [...(placed.get(unitId) ?? []), name]);
        }
      }
      const expected = new Map<string, string>();
      for (const p of scenario.setup ?? []) {
        if (p.hex === undefined || p.hex.includes('..')) continue;
        const units: Unit[] = game.units.filter(
          (u) => p.units?.includes(u.id) || (u.formation !== undefined && p.formations?.includes(u.formation)),
        );
        for (const u of units) expected.set(u.id, p.hex);
      }
      for (const [unitId, hex] of expected) {
        expect(placed.get(unitId), `${scenario.id}: ${unitId}`).toContain(hex);
      }
      expect(commands.split('\u001b')).toContain('SETUP_STACK\t');
    });
  });

  it('saved pieces are their palette slot with prototypes expanded, as VASSAL saves them', () => {
    const prototypes = prototypesOf(root);
    const slotByGpid = new Map(
      elements(root, 'widget.PieceSlot').map((e) => {
        const piece = decodePiece(e.text ?? '').piece!;
        return [basicPieceState.decode(basicPieceOf(piece).state).gpid, piece];
      }),
    );
    game.scenarios.forEach((scenario, i) => {
      const { pieces } = readSave(savedGameCommands(result.module.setups[i].save));
      for (const { piece } of pieces.values()) {
        expect(
          piece.traits.filter((t) => traitId(t.type) === 'prototype;'),
          scenario.id,
        ).toEqual([]);
        const slot = slotByGpid.get(basicPieceState.decode(basicPieceOf(piece).state).gpid)!;
        const expanded = expandPrototypes(slot, prototypes).piece.traits;
        // Same traits in the same order; a unit set up reduced differs only in its Layer's state.
        expect(piece.traits.map((t) => t.type)).toEqual(expanded.map((t) => t.type));
        expect(piece.traits.slice(1, -1)).toEqual(expanded.slice(1, -1));
        // The traits the prototypes give (Delete, the flip report) are on every saved unit.
        if (properties(piece, prototypes).get('Kind') === 'Unit') {
          expect(piece.traits.map((t) => traitId(t.type))).toEqual(expect.arrayContaining(['delete;', 'report;']));
        }
      }
    });
  });

  it("each save opens on its scenario's first turn, in the first phase", () => {
    game.scenarios.forEach((scenario, i) => {
      const commands = savedGameCommands(result.module.setups[i].save).split('\u001b');
      const turn = commands.filter((c) => c.startsWith('TURN'));
      if (game.tracks.turns.length === 0) return expect(turn).toEqual([]);
      expect(turn).toHaveLength(1);
      expect(commands.at(-1)).toBe('end_save');
      const [id, state] = decodeSequence(turn[0], '\t');
      expect(id).toBe('TURNTurnTracker0');
      const turnLevel = decodeSequence(decodeSequence(state, '|')[1], ';');
      expect(Number(turnLevel[0]), scenario.id).toBe(scenario.firstTurn);
      if (game.tracks.sequence.length > 0) expect(decodeSequence(turnLevel[4], ';')[0]).toBe('0');
    });
  });

  it('reinforcements wait in the holding box of their turn, unless set up in a hex or an off-map box', () => {
    const zones = new Map(
      elements(root, 'module.map.boardPicker.board.mapgrid.Zone').map((z) => [attribute(z, 'name')!, attribute(z, 'path')!]),
    );
    game.scenarios.forEach((scenario, i) => {
      const { pieces, stacks } = readSave(savedGameCommands(result.module.setups[i].save));
      const prototypes = prototypesOf(root);
      // A unit the setup puts in a hex or an off-map box (e.g. a reserve) starts there (19.62 in Kursk).
      const setUp = new Set((scenario.setup ?? []).filter((p) => p.hex !== undefined || p.box !== undefined).flatMap((p) => p.units ?? []));
      for (const r of scenario.reinforcements ?? []) {
        if (isUnknown(r.turn)) continue;
        for (const unitId of (r.units ?? []).filter((u) => !setUp.has(u))) {
          const stack = stacks.find(
            (s) => s.map === 'Holding Boxes' && s.ids.some((id) => properties(pieces.get(id)!.piece, prototypes).get('UnitId') === unitId),
          );
          expect(stack, `${scenario.id}: ${unitId}`).toBeDefined();
          const box = [...zones].find(([, path]) => {
            const pts = path.split(';').map((p) => p.split(',').map(Number));
            const xs = pts.map((p) => p[0]);
            const ys = pts.map((p) => p[1]);
            return stack!.x >= Math.min(...xs) && stack!.x <= Math.max(...xs) && stack!.y >= Math.min(...ys) && stack!.y <= Math.max(...ys);
          });
          expect(box?.[0], `${scenario.id}: ${unitId}`).toMatch(new RegExp(`^Turn ${r.turn}\\b`));
        }
      }
    });
  });
});
