/**
 * Shapes of the authored data files, as the JSON Schemas in schemas/ accept them.
 * The schemas are the contract; these types let the code read validated files without casts.
 */
import type { Color, Maybe, Source, Unknown } from './common';

export interface Named {
  id: string;
  name: string;
  description?: string;
  source?: Source;
}

// ---- game.json ----

export interface NationalityFile {
  id: string;
  name: string;
  background?: Color | Unknown;
  text?: Color | Unknown;
  colorName?: string;
  source?: Source;
}

export interface SideFile {
  id: string;
  name: string;
  color?: Color;
  nationalities?: NationalityFile[];
  source?: Source;
}

export interface DieFile {
  id: string;
  count: number;
  faces: number;
  combine?: 'sum' | 'digits';
  name?: string;
  source?: Source;
}

export interface UnitFieldFile {
  id: string;
  name: string;
  abbreviation?: string;
  kind?: 'number' | 'text';
  role?: 'attack' | 'defense' | 'combat' | 'movement' | 'tactical' | 'range' | 'steps' | 'other';
  source?: Source;
}

export interface UnitTypeFile {
  id: string;
  name: string;
  movementClass?: string;
  symbol?: string;
  category?: string;
  source?: Source;
}

export interface UnitSizeFile {
  id: string;
  name: string;
  mark?: string;
  source?: Source;
}

export type UnitFlagEffect =
  'no-zoc' | 'cannot-attack' | 'static' | 'motorized' | 'variable-reinforcement' | 'integrity' | 'no-counter' | 'other';

export interface UnitFlagFile {
  id: string;
  name: string;
  effect?: UnitFlagEffect;
  source?: Source;
}

export interface FormationFile {
  id: string;
  name: string;
  side?: string;
  parent?: string;
  color?: Color;
  stackingValue?: number;
  /** Units of the formation, as the rules count them. */
  elements?: Maybe<number>;
  source?: Source;
}

export interface StackingRuleFile {
  side: string;
  limit?: Maybe<number>;
  unitValue?: number;
  sizeValues?: Record<string, number>;
  typeValues?: Record<string, number>;
  terrain?: string;
  weather?: string;
  when?: string;
  source?: Source;
}

export interface ZocRulesFile {
  enter?: 'stop' | 'free' | 'cost' | 'prohibited';
  leave?: 'free' | 'prohibited' | 'cost' | 'only-at-start';
  leaveCost?: number;
  enterCost?: number;
  zocToZoc?: 'allowed' | 'prohibited' | 'stop';
  extendsInto?: string[];
  notes?: string;
  source?: Source;
}

/** Unit ids or other ids: one, or a list meaning any of them. */
export type Ids = string | string[];

/** Which units (common.schema.json unitPredicate): every property given must hold. */
export interface UnitPredicateFile {
  side?: Ids;
  nationality?: Ids;
  type?: Ids;
  size?: Ids;
  movementClass?: Ids;
  category?: string[];
  formation?: Ids;
  flag?: Ids;
  match?: 'all' | 'any';
}

/** Game turns: a list, or a range with an optional interval (common.schema.json turnRange). */
export type TurnRangeFile = number[] | { from?: number; to?: number; every?: number };

/** When a rule form applies (common.schema.json condition). */
export interface ConditionFile {
  attacker?: UnitPredicateFile;
  defender?: UnitPredicateFile;
  weather?: Ids;
  phase?: Ids;
  turn?: TurnRangeFile;
  scenario?: Ids;
  terrain?: Ids;
  source?: Source;
}

export interface WeatherFile extends Named {
  movement?: {
    maxHexes?: number;
    ignoreCosts?: boolean;
    units?: UnitPredicateFile;
    modes?: string[];
    source?: Source;
  };
}

export interface StrengthRuleFile {
  id: string;
  name?: string;
  roles?: ('attack' | 'defense' | 'combat' | 'tactical')[];
  fractions?: 'keep' | 'round-each';
  round: 'down' | 'up' | 'nearest' | 'none';
  minimum?: number;
  unitMinimum?: number;
  source?: Source;
  notes?: string;
}

export type ModeAllowanceFile = 'unlimited' | { hexes: number } | { mp: number } | { maMultiplier: number };

