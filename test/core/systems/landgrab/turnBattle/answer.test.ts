/**
 * A turn answered as a battle: the end-of-turn distribution (forward propagation of the optimal play)
 * agrees with the planner's own value to 1e-9 for every objective and switch; past the state budget the
 * answer is "unsolved" with its reason, and the sampled planner's exact lower bound is a bound (at most
 * the optimum) that its own rollouts reproduce; the report's decision is the plan.
 */
import { describe, expect, it } from 'vitest';
import { landgrab } from '../../../../../src/core/systems/landgrab/index.js';
import { compileEntry, type Battle } from '../../../../../src/core/engine/validate/entry.js';
import { describeBattle } from '../../../../../src/core/engine/answer/battle.js';
import { sampleBattle } from '../../../../../src/core/engine/sample/sample.js';
import { InProcessExecutor } from '../../../../../src/core/engine/sample/executor.js';
import { findSystem } from '../../../../../src/core/registry/systems.js';
import { isUnsolved, type Solution } from '../../../../../src/core/model/contract.js';
import { battleReportSchema } from '../../../../../src/core/registry/report.js';
import { summarizeLayout } from '../../../../../src/core/engine/summarize/summarize.js';
import type { TurnPlanDecision } from '../../../../../src/core/systems/landgrab/turnBattle/decision.js';
import { TURN_BOARD } from '../../../../claims/cases/landgrab.js';

const compile = (extra: Record<string, unknown>): Battle =>
  compileEntry(landgrab, { type: 'turn', board: TURN_BOARD, ...extra }, 'test', '', 'turn');

function solved(battle: Battle): Solution {
  const answer = landgrab.solve!(battle.plan as never);
  if (isUnsolved(answer)) throw new Error(answer.unsolved);
  return answer;
}

/** The metric a report shows for the objective's value, exact. */
function exactMetric(battle: Battle, solution: Solution, key: string): number {
  const report = describeBattle(landgrab, battle, null, 0, solution);
  const m = report.metrics.find((x) => x.key === key);
  if (!m || m.exact === undefined) throw new Error(`no exact metric ${key}`);
  return m.exact;
}

const OBJECTIVES: [string, Record<string, unknown>, string][] = [
  ['continent East', { objective: 'continent:East' }, 'pObjective'],
  ['continent Far, one army moves in', { objective: 'continent:Far', moveIn: 'one' }, 'pObjective'],
  ["blue's capitol, the leader moves in", { objective: 'capitol:blue', leaderMovesIn: true }, 'pObjective'],
  [
    'territories, gained territories may not attack',
    { objective: 'territories', capitolTerritoriesAttack: false },
    'territoriesHeld',
  ],
  ['reinforcements, ties to the attacker', { objective: 'reinforcements', ties: 'attacker' }, 'reinforcementsNext'],
  ['value, a territory worth 3', { objective: 'value', territoryWorth: 3 }, 'objectiveValue'],
  ['value, house dice', { objective: 'value', attackerDice: 2, fortressBonus: 2 }, 'objectiveValue'],
];

