/** What `hexforge update` changed, value by value and place by place: what its report lists. */

/** One place of the module that changed. */
export interface ChangedPlace {
  entry: string;
  /** Component path (buildFile), or "piece <id>" (saved game). */
  where: string;
  /** "trait 3 (piece;)", "attribute entryName", "name". */
  what: string;
  before: string;
  after: string;
}

export interface AppliedChange {
  /** "unit moslem_cannon_1-0 value1" or "title". */
  subject: string;
  before: string;
  after: string;
  source: string;
  places: ChangedPlace[];
}
