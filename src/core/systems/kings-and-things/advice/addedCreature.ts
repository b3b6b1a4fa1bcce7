/**
 * "Which added creature do I need for at least p?" for a two-sided battle: one more creature
 * joins the attacking stack (in the stack's own loss policy) and the battle is solved
 * exactly, as the headline is (the battle's fixed loss orders and retreats). The candidates
 * are the bundled roster's creatures (not special characters); creatures that fight alike
 * (same combat value, step and dice: flying changes nothing in combat) are one kind, solved
 * once. The answer is the weakest kind that reaches p, "weakest" meaning (WEAKEST_ORDER):
 * the lowest strength (combat value x dice, the rules' own measure for loss orders and
 * retreats, so the fewest hits expected per round), then melee before ranged before magic
 * (a creature that fires earlier in the round hits before it can be hit), then one die
 * before two. So a one-die value-4 ranged creature (strength 4) is weaker than a charging
 * value-4 melee creature (strength 8), and a charging value-3 melee creature (strength 6)
 * comes just after the one-die value-6 melee creature.
 *
 * Bounded in work, never in time, so the answer never depends on how busy the machine is:
 * nothing is tried when the exact solver refuses the battle itself, and the kinds are tried
 * weakest first until ADDED_CREATURE_WORK of the exact solver's work units (one state's
 * pair of hit counts in one step, ../duel/exact.ts) is spent; the answer then says the search was
 * cut there (a kind's battle can only fail to solve by running out of it: adding an attacking
 * creature changes nothing the exact solver refuses on principle).
 *
 * @example
 * const answer = addedCreature(entry, 0.8);
 * if (answer.kind === 'found') answer.chosen; // { value: 3, step: 2, dice: 1, names: ['Wolves', ...], pCapture }
 */
import { MAGIC, RANGED, creatureCounter, creatureSpec } from '../rules/counters.js';
import { STACK_LIMIT } from '../rules/retreat.js';
import { roster } from '../rules/roster.js';
import { compileBattle } from '../duel/compile.js';
import { MAX_EXACT_WORK, budgetReason, duelUnsolvable, solveDuelInto, type WorkBudget } from '../duel/exact.js';
import { CAPTURE_ELIMINATED, CAPTURE_RETREATED } from '../duel/plan.js';
import type { BattleEntry } from '../duel/schema.js';

/**
 * The search's budget, in the exact solver's work units, for every kind together: a fifth of
 * the budget of one exact answer (MAX_EXACT_WORK). The 19 kinds of the roster added to a
 * stack of 9 against 10, a castle and a city spend about 2.3e6; only battles that decay
 * slowly (the `hits` house rule) reach it.
 */
export const ADDED_CREATURE_WORK = MAX_EXACT_WORK / 5;

/** What "weakest" means, in words (the answer's sentence and its table say it). */
export const WEAKEST_ORDER =
  'lowest strength (combat value x dice), then melee, ranged, magic, then one die before two';

/** A kind of creature from the roster: everything that fights alike. */
export interface CreatureKind {
  value: number;
  /** 0 magic, 1 ranged, 2 melee. */
  step: number;
  /** 2 for charging creatures. */
  dice: number;
  /** Roster names of this kind, the most copies in the cup first. */
  names: string[];
}

export interface Candidate extends CreatureKind {
  /** P(capture) with one creature of this kind added. */
  pCapture: number;
}

export type AddedCreatureAnswer =
  | { kind: 'unsolved'; reason: string }
  | { kind: 'enough'; base: number }
  | { kind: 'full'; base: number; creatures: number }
  | {
      kind: 'found' | 'none';
      base: number;
      /** The weakest kind reaching the target (found), else null. */
      chosen: Candidate | null;
      /** Every kind tried, weakest first: every kind weaker than the last one tried was tried. */
      tried: Candidate[];
      kinds: number;
      /** The work budget ran out before every kind was tried. */
      cut: boolean;
      /** Work units spent on the kinds. */
      work: number;
    };

const stepRank = (step: number) => (step === MAGIC ? 2 : step === RANGED ? 1 : 0);

/** The rules' strength of a creature: combat value x dice (the fewest expected hits per round, times 6). */
export const strengthOf = (k: Pick<CreatureKind, 'value' | 'dice'>) => k.value * k.dice;

