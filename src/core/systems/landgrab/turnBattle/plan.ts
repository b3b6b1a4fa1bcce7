/**
 * A turn's plan (what workers receive: the board, objective and rules as plain data, the state budget)
 * and its named tally layout: what the end of the turn looks like under the plan played, one count per
 * turn. For a probability objective (`continent:NAME`, `capitol:PLAYER`) the headline is P(objective)
 * and its complement; for an expectation objective (`territories`, `reinforcements`, `value`) the
 * headline is P(at least one territory taken), an honest event of every turn, and the expectation is
 * a mean: of the territories held, of next turn's reinforcements, or (value) read from the joint count
 * of territories and armies held (describe.ts).
 */
import { LayoutBuilder, type TallyLayout } from '../../../model/tallyLayout.js';
import { countBits, reinforcementsOwned, type Board, type BoardInput } from '../turn/board.js';
import type { BoardObjective, Objective } from '../turn/objective.js';
import type { TurnRules } from '../turn/turnRules.js';

/** The headline of a probability objective, and of an expectation objective. */
export const OBJECTIVE_MET = 'pObjective';
export const TAKES_ANY = 'pTakesAny';

/** Offsets of a turn's bins (-1: not in this layout). */
export interface TurnOffsets {
  /** Territories taken, 0..enemies (held at the end = mine at the start + taken). */
  taken: number;
  /** Probability objectives: [missed, met]. */
  objective: number;
  /** My armies on the board at the end, from `armiesFrom`. */
  armies: number;
  armiesFrom: number;
  armiesTo: number;
  /** Reinforcements next turn, from `reinforcementsFrom`. */
  reinforcements: number;
  reinforcementsFrom: number;
  /** One bin per continent (-1 for the objective's own): held whole at the end. */
  continents: number[];
  /** Objective value: (taken, armies) jointly, taken-major, (armiesTo - armiesFrom + 1) armies per row. */
  joint: number;
}

export interface TurnBattlePlan {
  kind: 'turn';
  board: BoardInput;
  objective: Objective;
  rules: TurnRules;
  /** The exact planner's state budget. */
  maxStates: number;
  /** What makes two plans the same turn (board, objective, rules, budget): the caches' key. */
  key: string;
  at: TurnOffsets;
}

/** Whether the objective is a probability (its value is P(objective)) rather than an expectation. */
export function isProbabilityObjective(goal: Pick<BoardObjective, 'kind'>): boolean {
  return goal.kind === 'continent' || goal.kind === 'capitol';
}

/** The objective in words, as a sentence's event: "you hold East at the end of the turn". */
export function objectiveEvent(objective: Objective): string {
  switch (objective.kind) {
    case 'continent':
      return `you hold ${objective.continent} at the end of the turn`;
    case 'capitol':
      return `you take ${objective.player}'s capitol this turn`;
    case 'territories':
      return 'territories you hold at the end of the turn';
    case 'reinforcements':
      return 'your reinforcements next turn';
    case 'value':
      return 'armies on the board plus the worth of the territories you hold';
  }
}

/** The turn's layout and offsets. */
export function turnLayout(board: Board, goal: BoardObjective): { layout: TallyLayout; at: TurnOffsets } {
  const b = new LayoutBuilder();
  const n = board.names.length;
  const mine = countBits(board.mine);
  const enemies = n - mine;
  const taken = b.block('taken', enemies + 1);
  let objective = -1;
  if (isProbabilityObjective(goal)) {
    objective = b.block('objective', 2);
    b.event(OBJECTIVE_MET, `P(${objectiveEvent(goal.objective)})`, [[objective + 1, 1]]);
    b.event('pObjectiveMissed', 'P(you miss the objective)', [[objective, 1]]);
    b.partition('outcome', 'Outcome', [OBJECTIVE_MET, 'pObjectiveMissed']);
    b.event(TAKES_ANY, 'P(you take at least one territory)', [[taken + 1, enemies]]);
  } else {
    b.event(TAKES_ANY, 'P(you take at least one territory)', [[taken + 1, enemies]]);
    b.event('pTakesNone', 'P(you take no territory)', [[taken, 1]]);
    b.partition('outcome', 'Outcome', [TAKES_ANY, 'pTakesNone']);
  }
  const continents = board.continents.map((c, k) => {
    if (goal.kind === 'continent' && goal.target === c.mask) return -1;
    const offset = b.block(`continent${k}`, 1);
    b.event(`pContinent${k}`, `P(you hold ${c.name} at the end of the turn)`, [[offset, 1]]);
    return offset;
  });
  b.histogram('territoriesHeld', {
    label: 'Territories you hold at the end of the turn',
    xLabel: 'territories',
    series: 'attacker',
    from: mine,
    to: n,
    terms: [{ offset: taken }],
    means: [{ key: 'territoriesHeld', label: 'Territories you hold at the end of the turn' }],
  });
  // Every territory of mine keeps at least one army; conversions only shrink armies.
  const armiesFrom = mine;
  const armiesTo = board.armies.reduce((s, a) => s + a, 0) + board.reinforcements;
  const armies = b.histogram('armiesAtEnd', {
    label: 'Your armies on the board at the end of the turn',
    xLabel: 'armies',
    series: 'attacker',
    from: armiesFrom,
    to: armiesTo,
    means: [{ key: 'armiesAtEnd', label: 'Your armies on the board at the end of the turn' }],
  });
  const reinforcementsFrom = reinforcementsOwned(board, board.mine);
  const reinforcementsTo = reinforcementsOwned(board, (1 << n) - 1);
  const reinforcements = b.histogram('reinforcementsNext', {
    label: 'Your reinforcements next turn',
    xLabel: 'reinforcements',
    series: 'attacker',
    from: Math.min(reinforcementsFrom, reinforcementsTo),
    to: reinforcementsTo,
    means: [{ key: 'reinforcementsNext', label: 'Your reinforcements next turn' }],
  });
  const joint = goal.kind === 'value' ? b.block('heldAndArmies', (enemies + 1) * (armiesTo - armiesFrom + 1)) : -1;
  return {
    layout: b.build(),
    at: {
      taken,
      objective,
      armies,
      armiesFrom,
      armiesTo,
      reinforcements,
      reinforcementsFrom: Math.min(reinforcementsFrom, reinforcementsTo),
      continents,
      joint,
    },
  };
}

/**
 * Adds `weight` (one turn, or its probability) for a turn ending with `mine` held and `armies`
 * per territory into a tally or an exact vector laid out by `at`.
 */
export function recordEnd(
  board: Board,
  goal: BoardObjective,
  at: TurnOffsets,
  mine: number,
  armies: ArrayLike<number>,
  weight: number,
  into: Float64Array,
): void {
  const held = countBits(mine);
  const taken = held - countBits(board.mine);
  into[at.taken + taken] += weight;
  if (at.objective >= 0) into[at.objective + ((mine & goal.target) === goal.target ? 1 : 0)] += weight;
  let total = 0;
  for (let t = 0; t < board.names.length; t++) if (mine & (1 << t)) total += armies[t];
  into[at.armies + total - at.armiesFrom] += weight;
  into[at.reinforcements + reinforcementsOwned(board, mine) - at.reinforcementsFrom] += weight;
  board.continents.forEach((c, k) => {
    if (at.continents[k] >= 0 && (mine & c.mask) === c.mask) into[at.continents[k]] += weight;
  });
  if (at.joint >= 0) into[at.joint + taken * (at.armiesTo - at.armiesFrom + 1) + total - at.armiesFrom] += weight;
}
