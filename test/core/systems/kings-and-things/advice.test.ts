/**
 * Kings & Things decision answers: the recommendation word first, the optimal-play values
 * and first loss decisions (`advise`) against the game solver run here on armies built
 * without the roster, the weakest added creature (`target`) against battles solved here
 * one by one, the refusals in words, and `should-i-attack` through the CLI.
 */
import { describe, expect, it, vi } from 'vitest';
import { compileEntry, eventOf, exactOf, kingsAndThings, run } from './helpers.js';
import { army } from './game/fixtures.js';
import { describeBattle } from '../../../../src/core/engine/answer/battle.js';
import { isUnsolved } from '../../../../src/core/model/contract.js';
import { type Question } from '../../../../src/core/model/question.js';
import { recommendation } from '../../../../src/core/words/verdict.js';
import { percentShort, thousands } from '../../../../src/core/words/format.js';
import { roster } from '../../../../src/core/systems/kings-and-things/rules/roster.js';
import {
  ADDED_CREATURE_WORK,
  addedCreature,
} from '../../../../src/core/systems/kings-and-things/advice/addedCreature.js';
import { duelGame, refusalInWords } from '../../../../src/core/systems/kings-and-things/advice/optimalPlay.js';
import {
  OPTIMAL,
  decideLosses,
  gameSize,
  namedControl,
  optimalPlayReport,
  solveGame,
  startPosition,
  type GameBattle,
  type GameSolution,
  type StepName,
} from '../../../../src/core/systems/kings-and-things/game/index.js';
import type { DuelPlan } from '../../../../src/core/systems/kings-and-things/duel/plan.js';
import type { KtEntry } from '../../../../src/core/systems/kings-and-things/schema.js';
import { cli } from '../../../helpers/cli.js';

const GAMBLE = { attacker: { creatures: ['Giant:4', 'Elves:2R'] }, defender: { creatures: ['Ogre', 'Troll'] } };
const ATTACK = {
  attacker: { creatures: ['Giant:4', 'Elves:2R', 'Goblins'] },
  defender: { creatures: ['Ogre', 'Troll'] },
};
const HOLD = { ...ATTACK, defender: { creatures: ['Ogre', 'Troll'], fort: 'keep' } };
/** HOLD's counters, built without the roster (Goblins 1, Ogre 2 and Troll 4 as the roster has them). */
const HOLD_GAME: GameBattle = {
  attacker: army('Giant:4, Elves:2R, Goblins:1'),
  defender: army('Ogre:2, Troll:4, Keep'),
};

/** The report's words for an entry solved exactly (or sampled when the exact solver refuses it). */
function words(entry: unknown, question: Question = {}) {
  const battle = compileEntry(entry);
  const answer = kingsAndThings.solve!(battle.plan);
  if (isUnsolved(answer))
    return describeBattle(kingsAndThings, battle, run(battle, 2_000, 'words'), 2_000, null, question);
  return describeBattle(kingsAndThings, battle, null, 0, answer, question);
}

const pCaptureOf = (entry: unknown) => {
  const battle = compileEntry(entry);
  return eventOf(battle, exactOf(battle), 'pCapture');
};

function solved(battle: GameBattle): GameSolution {
  const result = solveGame(battle);
  if (!result.ok) throw new Error(result.reason);
  return result.solution;
}

describe('the recommendation word comes first', () => {
  it.each([
    ['Attack', ATTACK],
    ['A gamble', GAMBLE],
    ['Hold back', HOLD],
  ])('%s: a battle, from its exact P(capture)', (word, entry) => {
    const p = pCaptureOf(entry);
    expect(recommendation(p)).toBe(word);
    expect(words(entry).verdict[0]).toMatch(
      new RegExp(`^${word}: you capture the hex ${percentShort(p)} of the time; `),
    );
  });

  it('an exploration and a battle of several players too', () => {
    const explore = {
      type: 'explore',
      explorer: { creatures: ['Giant:4', 'Elves:2R'] },
      cup: ['Goblin:1', 'Orc:2', 'Wizard:3*'],
    };
    const battle = compileEntry(explore);
    const p = eventOf(battle, exactOf(battle), 'pExplore');
    expect(words(explore).verdict[0]).toMatch(
      new RegExp(`^${recommendation(p)}: you explore the hex ${percentShort(p)} of the time`),
    );
    const multi = {
      type: 'multi',
      players: [{ creatures: ['Ogre'] }, { name: 'Red', creatures: ['Giant:4'] }, { creatures: ['Troll'] }],
    };
    const report = words(multi);
    const held = report.metrics.find((m) => m.key === 'holds_1')!.estimate;
    expect(report.verdict[0]).toMatch(new RegExp(`^${recommendation(held)}: Red \\(first attacker\\) takes the hex`));
  });
});