/** Weakest first (WEAKEST_ORDER): strength, then melee, ranged, magic, then one die before two. */
export function weaker(a: Omit<CreatureKind, 'names'>, b: Omit<CreatureKind, 'names'>): number {
  return strengthOf(a) - strengthOf(b) || stepRank(a.step) - stepRank(b.step) || a.dice - b.dice;
}

/** The roster's creatures as kinds, weakest first. */
export function creatureKinds(): CreatureKind[] {
  const kinds = new Map<string, CreatureKind & { copies: Map<string, number> }>();
  for (const c of roster().creatures) {
    const step = c.magic ? MAGIC : c.ranged ? RANGED : 2;
    const dice = c.charge ? 2 : 1;
    const key = `${c.value}/${step}/${dice}`;
    const kind = kinds.get(key) ?? { value: c.value, step, dice, names: [], copies: new Map() };
    kind.copies.set(c.name, (kind.copies.get(c.name) ?? 0) + c.copies);
    kinds.set(key, kind);
  }
  return [...kinds.values()]
    .map(({ copies, ...k }) => ({
      ...k,
      names: [...copies.entries()].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([name]) => name),
    }))
    .sort(weaker);
}

/** A solve's answer: P(capture), or why not. */
type Capture = { p: number } | { unsolved: string };

/** P(capture) of the battle solved exactly within `budget` (spent as it goes), or why not. */
export function exactCapture(entry: BattleEntry, budget: WorkBudget = { work: MAX_EXACT_WORK }): Capture {
  const { plan } = compileBattle(entry);
  const why = duelUnsolvable(plan);
  if (why) return { unsolved: why };
  const out = new Float64Array(plan.at.size);
  const result = solveDuelInto(plan, plan.at, out, budget);
  if (!result.solved) return { unsolved: budgetReason(plan, result.rounds, result.live) };
  return { p: out[plan.at.outcome + CAPTURE_ELIMINATED] + out[plan.at.outcome + CAPTURE_RETREATED] };
}

/** The battle with one creature of this kind added to the attacking stack. */
export function withAdded(entry: BattleEntry, kind: CreatureKind): BattleEntry {
  const counter = creatureCounter(kind.names[0], {
    value: kind.value,
    magic: kind.step === MAGIC,
    ranged: kind.step === RANGED,
    charge: kind.dice === 2,
    flying: false,
  });
  return { ...entry, attacker: { ...entry.attacker, creatures: [...entry.attacker.creatures, creatureSpec(counter)] } };
}

/**
 * Answers with the default budget, once per entry object and target: the web page describes
 * the same battle again at every progress update of a sampled answer.
 */
const answered = new WeakMap<BattleEntry, Map<number, AddedCreatureAnswer>>();

export function addedCreature(entry: BattleEntry, target: number, budget = ADDED_CREATURE_WORK): AddedCreatureAnswer {
  if (budget !== ADDED_CREATURE_WORK) return search(entry, target, budget);
  const known = answered.get(entry)?.get(target);
  if (known) return known;
  const answer = search(entry, target, budget);
  const byTarget = answered.get(entry) ?? new Map<number, AddedCreatureAnswer>();
  byTarget.set(target, answer);
  answered.set(entry, byTarget);
  return answer;
}

function search(entry: BattleEntry, target: number, budget: number): AddedCreatureAnswer {
  // The battle as it is: the headline's own solve, with the exact solver's own budget.
  const base = exactCapture(entry);
  if ('unsolved' in base) return { kind: 'unsolved', reason: base.unsolved };
  if (base.p >= target) return { kind: 'enough', base: base.p };
  const creatures = entry.attacker.creatures.length;
  if (creatures >= STACK_LIMIT) return { kind: 'full', base: base.p, creatures };
  const kinds = creatureKinds();
  const left: WorkBudget = { work: budget };
  const tried: Candidate[] = [];
  let cut = false;
  for (const kind of kinds) {
    // A kind the search cannot solve with what it has left ends it: every weaker kind was solved.
    const answer = left.work > 0 ? exactCapture(withAdded(entry, kind), left) : null;
    if (answer === null || 'unsolved' in answer) {
      cut = true;
      break;
    }
    tried.push({ ...kind, pCapture: answer.p });
  }
  const chosen = tried.find((c) => c.pCapture >= target) ?? null;
  return {
    kind: chosen ? 'found' : 'none',
    base: base.p,
    chosen,
    tried,
    kinds: kinds.length,
    cut,
    work: budget - left.work,
  };
}
