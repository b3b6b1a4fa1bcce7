/**
 * Optimal-play advice for a two-sided Kings & Things battle (`--advise`, `should-i-attack`),
 * from the game solver (../game/, README.md there): P(capture) when both sides choose their
 * losses after each roll, beside every pairing of the named fixed loss policies, and the
 * loss decisions to take now: for each side, the first step of the battle in which it can
 * be hit, which counters to give up for each number of hits it may take (best first, with
 * P(capture) after). Where the solver refuses (too big, house-rule knobs), one line says why.
 *
 * The decisions are read at the start of the battle (both sides at full strength). The value
 * of an option also depends on the hits the other side takes in the same step: the rows hold
 * the other side's likeliest count, plus every other count for which the best choice differs.
 *
 * Every number of its lines quotes the report's `decisions.optimalPlay` (words/sentence.ts).
 *
 * @example
 * const advice = optimalPlayAdvice(plan, { unexplored: false, fixedPCapture: 0.61, fixedSampled: false });
 * advice.lines.map((l) => l.text); // ['Played well on both sides ...', 'If you take 1 hit in the melee step, ...']
 * advice.decision.optimal; // P(capture) with both sides playing well
 */
import type { Cell, Table } from '../../../model/report.js';
import type { KtFirstLoss, KtOptimalPlay } from '../decisions.js';
import { plural, thousands } from '../../../words/format.js';
import { join, quote, say, type Sentence } from '../../../words/sentence.js';
import type { DuelPlan } from '../duel/plan.js';
import { isNever } from '../rules/retreat.js';
import {
  countersOf,
  decideLosses,
  gameFromPlan,
  OPTIMAL,
  optimalPlayReport,
  solveGame,
  spaceCache,
  startPosition,
  STEP_NAMES,
  type GameBattle,
  type GameSolution,
  type LossDecision,
  type LossPart,
  type PlanGame,
  type Position,
  type SideName,
  type SpaceCache,
  type StepName,
} from '../game/index.js';

export interface Advice {
  lines: Sentence[];
  tables: Table[];
  /** What the lines say, as the report's decisions hold it (`decisions.optimalPlay`). */
  decision: KtOptimalPlay;
}

/** Options shown per decision (best first). */
const OPTIONS_SHOWN = 3;
/** Values closer than this are a tie (as the game solver's decisions read them). */
const TIE = 1e-9;
/** Hit counts spelled out in a verdict line (the table has them all). */
const HITS_IN_LINE = 3;

/** The plan's battle as a game: both sides' counters, the unexplored hex and the fort reading. */
export function duelGame(plan: DuelPlan, unexplored: boolean): GameBattle {
  return {
    attacker: countersOf(plan.attacker),
    defender: countersOf(plan.defender),
    unexplored,
    fortAfterRetreat: plan.buildingsFightOn ? 'fights-on' : 'falls',
  };
}

/** The solver's refusal ("cannot solve: ...") in a player's words. */
export function refusalInWords(reason: string): string {
  const why = reason.replace(/^cannot solve: /, '');
  let m = /^(\d+) states exceed the limit of (\d+)$/.exec(why);
  if (m)
    return (
      `the battle is too big to work out the best play exactly (${thousands(Number(m[1]))} positions, ` +
      `over the limit of ${thousands(Number(m[2]))}); fewer kinds of counters on a side make it smaller`
    );
  m = /^(\d+) states need about (\d+) steps of work, over the limit of (\S+)$/.exec(why);
  if (m)
    return (
      `the battle is too big to work out the best play within a few seconds (${thousands(Number(m[1]))} ` +
      `positions, with many dice in a step); fewer kinds of counters on a side make it smaller`
    );
  m = /^(\d+) loss options exceed the limit of (\d+)$/.exec(why);
  if (m) return `a side has too many ways to take its losses (${thousands(Number(m[1]))}) to work out the best play`;
  m = /^(.+)'s house-rule hits or hit modifier are not modelled here$/.exec(why);
  if (m) return `${m[1]} has house-rule hits or a hit modifier, which the optimal-play solver does not model`;
  return why;
}

/** "Goblins", "2x Goblins", "one of Ogre/Troll", "1 hit on the Castle". */
export function partText(p: LossPart): string {
  const names = [...new Set(p.names)];
  if (p.building) return `${plural(p.hits, 'hit', 'hits')} on the ${names[0]}`;
  if (names.length === 1) return p.hits === 1 ? names[0] : `${p.hits}x ${names[0]}`;
  return `${p.hits === 1 ? 'one' : p.hits} of ${names.join('/')}`;
}

