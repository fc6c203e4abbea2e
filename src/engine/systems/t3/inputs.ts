/**
 * What each `t3.*` query answers and the input it takes: `hexforge validate` checks checks.json
 * against it, `hexforge engine list` prints it, and `hexforge engine t3.<query>` reads its flags by
 * it (a flag it does not name is refused with a did-you-mean). Bounds that are the game's (the
 * dice a roll is on, the sides, the scenarios) are checked against the game's data.
 */
import {
  amount,
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
  terrains,
  turn,
  unitRef,
  unitRefWith,
  withSideKeys,
  type InputDeclaration,
  type JsonSchema,
} from '../../checks/input-schema';

const roll = (description: string): JsonSchema => int(`${description} (a roll the table's dice can show)`);
const drm = int('the die-roll modifier');
const segment = { type: 'integer', minimum: 1, description: 'the Player Segment of the turn' };
const units = (description: string) => list(unitRef('a unit'), description);
/** A count given as a number, or a list whose length is the count. */
const countOrList = (description: string): JsonSchema => ({ anyOf: [count(description), { type: 'array' }], description });
/** Every unit (true), none (false), or the units named. */
const namedUnits = (description: string): JsonSchema => ({
  anyOf: [{ type: 'boolean' }, list(ref('unit', 'unit id'), 'the units')],
  description,
});
const ids = (description: string) => list(str('an id'), description);

