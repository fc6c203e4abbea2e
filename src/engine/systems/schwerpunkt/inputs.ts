/**
 * What each `schwerpunkt.*` query answers and the input it takes: `hexforge validate` checks
 * checks.json against it, `hexforge engine list` prints it, and `hexforge engine schwerpunkt.<query>`
 * reads its flags by it (a flag it does not name is refused with a did-you-mean). Bounds that are
 * the game's (the dice a roll is on, the sides, the weathers) are checked against the game's data.
 */
import {
  amount,
  bool,
  count,
  defenderTerrain,
  int,
  list,
  object,
  ref,
  scenario,
  side,
  str,
  total,
  turn,
  unitRefWith,
  type InputDeclaration,
  type JsonSchema,
} from '../../checks/input-schema';

const weather = ref('weather', 'the weather');
const segment = str('the segment of the turn (tracks.json)');
const roll = int("the unmodified roll (a roll the CRT's dice can show)");
const hits = count('the Combat Hits');
const tpv = amount('the Tactical Points Value');
/** A unit of a combat: by id, or inline with its state in the combat. */
const combatUnit = unitRefWith(
  {
    reduced: bool('whether it shows its reduced face'),
    inSupply: bool('whether it is In Supply (default true)'),
    inEnemyZoc: bool('whether it advances from an EZOC'),
    attackedAcrossNoAdvanceHexside: bool('whether it attacked across a hexside that denies a second hex'),
    secondHexAcrossNoAdvanceHexside: bool('whether the second hex lies across such a hexside'),
  },
  'a unit',
);
const units = (description: string) => list(combatUnit, description);
/** Counts by an id the handler checks against the game (a side, a movement class). */
const countsBy = (description: string): JsonSchema => ({ type: 'object', additionalProperties: count('a count'), description });

