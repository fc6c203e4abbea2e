/**
 * What each `ring-of-fire.*` query answers and the input it takes: `hexforge validate` checks
 * checks.json against it, `hexforge engine list` prints it, and `hexforge engine ring-of-fire.<query>`
 * reads its flags by it (a flag it does not name is refused with a did-you-mean). Bounds that are
 * the game's (the dice a roll is on, the sides, the scenarios) are checked against the game's data.
 */
import { SIDE_KEYS } from './common';
import {
  amount,
  anyObject,
  bool,
  count,
  defenderTerrain,
  hexes,
  int,
  list,
  num,
  object,
  oneOf,
  ref,
  scenario,
  side,
  str,
  turn,
  withSideKeys,
  type InputDeclaration,
} from '../../checks/input-schema';

const ma = amount('the movement allowance');
const crt = ref('table', 'the Combat Results Table (the game has one of kind "crt" if omitted)');
const defenderSide = ref('side', "the defender's side");
const attackerSide = ref('side', "the attacker's side");
/** A unit of an abstract example: its hex may be a label of the example when `adjacent` gives the adjacency. */
const tankUnit = object(
  {
    id: str('a label for the reasoning'),
    side: ref('side', 'side'),
    hex: str('its hex (a map hex, or a label of the example)'),
    tcer: { anyOf: [int('the Tank Combat Effectiveness Rating'), { enum: ['?'] }], description: 'its TCER, "?" when not stated' },
    type: ref('unitType', 'unit type'),
    steps: count('steps'),
    reserve: bool('whether it is a reserve'),
    outOfSupply: bool('whether it is out of supply'),
    tankCombatMarker: bool('whether it carries a Tank Combat marker'),
  },
  ['id'],
);
const adjacent = list(list(str('a hex'), 'a pair of adjacent hexes'), "which of the example's hexes are adjacent (else the map's)");
const shot = object(
  {
    unit: str('the firing unit'),
    target: str('the unit fired at'),
    roll: int("the natural roll (a roll the table's dice can show)"),
    hit: bool('whether it hits, when the roll is not given'),
  },
  ['unit', 'target'],
);
const fire = (description: string) => list(shot, description);
const segments = list(
  object(
    {
      segment: oneOf('the segment', 'combat', 'reserve'),
      moves: list(object({ unit: str('the moving unit'), to: str('the hex it moves to') }, ['unit', 'to']), 'moves before the combats'),
      combats: list(
        object({ from: str('the attacking hex'), to: str('the hex attacked'), fire: fire('the shots, in order') }, ['from', 'to']),
        'the combats',
      ),
      unengagedFire: fire("the defender's unengaged hexes' shots"),
    },
    ['segment'],
  ),
  'the Tank Combat Segments, in order',
);
const fireSide = object({ side, units: list(object({ id: str('the unit'), tcer: int('its TCER') }, ['id']), 'its units') }, [
  'side',
  'units',
]);

const shiftInputs = {
  table: crt,
  defenderSide,
  attackerSide,
  defenderTerrain,
  barrage: bool('whether a Barrage marker is used'),
  groundSupport: count('air units flying Ground Support'),
  concentric: bool('whether the attack is concentric'),
};