export interface MovementModeFile {
  id: string;
  name: string;
  phases?: string[];
  allowance?: ModeAllowanceFile;
  along?: string[];
  cost?: MoveCost | Record<string, MoveCost>;
  enemyZoc?: 'normal' | 'prohibited' | 'no-start' | 'ignore';
  minEnemyDistance?: number;
  prohibitedTerrain?: string[];
  units?: UnitPredicateFile;
  source?: Source;
  notes?: string;
}

export interface SupplyRulesFile {
  maxLength?: Maybe<number>;
  blockedByEnemyZoc?: boolean;
  blockedByEnemyUnits?: boolean;
  prohibitedTerrain?: string[];
  bridges?: string[];
  friendlyNegatesZoc?: boolean;
  blockedByEnemyControl?: boolean;
  sourcesNeedControl?: boolean;
  movementProhibitedBlocks?: boolean;
  notes?: string;
  source?: Source;
}

export interface GameFile {
  id: string;
  title: string;
  subtitle?: string;
  series?: string;
  publisher?: Maybe<string>;
  designer?: Maybe<string>;
  year?: Maybe<number>;
  original?: boolean;
  description?: string;
  /** The data's edition (a VASSAL module's own version): a module built from the data states it. */
  version?: string;
  scale?: { hex?: Maybe<string>; turn?: Maybe<string>; units?: Maybe<string>; source?: Source };
  players?: string;
  sides: SideFile[];
  dice?: DieFile[];
  unitFields?: UnitFieldFile[];
  unitTypes?: UnitTypeFile[];
  unitSizes?: UnitSizeFile[];
  unitFlags?: UnitFlagFile[];
  formations?: FormationFile[];
  movementClasses?: Named[];
  weather?: WeatherFile[];
  stacking?: StackingRuleFile[];
  zoc?: ZocRulesFile;
  supply?: SupplyRulesFile;
  strength?: StrengthRuleFile[];
  movementModes?: MovementModeFile[];
  system?: string;
  /** Per system (keyed like `system`): the values and references its rule module reads (schemas/system-rules.schema.json). */
  systemRules?: Record<string, SystemRulesFile>;
  abbreviations?: { abbreviation: string; meaning: string; side?: string; source?: Source }[];
  sources?: { id: string; title: string; edition?: string; file?: string; notes?: string }[];
  source?: Source;
  notes?: string;
}

/** One cited rule value of a system block, or a declared unknown. */
export type RuleValueFile = Maybe<{ value: unknown; source?: Source; notes?: string }>;

/** A system block of game.json `systemRules`: rule name → value (plus the block's own source and notes). */
export type SystemRulesFile = Record<string, RuleValueFile | Source | string | undefined>;

// ---- map.json ----

export interface HexNumberingFile {
  orientation: 'flat' | 'pointy';
  order: 'column-row' | 'row-column';
  digits: number;
  separator?: string;
  stagger: 'odd-up' | 'even-up' | 'odd-right' | 'even-right';
  source?: Source;
}

export interface SpanFile {
  first: number;
  last: number;
}

export interface ExtentFile {
  columns: SpanFile;
  rows: SpanFile;
  complete?: boolean;
  source?: Source;
}

export type HexTerrainFile = string | string[] | { terrain: string | string[] | Unknown; partial?: boolean; source?: Source };

export interface HexsideGroupFile {
  feature: string;
  name?: string;
  sides: string[];
  source?: Source;
}

export interface PathFile {
  id?: string;
  feature: string;
  name?: string;
  hexes: string[];
  source?: Source;
}

export interface PlaceFile {
  id: string;
  name: string;
  aliases?: string[];
  hex?: Maybe<string>;
  hexes?: string[];
  kind?: string;
  offMap?: boolean;
  label?: boolean;
  source?: Source;
}

export type ZoneKind = 'edge' | 'supply' | 'entry' | 'victory' | 'setup' | 'fortification' | 'objective' | 'restricted' | 'other';

export type Compass = 'north' | 'south' | 'east' | 'west';

