/**
 * Kings & Things battle plans (what workers receive; structured-cloneable) and the
 * layouts of their flat tallies. The exact solver fills the same layouts with
 * probabilities, so summaries and tests compare bin by bin.
 */
import type { SideTables } from './tables.js';

/** Retreat policy compiled to numbers; all off is `never`. */
export interface RetreatRule {
  /** Retreat at the end of this round (0: off). */
  afterRounds: number;
  /** Retreat when enemy strength >= ratio x own strength (0: off). */
  outnumbered: number;
  /** Retreat when down to this many creatures and characters (-1: off). */
  downTo: number;
}

export const NEVER: RetreatRule = { afterRounds: 0, outnumbered: 0, downTo: -1 };

/** A battle the kernels cut off after this many rounds counts as a hold (it never happens in practice). */
export const MAX_ROUNDS = 1000;
/** Rounds histogram bins 0..ROUND_BINS; the last bin holds ROUND_BINS or more rounds. */
export const ROUND_BINS = 30;

/** What is in the hex besides the defender's creatures: only the post-battle roll (11.72) uses these. */
export interface HexAfter {
  /** Fort level 0-4 (0: no fort). */
  fortLevel: number;
  /** Cities, villages and special income counters: destroyed on a 1 or 6. */
  specials: number;
}

export interface DuelPlan extends HexAfter {
  kind: 'battle';
  attacker: SideTables;
  defender: SideTables;
  /** The defender's buildings alone, for when its creatures retreat and the fort fights on. */
  defenderBuildings: SideTables;
  /** false (`fortAfterRetreat: falls`): the hex is captured as soon as the defender's creatures retreat. */
  buildingsFightOn: boolean;
  attackerRetreat: RetreatRule;
  /** NEVER for an unexplored hex. */
  defenderRetreat: RetreatRule;
}

export interface FortLevelsPlan {
  kind: 'fort-levels';
  levels: number[];
  /** One duel per level, all with the same attacker and defending creatures. */
  duels: DuelPlan[];
}

export const TARGET_STRONGEST = 0;
export const TARGET_WEAKEST = 1;
export const TARGET_DEFENDER = 2;
export const TARGET_NEXT = 3;
/** target = TARGET_PLAYER + j: player j while he is in the fight, else the strongest. */
export const TARGET_PLAYER = 10;

export interface MultiPlan extends HexAfter {
  kind: 'multi';
  names: string[];
  /** Seating order: 0 is the defender (hex owner), then the attackers from his left. */
  sides: SideTables[];
  /** Each side's buildings alone (only the defender has any). */
  buildings: SideTables[];
  /** false (`fortAfterRetreat: falls`): the owner leaves the battle when his creatures retreat. */
  buildingsFightOn: boolean;
  retreats: RetreatRule[];
  targets: number[];
}

export interface ExplorePlan {
  kind: 'explore';
  explorer: SideTables;
  explorerRetreat: RetreatRule;
  /** Distinct counter classes in the cup (value, step, dice); non-fighting counters have value 0. */
  classValue: Int8Array;
  classStep: Int8Array;
  classDice: Int8Array;
  /** Copies of each class in the cup. */
  classCopies: Int32Array;
  /** Bribery gold (-1: no bribery) and cost multiplier. */
  bribeGold: number;
  bribeMultiplier: number;
}

export type KtPlan = DuelPlan | FortLevelsPlan | MultiPlan | ExplorePlan;

export const OUTCOMES = [
  'capture: defenders eliminated or neutralized',
  "capture: defender's creatures retreated",
  'hold: attacker eliminated',
  'hold: attacker retreated',
  'hold: mutual elimination',
  'hold: unresolved after the round limit',
] as const;
export const CAPTURE_ELIMINATED = 0;
export const CAPTURE_RETREATED = 1;
export const HOLD_ELIMINATED = 2;
export const HOLD_RETREATED = 3;
export const HOLD_MUTUAL = 4;
export const HOLD_ROUND_LIMIT = 5;

