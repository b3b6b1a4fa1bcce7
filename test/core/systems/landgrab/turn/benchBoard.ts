/**
 * The bench row of issue 28: red holds A, B, C, D with 4 each; blue holds E, F, G, H with 3, 3, 3, 2;
 * continent East = E, F, G, H (bonus 5); 8 reinforcements; objective continent:East.
 */
import type { BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';

export function benchBoard(reinforcements = 8): BoardInput {
  return {
    territories: [
      { name: 'A', owner: 'red', armies: 4 },
      { name: 'B', owner: 'red', armies: 4 },
      { name: 'C', owner: 'red', armies: 4 },
      { name: 'D', owner: 'red', armies: 4 },
      { name: 'E', owner: 'blue', armies: 3 },
      { name: 'F', owner: 'blue', armies: 3 },
      { name: 'G', owner: 'blue', armies: 3 },
      { name: 'H', owner: 'blue', armies: 2 },
    ],
    links: [
      ['A', 'E'],
      ['B', 'E'],
      ['B', 'F'],
      ['C', 'F'],
      ['C', 'G'],
      ['D', 'G'],
      ['D', 'H'],
      ['E', 'F'],
      ['F', 'G'],
      ['G', 'H'],
    ],
    continents: [{ name: 'East', bonus: 5, territories: ['E', 'F', 'G', 'H'] }],
    me: 'red',
    reinforcements,
  };
}
