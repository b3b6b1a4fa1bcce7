/**
 * "Which added creature do I need for at least p?" for a two-sided battle: one more creature
 * joins the attacking stack (in the stack's own loss policy) and the battle is solved
 * exactly, as the headline is (the battle's fixed loss orders and retreats). The candidates
 * are the bundled roster's creatures (not special characters); creatures that fight alike
 * (same combat value, step and dice: flying changes nothing in combat) are one kind, solved
 * once. The answer is the weakest kind that reaches p, "weakest" meaning the lowest combat
 * value, then melee before ranged before magic, then one die before charging (two).
 *
 * Bounded: nothing is tried when the exact solver refuses the battle itself, and the kinds
 * are tried weakest first until a time budget (about half a second) runs out; the answer
 * then says the search was cut.
 *
 * @example
 * const answer = addedCreature(entry, 0.8);
 * if (answer.kind === 'found') answer.chosen; // { value: 3, step: 2, dice: 1, names: ['Wolves', ...], pCapture }
 */
import { isUnsolved } from '../../engine/contract.js';
import { compileBattle } from './compile.js';
import { MAGIC, RANGED, creatureCounter, creatureSpec } from './counters.js';
import { solveKingsAndThings } from './exact.js';
import { CAPTURE_ELIMINATED, CAPTURE_RETREATED, STACK_LIMIT } from './plan.js';
import { roster } from './roster.js';
import type { BattleEntry } from './schema.js';

/** The search stops trying more kinds after this many milliseconds. */
export const ADDED_CREATURE_BUDGET_MS = 500;

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
      /** Every kind tried, weakest first. */
      tried: Candidate[];
      kinds: number;
      /** The time budget ran out before every kind was tried. */
      cut: boolean;
    };

const stepRank = (step: number) => (step === MAGIC ? 2 : step === RANGED ? 1 : 0);

/** Weakest first: combat value, then melee, ranged, magic, then one die before two. */
export function weaker(a: Omit<CreatureKind, 'names'>, b: Omit<CreatureKind, 'names'>): number {
  return a.value - b.value || stepRank(a.step) - stepRank(b.step) || a.dice - b.dice;
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

/** P(capture) of the battle solved exactly, or why the exact solver refuses it. */
export function exactCapture(entry: BattleEntry): number | string {
  const { plan } = compileBattle(entry);
  const answer = solveKingsAndThings(plan);
  if (isUnsolved(answer)) return answer.unsolved;
  const p = answer.probabilities;
  return p[plan.at.outcome + CAPTURE_ELIMINATED] + p[plan.at.outcome + CAPTURE_RETREATED];
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

export function addedCreature(
  entry: BattleEntry,
  target: number,
  budgetMs = ADDED_CREATURE_BUDGET_MS,
): AddedCreatureAnswer {
  if (budgetMs !== ADDED_CREATURE_BUDGET_MS) return search(entry, target, budgetMs);
  const known = answered.get(entry)?.get(target);
  if (known) return known;
  const answer = search(entry, target, budgetMs);
  const byTarget = answered.get(entry) ?? new Map<number, AddedCreatureAnswer>();
  byTarget.set(target, answer);
  answered.set(entry, byTarget);
  return answer;
}

function search(entry: BattleEntry, target: number, budgetMs: number): AddedCreatureAnswer {
  const started = performance.now();
  const base = exactCapture(entry);
  if (typeof base === 'string') return { kind: 'unsolved', reason: base };
  if (base >= target) return { kind: 'enough', base };
  const creatures = entry.attacker.creatures.length;
  if (creatures >= STACK_LIMIT) return { kind: 'full', base, creatures };
  const kinds = creatureKinds();
  const tried: Candidate[] = [];
  let cut = false;
  for (const kind of kinds) {
    if (performance.now() - started > budgetMs) {
      cut = true;
      break;
    }
    const p = exactCapture(withAdded(entry, kind));
    // A bigger battle may run out of the exact solver's budget: that kind is skipped.
    if (typeof p === 'string') continue;
    tried.push({ ...kind, pCapture: p });
  }
  const chosen = tried.find((c) => c.pCapture >= target) ?? null;
  return { kind: chosen ? 'found' : 'none', base, chosen, tried, kinds: kinds.length, cut };
}
