/**
 * A turn entry -> its plan (plain data: the board, objective, rules and budget; nothing solved: compile
 * stays cheap, as a solve-for's range search compiles many entries) and layout; the solve (the exact
 * planner within the budget, answer.ts), or why there is none.
 */
import type { Compiled, Solution, Unsolved } from '../../../model/contract.js';
import { EntryIssue } from '../../../model/inputError.js';
import { boardInput, turnInputs, type TurnEntry } from './schema.js';
import { isProbabilityObjective, OBJECTIVE_MET, TAKES_ANY, turnLayout, type TurnBattlePlan } from './plan.js';
import { turnAnswer } from './answer.js';
import { planDecision } from './detail.js';

export function compileTurn(entry: TurnEntry): Compiled<TurnBattlePlan> {
  const inputs = turnInputs(entry);
  if ('issue' in inputs) throw new EntryIssue(inputs.issue.path, inputs.issue.message);
  const { board, goal, rules } = inputs;
  const { layout, at } = turnLayout(board, goal);
  const input = boardInput(entry.board);
  const objective = goal.objective;
  const key = JSON.stringify({ board: input, objective, rules, maxStates: entry.maxStates });
  const plan: TurnBattlePlan = { kind: 'turn', board: input, objective, rules, maxStates: entry.maxStates, key, at };
  return { type: 'turn', plan, layout, headline: isProbabilityObjective(goal) ? OBJECTIVE_MET : TAKES_ANY };
}

/**
 * The exact answer: the end of the turn under the optimal plan (its decision as `detail`), or, past
 * the state budget, why there is none (the turn is then sampled under the sampled planner's plan).
 */
export function solveTurnBattle(plan: TurnBattlePlan): Solution | Unsolved {
  const answer = turnAnswer(plan);
  if (answer.status === 'too-large') {
    const t = answer.tooLarge;
    const count = (x: number) => x.toLocaleString('en-US');
    return {
      unsolved:
        t.budget === 'states'
          ? `the exact turn planner needs more than its budget of ${count(t.limit)} states (maxStates)`
          : `${count(t.reached)} placements, more than the ${count(t.limit)} the exact turn planner values`,
    };
  }
  return { probabilities: answer.probabilities.slice(), detail: planDecision(plan, answer) };
}