/**
 * Duel tally:
 *   [outcome: 6] [rounds fought: ROUND_BINS + 1]
 *   [attacker creatures left | capture: nA + 1] [... | hold: nA + 1]
 *   [attacker combat value left | capture: VA + 1] [... | hold: VA + 1]
 *   [defender creatures left (retreated ones included): nD + 1] [defender combat value left: VD + 1]
 *   [fort level after the post-battle roll | capture: 5] [... | hold: 5]
 *   [cities, villages and income counters destroyed: specials + 1]
 */
export function duelLayout(p: Pick<DuelPlan, 'attacker' | 'defender' | 'specials'>) {
  const nA = p.attacker.creatureCount;
  const vA = p.attacker.totalCreatureValue;
  const nD = p.defender.creatureCount;
  const vD = p.defender.totalCreatureValue;
  let at = 0;
  const take = (n: number) => {
    const start = at;
    at += n;
    return start;
  };
  const layout = {
    nA,
    vA,
    nD,
    vD,
    outcome: take(OUTCOMES.length),
    rounds: take(ROUND_BINS + 1),
    attackerLeftCapture: take(nA + 1),
    attackerLeftHold: take(nA + 1),
    attackerValueCapture: take(vA + 1),
    attackerValueHold: take(vA + 1),
    defenderLeft: take(nD + 1),
    defenderValue: take(vD + 1),
    fortAfterCapture: take(5),
    fortAfterHold: take(5),
    specialsDestroyed: take(p.specials + 1),
    size: 0,
  };
  layout.size = at;
  return layout;
}
export type DuelLayout = ReturnType<typeof duelLayout>;

/** Fort-levels tally: one duel tally per level, back to back. */
export function fortLevelsOffsets(plan: FortLevelsPlan): { offsets: number[]; size: number } {
  const offsets: number[] = [];
  let size = 0;
  for (const duel of plan.duels) {
    offsets.push(size);
    size += duelLayout(duel).size;
  }
  return { offsets, size };
}

/**
 * Multi-player tally:
 *   [who holds the hex: players] [rounds fought: ROUND_BINS + 1]
 *   [creatures left, per player i: n_i + 1 each]
 *   [fort level after: 5] [specials destroyed: specials + 1]
 */
export function multiLayout(p: Pick<MultiPlan, 'sides' | 'specials'>) {
  const players = p.sides.length;
  let at = 0;
  const holder = 0;
  at += players;
  const rounds = at;
  at += ROUND_BINS + 1;
  const creaturesLeft: number[] = [];
  for (const s of p.sides) {
    creaturesLeft.push(at);
    at += s.creatureCount + 1;
  }
  const fortAfter = at;
  at += 5;
  const specialsDestroyed = at;
  at += p.specials + 1;
  return { players, holder, rounds, creaturesLeft, fortAfter, specialsDestroyed, size: at };
}

/** Most counters drawn from the cup (a roll of 5). */
export const MAX_DRAWN = 5;

/**
 * Exploration tally:
 *   [outcome: 4 = no defenders (1 or 6), explored after a battle, explorer eliminated, explorer retreated]
 *   [counters drawn: 6 (0 on a 1 or 6)] [fighting defenders after bribes: 6]
 *   [explorer creatures left | success: nA + 1] [rounds: ROUND_BINS + 1] [gold spent on bribes: bribeGold + 1]
 */
export const EXPLORE_OUTCOMES = [
  'explored: no defenders (rolled 1 or 6)',
  'explored: won the battle',
  'failed: explorer eliminated',
  'failed: explorer retreated',
] as const;
export function exploreLayout(p: Pick<ExplorePlan, 'explorer' | 'bribeGold'>) {
  const nA = p.explorer.creatureCount;
  const outcome = 0;
  const drawn = 4;
  const fighting = drawn + MAX_DRAWN + 1;
  const explorerLeft = fighting + MAX_DRAWN + 1;
  const rounds = explorerLeft + nA + 1;
  const gold = rounds + ROUND_BINS + 1;
  return { nA, outcome, drawn, fighting, explorerLeft, rounds, gold, size: gold + Math.max(0, p.bribeGold) + 1 };
}
