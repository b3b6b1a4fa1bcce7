/**
 * LandGrab's decision answers wired into the product: stop rules as kernel policies (the
 * exact solver and both kernels follow them and agree with the decisions solver), the
 * defender's spread as a battle, and the verdict, target and stop-rule lines.
 */
import { describe, expect, it } from 'vitest';
import { exactOf, landgrabBattle } from '../helpers/landgrab.js';
import { landgrab } from '../../src/systems/landgrab/index.js';
import { whenToStop } from '../../src/systems/landgrab/decisions/stopping/whenToStop.js';
import { bestDefence } from '../../src/systems/landgrab/decisions/defence/bestDefence.js';
import { minimumAttackers } from '../../src/systems/landgrab/decisions/reverse.js';
import type { LandgrabPlan } from '../../src/systems/landgrab/plan.js';
import { binSum, findEvent } from '../../src/engine/tally/layout.js';
import { Xoshiro128 } from '../../src/engine/random/xoshiro128.js';
import { proportionZTest } from '../../src/stats/zTest.js';
import { runBattle } from '../../src/engine/run/battle.js';
import { InProcessExecutor } from '../../src/engine/executor.js';
import { findSystem } from '../../src/app/systems.js';
import { cli } from '../helpers/cli.js';

const TRIALS = 100_000;
const headlineOf = (b: ReturnType<typeof landgrabBattle>, v: Float64Array) =>
  binSum(v, findEvent(b.layout, b.headline).bins);

function sampled(b: ReturnType<typeof landgrabBattle>, kernel: 'fast' | 'faithful', seed: number): Float64Array {
  const tally = new Float64Array(b.layout.size);
  landgrab.sampler![kernel](b.plan, Xoshiro128.fromState([seed, 7, 11, 13]), TRIALS, tally);
  return tally;
}

describe("a stop rule as the kernels' policy", () => {
  const battle = landgrabBattle({ attackers: 20, defenders: 10, stopRule: { minConquest: 0.8 } });
  const rule = whenToStop(
    {
      attackers: 20,
      steps: [{ defenders: 10, tables: (battle.plan as Extract<LandgrabPlan, { kind: 'battle' }>).tables }],
    },
    { kind: 'max-armies', minConquest: 0.8 },
  );

  it("the exact solver under the rule gives the decisions solver's P(conquest) and armies kept", () => {
    expect(battle.plan.kind === 'battle' && battle.plan.policy).toBeTruthy();
    const exact = exactOf(battle);
    expect(headlineOf(battle, exact)).toBeCloseTo(rule.optimal.pConquest, 12);
    // Armies kept in a single battle: the armies left in the attacking territory, won or not.
    const at = (battle.plan as Extract<LandgrabPlan, { kind: 'battle' }>).at;
    let kept = 0;
    for (let a = 0; a <= 20; a++) kept += a * (exact[at.won + a] + exact[at.heldAttacker + a]);
    expect(kept).toBeCloseTo(rule.optimal.expectedArmiesKept, 10);
    // The rule costs conquests and saves armies, as it should.
    expect(rule.optimal.pConquest).toBeLessThan(rule.baseline.pConquest);
    expect(rule.optimal.expectedArmiesKept).toBeGreaterThan(rule.baseline.expectedArmiesKept);
  });

  it.each(['fast', 'faithful'] as const)('the %s kernel follows it (z-test against the solved value)', (kernel) => {
    const hits = headlineOf(battle, sampled(battle, kernel, kernel === 'fast' ? 1 : 2));
    expect(Math.abs(proportionZTest(hits, TRIALS, rule.optimal.pConquest).z)).toBeLessThan(4.5);
  });

  it('a chain under its rule agrees with the decisions solver too', () => {
    const chain = landgrabBattle({
      type: 'chain',
      attackers: 20,
      path: [{ defenders: 3 }, { defenders: 4, fortress: true }, { defenders: 2 }],
      stopRule: { minConquest: 0.75 },
    });
    const plan = chain.plan as Extract<LandgrabPlan, { kind: 'chain' }>;
    const answer = whenToStop({ attackers: 20, steps: plan.steps }, { kind: 'max-armies', minConquest: 0.75 });
    expect(headlineOf(chain, exactOf(chain))).toBeCloseTo(answer.optimal.pConquest, 12);
    const hits = headlineOf(chain, sampled(chain, 'fast', 3));
    expect(Math.abs(proportionZTest(hits, TRIALS, answer.optimal.pConquest).z)).toBeLessThan(4.5);
  });
});