describe('advise: optimal play from the game solver', () => {
  const report = words(HOLD, { advise: true });
  const solution = solved(HOLD_GAME);

  it("the policy table holds optimalPlayReport's values; the line: optimal, fixed and one-sided values", () => {
    const expected = optimalPlayReport(HOLD_GAME);
    if (!expected.ok) throw new Error(expected.reason);
    const table = report.tables.find((t) => t.name === 'optimal-play')!;
    expect(table.rows).toHaveLength(expected.rows.length);
    expected.rows.forEach((r, i) => {
      expect(String(table.rows[i][0]).startsWith(r.attacker)).toBe(true);
      expect(String(table.rows[i][1]).startsWith(r.defender)).toBe(true);
      expect(table.rows[i][2] as number).toBeCloseTo(r.pCapture, 12);
    });
    // The battle's own orders: the attacker weakest-first, the defender buildings-first (both never retreat).
    const alone = solveGame(HOLD_GAME, {
      attacker: OPTIMAL,
      defender: namedControl(HOLD_GAME.defender, 'buildings-first'),
    });
    if (!alone.ok) throw new Error(alone.reason);
    expect(report.verdict).toContain(
      'Played well on both sides (losses chosen after each roll), you capture the hex ' +
        `${percentShort(expected.optimal)} ` +
        `of the time; with this battle's fixed loss orders ${percentShort(pCaptureOf(HOLD))}, ` +
        `and ${percentShort(alone.solution.pCapture)} if only you play well.`,
    );
    // The values the line states are the report's decisions, by name.
    expect(report.decisions?.optimalPlay).toMatchObject({
      refusal: null,
      optimal: expected.optimal,
      fixedPolicy: pCaptureOf(HOLD),
      fixedPolicySampled: false,
      attackerAlone: alone.solution.pCapture,
    });
  });

  it('a sampled answer states the estimate the table shows, never the exact value beside it', () => {
    const battle = compileEntry(HOLD);
    const exact = kingsAndThings.solve!(battle.plan);
    if (isUnsolved(exact)) throw new Error(exact.unsolved);
    const sampled = describeBattle(kingsAndThings, battle, run(battle, 2_000, 'sampled'), 2_000, exact, {
      advise: true,
    });
    const capture = sampled.metrics.find((m) => m.key === 'pCapture')!;
    expect(percentShort(capture.estimate)).not.toBe(percentShort(capture.exact!));
    const [low, high] = capture.ci95!.map((x) => percentShort(x));
    const estimate = percentShort(capture.estimate);
    expect(sampled.verdict[0]).toContain(
      `you capture the hex ${estimate} of the time (95% interval ${low} to ${high}); `,
    );
    expect(sampled.decisions?.optimalPlay).toMatchObject({ fixedPolicy: capture.estimate, fixedPolicySampled: true });
    expect(sampled.verdict.join('\n')).toContain(
      `with this battle's fixed loss orders ${percentShort(capture.estimate)}`,
    );
  });

  it("the decision table's best options are decideLosses' first options", () => {
    const table = report.tables.find((t) => t.name === 'optimal-losses')!;
    const best = table.rows.filter((r) => r[4] === 1);
    expect(best.length).toBeGreaterThan(2);
    for (const [side, step, hits, otherHits, , givesUp, p] of best) {
      const [onA, onD] = side === 'attacker' ? [hits, otherHits] : [otherHits, hits];
      const { first, second } = decideLosses(solution, startPosition(solution), step as StepName, +onA!, +onD!);
      const decision = first.side === side ? first : second;
      expect(p as number).toBeCloseTo(decision.options[0].pCapture, 12);
      for (const part of decision.options[0].takes) expect(String(givesUp)).toContain(part.names[0]);
    }
    // The attacker's first step under fire is melee (the keep, Ogre and Troll fire there); the Elves fire before it.
    const melee = decideLosses(solution, startPosition(solution), 'melee', 1, 1).first.options[0];
    expect(melee.takes.map((t) => t.names[0])).toEqual(['Goblins']);
    expect(report.verdict.join('\n')).toContain(
      'If you take 1 hit in the melee step (nothing lost in earlier steps; the defender taking 1 hit, ' +
        'the likeliest), ' +
        `your best loss is Goblins (then P(capture) ${percentShort(melee.pCapture)})`,
    );
    // The defender is first hit by the Elves, in the ranged step: the keep takes it.
    const ranged = decideLosses(solution, startPosition(solution), 'ranged', 0, 1).second.options[0];
    expect(report.verdict).toContain(
      `If the defender takes 1 hit in the ranged step, its best loss is 1 hit on the Keep ` +
        `(then P(capture) ${percentShort(ranged.pCapture)}).`,
    );
  });

  it('optimalPlayReport reuses a solved game and gives the same rows', () => {
    const fresh = optimalPlayReport(HOLD_GAME);
    const reused = optimalPlayReport(HOLD_GAME, { solved: solution });
    expect(reused).toMatchObject({ ok: true, optimal: solution.pCapture });
    expect(fresh.ok && reused.ok && reused.rows).toEqual(fresh.ok && fresh.rows);
  });
});

