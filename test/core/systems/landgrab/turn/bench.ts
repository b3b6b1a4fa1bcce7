/**
 * Measures the exact planner on the bench board (not a test: run it alone, e.g.
 * `/usr/bin/time -v node --import tsx test/core/systems/landgrab/turn/bench.ts [reinforcements] [objective]`).
 * Prints the states stored, the seconds to solve every placement, to derive the main line and to value
 * the baselines, the optimal value, the best placement and the runner-up, the baselines and the main line.
 */
import { parseBoard } from '../../../../../src/core/systems/landgrab/turn/board.js';
import { boardObjective, objectiveFromText } from '../../../../../src/core/systems/landgrab/turn/objective.js';
import { turnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';
import { createTurnSolver } from '../../../../../src/core/systems/landgrab/turn/turnSolver.js';
import { placementArray, solveTurn } from '../../../../../src/core/systems/landgrab/turn/solveTurn.js';
import { mainLine } from '../../../../../src/core/systems/landgrab/turn/mainLine.js';
import { baselines } from '../../../../../src/core/systems/landgrab/turn/baselines.js';
import { startState } from '../../../../../src/core/systems/landgrab/turn/turnState.js';
import { benchBoard } from './benchBoard.js';

const board = parseBoard(benchBoard(Number(process.argv[2] ?? 8)));
const goal = boardObjective(board, objectiveFromText(process.argv[3] ?? 'continent:East'));
const solver = createTurnSolver(board, goal, turnRules());
const t0 = performance.now();
const solution = solveTurn(solver);
const t1 = performance.now();
if (solution.status !== 'solved') throw new Error(solution.message);
const line = mainLine(solver, startState(board, placementArray(board, solution.bestPlacement)));
const t2 = performance.now();
const simpler = baselines(board, goal, solver.rules, solution);
const t3 = performance.now();
const ranked = [...solution.placements].sort((x, y) => y.value - x.value);
console.log({
  placements: solution.placements.length,
  states: solution.statesVisited,
  bytesPerState: solution.bytesPerState,
  tableMB: solution.tableBytes / 1e6,
  solveSeconds: (t1 - t0) / 1000,
  mainLineSeconds: (t2 - t1) / 1000,
  baselineSeconds: (t3 - t2) / 1000,
  value: solution.value,
  best: solution.bestPlacement,
  runnerUp: ranked[1],
});
for (const b of simpler) console.log(b.name, b.value, JSON.stringify(b.placement), b.attack ?? '');
for (const s of line)
  console.log(
    `${s.text}  P(reach) ${s.pReach.toFixed(4)}  value ${s.value.toFixed(4)}`,
    s.attack ? `P(take) ${s.attack.pConquer.toFixed(4)}` : '',
  );
