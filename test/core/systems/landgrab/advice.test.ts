/**
 * LandGrab's decision answers wired into the product: stop rules as kernel policies (the
 * exact solver and both kernels follow them and agree with the decisions solver), the
 * defender's spread as a battle, and the verdict, target and stop-rule lines.
 */
import { describe, expect, it } from 'vitest';
import { exactOf, landgrabBattle } from '../../../helpers/landgrab.js';
import { landgrab } from '../../../../src/core/systems/landgrab/index.js';
import { whenToStop } from '../../../../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import { bestDefence } from '../../../../src/core/systems/landgrab/optimize/defence/bestDefence.js';
import { minimumAttackers } from '../../../../src/core/systems/landgrab/optimize/reverse.js';
import { battlePath } from '../../../../src/core/systems/landgrab/optimize/path.js';
import type { LandgrabPlan } from '../../../../src/core/systems/landgrab/plan.js';
import { MAX_DICE } from '../../../../src/core/systems/landgrab/rules/tables.js';
import { binSum, findEvent } from '../../../../src/core/model/tallyLayout.js';
import { Xoshiro128 } from '../../../../src/core/random/xoshiro128.js';
import { proportionZTest } from '../../../helpers/stats/zTest.js';
import { runBattle } from '../../../../src/core/engine/answer/battle.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { findSystem } from '../../../../src/core/registry/systems.js';
import { cli } from '../../../helpers/cli.js';
import { parseScenario } from '../../../../src/core/engine/validate/scenario.js';
import { SYSTEMS } from '../../../../src/core/registry/systems.js';
import { odds } from '../../../../src/index.js';

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

describe('the faithful kernel under a stop rule in lockstep (variants on common random numbers)', () => {
  // Lockstep mode rolls MAX_DICE dice per side every round, so the variants of a sweep use the
  // same draws round by round; a stop rule must not change that (a copy of the dice loop once did).
  const entry = { attackers: 20, defenders: 10, stopRule: { minConquest: 0.8 } };
  const { plan: ruled, layout } = landgrabBattle(entry);
  const plan = landgrab.sampler!.lockstep!(ruled);
  /** A generator that counts its draws. */
  const counting = (seed: number) => {
    const rng = Xoshiro128.fromState([seed, 3, 5, 7]);
    const counted = { draws: 0, nextUint32: () => (counted.draws++, rng.nextUint32()) };
    return counted as unknown as Xoshiro128 & { draws: number };
  };

  it('a rule that never stops consumes the same draws as no rule, battle by battle', () => {
    if (plan.kind !== 'battle' || !plan.policy) throw new Error('expected a battle under a stop rule');
    const never = { ...plan, policy: { masks: plan.policy.masks.map((m) => new Uint8Array(m.length)) } };
    const none = { ...plan, policy: undefined };
    const [a, b] = [counting(1), counting(1)];
    const [tallyA, tallyB] = [new Float64Array(layout.size), new Float64Array(layout.size)];
    for (let i = 0; i < 200; i++) {
      landgrab.sampler!.faithful(never, a, 1, tallyA);
      landgrab.sampler!.faithful(none, b, 1, tallyB);
      expect(a.draws).toBe(b.draws);
    }
    expect(Array.from(tallyA)).toEqual(Array.from(tallyB));
  });

  it('under the rule every round draws MAX_DICE dice per side', () => {
    const rng = counting(2);
    const tally = new Float64Array(layout.size);
    for (let i = 0; i < 200; i++) {
      landgrab.sampler!.faithful(plan, rng, 1, tally);
      expect(rng.draws % (2 * MAX_DICE)).toBe(0);
    }
  });
});