export function lossText(takes: readonly LossPart[]): string {
  const parts = takes.map(partText);
  return parts.length <= 1 ? (parts[0] ?? 'nothing') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** A side's loss decision in a step, the other side taking `otherHits` in the same step. */
export function sideDecision(
  s: GameSolution,
  at: Position,
  step: StepName,
  side: SideName,
  hits: number,
  otherHits: number,
): LossDecision {
  const [onA, onD] = side === 'attacker' ? [hits, otherHits] : [otherHits, hits];
  const { first, second } = decideLosses(s, at, step, onA, onD);
  return first.side === side ? first : second;
}

/** One side's first decision: the step, its hit counts, and the other side's likeliest hits there. */
export interface FirstDecision {
  side: SideName;
  step: StepName;
  /** The other side's likeliest hits taken in that step (the rows' condition). */
  likeliest: number;
  /** Some counter fires in an earlier step: the decision assumes nothing was lost there. */
  afterFire: boolean;
  rows: Array<{ hits: number; otherHits: number; decision: LossDecision; base: boolean }>;
}

/**
 * The first step in which `side` can be hit, at the start of the battle, and its decisions
 * there for every number of hits it may take (only where it has a choice).
 */
export function firstDecision(s: GameSolution, side: SideName): FirstDecision | null {
  const at = startPosition(s);
  const own = side === 'attacker' ? 0 : 1;
  const [self, other] = [s.sides[own], s.sides[1 - own]];
  const [selfAt, otherAt] = own === 0 ? [at.attacker, at.defender] : [at.defender, at.attacker];
  const st = [0, 1, 2].find((x) => other.maxHits[otherAt * 3 + x] > 0);
  if (st === undefined) return null;
  const step = STEP_NAMES[st];
  const most = Math.min(other.maxHits[otherAt * 3 + st], self.capacity[selfAt]);
  // The hits the other side takes in this step are scored by this side's dice.
  const scored = Math.min(self.maxHits[selfAt * 3 + st], other.capacity[otherAt]);
  const chance = (j: number) => {
    const row = (selfAt * 3 + st) * self.stride;
    // Hits beyond the other side's capacity all count as its capacity.
    if (j < scored) return self.probs[row + j];
    let p = 0;
    for (let k = j; k <= self.maxHits[selfAt * 3 + st]; k++) p += self.probs[row + k];
    return p;
  };
  let likeliest = 0;
  for (let j = 1; j <= scored; j++) if (chance(j) > chance(likeliest)) likeliest = j;
  const rows: FirstDecision['rows'] = [];
  for (let k = 1; k <= most; k++) {
    const base = sideDecision(s, at, step, side, k, likeliest);
    if (base.options.length <= 1) continue;
    rows.push({ hits: k, otherHits: likeliest, decision: base, base: true });
    for (let j = 0; j <= scored; j++) {
      if (j === likeliest || chance(j) === 0) continue;
      const d = sideDecision(s, at, step, side, k, j);
      // The base choice, valued with these hits on the other side: listed only when strictly worse.
      const same = d.options.find((x) => x.after === base.options[0].after);
      if (same && Math.abs(same.pCapture - d.options[0].pCapture) > TIE)
        rows.push({ hits: k, otherHits: j, decision: d, base: false });
    }
  }
  const fires = (x: number) => self.maxHits[selfAt * 3 + x] > 0 || other.maxHits[otherAt * 3 + x] > 0;
  const afterFire = [0, 1, 2].some((x) => x < st && fires(x));
  return { side, step, likeliest, afterFire, rows };
}

/** The first decisions as the report's decisions hold them: the table's options, best first. */
export function firstLossDecision(d: FirstDecision): KtFirstLoss {
  return {
    side: d.side,
    step: d.step,
    likeliestOtherHits: d.likeliest,
    afterEarlierFire: d.afterFire,
    choices: d.rows.map((r) => ({
      hits: r.hits,
      otherHits: r.otherHits,
      likeliest: r.base,
      options: r.decision.options.slice(0, r.base ? OPTIONS_SHOWN : 1).map((o) => ({
        givesUp: lossText(o.takes),
        takes: o.takes.map((t) => ({ names: [...new Set(t.names)], hits: t.hits, building: t.building })),
        pCapture: o.pCapture,
      })),
    })),
  };
}

/** "1 hit", "2 hits", the count quoted by name. */
const hitsOf = (ref: string, n: number) => say`${quote(ref, n, 'count')} ${n === 1 ? 'hit' : 'hits'}`;

/**
 * "If you take 1 hit in the melee step, your best loss is Goblins (then P(capture) 62.0%); 2 hits: ... .",
 * quoting `decisions.optimalPlay.firstLosses.<i>`.
 */
function decisionLine(d: KtFirstLoss, i: number): Sentence | null {
  const ref = `decisions.optimalPlay.firstLosses.${i}`;
  const base = d.choices.map((c, j) => ({ c, j })).filter(({ c }) => c.likeliest);
  if (base.length === 0) return null;
  const you = d.side === 'attacker';
  const likeliest = hitsOf(`${ref}.likeliestOtherHits`, d.likeliestOtherHits);
  const conditions: Sentence[] = [
    ...(d.afterEarlierFire ? [say`nothing lost in earlier steps`] : []),
    ...(d.likeliestOtherHits > 0 ? [say`${you ? 'the defender' : 'you'} taking ${likeliest}, the likeliest`] : []),
  ];
  const condition = conditions.length > 0 ? say` (${join(conditions, '; ')})` : say``;
  const shown = base.slice(0, HITS_IN_LINE).map(({ c, j }, k) => {
    const at = `${ref}.choices.${j}`;
    const best = c.options[0];
    const what = quote(`${at}.options.0.givesUp`, best.givesUp, 'text');
    const p = quote(`${at}.options.0.pCapture`, best.pCapture, 'percent');
    const hits = hitsOf(`${at}.hits`, c.hits);
    if (k > 0) return say`${hits}: ${what} (${p})`;
    const who = you ? 'you take' : 'the defender takes';
    const whose = you ? 'your' : 'its';
    return join([
      say`If ${who} ${hits} in the ${d.step} step${condition}, `,
      say`${whose} best loss is ${what} (then P(capture) ${p})`,
    ]);
  });
  const more = base.length > HITS_IN_LINE ? '; more in the table' : '';
  const differs = d.choices.some((c) => !c.likeliest)
    ? ` (the best differs for other hits on ${you ? 'the defender' : 'you'}: table)`
    : '';
  return say`${join(shown, '; ')}${more}${differs}.`;
}

function decisionTable(decisions: readonly KtFirstLoss[]): Table {
  const rows: Cell[][] = [];
  for (const d of decisions) {
    for (const c of d.choices) {
      c.options.forEach((o, i) => rows.push([d.side, d.step, c.hits, c.otherHits, i + 1, o.givesUp, o.pCapture]));
    }
  }
  return {
    name: 'optimal-losses',
    title:
      "Which counters to give up in each side's first step under fire, both sides at full strength " +
      "(choice 1 is the best; the other side's likeliest hits, and other counts where the best differs)",
    columns: ['side', 'step', 'hits taken', 'hits the other side takes', 'choice', 'gives up', 'P(capture) after'],
    rows,
  };
}

function policyTable(report: Extract<ReturnType<typeof optimalPlayReport>, { ok: true }>): Table {
  const alias = (groups: string[][], label: string) => {
    const group = groups.find((g) => g[0] === label);
    return group && group.length > 1 ? `${label} (= ${group.slice(1).join(', ')})` : label;
  };
  return {
    name: 'optimal-play',
    title:
      'P(capture) by loss policy: optimal (losses chosen after each roll, retreats too) ' +
      'or a fixed order (never retreating)',
    columns: ['attacker losses', 'defender losses', 'P(capture)'],
    rows: report.rows.map((r) => [
      alias(report.sameOrder.attacker, r.attacker),
      alias(report.sameOrder.defender, r.defender),
      r.pCapture,
    ]),
  };
}

/** P(capture) when the attacker plays well and the defender keeps the battle's loss order and retreat rule. */
export function attackerAlone(plan: DuelPlan, unexplored: boolean): number | null {
  const game = gameFromPlan(plan, { unexplored });
  return 'problem' in game ? null : aloneValue(game, spaceCache(game.battle));
}

function aloneValue(game: PlanGame, spaces: SpaceCache): number | null {
  const result = solveGame(game.battle, { attacker: OPTIMAL, defender: game.defender, spaces });
  return result.ok ? result.solution.pCapture : null;
}

/** What the solver gives for a plan: the report, the one-sided value and the decisions, or its refusal. */
type Solved =
  | { refusal: string }
  | {
      report: Extract<ReturnType<typeof optimalPlayReport>, { ok: true }>;
      alone: number | null;
      decisions: FirstDecision[];
    };

/**
 * Solved once per plan object and hex reading: the web page describes the same battle again
 * at every progress update of a sampled answer, and only the fixed value changes.
 */
const solvedPlans = new WeakMap<DuelPlan, Map<boolean, Solved>>();

function solveFresh(plan: DuelPlan, unexplored: boolean): Solved {
  // The plan's game (its own loss orders) is the same battle: every solve shares its side spaces.
  const game = gameFromPlan(plan, { unexplored });
  const battle = 'problem' in game ? duelGame(plan, unexplored) : game.battle;
  const spaces = spaceCache(battle);
  const solved = solveGame(battle, { spaces });
  if (!solved.ok) return { refusal: solved.reason };
  const report = optimalPlayReport(battle, { solved: solved.solution, spaces });
  if (!report.ok) return { refusal: report.reason };
  const decisions = (['attacker', 'defender'] as const)
    .map((side) => firstDecision(solved.solution, side))
    .filter((d): d is FirstDecision => d !== null);
  return { report, alone: 'problem' in game ? null : aloneValue(game, spaces), decisions };
}

function solvePlan(plan: DuelPlan, unexplored: boolean): Solved {
  const known = solvedPlans.get(plan)?.get(unexplored);
  if (known) return known;
  const answer = solveFresh(plan, unexplored);
  const byReading = solvedPlans.get(plan) ?? new Map<boolean, Solved>();
  byReading.set(unexplored, answer);
  solvedPlans.set(plan, byReading);
  return answer;
}

/** The fixed-policy value: a sampled estimate is never certain (0 or 1 reads "under 0.1%" or "over 99.9%"). */
const fixedFormat = (sampled: boolean) => (sampled ? 'chance' : 'percent');

/**
 * The advice for a duel: the optimal value beside the battle's fixed policies
 * (`fixedPCapture`, the headline as the report shows it: the estimate when `fixedSampled`),
 * the policy table and the decisions, or why not; every number of its lines quotes
 * `decisions.optimalPlay` (the `decision` it returns).
 */
export function optimalPlayAdvice(
  plan: DuelPlan,
  o: { unexplored: boolean; fixedPCapture: number; fixedSampled: boolean },
): Advice {
  const solved = solvePlan(plan, o.unexplored);
  const fixed = { fixedPolicy: o.fixedPCapture, fixedPolicySampled: o.fixedSampled };
  if ('refusal' in solved) {
    const refusal = refusalInWords(solved.refusal);
    return {
      lines: [
        join([
          say`No optimal-play advice: ${quote('decisions.optimalPlay.refusal', refusal, 'text')}.`,
          say` The odds above use fixed loss orders.`,
        ]),
      ],
      tables: [],
      decision: { refusal, optimal: null, ...fixed, attackerAlone: null, firstLosses: [] },
    };
  }
  const { report, alone } = solved;
  const firstLosses = solved.decisions.map(firstLossDecision);
  const decision: KtOptimalPlay = {
    refusal: null,
    optimal: report.optimal,
    ...fixed,
    attackerAlone: alone,
    firstLosses,
  };
  const optimal = quote('decisions.optimalPlay.optimal', report.optimal, 'percent');
  const fixedValue = quote('decisions.optimalPlay.fixedPolicy', o.fixedPCapture, fixedFormat(o.fixedSampled));
  const aloneText =
    alone === null
      ? say``
      : say`, and ${quote('decisions.optimalPlay.attackerAlone', alone, 'percent')} if only you play well`;
  // The fixed value follows the battle's loss orders and, where it has them, its retreat rules (a retreat lowers it).
  const retreats = !isNever(plan.attackerRetreat) || !isNever(plan.defenderRetreat);
  const policies = retreats ? 'fixed loss orders and retreat rules' : 'fixed loss orders';
  const lines: Sentence[] = [
    join([
      say`Played well on both sides (losses chosen after each roll), you capture the hex ${optimal} of the time; `,
      say`with this battle's ${policies} ${fixedValue}${aloneText}.`,
    ]),
  ];
  firstLosses.forEach((d, i) => {
    const line = decisionLine(d, i);
    if (line) lines.push(line);
  });
  const tables = [policyTable(report)];
  if (firstLosses.some((d) => d.choices.length > 0)) tables.push(decisionTable(firstLosses));
  return { lines, tables, decision };
}