export interface ZoneFile {
  id: string;
  /** Short: VASSAL's location name and the box label (data/location-names.ts). */
  name?: string;
  description?: string;
  kind: ZoneKind;
  side?: string;
  edge?: Compass;
  hexes?: string[];
  places?: string[];
  complete?: boolean;
  value?: Maybe<number>;
  /** How the map prints this zone (default: map.json style.zones for its kind, else the built-in default). */
  style?: ZoneStyle;
  source?: Source;
  notes?: string;
}

/**
 * How a zone is printed on the map. none: not at all; outline: a line just inside its border;
 * tint: a broad coloured band just inside its border; code: `code` in each hex; symbol: a roundel
 * holding `code` in each hex.
 */
export interface ZoneStyle {
  draw: 'none' | 'outline' | 'tint' | 'code' | 'symbol';
  /** Text of `code` and `symbol` (default: the kind's initial, S for supply, E for entry…). */
  code?: string;
  /** Default: the side's colour, else a neutral purple. */
  color?: Color;
}

/** The code a zone of these kinds prints when its style names none (other kinds should name one). */
export const DEFAULT_ZONE_CODES: Partial<Record<ZoneKind, string>> = { supply: 'S', entry: 'E', victory: 'V', objective: 'O' };

/** The map sheet around the hexes: zones by kind, title, compass, terrain key. */
export interface MapStyle {
  /** Per zone kind, how its zones are printed unless a zone says otherwise. */
  zones?: Partial<Record<ZoneKind, ZoneStyle>>;
  /** The title printed on the map: true (the game's title and map name, the default), false, or a text. */
  title?: boolean | string;
  /** A north arrow (default true). */
  compass?: boolean;
  /** The terrain key generated from terrain.json (default true). */
  key?: boolean;
}

export interface BoxFile {
  id: string;
  /** Short: VASSAL's location name and the box label (data/location-names.ts). */
  name: string;
  description?: string;
  kind?: 'holding' | 'display' | 'track' | 'pool' | 'off-map' | 'other';
  side?: string;
  source?: Source;
}

/** A board of a VASSAL module whose pixels setup placements name (map.json `boards`). */
export interface BoardFile {
  name: string;
  /** The map window that shows it: the game map's name for the board of the hexes. */
  map: string;
  width?: number;
  height?: number;
  /** Its cell in VASSAL's layout of the map's boards (absent: 0). */
  column?: number;
  row?: number;
  /** The board's picture (a file of the game folder); absent: a plain board of its size. */
  image?: string;
  /** The plain board's colour, "#rrggbb" or "#rrggbbaa" (VASSAL's Board `color`); absent: none, the map's background shows. */
  color?: string;
  /** false: a new game leaves the board out (the module's default boards do not hold it); saves lay it out. */
  newGame?: false;
  /** Areas VASSAL names by a box although they lie over hexes. */
  zones?: BoardZoneFile[];
  /** The chart window that shows the board's map in a tab of its own (a VASSAL ChartWindow's name); absent: a map window. */
  window?: string;
  /** The name of that tab, when it is not the map's. */
  tab?: string;
  /** The board's grid as the module had it (not for the game board of the hexes): VASSAL names the board's locations by it. */
  grid?: BoardGridFile;
  /** The board's map is a window of some sides only (a VASSAL PrivateMap, or a PlayerHand); absent: every player's. */
  private?: PrivateWindowFile;
}

/** A map window of some sides only: VASSAL's PrivateMap or PlayerHand and its attributes. */
export interface PrivateWindowFile {
  kind: 'PrivateMap' | 'PlayerHand';
  /** The sides that may open it (VASSAL's `side`, the roster's names). */
  sides: string[];
  /** Shown to every player, moved by its sides only (VASSAL's `visible`). */
  visible: boolean;
  /** The map whose boards it shows (VASSAL's `useBoards`), when one is named. */
  useBoards?: string;
}

/** An element of a VASSAL board grid: its class, its attributes, its children (zones, numbering, regions). */
export interface BoardGridFile {
  class: string;
  attributes?: Record<string, string>;
  children?: BoardGridFile[];
}

export interface BoardZoneFile {
  name: string;
  /** The box a piece inside stands in. */
  box: string;
  /** Corners in board pixels. */
  polygon: Array<[number, number]>;
}

