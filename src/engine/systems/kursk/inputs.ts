/**
 * What each `spi-kursk.*` query answers and the input it takes: `hexforge validate` checks
 * checks.json against it, `hexforge engine list` prints it, and `hexforge engine spi-kursk.<query>`
 * reads its flags by it (a flag it does not name is refused with a did-you-mean). Sides, scenarios,
 * unit types, terrain and formations are looked up in the game's data. Every query also takes the
 * data's `cases` form (cases.ts): a list of inputs answered one by one.
 */
import {
  amount,
  anyObject,
  bool,
  count,
  int,
  list,
  num,
  object,
  oneOf,
  oneOrMany,
  ref,
  scenario,
  side,
  str,
  type InputDeclaration,
  type JsonSchema,
} from '../../checks/input-schema';

const turn = int('the Game-Turn');
const unitType = ref('unitType', 'the unit type');
const mode = str('the unit\'s mode (game.json systemRules["spi-kursk"] modes)');
const terrainCost = amount('the Movement Point cost of the terrain');
const attack = amount('the Attack Strength before shifts');
const result = {
  anyOf: [count('a result number'), { type: 'string', pattern: '^(-|\\d+)$' }],
  description: 'the combat result: a number or "-" (no effect)',
};
const unitTypes = (description: string) => list(unitType, description);
/** A stack member: its type, and its Step Value (an HQ's is the game's). */
const stack = list(object({ type: unitType, stepValue: count('its Step Value') }, ['type']), 'the units of the stack');

/**
 * The query's own input, or `cases`: several inputs, each answered on its own (`{ cases: [...] }`).
 * With `cases` nothing else is given; without it, the query's required keys are.
 */
function withCases(input: JsonSchema): JsonSchema {
  const { required, ...rest } = input;
  const properties = rest.properties as Record<string, JsonSchema>;
  const needs = (keys: string[]) => ({ properties: Object.fromEntries(keys.map((k) => [k, true])), required: keys });
  return {
    ...rest,
    properties: { ...properties, cases: list(input, 'several inputs, each answered on its own') },
    if: needs(['cases']),
    // With cases, nothing else: a key beside them would be ignored.
    then: { properties: { cases: true }, additionalProperties: false },
    ...(Array.isArray(required) ? { else: needs(required as string[]) } : {}),
  };
}

