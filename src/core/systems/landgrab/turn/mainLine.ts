/**
 * The main line of an optimal turn, by exact forward propagation of the optimal policy's play.
 *
 * The play is followed one target at a time. At each step the probability mass still on the line is
 * spread over states; the policy's next decision there is grouped by target (or stop), and the line
 * follows the likeliest group. An attack step then covers every round the policy rolls on that target
 * (from whichever territory it picks): it ends in the conquest, followed by a move-in step, or where
 * the policy turns away (stops or attacks another target): a branch point. Mass leaving the line is
 * dropped, so `pReach` is the probability that the play really goes this way.
 */
import type { TurnSolver } from './turnSolver.js';
import { describeAction, type TurnAction } from './turnAction.js';
import { turnMoves } from './turnMoves.js';
import type { TurnState } from './turnState.js';

export interface BranchPoint {
  /** Armies per territory where the policy turns away from the step's target. */
  armies: number[];
  /** P(the step ends here | the step is reached). */
  p: number;
  then: TurnAction;
  text: string;
}

export interface MoveInChoice {
  /** Armies left in the attacking territory at the conquest, and the move the policy makes then. */
  fromArmies: number;
  action: TurnAction;
  /** P(this conquest and move | the move-in step is reached). */
  p: number;
}

export interface MainLineStep {
  /** An attack names its likeliest first attacking territory; a move-in, the likeliest move. */
  action: TurnAction;
  text: string;
  /** P(the play reaches this step: every earlier step of the line happened). */
  pReach: number;
  /** The optimal expected objective from here, averaged over the states reaching the step. */
  value: number;
  /**
   * For an attack: P(it takes the target | this step), P(the policy stops without it | this step), and
   * where the policy turns away (stops or attacks elsewhere), likeliest first (at most MAX_BRANCHES).
   */
  attack?: { target: number; pConquer: number; pBreakOff: number; branches: BranchPoint[] };
  /** For a move-in: the policy's moves, likeliest first. */
  moveIn?: { choices: MoveInChoice[] };
}

/** Branch points and move-in choices kept per step. */
export const MAX_BRANCHES = 8;
/** At most this many steps (each conquest makes two; there are at most 15 enemy territories). */
const MAX_STEPS = 64;

interface Mass {
  state: TurnState;
  p: number;
}

/** States on the line about to attack one target (or stop): their mass, value and first attacking territory. */
interface Group {
  p: number;
  value: number;
  firstFrom: Map<number, number>;
  states: Mass[];
}

const stateKey = (s: TurnState) => `${Array.from(s.armies).join(',')}|${s.mine}|${s.leaders}|${s.frozen}`;

function add(into: Map<string, Mass>, state: TurnState, p: number): void {
  const key = stateKey(state);
  const entry = into.get(key);
  if (entry) entry.p += p;
  else into.set(key, { state, p });
}

const totalArmies = (s: TurnState) => Array.from(s.armies).reduce((x, y) => x + y, 0);

/**
 * The main line from `start` under the solver's optimal policy.
 *
 * @example
 * mainLine(solver, startState(board, best)).map((s) => `${s.text} (${s.pReach})`)
 * // ['attack E from A (1)', 'move 5 in (0.46)', ..., 'stop (0.52)']
 */