describe('advise: refusals say why', () => {
  const line = (entry: unknown) =>
    words(entry, { advise: true }).verdict.find((l) => l.startsWith('No optimal-play advice'));

  it('house-rule knobs', () => {
    const knob = { attacker: { creatures: [{ name: 'Giant', value: 4, hits: 2 }] }, defender: { creatures: ['Ogre'] } };
    expect(line(knob)).toBe(
      'No optimal-play advice: Giant has house-rule hits or a hit modifier, which the optimal-play solver does not ' +
        'model. The odds above use fixed loss orders.',
    );
  });

  it('a battle too big for the solver, with its size', () => {
    const big = {
      attacker: {
        creatures: [
          'Giant:4',
          'Elves:2R',
          'Dragon:3*C',
          'Knight:3C',
          'Nomads',
          'Bandits',
          'Goblins',
          'Ogre',
          'Wolves',
          'Druid:3*',
        ],
      },
      defender: {
        creatures: ['Ogre', 'Troll', 'Archers:2R', 'Wizard:3*', 'Bears', 'Elf Mage', 'Unicorn', 'Cyclops', 'Dinosaur'],
        fort: 'castle',
        city: true,
      },
    };
    const states = gameSize(duelGame(compileEntry(big).plan as DuelPlan, false)).states;
    expect(states).toBeGreaterThan(4_000_000);
    expect(line(big)).toBe(
      `No optimal-play advice: the battle is too big to work out the best play exactly (${thousands(states)} ` +
        'positions, over the limit of 4,000,000); fewer kinds of counters on a side make it smaller. ' +
        'The odds above use fixed loss orders.',
    );
    expect(
      refusalInWords('cannot solve: 2097152 states need about 500000000 steps of work, over the limit of 400000000'),
    ).toBe(
      'the battle is too big to work out the best play within a few seconds (2,097,152 positions, with many dice in ' +
        'a step); fewer kinds of counters on a side make it smaller',
    );
  });

  it('several players, armies over an unexplored hex, two players as multi, and explorations', () => {
    const three = {
      type: 'multi',
      players: [{ creatures: ['Ogre'] }, { creatures: ['Giant:4'] }, { creatures: ['Troll'] }],
    };
    expect(line(three)).toBe(
      'No optimal-play advice for a battle of several players: the optimal-play solver works out battles of two sides.',
    );
    // Two players in an owned hex are a two-sided battle: asked as one, the same fight gets the advice.
    const two = { type: 'multi', players: [{ creatures: ['Ogre'] }, { creatures: ['Giant:4'] }] };
    expect(line(two)).toBe(
      'No optimal-play advice for an entry of type multi: the same fight asked as type battle (the owner defending) ' +
        'gets it.',
    );
    expect(words(two, { target: 0.9 }).verdict).toContain(
      'No added-creature search for 90%: it covers entries of type battle; the same fight asked as one (the owner ' +
        'defending) gets it.',
    );
    // Over an unexplored hex the last army explores after the fight: type battle cannot ask that, and is not offered.
    const unexplored = { ...two, unexplored: true };
    expect(line(unexplored)).toBe(
      'No optimal-play advice for armies meeting in an unexplored hex: the optimal-play solver does not model the ' +
        'exploration that follows their fight.',
    );
    const target = words(unexplored, { target: 0.9 }).verdict.join('\n');
    expect(target).toContain(
      "No added-creature search for 90%: it solves an attacker against a hex's defender, not armies meeting in an " +
        'unexplored hex.',
    );
    expect(target).not.toMatch(/type battle/);
    const explore = { type: 'explore', explorer: { creatures: ['Giant:4'] }, cup: ['Goblin:1'] };
    expect(line(explore)).toBe(
      'No optimal-play advice for an exploration: the optimal-play solver does not model defenders drawn from the ' +
        'cup or bribes.',
    );
    expect(words(explore, { target: 0.9 }).verdict).toContain(
      'No added-creature search for 90%: it covers battles of two sides (type battle) only.',
    );
  });
});