describe("the defender's spread", () => {
  const battle = landgrabBattle({ type: 'defence', attackers: 16, armies: 12, territories: 3, fortresses: [2] });

  it('fights the best spread found and reports P(the defender keeps one) as the headline', () => {
    const plan = battle.plan as Extract<LandgrabPlan, { kind: 'chain' }>;
    expect(battle.headline).toBe('pDefenderHolds');
    const answer = bestDefence({ attackers: 16, armies: 12, territories: plan.steps.map((s) => s.tables) });
    expect(plan.steps.map((s) => s.defenders)).toEqual(answer.best.allocation);
    expect(headlineOf(battle, exactOf(battle))).toBeCloseTo(answer.best.pHeld, 12);
    const hits = headlineOf(battle, sampled(battle, 'fast', 4));
    expect(Math.abs(proportionZTest(hits, TRIALS, answer.best.pHeld).z)).toBeLessThan(4.5);
  });

  it('refuses a spread with fewer armies than territories, naming the field', () => {
    expect(() => landgrabBattle({ type: 'defence', attackers: 9, armies: 2, territories: 3 })).toThrow(
      /armies: must be at least 1 per territory/,
    );
    expect(() => landgrabBattle({ type: 'defence', attackers: 9, armies: 6, territories: 3, fortresses: [4] })).toThrow(
      /fortresses: position 4 is not on the path/,
    );
  });
});

describe("verdicts and answers to the player's question", () => {
  const executor = new InProcessExecutor(findSystem);
  const ask = async (entry: Record<string, unknown>, question = {}) =>
    runBattle(
      landgrab,
      landgrabBattle(entry),
      'x',
      { seed: 1, trials: 1000, kernel: 'fast', method: 'exact', question },
      executor,
    );

  it('starts with a recommendation that follows the chance of taking it', async () => {
    expect((await ask({ attackers: 20, defenders: 5 })).verdict[0]).toMatch(
      /^Attack: you take the territory 9\d\.\d% of the time/,
    );
    expect((await ask({ attackers: 10, defenders: 10 })).verdict[0]).toMatch(/^A gamble: /);
    expect((await ask({ attackers: 5, defenders: 12 })).verdict[0]).toMatch(/^Hold back: /);
  });

  it('answers "how many do I need for at least p" from the reverse solver, with its curve', async () => {
    const report = await ask({ attackers: 12, defenders: 10 }, { target: 0.8 });
    const needed = minimumAttackers(
      [
        {
          defenders: 10,
          tables: (landgrabBattle({ attackers: 12, defenders: 10 }).plan as Extract<LandgrabPlan, { kind: 'battle' }>)
            .tables,
        },
      ],
      0.8,
    );
    expect(report.verdict[1]).toBe(
      `For at least 80% you need ${needed.attackers} armies in the attacking territory (${((needed.pConquest as number) * 100).toFixed(1)}%); you have 12.`,
    );
    expect(report.tables.map((t) => t.name)).toContain('armies-needed');
    expect(report.charts.map((c) => c.name)).toContain('armies-needed');
  });

  it('--advise gives the stop rule with its gain, or says none reaches the target', async () => {
    const advised = await ask({ attackers: 20, defenders: 10 }, { advise: true, target: 0.8 });
    expect(advised.verdict.join('\n')).toMatch(
      /Stop rule for at least 80% while keeping the most armies: break off at/,
    );
    expect(advised.tables.map((t) => t.name)).toContain('stop-rule');
    const hopeless = await ask({ attackers: 6, defenders: 10 }, { advise: true, target: 0.8 });
    expect(hopeless.verdict.join('\n')).toMatch(/No stop rule reaches 80%/);
  });

  it('should-i-attack answers all of it in one screen', async () => {
    const r = await cli(['should-i-attack', 'landgrab', '--attackers', '20', '--defenders', '10', '--exact-only']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(/^ {2}Attack: /);
    expect(r.stdout).toContain('Enough for 80%');
    expect(r.stdout).toContain('Stop rule for at least 80%');
  });

  it('should-i-attack accepts --advise (it always advises): the same screen, no unknown-option error', async () => {
    const args = ['should-i-attack', 'landgrab', '--attackers', '20', '--defenders', '10', '--exact-only'];
    const plain = await cli(args);
    const advised = await cli([...args, '--advise']);
    expect(advised.code, advised.stderr).toBe(0);
    expect(advised.stdout).toBe(plain.stdout);
  });
});