describe("a stop rule for each objective as the kernels' policy", () => {
  const battleTables = (b: ReturnType<typeof landgrabBattle>) =>
    (b.plan as Extract<LandgrabPlan, { kind: 'battle' }>).tables;

  it('value (a territory worth 10): exact and both kernels fight under the solved rule', () => {
    const battle = landgrabBattle({
      attackers: 20,
      defenders: 10,
      stopRule: { objective: 'value', territoryWorth: 10 },
    });
    const answer = whenToStop(battlePath(battleTables(battle), 20, 10), { kind: 'value', perTerritory: 10 });
    expect(answer.neverStops).toBe(false);
    const exact = exactOf(battle);
    const p = headlineOf(battle, exact);
    expect(p).toBeCloseTo(answer.optimal.pConquest, 12);
    const at = (battle.plan as Extract<LandgrabPlan, { kind: 'battle' }>).at;
    let kept = 0;
    for (let a = 0; a <= 20; a++) kept += a * (exact[at.won + a] + exact[at.heldAttacker + a]);
    expect(kept + 10 * p).toBeCloseTo(answer.value, 10);
    // It gives up a little P(conquest) for armies, and is worth more than fighting to the end.
    expect(p).toBeLessThan(answer.baseline.pConquest);
    expect(answer.gain).toBeGreaterThan(0.01);
    for (const kernel of ['fast', 'faithful'] as const) {
      const hits = headlineOf(battle, sampled(battle, kernel, kernel === 'fast' ? 5 : 6));
      expect(Math.abs(proportionZTest(hits, TRIALS, p).z)).toBeLessThan(4.5);
    }
  });

  it('value on a chain (3, 4 fortress, 2; a territory worth 4): exact and the kernel agree with the solver', () => {
    const chain = landgrabBattle({
      type: 'chain',
      attackers: 20,
      path: [{ defenders: 3 }, { defenders: 4, fortress: true }, { defenders: 2 }],
      stopRule: { objective: 'value', territoryWorth: 4 },
    });
    const plan = chain.plan as Extract<LandgrabPlan, { kind: 'chain' }>;
    expect(plan.policy).toBeDefined();
    const answer = whenToStop({ attackers: 20, steps: plan.steps }, { kind: 'value', perTerritory: 4 });
    const exact = exactOf(chain);
    expect(headlineOf(chain, exact)).toBeCloseTo(answer.optimal.pConquest, 12);
    let territories = 0;
    for (let k = 0; k <= 3; k++) territories += k * exact[plan.at.taken + k];
    expect(territories).toBeCloseTo(answer.optimal.expectedTerritoriesTaken, 12);
    // P drops from fighting to the end's 0.923 to 0.912: the kernel must follow the rule to match.
    expect(answer.baseline.pConquest - answer.optimal.pConquest).toBeGreaterThan(0.01);
    const hits = headlineOf(chain, sampled(chain, 'fast', 7));
    expect(Math.abs(proportionZTest(hits, TRIALS, answer.optimal.pConquest).z)).toBeLessThan(4.5);
  });

  it('value too low to attack for: the rule never attacks, and neither do the kernels', () => {
    const battle = landgrabBattle({
      attackers: 20,
      defenders: 10,
      stopRule: { objective: 'value', territoryWorth: 2 },
    });
    const exact = exactOf(battle);
    expect(headlineOf(battle, exact)).toBe(0);
    const at = (battle.plan as Extract<LandgrabPlan, { kind: 'battle' }>).at;
    expect(exact[at.heldAttacker + 20]).toBeCloseTo(1, 12);
    expect(headlineOf(battle, sampled(battle, 'fast', 8))).toBe(0);
  });

  it('conquest: fighting to the end is optimal, so the battle is the plain one', () => {
    const ruled = landgrabBattle({ attackers: 12, defenders: 8, fortress: true, stopRule: { objective: 'conquest' } });
    const plain = landgrabBattle({ attackers: 12, defenders: 8, fortress: true });
    expect((ruled.plan as Extract<LandgrabPlan, { kind: 'battle' }>).policy).toBeUndefined();
    expect(exactOf(ruled)).toEqual(exactOf(plain));
  });

  it('"minConquest" alone still means the armies objective, and an explicit one is the same rule', () => {
    const implicit = landgrabBattle({ attackers: 20, defenders: 10, stopRule: { minConquest: 0.8 } });
    const explicit = landgrabBattle({
      attackers: 20,
      defenders: 10,
      stopRule: { objective: 'armies', minConquest: 0.8 },
    });
    expect(exactOf(explicit)).toEqual(exactOf(implicit));
  });

  it.each([
    [{ objective: 'armies' }, /stopRule\.minConquest: is required with objective armies/],
    [{ objective: 'value' }, /stopRule\.territoryWorth: is required with objective value/],
    [{ objective: 'conquest', minConquest: 0.8 }, /stopRule\.minConquest: applies only with objective armies/],
    [{ minConquest: 0.8, territoryWorth: 3 }, /stopRule\.territoryWorth: applies only with objective value/],
    [{ objective: 'value', territoryWorth: -1 }, /stopRule\.territoryWorth: must be 0 or more/],
    [{ objective: 'most' }, /stopRule\.objective: must be one of armies, conquest, value/],
  ])('refuses the stop rule %j, naming the field', (stopRule, message) => {
    expect(() => landgrabBattle({ attackers: 20, defenders: 10, stopRule })).toThrow(message);
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
      `For at least 80% you need ${needed.attackers} armies in the attacking territory ` +
        `(${((needed.pConquest as number) * 100).toFixed(1)}%); you have 12.`,
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
    // What can be reached instead: the best chance (fighting to the end's), and the rule at the highest whole percent.
    const reachable = hopeless.decisions?.stopRule?.reachable;
    const best = hopeless.decisions?.stopRule?.fightToTheEnd.pConquest as number;
    expect(reachable).toMatchObject({ bestChance: best, target: Math.floor(best * 100) / 100 });
    expect(reachable!.rule.pConquest).toBeGreaterThanOrEqual(reachable!.target);
    expect(reachable!.rule.armiesKept).toBeGreaterThanOrEqual(hopeless.decisions!.stopRule!.fightToTheEnd.armiesKept);
    expect(hopeless.verdict.join('\n')).toMatch(/At \d+%, the highest whole percent a stop rule reaches/);
  });

  it('--objective conquest says plainly that fighting to the end is optimal', async () => {
    const r = await ask({ attackers: 20, defenders: 10 }, { advise: true, objective: 'conquest' });
    expect(r.verdict).toContain(
      'Stop rule for the best chance of taking the territory: fight to the end; that is optimal, no stop rule ' +
        'takes it more often than 96.5% of the time (it keeps 11.7 armies on average).',
    );
    expect(r.tables.map((t) => t.name)).not.toContain('stop-rule');
    const chain = await ask(
      { type: 'chain', attackers: 30, path: [{ defenders: 6 }, { defenders: 8 }, { defenders: 4 }] },
      { advise: true, objective: 'conquest' },
    );
    expect(chain.verdict.join('\n')).toContain(
      'Stop rule for the best chance of taking all 3 territories: fight to the end; that is optimal',
    );
  });

  it('--objective value gives the stop rule, its worth and its gain over fighting to the end', async () => {
    const r = await ask({ attackers: 20, defenders: 10 }, { advise: true, objective: 'value', territoryWorth: 10 });
    const answer = whenToStop(
      battlePath(
        (landgrabBattle({ attackers: 20, defenders: 10 }).plan as Extract<LandgrabPlan, { kind: 'battle' }>).tables,
        20,
        10,
      ),
      { kind: 'value', perTerritory: 10 },
    );
    const at = r.verdict.findIndex((l) => l.startsWith('Stop rule'));
    expect(r.verdict.slice(at)).toEqual([
      'Stop rule for the most value (armies kept + 10 per territory taken): break off at (your armies vs their ' +
        'defenders) 2 vs 4+, 3 vs 5+, 4 vs 6+, 5 vs 7+, 6 vs 8+, 9 vs 9+, ... (table).',
      'It is worth 21.41 on average (+0.03): it takes it 95.8% of the time and keeps 11.8 armies; ' +
        'fighting to the end is worth 21.38 (it takes it 96.5% of the time and keeps 11.7 armies).',
    ]);
    expect(answer.value.toFixed(2)).toBe('21.41');
    expect(answer.gain.toFixed(2)).toBe('0.03');
    const table = r.tables.find((t) => t.name === 'stop-rule')!;
    expect(table.title).toBe(
      'Stop rule for the most value (armies kept + 10 per territory taken): break off with these armies in ' +
        'your territory when the defenders are',
    );
    // One row per army count where the rule breaks off: the solver's own stop table.
    const rows = answer.stopTable[0].rows.filter((row) => row.shape !== 'continue');
    expect(table.rows).toEqual(rows.map((row) => [row.attackers, `${row.stopWhenDefendersAtLeast} or more`]));
  });

  it('--objective value says "do not attack" when the armies are worth more at home', async () => {
    const r = await ask({ attackers: 20, defenders: 10 }, { advise: true, objective: 'value', territoryWorth: 2 });
    expect(r.verdict).toContain(
      'Stop rule for the most value (armies kept + 2 per territory taken): do not attack; keeping your 20 armies ' +
        'is worth 20.00, fighting to the end 13.66 (it takes it 96.5% of the time and keeps 11.7 armies).',
    );
  });

  it('--objective value on a chain reports the territories taken too', async () => {
    const r = await ask(
      {
        type: 'chain',
        attackers: 20,
        path: [{ defenders: 3 }, { defenders: 4, fortress: true }, { defenders: 2 }],
      },
      { advise: true, objective: 'value', territoryWorth: 4 },
    );
    expect(r.verdict).toContain(
      'It is worth 23.02 on average (+0.06): it takes it 91.1% of the time, 2.86 territories on average, and ' +
        'keeps 11.6 armies; fighting to the end is worth 22.97 (it takes it 92.3% of the time, 2.89 territories ' +
        'on average, and keeps 11.4 armies).',
    );
    expect(r.tables.find((t) => t.name === 'stop-rule')?.columns[0]).toBe('territory');
  });

  it('the armies objective, named or not, is the stop rule --advise always gave', async () => {
    const named = await ask({ attackers: 20, defenders: 10 }, { advise: true, target: 0.8, objective: 'armies' });
    const plain = await ask({ attackers: 20, defenders: 10 }, { advise: true, target: 0.8 });
    expect(named.verdict).toEqual(plain.verdict);
    expect(named.verdict).toContain(
      'It takes it 80.1% of the time and keeps 13.1 armies on average (+1.4); fighting to the end takes it ' +
        '96.5% of the time and keeps 11.7 armies.',
    );
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

describe('the objective is asked like the target: scenario file, library, command line', () => {
  const scenario = (
    extra: Record<string, unknown>,
    system = 'landgrab',
    battles: unknown[] = [{ attackers: 20, defenders: 10 }],
  ) => ({
    name: 'objective',
    system,
    battles,
    ...extra,
  });

  it('a scenario file states it at the top, beside "target" and "advise"', () => {
    const parsed = parseScenario(scenario({ advise: true, objective: 'value', territoryWorth: 10 }), 'x.json', SYSTEMS);
    expect(parsed.question).toEqual({ advise: true, objective: 'value', territoryWorth: 10 });
  });

  it.each([
    [{ advise: true, objective: 'value' }, 'x.json: territoryWorth: is required with objective value'],
    [{ objective: 'conquest' }, 'x.json: objective: applies only with "advise": true'],
    [{ advise: true, territoryWorth: 4 }, 'x.json: territoryWorth: applies only with objective value'],
    [
      { advise: true, objective: 'conquest', territoryWorth: 4 },
      'x.json: territoryWorth: applies only with objective value',
    ],
    [{ advise: true, objective: 'most' }, 'x.json: objective: must be one of armies, conquest, value'],
    [{ advise: true, objective: 'value', territoryWorth: -2 }, 'x.json: territoryWorth: must be 0 or more'],
  ])('a scenario with %j is refused: %s', (extra, message) => {
    expect(() => parseScenario(scenario(extra), 'x.json', SYSTEMS)).toThrow(message);
  });

  it('a system with no objectives to choose refuses one', () => {
    const pq = scenario({ advise: true, objective: 'conquest' }, 'princes-and-queens', [{ distance: 2 }]);
    expect(() => parseScenario(pq, 'x.json', SYSTEMS)).toThrow(
      'x.json: objective: princes-and-queens offers no objectives to choose (its advice has one answer)',
    );
  });

  it("the library's question carries it, checked the same way", async () => {
    const report = await odds(
      'landgrab',
      { attackers: 20, defenders: 10 },
      { method: 'exact', question: { advise: true, objective: 'conquest' } },
    );
    expect(report.verdict.join('\n')).toContain('fight to the end; that is optimal');
    await expect(
      odds(
        'landgrab',
        { attackers: 20, defenders: 10 },
        { method: 'exact', question: { advise: true, objective: 'value' } },
      ),
    ).rejects.toThrow('question.territoryWorth: is required with question.objective value');
  });
});