/** A pixel of a board of map.json `boards`, from its top-left corner (scenarios.json `setup[].at`). */
export interface BoardPixelFile {
  board: string;
  /** The board's map, when two maps have boards of that name. */
  map?: string;
  x: number;
  y: number;
}

/** A picture of the map printed instead of the drawn hexes (map.json `image`). */
export interface MapImageFile {
  file: string;
  /** Pixel of the picture at the centre of the extent's first hex. */
  firstHexCenter: { x: number; y: number };
}

/** VASSAL-only facts of the game map (map.json `vassal`): its grid's attributes as the module wrote them. */
/**
 * The chart window a built module shows the player aids in (the pictures of tables and charts): a
 * `buttons` entry may name it as `window`, though no board does.
 */
export const AID_CARDS_WINDOW = 'Charts';

/** The game map's name where map.json gives none (VASSAL's map id in a built module, a `backgrounds` key). */
export const DEFAULT_GAME_MAP_NAME = 'Main Map';

/**
 * The toolbar button of a map window (`map`, VASSAL's map name) or of a chart window (`window`, its name),
 * as the module shows it. Absent fields: the built module's default.
 */
/** A tool of a map window's toolbar (`buttons[].tool`): VASSAL's overview window (GlobalMap), its save-map-as-image button (ImageSaver), its hide-pieces button (HidePiecesButton). */
export type MapTool = 'overview' | 'save-image' | 'hide-pieces';

/**
 * A toolbar component of the module itself (`buttons[].component`): the piece palette (PieceWindow),
 * the player roster's retire button (PlayerRoster), the notes window (NotesWindow), the turn tracker
 * (TurnTracker).
 */
export type ToolbarComponent = 'pieces' | 'roster' | 'notes' | 'turn';

export interface MapButtonFile {
  map?: string;
  window?: string;
  /** The module's own toolbar component whose button this is; the built module has the notes window only when listed. */
  component?: ToolbarComponent;
  /** The die (game.json `dice` id) whose DiceButton this is. */
  die?: string;
  /** The map's tool this button opens; absent: the map window's own button. The built map has the tool. */
  tool?: MapTool;
  /** The button's text (a Map's `buttonName`, a ChartWindow's `text`); "" for an icon alone. */
  text?: string;
  tooltip?: string;
  /** A picture file of the game folder, or one of VASSAL's own images (a name starting with "/"). */
  icon?: string;
  /** The key that opens the window, as VASSAL writes it ("keyCode,modifiers"). */
  hotkey?: string;
  /** The hide-pieces tool's icon while the pieces are hidden (its `icon` shows while they show). */
  hiddenIcon?: string;
}

export interface MapVassalFile {
  hexGrid: Record<string, string>;
  /** Its HexGridNumbering's (an import gives a grid without one VASSAL's defaults); none is written when absent. */
  hexGridNumbering?: Record<string, string>;
  /**
   * The game board's ZonedGrid, when the hex grid is in one: its zones and other parts as the module
   * writes them, the hex grid left out (it is `hexGrid`). The built module writes them again, so that
   * VASSAL names the board's tracks and boxes as the original did.
   */
  zonedGrid?: BoardGridFile;
  /** The zone of `zonedGrid` that holds the hex grid as its own; absent: the ZonedGrid's background grid. */
  gridZone?: string;
}

export interface MapFile {
  name?: string;
  numbering: HexNumberingFile;
  extent: ExtentFile;
  hexSize: number;
  image?: MapImageFile;
  moduleScale?: number;
  defaultTerrain: string | Unknown;
  terrain?: Record<string, HexTerrainFile>;
  hexsides?: HexsideGroupFile[];
  paths?: PathFile[];
  places?: PlaceFile[];
  zones?: ZoneFile[];
  boxes?: BoxFile[];
  boards?: BoardFile[];
  /** Map windows' background colours by map name, "#rrggbb" or "#rrggbbaa" (VASSAL's Map `backgroundcolor`); absent: white. */
  backgrounds?: Record<string, string>;
  buttons?: MapButtonFile[];
  style?: MapStyle;
  vassal?: MapVassalFile;
  unstated?: Record<string, Unknown>;
  source?: Source;
  notes?: string;
}