export const ROF_INPUTS: Record<string, InputDeclaration> = {
  strengthMultiplier: {
    summary: 'the cumulative strength multiplier of out-of-supply and river modifiers (3.2, 12.5, 15.3)',
    input: object({
      table: crt,
      role: oneOf('whose strength', 'attack', 'defense'),
      movementClass: ref('movementClass', 'the movement class (needed across a major river)'),
      modifiers: list(str('a CRT modifier id or river terrain id'), 'the modifiers that apply'),
    }),
  },
  replacements: {
    summary: 'the replacement steps a side receives on a turn, by category (6.1, 4.0)',
    input: object({ scenario, turn, side }, ['turn', 'side']),
  },
  tankFireOrder: {
    summary: 'the order units fire in Tank Combat (12.12)',
    input: object({ attacker: fireSide, defender: fireSide }, ['attacker', 'defender']),
  },
  tankCombat: {
    summary: 'a scripted Tank Combat: legality, step losses, eliminations, markers (12.1–12.16)',
    input: object(
      {
        phasing: side,
        units: list(tankUnit, 'the units'),
        adjacent,
        hexsides: anyObject('terrain of hexsides, "a/b": [terrain ids]'),
        segments,
      },
      ['phasing', 'units', 'segments'],
    ),
  },
  tankCombatsRequired: {
    summary: 'the Tank Combats that must take place (12.11, 12.13, 12.16)',
    input: object(
      {
        phasing: side,
        segment: oneOf('the segment', 'combat', 'reserve'),
        units: list(tankUnit, 'the units'),
        adjacent,
        hexsides: anyObject('terrain of hexsides, "a/b": [terrain ids]'),
      },
      ['phasing', 'units'],
    ),
  },
  tankAdvance: {
    summary: 'the units that may advance after Tank Combat (12.15)',
    input: object(
      {
        target: str('the hex attacked'),
        units: list(tankUnit, 'the units'),
        combats: list(
          object({ from: str('attacking hex'), to: str('hex attacked'), cleared: bool('whether it cleared the hex') }, ['from', 'to']),
          'the combats, in order',
        ),
      },
      ['target', 'units', 'combats'],
    ),
  },
  columnShift: { summary: 'the net column shift of a combat (12.4–12.63)', input: object(shiftInputs, ['defenderSide']) },
  netShift: {
    summary: 'left and right shifts netted (12.36)',
    input: object({ shifts: list(int('a shift, right positive'), 'the shifts') }, ['shifts']),
  },
  finalColumn: {
    summary: 'the CRT column from the odds and the shifts, virtual columns above the last (12.35, 12.36)',
    input: object({ ...shiftInputs, attack: amount('the attack strength'), defend: amount('the defense strength') }, [
      'attack',
      'defend',
      'defenderSide',
    ]),
  },
  attackOdds: {
    summary: 'whether an attack is legal, and the automatic result when reserves push it below the limit (12.36, 14.5)',
    input: object(
      {
        table: crt,
        attack: amount('the attack strength'),
        defend: amount('the defense strength'),
        defendAfterReserves: amount('the defense after defensive reserves'),
      },
      ['attack', 'defend'],
    ),
  },
  combatResult: {
    summary: 'a CRT result after Maximum Effort and fortification modifiers (12.64, 12.65)',
    input: withSideKeys(
      object(
        {
          table: crt,
          crtResult: str('the printed result (A#, D#, A#/D#, -)'),
          attackerSide,
          defenderSide,
          defenderTerrain,
          barrage: bool('whether a Barrage marker is used'),
          maximumEffort: bool('whether Maximum Effort is declared'),
        },
        ['crtResult', 'attackerSide', 'maximumEffort'],
      ),
      {
        [SIDE_KEYS.inFortification]: bool('whether the fortified side (<side>DefenderInFortification) defends in the fortification'),
      },
    ),
  },
  stepLoss: {
    summary: 'step losses spread evenly over the units (12.71)',
    input: object(
      {
        result: str('the CRT result (A#, D#, A#/D#)'),
        units: list(object({ id: str('a label'), steps: count('its steps') }, ['id', 'steps']), 'the units taking the losses'),
      },
      ['result', 'units'],
    ),
  },
  reserveMovement: {
    summary: "a reserve's movement points (14.4, 14.5, 15.1)",
    input: object({ role: oneOf('the reserve', 'offensive', 'defensive'), ma, outOfSupply: bool('whether it is out of supply') }, [
      'role',
      'ma',
      'outOfSupply',
    ]),
  },
  moveSequence: {
    summary: 'moves in order, ZOC Links re-evaluated after each (10.4, 10.5)',
    input: object(
      {
        side,
        enemies: hexes('the enemy units'),
        moves: list(
          object({ unit: str('the moving unit'), path: hexes('its path, from its hex') }, ['unit', 'path']),
          'the moves, in order',
        ),
      },
      ['side', 'moves'],
    ),
  },
  zocLinks: {
    summary: "a side's ZOC Hex and Hexside Links (10.3–10.7)",
    input: object(
      {
        side,
        units: hexes("the side's units"),
        enemies: hexes('the enemy units'),
        friendlyEdges: list(str('a map edge'), 'friendly map edges'),
      },
      ['side'],
    ),
  },
  concentric: {
    summary: 'whether an attack is concentric (12.61)',
    input: object({ defender: ref('hex', "the defender's hex"), attackers: hexes('the attacking hexes') }, ['defender']),
  },
  setupLegal: {
    summary: 'whether a unit may set up in a hex (16.1, 16.2)',
    input: object(
      {
        scenario,
        hex: ref('hex', 'the hex'),
        unit: object(
          {
            side: ref('side', 'side'),
            type: ref('unitType', 'unit type'),
            formation: ref('formation', 'formation'),
            flags: list(ref('unitFlag', 'flag'), 'flags'),
          },
          ['side'],
          'the unit',
        ),
      },
      ['scenario', 'hex', 'unit'],
    ),
  },
  barrageLegal: {
    summary: 'whether a Barrage marker may be used (12.62)',
    input: object(
      {
        defenderSide,
        defenderTerrain,
        groundAttackers: count('ground units attacking'),
        barragesOnHex: count('Barrages already on the hex'),
      },
      ['defenderSide', 'groundAttackers', 'barragesOnHex'],
    ),
  },
  groundSupport: {
    summary: 'whether Ground Support may be flown, and its shift (13.3)',
    input: object({ table: crt, role: oneOf('whose support', 'attacker', 'defender'), airUnits: count('air units flying') }, [
      'role',
      'airUnits',
    ]),
  },
  interdictionCost: {
    summary: 'the MP an interdicted hex adds (13.1)',
    input: object(
      {
        movementClass: ref('movementClass', 'the movement class'),
        markersInHex: count('Interdiction markers in the hex'),
        enteringOrExiting: oneOf('the move', 'entering', 'exiting'),
      },
      ['movementClass', 'markersInHex', 'enteringOrExiting'],
    ),
  },
  minimumMove: {
    summary: 'whether the one-hex minimum move applies (11.2)',
    input: object(
      {
        phase: oneOf('the movement phase', 'regular', 'reserve'),
        ma,
        firstHexCost: { anyOf: [amount('MP'), { enum: ['prohibited'] }], description: 'the MP cost of the first hex, or "prohibited"' },
      },
      ['phase', 'ma', 'firstHexCost'],
    ),
  },
  strategicMovement: {
    summary: 'whether a unit may use Strategic Movement, and its MP (11.7)',
    input: object(
      {
        phase: oneOf('the movement phase', 'regular', 'reserve'),
        ma,
        reserve: bool('whether it is a reserve'),
        startsAdjacentToEnemy: bool('whether it starts adjacent to an enemy'),
        entersHexAdjacentToEnemy: bool('whether it enters a hex adjacent to an enemy'),
        entersEnemyControlledHex: bool('whether it enters an enemy-controlled hex'),
      },
      ['phase', 'ma'],
    ),
  },
  hexControl: {
    summary: 'who controls a hex after units enter it (3.3)',
    input: object(
      {
        initial: ref('side', 'the side controlling it at first'),
        events: list(
          object({
            enter: ref('side', 'a side whose unit enters'),
            unit: str('what kind of unit ("ground-combat")'),
            zocLink: ref('side', 'a side whose ZOC Link covers it'),
          }),
          'the events, in order',
        ),
      },
      ['initial', 'events'],
    ),
  },
  reclaimHex: {
    summary: 'whether a reclaimed unit may be placed in a hex (6.41)',
    input: object(
      { controller: ref('side', 'the side controlling the hex'), side, adjacentToEnemy: bool('whether it is adjacent to an enemy') },
      ['controller', 'side'],
    ),
  },
  defensiveReserveMove: {
    summary: 'whether a defensive reserve may move along a path (10.4, 14.5)',
    input: object({ side, enemies: hexes('the enemy units'), path: hexes('the path') }, ['side', 'path']),
  },
  supplySource: {
    summary: 'whether a hex is a supply source of a side (15.4)',
    input: withSideKeys(object({ side, hex: ref('hex', 'the hex') }, ['side', 'hex']), {
      [SIDE_KEYS.enteredBy]: hexes('source hexes a ground unit of the side (enteredBy<Side>) has entered'),
    }),
  },
  supplyPath: {
    summary: 'whether a supply path is open (15.4)',
    input: object({ side, path: hexes('the path'), enemies: hexes('the enemy units') }, ['side', 'path']),
  },
  eliminationBox: {
    summary: 'the box an eliminated unit goes to (9.3, 12.71, 15.5)',
    input: object({ cause: str('what eliminated it'), outOfSupply: bool('whether it was out of supply') }, ['cause', 'outOfSupply']),
  },
  reserveDesignation: {
    summary: 'whether a unit may be designated a reserve (14.1)',
    input: object(
      {
        ma,
        mpSpent: amount('MP spent'),
        adjacentToEnemy: bool('whether it is adjacent to an enemy'),
        strategicMovement: bool('whether it used Strategic Movement'),
      },
      ['ma', 'mpSpent', 'adjacentToEnemy'],
    ),
  },
  reserveStatus: {
    summary: 'whether an event ends reserve status (14.2, 14.51)',
    input: object(
      {
        event: oneOf('the event', 'enemy-moves-adjacent', 'air-strike-step-loss', 'reserve-move', 'defensive-commit'),
        acrossMajorRiver: bool('whether the enemy moved adjacent across a major river'),
        unitHit: bool('whether the reserve unit itself lost the step'),
      },
      ['event'],
    ),
  },
  defensiveReserve: {
    summary: 'whether a defensive reserve may reinforce a hex (14.5, 15.1)',
    input: object(
      {
        scenario,
        turn,
        side,
        ma,
        outOfSupply: bool('whether it is out of supply'),
        mpToTarget: amount('MP to the hex'),
        targetUnderRegularAttack: bool('whether the hex is under Regular Combat attack'),
        targetInTankCombat: bool('whether the hex is in Tank Combat'),
      },
      ['ma', 'outOfSupply', 'mpToTarget', 'targetUnderRegularAttack'],
    ),
  },
  replacementCategory: {
    summary: 'the replacement category of a unit type (6.3)',
    input: object({ side, type: ref('unitType', 'the unit type') }, ['side', 'type']),
  },
  reclaim: {
    summary: 'whether an eliminated unit may be reclaimed, and its cost (6.4, 6.41)',
    input: object(
      {
        box: str('the box it is in (map.json boxes)'),
        steps: count('steps it returns with'),
        maxSteps: count('its full steps'),
        hexFriendlyControlled: bool('whether the hex is friendly-controlled'),
        adjacentToEnemy: bool('whether the hex is adjacent to an enemy'),
      },
      ['box', 'steps', 'maxSteps'],
    ),
  },
  replenish: {
    summary: 'whether a unit may be replenished (6.3)',
    input: object({ inSupply: bool('whether it is in supply'), adjacentToEnemy: bool('whether it is adjacent to an enemy') }, [
      'inSupply',
      'adjacentToEnemy',
    ]),
  },
  advanceAfterCombat: {
    summary: 'whether a unit may advance after Regular Combat (12.72)',
    input: object(
      {
        role: oneOf('its side of the combat', 'attacker', 'defender'),
        participated: bool('whether it took part in the attack'),
        defenderHexVacated: bool("whether the defender's hex is vacated"),
        crossesEnemyZocLink: bool('whether it crosses an enemy ZOC Link'),
      },
      ['role'],
    ),
  },
  victory: {
    summary: 'the VPs of each side and the victory level (16.1, 16.2)',
    input: withSideKeys(
      object(
        {
          scenario,
          exits: list(
            object({ side, hex: ref('hex', 'the exit hex'), units: count('units exiting') }, ['side', 'hex', 'units']),
            'units exiting the map',
          ),
        },
        ['scenario', 'exits'],
      ),
      {
        [SIDE_KEYS.controls]: hexes('the hexes the town-scoring side (<side>Controls) controls'),
        [SIDE_KEYS.vp]: num('VPs the side the net is counted against (<side>Vp) scored besides exits'),
      },
    ),
  },
  victoryLevel: {
    summary: 'the victory level from the two sides’ VPs (16.1, 16.2)',
    input: withSideKeys(object({ scenario }, ['scenario']), { [SIDE_KEYS.vp]: num('the VPs of the side (<side>Vp)') }),
  },
  exitVp: {
    summary: 'the VPs a unit scores leaving the map by an edge (16.1, 16.2)',
    input: object({ scenario, side, edge: oneOf('the map edge', 'north', 'south', 'east', 'west') }, ['scenario', 'side', 'edge']),
  },
  airPool: {
    summary: 'the air units a side has on a turn (8.0)',
    input: object({ scenario, side, turn }, ['scenario', 'side', 'turn']),
  },
  airMissions: {
    summary: 'whether each air unit flies at most one mission a turn (13.0)',
    input: object(
      { missions: list(object({ unit: str('the air unit'), mission: str('the mission') }, ['unit', 'mission']), 'the missions flown') },
      ['missions'],
    ),
  },
};
