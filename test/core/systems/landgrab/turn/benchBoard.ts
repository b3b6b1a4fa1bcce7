/**
 * The bench row of issue 28, read from its one definition, data/landgrab/bench-board.json: red holds A, B, C, D
 * with 4 each; blue holds E, F, G, H with 3, 3, 3, 2; continent East = E, F, G, H (bonus 5); 8 reinforcements;
 * objective continent:East. Other reinforcements give the same board with less or more to place.
 */
import { readFileSync } from 'node:fs';
import type { BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';
import { boardInput, type BoardFile } from '../../../../../src/core/systems/landgrab/turnBattle/schema.js';

const BENCH_BOARD_FILE = new URL('../../../../../data/landgrab/bench-board.json', import.meta.url);

export function benchBoard(reinforcements = 8): BoardInput {
  const file = JSON.parse(readFileSync(BENCH_BOARD_FILE, 'utf8')) as BoardFile;
  return { ...boardInput(file), reinforcements };
}