// ---- terrain.json ----

export type MoveCost = number | 'prohibited' | 'all' | 'other' | { add: number; source?: Source } | Unknown;
/** One cost, or per movement class, each one cost or per weather ("default" covers the rest). */
export type MovementSpec = MoveCost | Record<string, MoveCost | Record<string, MoveCost>>;

export interface CombatEffectFile {
  drm?: Maybe<number>;
  shift?: Maybe<number>;
  defenseMultiplier?: Maybe<number>;
  attackMultiplier?: Maybe<number>;
  appliesTo?: 'defender-hex' | 'attack-across' | 'attacker-hex';
  condition?: string;
  noRetreat?: boolean;
  /** A defender here is never forced to retreat (it may still choose to). */
  noForcedRetreat?: boolean;
  noConcentric?: boolean;
  noZocInto?: boolean;
  cumulative?: boolean;
  weather?: string[];
  when?: ConditionFile;
  source?: Source;
}

export const TERRAIN_PATTERNS = [
  'none',
  'trees',
  'marsh',
  'hills',
  'dots',
  'hatch',
  'town',
  'city',
  'fort',
  'trench',
  'cross',
  'bridge',
  'teeth',
  'dash',
  'rail',
] as const;

export type TerrainPattern = (typeof TERRAIN_PATTERNS)[number];

/** The patterns each kind of terrain can be drawn with: symbols inside a hex, decorations of a line. */
export const PATTERNS_BY_KIND: Record<TerrainTypeFile['kind'], readonly TerrainPattern[]> = {
  hex: ['none', 'trees', 'marsh', 'hills', 'dots', 'hatch', 'town', 'city', 'fort', 'trench', 'cross'],
  feature: ['none', 'trees', 'marsh', 'hills', 'dots', 'hatch', 'town', 'city', 'fort', 'trench', 'cross'],
  hexside: ['none', 'bridge', 'teeth', 'dash'],
  path: ['none', 'dash', 'rail'],
};

/** How the map draws a terrain; every field left out takes the default for the terrain's kind and name. */
export interface TerrainStyle {
  fill?: Color;
  stroke?: Color;
  /** Line width in points (hexsides, paths). */
  width?: number;
  /** Dash pattern of a line in points: on, off[, on, off…]. */
  dash?: number[];
  pattern?: TerrainPattern;
  layer?: number;
}

export interface TerrainTypeFile {
  id: string;
  name: string;
  kind: 'hex' | 'hexside' | 'path' | 'feature';
  style?: TerrainStyle;
  movement?: MovementSpec;
  combat?: CombatEffectFile;
  /** Further effects, each with its own condition, applied as well as `combat`. */
  combatEffects?: CombatEffectFile[];
  other?: { topic?: string; text: string; source?: Source }[];
  source?: Source;
  notes?: string;
}

export interface TerrainFile {
  terrain: TerrainTypeFile[];
  notes?: string;
}

// ---- units.csv ----

export type UnitValue = number | string | Unknown;

/** The named columns of units.csv, in the order a written units.csv has them; value columns follow `entry`. */
export const UNIT_COLUMNS = [
  'id',
  'side',
  'nationality',
  'type',
  'size',
  'formation',
  'designation',
  'name',
  'steps',
  'back',
  'next',
  'flags',
  'setup',
  'entry',
  'template',
  'image',
  'backImage',
  'count',
  'source',
  'notes',
] as const;

export interface UnitRow {
  id: string;
  side: string;
  nationality?: string;
  type: string;
  size?: Maybe<string>;
  formation?: string;
  designation?: Maybe<string>;
  name?: string;
  steps?: Maybe<number>;
  back?: 'reduced' | 'blank' | 'same' | 'other';
  next?: string;
  flags?: string[];
  setup?: Maybe<string>;
  entry?: Maybe<number>;
  template?: string;
  /** Face art: an image file, relative to the game folder, printed instead of the template. */
  image?: string;
  backImage?: string;
  count?: number;
  source?: string;
  notes?: string;
  /** Value columns: `<field>` (front) and `back.<field>`. */
  [value: string]: unknown;
}

// ---- counters.json ----