export const SCHWERPUNKT_INPUTS: Record<string, InputDeclaration> = {
  designation: {
    summary: "how a counter's designation reads (2.4.2)",
    input: object({ side, designation: str('the designation as printed') }, ['side', 'designation']),
  },
  spendC3I: {
    summary: 'whether C3I may be spent in a segment, and what remains (8.x)',
    input: object(
      {
        c3i: count('the C3I held'),
        spend: count('the C3I spent'),
        segment,
        phaseOrderDeclared: bool('whether the phase order is declared (default true)'),
      },
      ['c3i', 'spend', 'segment'],
    ),
  },
  c3iReceived: {
    summary: 'the C3I a side receives on a turn (8.x, 15.9)',
    input: object({ side, turn, weather, rochade: bool('whether the Rochade is used') }, ['side', 'turn', 'weather']),
  },
  rochadePlacement: {
    summary: 'the Rochade placement allowance (15.9)',
    input: object({ formations: count('formations placed'), units: count('units placed') }),
  },
  rochadeAllowed: {
    summary: 'whether the Rochade may be used (15.9)',
    input: object({ turn, weather, usedBefore: bool('whether it was used before') }, ['turn', 'weather']),
  },
  tacticalSuperiority: {
    summary: 'the TPVs of a combat, Tactical Superiority, chits and Combat Refusal (16.4–16.6)',
    input: object(
      {
        attacker: object(
          {
            stacks: list(units('the units of one hex'), 'the attacking stacks, by hex'),
            units: units('the attacking units (one hex)'),
            concentric: bool('whether the attack is concentric'),
          },
          [],
          'the attacker',
        ),
        defender: object({ units: units('the defending units') }, ['units'], 'the defender'),
        formationEliminated: countsBy('eliminated units by formation id'),
        segment,
      },
      ['attacker', 'defender'],
    ),
  },
  chitAllowance: {
    summary: 'the Combat Chits each side may play from the TPVs (16.5–16.6)',
    input: object({ attackerTpv: tpv, defenderTpv: tpv }, ['attackerTpv', 'defenderTpv']),
  },
  integrity: {
    summary: "a unit's Tactical Rating with its formation's Integrity (16.5)",
    input: object(
      {
        tr: amount('the printed Tactical Rating'),
        formation: ref('formation', 'the formation'),
        stackedWithSameFormation: count('units of the same formation stacked with it'),
        formationEliminated: count('units of the formation eliminated'),
      },
      ['tr', 'formation', 'stackedWithSameFormation'],
    ),
  },
  tacticalRating: {
    summary: 'a Tactical Rating halved a number of times (16.5)',
    input: object({ tr: amount('the Tactical Rating'), halved: count('times it is halved') }, ['tr']),
  },
  concentric: {
    summary: 'whether an attack is concentric (16.9.2, 16.93)',
    input: object({
      directions: list(int('a hexside direction 0-5'), 'the directions attacked from'),
      defenderTerrain,
      acrossNoConcentric: list(int('a hexside direction 0-5'), 'directions across a hexside that forbids concentric attacks'),
    }),
  },
  combatChits: {
    summary: 'the change to each side’s Combat Hits from the chits played (16.9.1)',
    input: object(
      { played: { type: 'object', additionalProperties: list(str('a chit id'), 'its chits'), description: 'the chits played, by side' } },
      ['played'],
    ),
  },
  combatHits: {
    summary: 'the Combat Hits of a combat with SNAFU and Random Events (16.8, 16.10, 18.0)',
    input: object(
      {
        table: ref('table', 'the CRT'),
        roll,
        attack: total('the attack strength, or the strengths added'),
        defend: total('the defense strength, or the strengths added'),
        column: str('the CRT column, instead of the odds'),
        shift: int('the column shift'),
        drm: int('the die-roll modifier'),
      },
      ['table', 'roll'],
    ),
  },
  combatEvents: {
    summary: 'the SNAFU and Random Event an unmodified roll gives (16.10.1, 18.0)',
    input: object({ roll }, ['roll']),
  },
  combatRefusal: {
    summary: 'whether the defender may refuse combat, and its cost (16.7)',
    input: object(
      {
        defender: object({ allEligible: bool('whether every defending unit may refuse'), tpv }, ['tpv'], 'the defender'),
        attacker: object({ tpv }, ['tpv'], 'the attacker'),
        retreatHexesFreeOfEnemyZoc: bool('whether the retreat hexes are free of EZOCs'),
        segment,
      },
      ['defender', 'attacker'],
    ),
  },
  frontSplit: {
    summary: 'Activity Points split between the Fronts (15.10)',
    input: object({ ap: count('the Activity Points') }, ['ap']),
  },
  activityCost: {
    summary: 'the Activity Points of moves and combats in a Schwerpunkt Segment (9.1, 15.11, 16.2)',
    input: object(
      {
        side,
        moves: list(
          object({
            units: count('units moving (default 1)'),
            formation: ref('formation', 'their formation'),
            movesAsStack: bool('whether they move as one stack'),
            flags: list(ref('unitFlag', 'flag'), 'their flags'),
          }),
          'the moves',
        ),
        combats: count('combats'),
        available: count('Activity Points available'),
      },
      ['side'],
    ),
  },
  canDeclareAttack: {
    summary: 'whether an attack may be declared in a segment (16.1, 16.2)',
    input: object({ segment, ap: count('Activity Points available') }, ['segment']),
  },
  oosMovementAllowance: {
    summary: 'the movement allowance of an Out Of Supply unit (7.x)',
    input: object({ movementClass: ref('movementClass', 'the movement class'), ma: amount('the printed MA') }, ['movementClass', 'ma']),
  },
  oosGuaranteedMove: {
    summary: 'whether an Out Of Supply unit may move one hex (7.x)',
    input: object(
      {
        ma: amount('its MA'),
        hexCost: { anyOf: [amount('MP'), { enum: ['prohibited'] }], description: 'the MP cost of the hex, or "prohibited"' },
        fromEnemyZoc: bool('whether it starts in an EZOC'),
        intoEnemyZoc: bool('whether it enters an EZOC'),
      },
      ['ma', 'hexCost'],
    ),
  },
  frontRange: {
    summary: 'whether a unit is in range of a Front Marker (11.3)',
    input: object({ distance: count('hexes to the Front Marker'), box: str('the box it is in (map.json boxes)') }),
  },
  entryFront: {
    summary: 'the Front an entry hex belongs to (14.0)',
    input: object({ hex: ref('hex', 'the entry hex') }, ['hex']),
  },
  retreatOptions: {
    summary: 'how a defender may take its Combat Hits by retreat (16.10)',
    input: object({ hits, defender: units('the defending units') }, ['hits', 'defender']),
  },
  mandatoryRetreat: {
    summary: 'whether a retreat is mandatory (16.10)',
    input: object({ hits, defendingUnits: count('the defending units'), defenderTerrain }, ['hits', 'defendingUnits']),
  },
  noRetreatPossible: {
    summary: 'the step losses when a retreat is impossible (16.10)',
    input: object({ hits, mustRetreat: bool('whether it must retreat'), canRetreat: bool('whether it can retreat') }, ['hits']),
  },
  retreatEzocLosses: {
    summary: 'the step losses of retreating through EZOCs (16.11)',
    input: object({ retreatPath: list(object({ enemyZoc: bool('whether the hex is in an EZOC') }), 'each hex of the retreat') }, [
      'retreatPath',
    ]),
  },
  distributeLosses: {
    summary: 'step losses spread over the units (16.10)',
    input: object({ stepLosses: count('the step losses'), units: count('the units') }, ['stepLosses', 'units']),
  },
  applyOrder: { summary: 'the order combat results are applied in (16.10)', input: object({}) },
  stationaryRetreat: {
    summary: 'what becomes of stationary units of a retreating stack (16.10)',
    input: object({ stack: units('the stack'), retreats: bool('whether the stack retreats') }, ['stack']),
  },
  advanceLength: {
    summary: 'how far attackers may advance after combat (16.12, 16.93)',
    input: object(
      {
        attackerSuperiority: bool('whether the attacker had Tactical Superiority'),
        defenderRetreated: {
          anyOf: [count('hexes'), { enum: ['eliminated'] }],
          description: 'hexes the defender retreated, or "eliminated"',
        },
        attackers: units('the attacking units'),
      },
      ['defenderRetreated', 'attackers'],
    ),
  },
  weather: {
    summary: "a turn's weather from the Weather Table result (5.x)",
    input: object({ turn, result: str('the Weather Table result'), previous: weather }, ['turn']),
  },
  segments: {
    summary: 'the segments of a turn by its weather (5.x)',
    input: object({ weather, turn }, ['weather']),
  },
  adminPipeline: {
    summary: 'when a unit entering the Administrative Movement pipeline arrives (15.7, 19.0)',
    input: object(
      {
        side,
        turn,
        weather,
        enteredAmb1: str('the segment it entered the first box'),
        nextWeather: ref('weather', "the next turn's weather"),
      },
      ['side', 'weather', 'enteredAmb1'],
    ),
  },
  adminMovementAllowed: {
    summary: 'whether a unit may use Administrative Movement (6.3, 15.7, 15.8)',
    input: object(
      {
        turn,
        segment,
        outOfSupply: bool('whether it is Out Of Supply'),
        movedRegularly: bool('whether it used Regular Movement this segment'),
        attacks: bool('whether it attacks this segment'),
        frontnaheAuffrischung: bool('whether it undergoes Frontnahe Auffrischung'),
        entersOrExitsEnemyZoc: bool('whether it enters or exits an EZOC'),
        inFrontRange: bool('whether it is in range of a Front Marker'),
      },
      ['turn', 'segment'],
    ),
  },
  supplySource: {
    summary: 'whether a hex is a working supply source of a side (7.3)',
    input: object(
      {
        side,
        hex: ref('hex', 'the hex'),
        controlledBy: {
          anyOf: [ref('side', 'side'), { enum: ['none', 'mutual', 'both'] }],
          description: 'who controls the hex: a side, "none" or "mutual"',
        },
      },
      ['side', 'hex'],
    ),
  },
  supplyStatus: {
    summary: "a unit's supply status and OOS marker (7.x)",
    input: object({ hadOosMarker: bool('whether it had an OOS marker'), canTrace: bool('whether it can trace supply (default true)') }),
  },
  variableReinforcementDraw: {
    summary: 'a Variable Reinforcement drawn by its combat strength (11.4)',
    input: object(
      { cs: amount('the combat strength drawn'), setupHexEverEnemyControlled: bool('whether its set-up hex was ever enemy-controlled') },
      ['cs'],
    ),
  },
  replacement: {
    summary: 'whether a unit may receive a replacement, and what remains (12.0)',
    input: object(
      {
        unit: object(
          {
            movementClass: ref('movementClass', 'its movement class'),
            reduced: bool('whether it has lost steps'),
            eliminated: bool('whether it is eliminated'),
            inSupply: bool('whether it is In Supply (default true)'),
            inAmb: bool('whether it is in an Administrative Movement Box'),
          },
          ['movementClass'],
          'the unit',
        ),
        available: countsBy('replacements available, by movement class'),
        frontDistance: count('hexes to a Front Marker'),
        receivedThisSegment: bool('whether it received one this segment'),
      },
      ['unit', 'available'],
    ),
  },
  uprisingCheck: {
    summary: 'whether a city may rise (17.0)',
    input: object(
      {
        city: ref('hex', 'the city hex'),
        distance: count('hexes to the nearest unit'),
        previousAttempt: bool('whether an attempt was made before'),
      },
      ['city', 'distance'],
    ),
  },
  victoryPoints: {
    summary: 'Victory Points from step losses and Variable Reinforcements (19.21)',
    input: object({
      scenario,
      start: int('the Victory Points at the start'),
      stepsLost: countsBy('steps lost, by side'),
      disbandedVariableReinforcements: count('Variable Reinforcements disbanded'),
      zeroStrengthVariableReinforcements: count('Variable Reinforcements of zero strength'),
    }),
  },
};