describe('a turn solved', () => {
  it.each(OBJECTIVES)('the end-of-turn distribution agrees with the plan to 1e-9: %s', (_, extra, key) => {
    const battle = compile(extra);
    const solution = solved(battle);
    const plan = solution.detail as TurnPlanDecision;
    expect(plan.planner).toBe('exact');
    expect(plan.proved).toBe(true);
    expect(Math.abs(exactMetric(battle, solution, key) - plan.value)).toBeLessThan(1e-9);
    // Every turn ends somewhere: the distribution of territories taken sums to 1.
    const { distributions } = summarizeLayout(battle.layout, battle.headline, null, 0, solution.probabilities);
    const held = distributions.find((d) => d.key === 'territoriesHeld')!;
    expect(Math.abs(held.probabilities.reduce((s, p) => s + p, 0) - 1)).toBeLessThan(1e-12);
    // The main line starts with the plan's first attack and reaches its steps less and less often.
    const first = plan.mainLine[0];
    if (plan.firstAttack) expect([first.from, first.to]).toEqual([plan.firstAttack.from, plan.firstAttack.to]);
    for (let i = 1; i < plan.mainLine.length; i++)
      expect(plan.mainLine[i].pReach).toBeLessThanOrEqual(plan.mainLine[i - 1].pReach + 1e-12);
    for (const b of plan.baselines) expect(b.value).toBeLessThanOrEqual(plan.value + 1e-9);
  });

  it('reports the plan as decisions.plan in the published shape, the placement adding up to the reinforcements', () => {
    const battle = compile({ objective: 'continent:East' });
    const solution = solved(battle);
    const body = describeBattle(landgrab, battle, null, 0, solution);
    const plan = body.decisions!.plan!;
    expect(plan.placement.reduce((s, p) => s + p.armies, 0)).toBe(TURN_BOARD.reinforcements);
    expect(plan.states).toBeGreaterThan(0);
    expect(plan.baselines.map((b) => b.name)).toEqual([
      'greedy',
      'greedyOnOptimalPlacement',
      'bestSingleAttack',
      'allOnOne',
    ]);
    expect(body.verdict[0]).toMatch(
      /^Put \d+ on [A-Z](, \d+ on [A-Z])*( and \d+ on [A-Z])?; attack [A-Z] from [A-Z]; /,
    );
    const report = {
      label: 'turn',
      file: 'test',
      system: 'landgrab',
      type: 'turn',
      entry: battle.entry,
      method: 'exact',
      headline: battle.headline,
      notes: [],
      seed: 1,
      trials: 0,
      kernel: null,
      partial: false,
      elapsedMs: 0,
      ...body,
    };
    expect(() => battleReportSchema.parse(JSON.parse(JSON.stringify(report)))).not.toThrow();
  });
});

describe('a turn asked a target', () => {
  it('says a target does not apply to a whole turn, never ignores it; a solve for a board number uses it', () => {
    const battle = compile({ objective: 'territories' });
    const solution = solved(battle);
    const asked = describeBattle(landgrab, battle, null, 0, solution, { target: 0.7 });
    expect(asked.verdict.at(-1)).toMatch(/a target \(the armies an attack needs\) does not apply to a whole turn/);
    const solving = describeBattle(landgrab, battle, null, 0, solution, { target: 0.7, solveFor: 'fortressBonus' });
    expect(solving.verdict.join(' ')).not.toMatch(/does not apply/);
  });
});

describe('a turn past the exact planner budget', () => {
  const battle = compile({ objective: 'continent:East', maxStates: 50 });

  it('is unsolved, with the reason in words', () => {
    const answer = landgrab.solve!(battle.plan as never);
    expect(isUnsolved(answer) && answer.unsolved).toBe(
      'the exact turn planner needs more than its budget of 50 states (maxStates)',
    );
  });

  it("is sampled under the sampled planner's plan: rollouts reproduce its exact value, below the optimum", async () => {
    const trials = 40_000;
    const result = await sampleBattle(
      landgrab,
      [battle],
      { seed: 'rollout', trials, kernel: 'faithful' },
      new InProcessExecutor(findSystem),
    );
    const body = describeBattle(landgrab, battle, result.tally, result.trials, null);
    const plan = body.decisions!.plan!;
    expect(plan.planner).toBe('sampled');
    expect(plan.proved).toBe(false);
    expect(plan.lowerBound?.kind).toBe('rollout');
    const bound = plan.lowerBound!.value;
    const estimate = plan.value;
    const se = Math.sqrt((bound * (1 - bound)) / trials);
    expect(Math.abs(estimate - bound)).toBeLessThan(4.5 * se);
    expect(plan.interval![0]).toBeLessThan(estimate);
    const optimum = (solved(compile({ objective: 'continent:East' })).detail as TurnPlanDecision).value;
    expect(bound).toBeLessThanOrEqual(optimum + 1e-12);
    // Its words never call it best.
    for (const line of body.verdict) expect(line).not.toMatch(/\bis (the )?best\b|\(proved best\)|optimal/);
    expect(body.verdict[0]).toMatch(/^Sampled plan, not proved best: put \d+ on [A-Z], /);
  });
});