export interface SlotFile {
  kind: 'text' | 'symbol' | 'size' | 'formation-box' | 'band' | 'dot';
  field?: string;
  format?: string;
  x: number;
  y: number;
  w: number;
  h: number;
  align?: 'left' | 'center' | 'right';
  fontSize?: number;
  bold?: boolean;
  when?: string;
  color?: Color;
}

export interface TemplateFile {
  id: string;
  size: string;
  front: SlotFile[];
  back?: SlotFile[];
  source?: Source;
}

export interface FaceFile {
  text?: string;
  subtext?: string;
  background?: Color;
  color?: Color;
}

export interface MarkerFile {
  id: string;
  name: string;
  size?: string;
  count?: Maybe<number>;
  side?: string;
  front?: FaceFile;
  back?: FaceFile;
  track?: string;
  /** Picture of the front, relative to the game folder. */
  image?: string;
  /** Picture of the back, relative to the game folder. */
  backImage?: string;
  source?: Source;
}

export interface ChitFile {
  id: string;
  name: string;
  number?: number;
  side?: string;
  count?: Maybe<number>;
  effect?: Maybe<string>;
  pool?: string;
  front?: FaceFile;
  back?: FaceFile;
  source?: Source;
}

export interface SheetFile {
  paper?: 'letter' | 'a4';
  layout?: 'butted' | 'gutter';
  pack?: 'mixed' | 'by-kind';
  gutterMm?: number;
  bleedMm?: number;
  flip?: 'long-edge' | 'short-edge';
  backOffsetMm?: { x?: number; y?: number };
  /** How far counter text keeps its ink inside the cut edges, points (default 2). */
  safeInsetPt?: number;
}

export interface CountersFile {
  sizes: Record<string, number>;
  templates: TemplateFile[];
  markers?: MarkerFile[];
  chits?: ChitFile[];
  sheet?: SheetFile;
  unstated?: Record<string, Unknown>;
  /** How the VASSAL module it was imported from held its counters, where a built module holds them so. */
  vassal?: { masks?: CounterMaskFile[] };
  notes?: string;
}

// ---- tables.json ----

export interface RangeFile {
  min: number;
  max: number;
}

export interface ColumnFile {
  label: string;
  odds?: [number, number];
  min?: number;
  max?: number;
  /** On a table listing only some columns: the next listed column is the next printed one. */
  contiguous?: boolean;
  /** On a table listing only some columns: odds up to this ratio are stated to use this column. */
  through?: { odds: [number, number]; source?: Source };
  source?: Source;
}

export type OffTableFile = 'clamp' | 'prohibited' | { result: string; rollStill?: boolean; source?: Source };

export interface RowFile {
  min: number;
  max: number;
  label?: string;
  cells?: (string | number)[];
  source?: Source;
}

export interface TableModifierFile {
  id: string;
  label: string;
  kind?: 'drm' | 'shift' | 'multiplier' | 'other';
  value?: Maybe<number>;
  /** Applies by itself in this situation; without it, only when a question names it. */
  when?: ConditionFile;
  source?: Source;
}

export interface TableFile {
  id: string;
  name: string;
  kind?: 'crt' | 'weather' | 'activity' | 'attrition' | 'events' | 'replacement' | 'reinforcement' | 'supply' | 'other';
  dice?: string;
  columnKind: 'odds' | 'differential' | 'strength' | 'label' | 'none';
  columns?: ColumnFile[];
  columnsComplete?: boolean;
  oddsRounding?: 'defender' | 'attacker' | 'nearest';
  below?: OffTableFile;
  above?: OffTableFile;
  rows?: RowFile[];
  rowsComplete?: boolean;
  rollRange?: RangeFile;
  drmRange?: RangeFile;
  modifiers?: TableModifierFile[];
  results?: { code: string; meaning: string; source?: Source }[];
  body?: Unknown;
  aid?: boolean;
  /** How the VASSAL module it was imported from held it, when not as a picture; a built module holds it so. */
  vassal?: { chart: 'html' };
  source?: Source;
  notes?: string;
}

export interface TablesFile {
  tables: TableFile[];
  notes?: string;
}

// ---- tracks.json ----