const DECLARATIONS: Record<string, InputDeclaration> = {
  crtColumn: {
    summary: 'the CRT column of a net Attack Strength after the net column shift (9.34-9.36, 13.23)',
    input: object(
      { netAttack: num('the net Attack Strength'), shift: int('the net column shift'), antitankFire: bool('anti-tank fire (13.23)') },
      ['netAttack'],
    ),
  },
  stepLoss: {
    summary: 'what Step losses do to a unit: flip, substitution, reduction marker (9.46-9.53)',
    input: object(
      {
        unit: object(
          {
            multiCounter: bool('a unit with a counter per pair of Steps (9.51)'),
            questionFront: bool('a "?" rifle division (9.52)'),
            nonConsecutive: bool('a unit with non-consecutive Steps, taking reduction markers (9.53)'),
            fiveStep: bool('a five-Step unit (two markers)'),
            stepValue: count('its Step Value'),
            backStepValue: count('the Step Value of its back'),
            front: anyObject('the values of its front face by field'),
            back: anyObject('the values of its back face by field'),
          },
          [],
          'the unit',
        ),
        losses: count('the Step losses'),
      },
      ['unit', 'losses'],
    ),
  },
  artilleryRetreat: {
    summary: 'the Levels an artillery unit loses retreating (9.65)',
    input: object({ hexesRetreated: count('hexes retreated') }, ['hexesRetreated']),
  },
  retreatDistance: {
    summary: 'how far from the combat hex a retreat ends (9.74)',
    input: object({ hexesRetreated: count('hexes retreated') }, ['hexesRetreated']),
  },
  commandShift: {
    summary: 'the column shift for defenders of mixed command (11.18, 11.19)',
    input: object(
      {
        defenders: list(
          object(
            {
              hq: ref('formation', 'the HQ it is subordinate to'),
              command: oneOf('an irregular command', 'independent', 'alternate', 'breakdown'),
              breakdown: bool('broken down'),
            },
            [],
            'a defending unit',
          ),
          'the defending units',
        ),
      },
      ['defenders'],
    ),
  },
  commandHQs: {
    summary: 'the HQs a unit may trace supply to (11.0, 11.6)',
    input: object({ unitHQ: ref('formation', "the unit's HQ"), optional11_6: bool('optional rule 11.6') }, ['unitHQ']),
  },
  artilleryModifier: {
    summary: 'defending Artillery Points off the attacking infantry, then halved off the rest (13.12-13.14, 13.35)',
    input: object(
      {
        infantry: amount('the infantry Attack Strength'),
        secondary: amount('the secondarily affected Attack Strength (armor, mechanized, HQ)'),
        artilleryPoints: amount('the defending Artillery Points'),
      },
      ['infantry', 'secondary', 'artilleryPoints'],
    ),
  },
  barrageShift: {
    summary: 'the column shift of a barrage, by the Levels of its artillery units (13.44)',
    input: object({ levels: list(count('a Level'), 'the Level of each barraging unit') }, ['levels']),
  },
  counterbattery: {
    summary: 'the Level an artillery unit operates at after counterbattery (13.61)',
    input: object({ artilleryPoints: amount('its Artillery Points'), negated: amount('the points negated') }, [
      'artilleryPoints',
      'negated',
    ]),
  },
  entryCost: {
    summary: 'what entering the map costs a reinforcement (18.26)',
    input: object(
      {
        terrainCost,
        enteredBefore: count('reinforcing units entered there before it'),
        byRail: bool('entering by rail'),
      },
      ['terrainCost'],
    ),
  },
  vpGroups: {
    summary: 'the Victory Points of captured hexes, one award per asterisk group (18.46)',
    input: object({ side, hexes: list(ref('hex', 'a hex'), 'the hexes captured') }, ['side', 'hexes']),
  },
  unmodifiedAttacks: {
    summary: "the shift of an attack over the scenario's unmodified attacks for the turn (scenario special rules)",
    input: object({ scenario, turn, attackNumber: count('the attack, in order') }, ['scenario', 'turn', 'attackNumber']),
  },
  kampfgruppen: {
    summary: 'the Kampfgruppen in play from broken-down divisions (14.11)',
    input: object({ divisionsBrokenDown: count('divisions broken down') }, ['divisionsBrokenDown']),
  },
  icLimit: {
    summary: "a side's independent-command limit, and the security units partisans release (11.14, 14.13, 15.4)",
    input: object({ side, kampfgruppen: count('Kampfgruppen in play'), partisans: count('partisans in play') }, ['side']),
  },
  sovietBreakdown: {
    summary: 'whether a corps may break down, by the unused division counters (14.0)',
    input: object({ unusedDivisionCounters: count('unused division counters') }, ['unusedDivisionCounters']),
  },
  hexsideShift: {
    summary: 'the column shift of attacking across hexsides, the least one applying (9.33)',
    input: object({ across: oneOrMany(ref('terrain', 'a hexside terrain'), 'the hexside terrain attacked across') }, ['across']),
  },
  resultOptions: {
    summary: 'every split of a result into hexes retreated and Step losses (9.43, 9.72, 7.21)',
    input: object(
      {
        result,
        retreatLimit: count('the most hexes it may retreat'),
        retreatRoutesOverstacked: bool('every retreat route is fully stacked'),
      },
      ['result'],
    ),
  },
  mResult: {
    summary: 'an "m" result adjusted for the modes of attacker and defender (9.47)',
    input: object({ result: str('the result as printed: "a/d" or "amd"'), attackerMode: mode, defenderMode: mode }, [
      'result',
      'attackerMode',
      'defenderMode',
    ]),
  },
  reserveGuns: {
    summary: 'whether the gun units under the reserve HQs are as the scenario says (19.45)',
    input: object({ scenario, reserveHQs: count('reserve HQs'), artillery: count('artillery units'), antitank: count('anti-tank units') }, [
      'scenario',
      'reserveHQs',
      'artillery',
      'antitank',
    ]),
  },
  minimumMove: {
    summary: 'whether a unit may move one hex whatever it costs (5.23)',
    input: object(
      {
        movement: amount('its Movement Allowance'),
        hexCost: amount('the cost of the hex'),
        disrupted: bool('disrupted'),
        exitsEnemyZocIntoZoc: bool('it leaves an Enemy-controlled hex into another'),
      },
      ['movement', 'hexCost'],
    ),
  },
  splitAttack: {
    summary: 'whether the units of a stack each attack at most one hex (9.16, 9.22, 9.23)',
    input: object(
      {
        stack: list(str('a unit label'), 'the units of the stack'),
        targets: {
          type: 'object',
          additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }, { type: 'array' }] },
          description: 'unit → the hex (or hexes) it attacks, or null',
        },
      },
      ['stack', 'targets'],
    ),
  },
  gunPoints: {
    summary: "an HQ's Artillery Points left for the Second Segment (13.33)",
    input: object({ artillery: amount('the Artillery Point quota'), spentFirstSegment: amount('points spent in the First Segment') }, [
      'artillery',
      'spentFirstSegment',
    ]),
  },
  gunUnitSupply: {
    summary: 'how gun units trace supply (11.16, 11.59)',
    input: object({ type: ref('unitType', 'the gun unit type') }, ['type']),
  },
  overrunCost: {
    summary: 'the Movement Points an overrun costs (6.0, 8.33)',
    input: object({ terrainCost }, ['terrainCost']),
  },
  overrun: {
    summary: 'whether a stack may overrun, its cost and shift (6.11, 8.33)',
    input: object(
      {
        terrainCost,
        attack,
        mode,
        inCommunication: bool('in communication (absent: yes)'),
        inEnemyZoc: bool('starting in an Enemy-controlled hex'),
      },
      ['terrainCost', 'attack'],
    ),
  },
  disengageCost: {
    summary: 'what leaving an Enemy-controlled hex costs (8.31, optional 16.2)',
    input: object({ terrainCost, from: str('the entrenchment it leaves (16.2)'), optional16_2: bool('optional rule 16.2') }, [
      'terrainCost',
    ]),
  },
  multiTerrain: {
    summary: 'the cost and shift of a hex of several terrains (5.61)',
    input: object({ costs: list(amount('a cost'), 'the Movement Point costs'), shifts: list(int('a shift'), 'the defensive shifts') }, [
      'costs',
    ]),
  },
  movementAllowance: {
    summary: 'the Movement Allowance after mode, supply and communication (5.27, 11.52)',
    input: object(
      {
        movement: amount('the printed Movement Allowance'),
        mode,
        unitType,
        supplied: bool('in supply (absent: yes)'),
        inCommunication: bool('in communication (absent: yes)'),
      },
      ['movement'],
    ),
  },
  mechanizedMovement: {
    summary: 'whether a unit moves in the Mechanized Movement Phase (5.0, 5.43)',
    input: object({ unitType, mode, disrupted: bool('disrupted') }, ['unitType']),
  },
  railCapacity: {
    summary: 'the rail capacity a group of units uses (5.3)',
    input: object({ units: unitTypes('the type of each unit') }, ['units']),
  },
  railRange: {
    summary: 'how far units move by rail on a track (5.3)',
    input: object({ track: str('the track (systemRules rail range)') }, ['track']),
  },
  railHexCap: {
    summary: 'how many units a rail hex passes per Game-Turn (5.3)',
    input: object({ track: str('the track (systemRules rail hexCap)') }, ['track']),
  },
  railAllowed: {
    summary: 'whether a unit may move by rail (5.31-5.36)',
    input: object({
      startsInEnemyZoc: bool('starting in an Enemy-controlled hex'),
      mode,
      disrupted: bool('disrupted'),
      phase: str('the phase (systemRules rail phases)'),
    }),
  },
  attackAllowed: {
    summary: 'whether an attack has the Strength Points it needs (9.0)',
    input: object({ attack }, ['attack']),
  },
  attackStrength: {
    summary: 'the Attack Strength of an attacking stack, halved out of supply (11.55)',
    input: object({ attack, outOfSupply: bool('out of supply') }, ['attack']),
  },
  supplyShift: {
    summary: 'the column shift for defenders out of supply (11.56)',
    input: object({ defendersOutOfSupply: count('defending units out of supply') }, ['defendersOutOfSupply']),
  },
  airShift: {
    summary: 'the column shift of the Air Points each side adds to a combat (17.21-17.25)',
    input: object(
      {
        attackerAirPoints: count("the attacker's Air Points"),
        defenderAirPoints: count("the defender's Air Points"),
        overrun: bool('an overrun'),
      },
      [],
    ),
  },
  interception: {
    summary: 'the interception rolls that succeed (17.0)',
    input: object({ interceptors: oneOf('who intercepts', 'one', 'both'), committed: count('Air Points committed') }, ['interceptors']),
  },
  airPoints: {
    summary: "each side's Air Points on a scenario turn (19.7, 20.7, 21.7)",
    input: object({ scenario, turn }, ['scenario', 'turn']),
  },
  antitankResult: {
    summary: 'what an anti-tank combat result does (13.25, 13.26, 13.29)',
    input: object(
      {
        result,
        against: str('what it applies to: the anti-tank unit type, or phasing-stack'),
        during: oneOf('when (against the anti-tank unit)', 'gun-segment', 'overrun', 'movement'),
      },
      ['result', 'against'],
    ),
  },
  antitankShift: {
    summary: 'the column shift of anti-tank fire at infantry or HQs (13.24)',
    input: object({ targetAllInfantryOrHQ: bool('the target stack is all infantry and/or HQs') }),
  },
  germanBarrage: {
    summary: 'the Attack Strength Artillery Points allocated to a barrage add (13.55)',
    input: object({ attack, artilleryPoints: amount('Artillery Points allocated') }, ['attack', 'artilleryPoints']),
  },
  sovietAttackShift: {
    summary: 'the scenario shift of an attack on a turn, with its barrage Levels (21.44, 13.44)',
    input: object({ scenario, turn, barrageLevels: list(count('a Level'), 'the barrage Levels') }, ['scenario', 'turn']),
  },
  adjustResult: {
    summary: 'a combat result adjusted as the scenario says, against a stack in supply (21.46)',
    input: object({ scenario, result, sovietStackInSupply: bool('the defending stack is in supply') }, ['scenario', 'result']),
  },
  recombine: {
    summary: 'the Steps of a recombined division or corps (14.22, 14.35)',
    input: object({
      kampfgruppeSteps: list(count('Steps'), 'the Steps of each Kampfgruppe'),
      side,
      divisionSteps: list(count('Steps'), 'the Steps of each division'),
    }),
  },
  lossAllocation: {
    summary: 'how Step losses fall on HQs and the other units of a stack (9.62, 9.63)',
    input: object({ stack, losses: count('the Step losses') }, ['stack', 'losses']),
  },
  hqAlone: {
    summary: 'how HQs alone in a hex fight and fall (9.38, 9.63, 9.66)',
    input: object({ stack }, ['stack']),
  },
  gunsAlone: {
    summary: 'whether gun units alone are eliminated at no loss (9.37, 13.19, 13.28)',
    input: object({ units: unitTypes('the type of each unit'), attackedBy: str('what attacks them (for the reasoning)') }, ['units']),
  },
  overrunRetreat: {
    summary: 'retreats in an overrun (6.23, 6.31-6.35, 9.78)',
    input: object({ role: oneOf('whose retreat', 'attacker', 'defender'), unitType, overrunFailed: bool('the overrun failed') }, ['role']),
  },
  advance: {
    summary: 'whether, how far and along which path units advance after combat (9.81-9.88)',
    input: object({
      overrun: bool('after an overrun'),
      advancerRetreated: bool('the advancing units retreated'),
      defenderEliminated: bool('the defender was eliminated'),
      defenderRetreated: count('hexes the defender retreated'),
    }),
  },
  retreatedIntoStack: {
    summary: 'what a unit retreated into a stack attacked again does (9.77)',
    input: object({ attackedAgainSameSegment: bool('the stack is attacked again in the same Segment') }),
  },
  infiltration: {
    summary: 'whether a unit may infiltrate between Enemy-controlled hexes (5.5)',
    input: object(
      {
        side,
        phase: str('the phase (systemRules infiltration phases)'),
        startsInEnemyZoc: bool('starting in an Enemy-controlled hex'),
        supplied: bool('in supply (absent: yes)'),
        inCommunication: bool('in communication (absent: yes)'),
        withFriendlyCombatUnit: bool('adjacent to or stacked with another combat unit'),
        across: str('the hexside crossed'),
      },
      ['side'],
    ),
  },
  supplyLengths: { summary: 'the lengths of supply and communication lines (11.31, 11.4, 11.58, 11.59)', input: object({}) },
  supplyPath: {
    summary: 'whether a supply path switches between road and railroad legally (11.35)',
    input: object(
      { roadRailSwitches: count('road/railroad switches'), switchHexesHoldBoth: bool('each switch is in a hex holding both') },
      ['roadRailSwitches'],
    ),
  },
  outOfCommunication: {
    summary: 'what being out of communication does to a side (11.52)',
    input: object({ side }, ['side']),
  },
  replacements: {
    summary: "a side's replacements in a scenario (scenarios.json)",
    input: object({ scenario, side }, ['scenario', 'side']),
  },
  replacementLimits: { summary: 'the limits on replacements (12.12-12.2, 12.17)', input: object({}) },
  partisans: {
    summary: 'the partisans in play in each Administrative Phase of a scenario (15.31)',
    input: object({ scenario, phases: count('phases') }, ['scenario', 'phases']),
  },
  reserveVP: {
    summary: 'the Victory Points of activating a reserve (18.33, 18.37)',
    input: object(
      { scenario, activatedTurn: int('the Game-Turn it is activated'), activation: oneOf('how', 'voluntary', 'enemy-attack') },
      ['scenario', 'activatedTurn', 'activation'],
    ),
  },
  reserveLimit: {
    summary: 'the reserves that may be activated on scenario turns (18.34)',
    input: object({ scenario, turn, turns: list(int('a Game-Turn'), 'the Game-Turns') }, ['scenario']),
  },
  vpAward: {
    summary: 'the Victory Points for a unit eliminated or not in play (18.48)',
    input: object(
      {
        event: oneOf('what befell the unit', 'eliminated', 'not-in-play'),
        unit: object(
          { side, type: unitType, size: ref('unitSize', 'its size'), stepValue: count('its Step Value') },
          ['side', 'type'],
          'the unit',
        ),
        scenario,
        replaced: bool('replaced during play'),
      },
      ['event', 'unit'],
    ),
  },
  victoryLevel: {
    summary: 'the level of victory of a net Victory Point total (18.47, scenarios.json)',
    input: object({ scenario, netVP: int('the net Victory Points') }, ['scenario', 'netVP']),
  },
  zocExtends: {
    summary: 'whether a Zone of Control extends across a hexside or into a hex (8.12, optional 8.13)',
    input: object({
      across: ref('terrain', 'the hexside terrain'),
      into: ref('terrain', 'the terrain of the hex'),
      optional8_13: bool('optional rule 8.13'),
      outOfSupplyFullTurns: count('full Game-Turns out of supply or communication'),
    }),
  },
  artilleryUses: { summary: 'how often artillery may fire (13.17)', input: object({}) },
  mayGunPool: { summary: 'the scenario gun pool and the gun units under the reserve HQs (19.42)', input: object({}) },
};

/**
 * A key with an acronym (unitHQ, netVP) also takes the flag one would type (--unit-hq, --net-vp):
 * spelt letter by letter (--unit-h-q) it is unguessable.
 */
function acronymFlags(input: JsonSchema): Record<string, string> | undefined {
  const keys = Object.keys(input.properties as Record<string, JsonSchema>).filter((k) => /[A-Z]{2}/.test(k));
  if (keys.length === 0) return undefined;
  return Object.fromEntries(keys.map((k) => [k.replace(/[A-Z]+/g, (c) => `-${c.toLowerCase()}`), k]));
}

/** Each query's declaration by its name (`spi-kursk.<name>`'s part after the system), with the `cases` form. */
export const KURSK_INPUTS: Record<string, InputDeclaration> = Object.fromEntries(
  Object.entries(DECLARATIONS).map(([name, d]) => {
    const flags = acronymFlags(d.input);
    return [name, { summary: d.summary, input: withCases(d.input), ...(flags ? { flags } : {}) }];
  }),
);
