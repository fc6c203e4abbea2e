/**
 * The files of `hexforge init --from blank`: the smallest game that validates and builds (two sides,
 * one unit each, a 6×4 map of clear terrain), for a publisher to fill in. `$schema` paths are set by init.
 */
export function blankGameFiles(id: string): Record<string, unknown> {
  return {
    'game.json': {
      $schema: 'game',
      id,
      title: 'New game',
      original: true,
      sides: [
        { id: 'blue', name: 'Blue', nationalities: [{ id: 'blue-army', name: 'Blue Army', background: '#6fa8dc', text: '#000000' }] },
        { id: 'red', name: 'Red', nationalities: [{ id: 'red-army', name: 'Red Army', background: '#e06666', text: '#000000' }] },
      ],
      dice: [{ id: '1d6', count: 1, faces: 6 }],
      unitFields: [
        { id: 'attack', name: 'Attack', role: 'attack' },
        { id: 'defense', name: 'Defense', role: 'defense' },
        { id: 'move', name: 'Movement', role: 'movement' },
      ],
      unitTypes: [{ id: 'infantry', name: 'Infantry', movementClass: 'foot', symbol: 'infantry' }],
      unitSizes: [{ id: 'division', name: 'Division', mark: 'XX' }],
      movementClasses: [{ id: 'foot', name: 'Foot' }],
      weather: [{ id: 'clear', name: 'Clear' }],
    },
    'map.json': {
      $schema: 'map',
      numbering: { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' },
      extent: { columns: { first: 1, last: 6 }, rows: { first: 1, last: 4 } },
      hexSize: 0.625,
      defaultTerrain: 'clear',
      terrain: {},
    },
    'terrain.json': { $schema: 'terrain', terrain: [{ id: 'clear', name: 'Clear', kind: 'hex', movement: 1 }] },
    'tracks.json': {
      $schema: 'tracks',
      turns: [{ turn: 1 }, { turn: 2 }, { turn: 3 }],
      sequence: [
        { id: 'move', name: 'Movement' },
        { id: 'combat', name: 'Combat' },
      ],
    },
    'units.csv':
      'id,side,nationality,type,size,designation,attack,defense,move,setup\nb1,blue,blue-army,infantry,division,1,4,4,4,0101\nr1,red,red-army,infantry,division,1,3,3,4,0604\n',
  };
}