export const T3_INPUTS: Record<string, InputDeclaration> = {
  't3.designation': {
    summary: "how a counter's printed designation reads (2.4.5)",
    input: object({ designation: str('the designation as printed'), nationality: ref('nationality', 'the nationality') }, [
      'designation',
      'nationality',
    ]),
  },
  't3.exertsZoc': { summary: 'whether a unit exerts a Zone of Control (6.0)', input: object({ unit: unitRef('the unit') }, ['unit']) },
  't3.markerText': {
    summary: 'what a marker counter says (2.5)',
    input: object({ marker: str('the marker id (counters.json markers)') }, ['marker']),
  },
  't3.c3iSpend': {
    summary: 'whether a side may spend C3I in a segment, and what remains (8.2, 10.0)',
    input: object({ side, segment, c3i: count('the C3I the side holds'), spend: count('the C3I spent') }, ['side', 'segment', 'c3i']),
  },
  't3.activations': {
    summary: 'the activations a number of Movement Points buys (10.0)',
    input: object({ mps: count('the MPs spent') }, ['mps']),
  },
  't3.combats': { summary: 'the combats a number of Combat Points buys (11.0)', input: object({ cps: count('the CPs spent') }, ['cps']) },
  't3.activityDrm': {
    summary: "a side's Activity Chart DRM for a turn and segment (13.0.C)",
    input: object({ side, turn, segment }, ['side', 'turn', 'segment']),
  },
  't3.finalDrm': {
    summary: 'the cumulative DRM of a combat, clamped as the CRT says (11.6.A-B)',
    input: object({ drms: list(int('a DRM'), 'the DRMs that apply') }, ['drms']),
  },
  't3.modifiedRoll': {
    summary: 'a natural roll with its DRM, clamped to the modified rolls the CRT reads (11.5.B)',
    input: object({ roll: roll('the natural roll'), drm }, ['roll']),
  },
  't3.tacticalRating': {
    summary: 'a TR halved a number of times, never below one (3.1.B, 11.6.A)',
    input: object({ tr: amount('the printed TR'), halvings: count('times it is halved') }, ['tr']),
  },
  't3.strengthMultiplier': {
    summary: 'several strength multipliers combined (11.6.A)',
    input: object({ multipliers: list(amount('a multiplier'), 'the multipliers') }, ['multipliers']),
  },
  't3.combinedStrength': {
    summary: "a side's combined CS: each unit halved and floored at one, summed, rounded down (3.1, 11.6.A)",
    input: object({ values: list(amount('a CS'), "the units' CS"), halved: list(count('halvings'), 'times each unit is halved') }, [
      'values',
    ]),
  },
  't3.tpv': {
    summary: 'the Tactical Point Value of each side of a combat (11.3)',
    input: object({
      attackers: units('the attacking units'),
      defenders: units('the defending units'),
      acrossRiver: namedUnits('attackers attacking across a river'),
      oos: namedUnits('units out of supply'),
    }),
  },
  't3.tacticalSuperiority': {
    summary: 'which side has Tactical Superiority from the two TPVs (11.3)',
    input: object({ attackerTpv: amount("the attacker's TPV"), defenderTpv: amount("the defender's TPV") }, ['attackerTpv', 'defenderTpv']),
  },
  't3.combatCost': {
    summary: 'the CPs a combat costs (11.0.D, 11.6.1.1.B)',
    input: object({ attackers: units('the attacking units'), attackersAcrossRiver: units('attackers attacking across a river') }),
  },
  't3.tankBonus': {
    summary: 'whether the Tank Bonus applies (11.6.4)',
    input: object(
      {
        attacker: unitRef('the attacking unit'),
        defenders: units('the defending units'),
        defenderTerrain,
        acrossRiver: { anyOf: [{ type: 'boolean' }, { type: 'array' }], description: 'whether (or which attackers) attack across a river' },
      },
      ['attacker'],
    ),
  },
  't3.combatEligibility': {
    summary: 'whether a unit may attack again, or which units of a stack must be attacked (11.1)',
    input: object({
      unit: unitRef('the unit'),
      attacksThisPhase: count('attacks it made this Combat Phase'),
      defenders: ids('the units of the defending stack'),
      attackOnly: ids('the units of the stack attacked'),
    }),
  },
  't3.applyChits': {
    summary: 'Combat Hits after the Combat Chits played (11.6.2.B)',
    input: object({
      result: str('the CRT result, attacker/defender hits ("1/2")'),
      attackerChits: ids("the attacker's chits"),
      defenderChits: ids("the defender's chits"),
      side: str('the side whose hits are given'),
      hits: count('its Combat Hits'),
      ownReductions: ids('its chits that reduce its hits'),
      enemyIncreases: ids("the enemy's chits that add to them"),
    }),
  },
  't3.concentric': {
    summary: 'whether an attack is concentric, on the map (11.6.3)',
    input: object(
      {
        defender: ref('hex', "the defender's hex"),
        attackersFrom: hexes('the hexes attacking'),
        acrossRiver: hexes('attacker hexes across a river'),
        defenderTerrain: terrains("the defender's terrain, instead of the map's"),
      },
      ['defender'],
    ),
  },
  't3.defenderHits': {
    summary: 'how the defender takes its Combat Hits: retreat and step losses (11.7.1)',
    input: object(
      {
        hits: count('the Combat Hits'),
        defenders: countOrList('the defending units, or how many'),
        canRetreat: bool('whether the defender can retreat'),
        retreat: count('hexes retreated'),
      },
      ['hits', 'defenders'],
    ),
  },
  't3.attackerHits': {
    summary: 'how the attacker takes its Combat Hits (11.7)',
    input: object({ hits: count('the Combat Hits'), attackers: countOrList('the attacking units, or how many') }, ['hits']),
  },
  't3.distributeLosses': {
    summary: 'step losses spread over the units (11.7)',
    input: object({ stepLosses: count('the step losses'), units: countOrList('the units, or how many') }, ['stepLosses', 'units']),
  },
  't3.retreatPenalty': {
    summary: 'the extra step loss a retreat costs (11.7.1.2)',
    input: object({
      into: oneOf('the hex retreated into', 'ezoc', 'friendly-overstacked', 'enemy-occupied', 'off-map', 'free'),
      across: str('what the retreat crosses ("river")'),
      bridged: bool('whether the river is bridged'),
    }),
  },
  't3.advance': {
    summary: 'how far attackers may advance after combat (11.7.2)',
    input: object({
      side: oneOf('whose advance', 'attacker', 'defender'),
      defenderRetreatHexes: count('hexes the defender retreated'),
      defendersEliminated: bool('whether the defenders were eliminated'),
      vacated: bool("whether the defender's hex was vacated"),
      attackers: list(unitRefWith({ oos: bool('out of supply') }), 'the attacking units'),
      acrossRiver: namedUnits('attackers attacking across a river'),
      oos: namedUnits('attackers out of supply'),
      attackerHadTs: bool('whether the attacker had Tactical Superiority'),
      fromEzoc: bool('whether the advance starts in an EZOC'),
      advanceCrossesRiver: bool('whether a second hex would cross an unbridged river'),
    }),
  },
  't3.stepLoss': {
    summary: 'the counter a unit shows after losing steps (2.4.4)',
    input: object({ unit: ref('unit', 'the unit'), stepsLost: count('steps lost') }, ['unit', 'stepsLost']),
  },
  't3.movementCost': {
    summary: 'the activation cost of moving units, together or apart (10.0)',
    input: object({
      units: units('the moving units'),
      stackedAtStart: bool('whether they start stacked'),
      moveTogether: bool('whether they move together'),
      endTogether: bool('whether they end together'),
    }),
  },
  't3.riverCrossing': {
    summary: 'whether a unit may cross a river (6.0)',
    input: object({ startAdjacent: bool('whether it starts adjacent to the river') }),
  },
  't3.strategicMove': {
    summary: 'whether a unit may use Strategic Movement (10.4)',
    input: object(
      {
        side,
        turn,
        segment,
        alreadyThisPhase: count('Strategic Movements already made this phase'),
        movedRegularly: bool('whether it moved regularly'),
        oos: bool('whether it is out of supply'),
        startInEzoc: bool('whether it starts in an EZOC'),
        entersEzoc: bool('whether it enters an EZOC'),
        endsInEzoc: bool('whether it ends in an EZOC'),
        pathControl: list(ref('side', 'side'), 'who controls each hex of the path'),
      },
      ['side', 'turn', 'segment'],
    ),
  },
  't3.zocMove': {
    summary: 'whether a move through EZOCs is allowed (6.0)',
    input: object({
      path: list(oneOf('the hex', 'free', 'ezoc'), 'each hex of the path, free or in an EZOC'),
      startInEzoc: bool('whether it starts in an EZOC'),
      advanceAfterCombat: bool('whether it is an advance after combat'),
    }),
  },
  't3.stackingCheck': {
    summary: 'whether stacking limits are checked at a moment (9.0)',
    input: object({ moment: str('the moment of the turn') }, ['moment']),
  },
  't3.outOfSupply': {
    summary: 'the values of an out-of-supply unit (7.4)',
    input: object({
      movementClass: ref('movementClass', 'its movement class'),
      ma: amount('its MA'),
      cs: amount('its CS'),
      tr: amount('its TR'),
    }),
  },
  't3.supplyLine': {
    summary: 'whether a supply line can be traced along a path (7.2)',
    input: object({
      path: list(
        object({
          acrossRiver: bool('entered across a river'),
          bridged: bool('the river is bridged'),
          enemyUnit: bool('an enemy unit is in it'),
          control: oneOf('who controls it', 'friendly', 'enemy'),
          ezoc: bool('it is in an EZOC'),
          friendlyUnit: bool('a friendly unit is in it'),
        }),
        'each hex of the path',
      ),
    }),
  },
  't3.attritionCheck': {
    summary: 'whether an out-of-supply unit checks for attrition (7.4)',
    input: object({ oosPreviousAdmin: bool('OOS at the previous Administrative Phase'), oosNow: bool('OOS now') }),
  },
  't3.setupExchange': {
    summary: 'whether setup exchanges are legal (13.6.3.B)',
    input: object({ scenario, exchanges: list(list(ref('unit', 'unit id'), 'a pair'), 'the pairs of units exchanged') }, ['scenario']),
  },
  't3.romanianRemoval': {
    summary: "whether a unit is removed by a hex's control (13)",
    input: object({ unit: ref('unit', 'the unit'), hex: ref('hex', 'the hex'), controlledBy: side }, ['unit', 'hex', 'controlledBy']),
  },
  't3.victory': {
    summary: 'who wins a scenario, and whether at once (13)',
    input: withSideKeys(
      object({ scenario, turn, vp: num('the Victory Points'), supplyLineToUnit: bool('whether the unit traces a supply line') }, [
        'scenario',
        'turn',
        'vp',
      ]),
      { '^[a-z][a-zA-Z0-9]*UnitIn$': ref('hex', 'a hex a unit of the side (<side>UnitIn) is in') },
    ),
  },
  't3.stepLossVp': {
    summary: 'the Victory Points step losses give (13)',
    input: object({ side, steps: count('the steps lost'), scenario }, ['side', 'steps']),
  },
  't3.hexControl': {
    summary: 'who controls a hex after a move or a segment (3.3)',
    input: withSideKeys(
      object(
        {
          hex: ref('hex', 'the hex'),
          controlledBy: side,
          moment: str('the moment, end-of-<side>-segment'),
          enemyOccupied: bool('whether an enemy of the gaining side occupies it'),
        },
        ['controlledBy'],
      ),
      {
        '^[a-z][a-zA-Z0-9]*Unit(MovesThrough|Enters)$': bool('a unit of the side (<side>UnitEnters) enters or moves through it'),
        '^betweenFrontLineAnd[A-Z][a-zA-Z0-9]*Source$': bool("it is between the front line and the side's supply source"),
        '^traces[A-Z][a-zA-Z0-9]*Supply$': bool("it traces the side's supply"),
      },
    ),
  },
  't3.randomEvent': {
    summary: 'whether an unmodified combat roll generates a Random Event (12.0.C-E)',
    input: object({ roll: roll('the unmodified roll'), drm, fromRandomEvent: bool('whether the combat is due to a Random Event') }, [
      'roll',
    ]),
  },
};