export function mainLine(solver: TurnSolver, start: TurnState): MainLineStep[] {
  const { board } = solver;
  const moves = turnMoves(board, solver.rules);
  const describe = (a: TurnAction) => describeAction(board.names, a);
  const steps: MainLineStep[] = [];
  let line = new Map<string, Mass>();
  add(line, start, 1);
  for (let guard = 0; guard < MAX_STEPS; guard++) {
    // The policy's next decision in every state on the line, grouped by target (-1: stop).
    const groups = new Map<number, Group>();
    for (const m of line.values()) {
      const best = solver.bestAction(m.state);
      const target = best.action.kind === 'attack' ? best.action.to : -1;
      const group: Group = groups.get(target) ?? { p: 0, value: 0, firstFrom: new Map(), states: [] };
      group.p += m.p;
      group.value += m.p * best.value;
      group.states.push(m);
      if (best.action.kind === 'attack')
        group.firstFrom.set(best.action.from, (group.firstFrom.get(best.action.from) ?? 0) + m.p);
      groups.set(target, group);
    }
    const [target, group] = [...groups.entries()].reduce((best, g) => (g[1].p > best[1].p ? g : best));
    if (target < 0) {
      steps.push({ action: { kind: 'stop' }, text: 'stop', pReach: group.p, value: group.value / group.p });
      return steps;
    }
    const from = [...group.firstFrom.entries()].reduce((best, f) => (f[1] > best[1] ? f : best))[0];
    const action: TurnAction = { kind: 'attack', from, to: target };
    const step: MainLineStep = { action, text: describe(action), pReach: group.p, value: group.value / group.p };
    steps.push(step);

    // Roll on the target while the policy does, largest boards first (every roll removes armies).
    const pending = new Map<number, Map<string, Mass>>();
    const queue = (m: Mass) => {
      const total = totalArmies(m.state);
      if (!pending.has(total)) pending.set(total, new Map());
      add(pending.get(total) as Map<string, Mass>, m.state, m.p);
    };
    group.states.forEach(queue);
    const branches = new Map<string, BranchPoint>();
    const moveIns = new Map<string, MoveInChoice>();
    const next = new Map<string, Mass>();
    let pConquer = 0;
    while (pending.size > 0) {
      const total = Math.max(...pending.keys());
      const here = pending.get(total) as Map<string, Mass>;
      pending.delete(total);
      for (const m of here.values()) {
        const best = solver.bestAction(m.state).action;
        if (best.kind !== 'attack' || best.to !== target) {
          const key = stateKey(m.state);
          const branch = branches.get(key);
          if (branch) branch.p += m.p;
          else branches.set(key, { armies: Array.from(m.state.armies), p: m.p, then: best, text: describe(best) });
          continue;
        }
        for (const o of moves.round(m.state, best.from, target)) {
          if (!o.state.conquest) {
            queue({ state: o.state, p: m.p * o.p });
            continue;
          }
          pConquer += m.p * o.p;
          const move = solver.bestAction(o.state).action;
          if (move.kind !== 'moveIn') throw new Error('a conquest must be followed by a move-in');
          const fromArmies = o.state.armies[best.from];
          const key = `${fromArmies}|${move.armies}|${move.leader}`;
          const choice = moveIns.get(key);
          if (choice) choice.p += m.p * o.p;
          else moveIns.set(key, { fromArmies, action: move, p: m.p * o.p });
          add(next, moves.moveIn(o.state, move.armies, move.leader), m.p * o.p);
        }
      }
    }
    const conditional = <T extends { p: number }>(list: Iterable<T>, given: number) =>
      [...list]
        .map((x) => ({ ...x, p: x.p / given }))
        .sort((x, y) => y.p - x.p)
        .slice(0, MAX_BRANCHES);
    let pBreakOff = 0;
    for (const b of branches.values()) if (b.then.kind === 'stop') pBreakOff += b.p;
    step.attack = {
      target,
      pConquer: pConquer / group.p,
      pBreakOff: pBreakOff / group.p,
      branches: conditional(branches.values(), group.p),
    };
    if (pConquer === 0) return steps;
    const choices = conditional(moveIns.values(), pConquer);
    let value = 0;
    for (const m of next.values()) value += m.p * solver.valueOf(m.state);
    steps.push({
      action: choices[0].action,
      text: describe(choices[0].action),
      pReach: pConquer,
      value: value / pConquer,
      moveIn: { choices },
    });
    line = next;
  }
  throw new Error(`the main line is longer than ${MAX_STEPS} steps`);
}