/**
 * The roster's creatures as stat codes ('3', '2R', '4*', '3C'), each with the order's key as the
 * answer states it: strength (value x dice), then melee, ranged, magic, then dice.
 */
function rosterKinds() {
  const kinds = new Map<string, { code: string; key: [number, number, number] }>();
  for (const c of roster().creatures) {
    const code = `${c.value}${c.magic ? '*' : c.ranged ? 'R' : ''}${c.charge ? 'C' : ''}`;
    const dice = c.charge ? 2 : 1;
    kinds.set(code, { code, key: [c.value * dice, c.magic ? 2 : c.ranged ? 1 : 0, dice] });
  }
  return [...kinds.values()];
}

const codeOf = (value: string, step: string, charging: boolean) =>
  `${value}${step === 'magic' ? '*' : step === 'ranged' ? 'R' : ''}${charging ? 'C' : ''}`;
const plus = (entry: typeof HOLD, code: string) => ({
  ...entry,
  attacker: { creatures: [...entry.attacker.creatures, `Added:${code}`] },
});
const lexLess = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

describe('target: the weakest added creature', () => {
  it('reaches the target, and no weaker kind of the roster does (each battle solved here)', () => {
    const line = words(HOLD, { target: 0.8 }).verdict.find((l) => l.startsWith('For at least 80%'))!;
    const m = new RegExp(
      '^For at least 80% add one creature: the weakest that is enough \\(lowest strength, combat value x dice, ' +
        'then melee, ranged, magic\\) is a value-(\\d) (melee|ranged|magic)( charging)? creature such as .+ ' +
        '\\(([\\d.]+)%\\); you have ([\\d.]+)%\\.$',
    ).exec(line);
    expect(m, line).not.toBeNull();
    const [, value, step, charging, shown, base] = m!;
    expect(base).toBe((pCaptureOf(HOLD) * 100).toFixed(1));
    const chosen = codeOf(value, step, Boolean(charging));
    const p = pCaptureOf(plus(HOLD, chosen));
    expect(p).toBeGreaterThanOrEqual(0.8);
    expect(shown).toBe((p * 100).toFixed(1));
    const key = rosterKinds().find((k) => k.code === chosen)!.key;
    const weaker = rosterKinds().filter((k) => lexLess(k.key, key) < 0);
    expect(weaker.length).toBeGreaterThan(5);
    for (const k of weaker) expect(pCaptureOf(plus(HOLD, k.code)), k.code).toBeLessThan(0.8);
  });

  it('its table and chart list the kinds tried, the chosen one marked', () => {
    const report = words(HOLD, { target: 0.8 });
    const table = report.tables.find((t) => t.name === 'added-creature')!;
    expect(table.columns[5]).toBe('chosen');
    expect(table.rows.filter((r) => r[5] === true)).toHaveLength(1);
    expect(report.charts.map((c) => c.name)).toContain('added-creature');
  });

  it('says when nothing reaches it, naming the best of all kinds', () => {
    const hopeless = {
      attacker: { creatures: ['Goblins'] },
      defender: { creatures: ['Troll', 'Ogre'], fort: 'citadel' },
    };
    const best = Math.max(...rosterKinds().map((k) => pCaptureOf(plus(hopeless, k.code))));
    expect(best).toBeLessThan(0.8);
    const line = words(hopeless, { target: 0.8 }).verdict.find((l) => l.startsWith('No single added creature'))!;
    expect(line).toMatch(
      new RegExp(`^No single added creature reaches 80%: the best, .+, gives ${percentShort(best)}; you have `),
    );
  });

  it('says when the stack is enough already, or full', () => {
    expect(words(ATTACK, { target: 0.75 }).verdict).toContain(
      `Enough for 75%: your stack already captures the hex ${percentShort(pCaptureOf(ATTACK))} of the time.`,
    );
    const ten = {
      attacker: { creatures: ['10x Goblins:1'] },
      defender: { creatures: ['Troll', 'Ogre'], fort: 'castle' },
    };
    expect(words(ten, { target: 0.99 }).verdict.join('\n')).toContain(
      'No room for another creature to reach 99%: your stack of 10 already fills the hex; it captures the hex',
    );
  });

  it('refuses a battle the exact solver refuses, saying why, and stops at its work budget', () => {
    const refused = {
      attacker: { creatures: ['Giant:4', 'Goblins'] },
      defender: { creatures: ['Ogre', 'Troll'], fort: 'keep', retreat: { whenDownTo: 1 } },
    };
    expect(words(refused, { target: 0.8 }).verdict.join('\n')).toMatch(
      new RegExp(
        "No added-creature search for 80%: the exact solver cannot take this battle \\(the defender's creatures " +
          'may retreat',
      ),
    );
    const entry = compileEntry(HOLD).entry as KtEntry;
    if (entry.type !== 'battle') throw new Error('a battle');
    expect(addedCreature(entry, 0.8, -1)).toMatchObject({ kind: 'none', cut: true, tried: [] });
    expect(words(HOLD, { target: 0.8 }).decisions?.addedCreature).toMatchObject({
      cut: false,
      workBudget: ADDED_CREATURE_WORK,
    });
  });

  it('is bounded in work, not time: the clock stopped, racing or running, the same answer', () => {
    const battle = () => {
      const entry = compileEntry(HOLD).entry as KtEntry;
      if (entry.type !== 'battle') throw new Error('a battle');
      return entry;
    };
    // Every kind costs the exact solver work: half of what the whole search spends cuts it part way.
    const whole = addedCreature(battle(), 0.99, 1e12);
    if (whole.kind !== 'none') throw new Error(`the 99% search finds ${whole.kind}`);
    expect(whole.cut).toBe(false);
    const budget = whole.work / 2;
    const running = addedCreature(battle(), 0.99, budget);
    if (running.kind !== 'none') throw new Error(running.kind);
    expect(running.cut).toBe(true);
    expect(running.tried.length).toBeGreaterThan(0);
    expect(running.tried.length).toBeLessThan(running.kinds);
    // Cut when what a kind needs is more than is left: the work spent passes the budget.
    expect(running.work).toBeGreaterThan(budget);
    expect(running.tried).toEqual(whole.tried.slice(0, running.tried.length));
    const clock = vi.spyOn(performance, 'now');
    try {
      clock.mockReturnValue(0);
      const stopped = addedCreature(battle(), 0.99, budget);
      let t = 0;
      clock.mockImplementation(() => (t += 10_000));
      const racing = addedCreature(battle(), 0.99, budget);
      // The whole answer too (the default budget, the optimal play), on a stopped clock.
      clock.mockReturnValue(0);
      const stoppedWords = words(HOLD, { advise: true, target: 0.8 });
      clock.mockRestore();
      expect(stopped).toEqual(running);
      expect(racing).toEqual(running);
      const runningWords = words(HOLD, { advise: true, target: 0.8 });
      expect(stoppedWords.verdict).toEqual(runningWords.verdict);
      expect(stoppedWords.decisions).toEqual(runningWords.decisions);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('should-i-attack kings-and-things', () => {
  it('answers the odds, the added creature and the decisions in one screen', async () => {
    const r = await cli([
      'should-i-attack',
      'kings-and-things',
      '--attackers',
      'Giant:4,Elves:2R,Goblins',
      '--defenders',
      'Ogre,Troll',
      '--fort',
      'keep',
      '--exact-only',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toBe(
      `  Hold back: you capture the hex ${percentShort(pCaptureOf(HOLD))} of the time; ` +
        '1.6 of your 3 creatures survive on average when you do.',
    );
    expect(r.stdout).toContain(
      '  For at least 80% add one creature: the weakest that is enough (lowest strength, combat value x dice, then ' +
        'melee, ranged, magic) is a value-',
    );
    expect(r.stdout).toContain(`  Played well on both sides (losses chosen after each roll), you capture the hex`);
    expect(r.stdout).toContain('  If you take 1 hit in the melee step');
    expect(r.stdout).toContain('  If the defender takes 1 hit in the ranged step, its best loss is 1 hit on the Keep');
  });
});