export interface TurnFile {
  turn: number;
  label?: string;
  date?: Maybe<string>;
  weather?: Maybe<string>;
  values?: Record<string, number | string | Unknown>;
  events?: string[];
  source?: Source;
}

export interface PhaseFile {
  id: string;
  name: string;
  side?: string;
  text?: string;
  repeat?: string;
  condition?: string;
  steps?: PhaseFile[];
  source?: Source;
}

export interface TracksFile {
  turns: TurnFile[];
  turnValues?: { id: string; name: string; side?: string; source?: Source }[];
  records?: {
    id: string;
    name: string;
    description?: string;
    min?: Maybe<number>;
    max?: Maybe<number>;
    markers?: string[];
    source?: Source;
  }[];
  sequence: PhaseFile[];
  /** Required parts the source does not state ("/turns", "/turns/last", "/sequence"): placeholders, never facts. */
  unstated?: Partial<Record<TracksUnstated, Unknown>>;
  notes?: string;
}

export type TracksUnstated = '/turns' | '/turns/last' | '/sequence';

// ---- scenarios.json ----

export interface WhoFile {
  units?: string[];
  formations?: string[];
  text?: string;
  side?: string;
}

export interface WhereFile {
  hex?: string;
  hexes?: string[];
  zone?: string;
  box?: string;
  code?: string;
  within?: number;
  where?: string;
}

export interface PlacementFile extends WhoFile, WhereFile {
  reduced?: boolean;
  /** Free setup: this many of the listed units set up, each on one of the hexes / in the zone. */
  choose?: number;
  /** Free setup: at most this many of the listed units in one hex. */
  perHex?: number;
  /** The VASSAL at-start stack that places them (its name), when imported from one. */
  stack?: string;
  /** The editor folders holding that stack in the module, outermost first. */
  folders?: string[];
  /** The pixel of a board where they stand, inside `box`, or off the centre of `hex` (a built module keeps it while it lies in that hex). */
  at?: BoardPixelFile;
  /** They start face down: masked, showing what the scenario's `vassal.unitMasks` says. */
  faceDown?: true;
  source?: Source;
}

/** A marker a scenario starts with: on a record track, in a hex, or in a box (at a board pixel of it, in a VASSAL at-start stack). */
export interface MarkerPlacementFile {
  marker: string;
  track?: string;
  value?: number | string | Unknown;
  hex?: string;
  box?: string;
  where?: string;
  at?: BoardPixelFile;
  stack?: string;
  folders?: string[];
  /** Starts face down: masked, showing what the scenario's `vassal.masks` says. */
  faceDown?: true;
  source?: Source;
}

export interface ArrivalFile extends WhoFile, WhereFile {
  turn: Maybe<number>;
  condition?: string;
  source?: Source;
}

export interface ReplacementFile {
  turn?: Maybe<number>;
  turns?: string;
  /** The turns they are received on, when not one `turn`. */
  available?: TurnRangeFile;
  side: string;
  points?: Maybe<number>;
  kind?: string;
  /** Counters that become available as replacements. */
  units?: string[];
  text?: string;
  source?: Source;
}

export interface ScenarioFile {
  id: string;
  name: string;
  description?: string;
  firstTurn: number;
  lastTurn: number;
  firstSide?: string;
  setupOrder?: string[];
  weather?: string;
  setup?: PlacementFile[];
  reinforcements?: ArrivalFile[];
  withdrawals?: ArrivalFile[];
  replacements?: ReplacementFile[];
  chits?: { turn?: Maybe<number>; side: string; add?: string[]; remove?: string[]; text?: string; source?: Source }[];
  markers?: MarkerPlacementFile[];
  victory?: {
    id: string;
    side?: string;
    kind?: string;
    text: string;
    points?: Maybe<number>;
    hexes?: string[];
    zone?: string;
    source?: Source;
  }[];
  specialRules?: { id: string; title?: string; text: string; source?: Source }[];
  playingTime?: string;
  source?: Source;
  /** Parts the source does not state ("/setup": the initial placements). */
  unstated?: Partial<Record<'/setup', Unknown>>;
  /** How the VASSAL module it was imported from held its placements; a built module holds them so. */
  vassal?: ScenarioVassalSetup;
  /** Stacks players draw cards from (a VASSAL DrawPile); their cards are placed with `stack` = the deck's name. */
  decks?: DeckFile[];
  notes?: string;
}

