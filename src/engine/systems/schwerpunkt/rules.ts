/**
 * Rule parameters that exist only in the Schwerpunkt rule text (Von Manstein's Backhand Blow seed
 * 000_11f7d47ba2f609fc); everything the game data holds is read from the Game instead.
 */

/** 2.4.3 L156: the three unit categories, used as movement class ids by game.json. */
export const MOTORIZED = 'motorized';
export const NON_MOTORIZED = 'non-motorized';
export const STATIONARY = 'stationary';

/** 5.1–5.4 L276–290: the weather conditions (game.json weather ids). */
export const FROZEN = 'frozen';
export const MUD = 'mud';
export const DEEP_MUD = 'deep-mud';

/** 8.2 L334: a player spends zero to three C3I Points per Schwerpunkt Segment. */
export const MAX_C3I_SPEND = 3;
/** 8.4 L344: Rochade may be declared starting with Game Turn 7, once per game, on a Frozen turn. */
export const ROCHADE_FIRST_TURN = 7;
/** 8.4 L347, 15.9 L455–456: up to five units or formations (VRs not counted) AMB #2 → map. */
export const ROCHADE_MAX_PLACEMENTS = 5;

/** 15.1 L421: one Activity Point per unit moved in a Schwerpunkt Segment. */
export const AP_PER_UNIT_MOVED = 1;
/** 15.10 L458: one Activity Point per German formation stack moving together. */
export const AP_PER_FORMATION_STACK = 1;
/** 16.2 L466, 16.4 L480: three Activity Points per combat in a Schwerpunkt Segment. */
export const AP_PER_COMBAT = 3;

/** 3.2 L199, 16.9 L510: no unit's final Tactical Rating below one. */
export const MIN_TACTICAL_RATING = 1;
/** 16.6 L500: Integrity Bonus. */
export const INTEGRITY_BONUS = 2;
/** 16.6 L500: stacked with at least one other unit of its parent formation… */
export const INTEGRITY_OTHERS_NEEDED = 1;
/** 16.6 L501 (3.6 L211): …two others for the four-element formations Wiking and 19th PD (game.json formation ids). */
export const FOUR_ELEMENT_FORMATIONS: readonly string[] = ['wiking', '19pd'];
export const INTEGRITY_OTHERS_NEEDED_FOUR_ELEMENT = 2;
/** 16.6 L502: the bonus is lost when two units of the formation have been eliminated. */
export const INTEGRITY_LOST_AFTER_ELIMINATED = 2;
/** 16.9.2 L518: Concentric Attack raises the attackers' Tactical Rating by one. */
export const CONCENTRIC_BONUS = 1;

/** 16.52 L495–496: chits a player may play. */
export const CHITS_SUPERIOR = 3;
export const CHITS_INFERIOR = 1;
export const CHITS_TIE = 2;

/** 16.10.1 L538: unmodified rolls that add one Combat Hit. */
export const SNAFU_DEFENDER_ROLL = 3;
export const SNAFU_ATTACKER_ROLL = 11;
/** 18.0 L571: unmodified CRT rolls that generate a Random Event. */
export const RANDOM_EVENT_ROLLS: readonly number[] = [2, 12];

/** 16.11 L541–542: at most two Combat Hits become retreat hexes; two only for supplied all-motorized stacks. */
export const MAX_RETREAT_HEXES = 2;
/** 16.7 L504: Combat Refusal retreats exactly two hexes; the attacker advances at most into the vacated hex. */
export const REFUSAL_RETREAT_HEXES = 2;
export const REFUSAL_ADVANCE_MAX = 1;
/** 16.12 L557: second advance hex. */
export const MAX_ADVANCE_HEXES = 2;

/** 7.4 L322: Movement Allowance of OOS units regardless of their printed value. */
export const OOS_MOVEMENT_ALLOWANCE: Readonly<Record<string, number>> = { [MOTORIZED]: 3, [NON_MOTORIZED]: 1 };

/** 14.0 L408, 12.0 L384: range of a Soviet Front Marker in hexes. */
export const FRONT_RANGE = 12;

/** 17.0 L561: within three hexes of a City hex. */
export const UPRISING_RANGE = 3;
/** 17.0 L563: Kramatorsk and Konstantinovka are not cities for the Soviet Uprising. */
export const UPRISING_EXCLUDED_HEXES: readonly string[] = ['4128', '4331'];

/** 19.21 L586: each step loss from combat or attrition is worth one VP (Soviet +, German −). */
export const VP_PER_STEP = 1;

/** 16.10 L535: results against the defender are applied before those against the attacker. */
export const APPLY_FIRST = 'defender';
export const APPLY_THEN = 'attacker';