export interface DeckFile {
  /** The `stack` of the placements that put its cards where it stands. */
  name: string;
  /** Unit and marker ids in the order the module lists its CardSlots. */
  cards: string[];
  /** The DrawPile's attributes but its name and position, as the module had them. */
  vassal?: Record<string, string>;
  /** Where a deck no card starts in stands (a discard pile); a deck with cards stands where they are placed. */
  place?: DeckPlaceFile;
  /** The editor folders holding that empty deck in the module, outermost first. */
  folders?: string[];
  /** The deck as a saved game holds it (a scenario built as a saved game). */
  saved?: SavedDeckFile;
}

/** A VASSAL Deck in a saved game: its type (its name and settings, VASSAL's encoding) and whether its cards lie face down. */
export interface SavedDeckFile {
  type: string;
  faceDown: boolean;
}

/** A place as a placement names it: a hex, else a box (at a board pixel of it, or at a spot VASSAL names). */
export interface DeckPlaceFile {
  hex?: string;
  box?: string;
  at?: BoardPixelFile;
  where?: string;
}

export interface ScenarioVassalSetup {
  setup: 'at-start stacks' | 'saved game';
  /** The saved game's entry name in the module. */
  file?: string;
  /** The setup menus (VASSAL PredefinedSetup menus) holding its setup in File > New Game, outermost first. */
  menu?: string[];
  /** Marker id → the Mask its face-down copies have in the module. */
  masks?: Record<string, MaskFile>;
  /** Unit id → the Mask hiding it where a `setup` placement lays it face down. */
  unitMasks?: Record<string, MaskFile>;
}

/**
 * A VASSAL Mask (Obscurable) as a piece carries it: its picture, display style and menu. A field
 * left out means what a build writes then (src/vassal/module/masks.ts MASK_DEFAULTS).
 */
export interface MaskTypeFile {
  image: string;
  style: string;
  /** The mask/unmask keystroke, as VASSAL encodes it ("77,130": Ctrl+M; "": none). */
  key?: string;
  /** The menu text of mask/unmask. */
  menu?: string;
  /** The name others see the masked piece by. */
  name?: string;
  /** Who may unmask it: the player who masked it, a player of the side that did, or a player of one of these sides. */
  access?: MaskAccessFile;
  /** The menu text of the peek command (style `P` with a key). */
  peek?: string;
  description?: string;
  /** Whether the one who masked it sees its face under the mouse. */
  autoPeek?: boolean;
  /** The keystroke that gives the piece to the side `dealExpression` names, and that expression. */
  dealKey?: string;
  dealExpression?: string;
}

export type MaskAccessFile = 'player' | 'side' | string[];

/** A Mask hiding a piece: the Mask, and who masked it (a player id, or a side when its access is by side). */
export interface MaskFile extends MaskTypeFile {
  by: string;
}

/** A Mask counters carry in the palette (unmasked), and the units and markers carrying it. */
export interface CounterMaskFile extends MaskTypeFile {
  units?: string[];
  markers?: string[];
}

export interface ScenariosFile {
  scenarios: ScenarioFile[];
  notes?: string;
}

// ---- checks.json ----

export interface CheckFile {
  id: string;
  title?: string;
  kind: 'example' | 'derived' | 'erratum' | 'data';
  rule: string;
  source?: Source;
  quote?: string;
  query: string;
  input: Record<string, unknown>;
  expect: Record<string, unknown>;
  erratum?: { ruleReading: string; exampleReading: string; exampleExpect?: Record<string, unknown>; decision?: string };
  notes?: string;
}

export interface ContradictionFile {
  id: string;
  summary: string;
  kind: 'contradiction' | 'ambiguity' | 'gap' | 'wording';
  checks?: string[];
  resolved?: string;
  unchecked?: string;
  decision?: string;
  source?: Source;
}

export interface ChecksFile {
  checks: CheckFile[];
  contradictions?: ContradictionFile[];
  notes?: string;
}
