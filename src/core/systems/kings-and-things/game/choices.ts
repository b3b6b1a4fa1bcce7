/**
 * The decisions a player faces in a solved battle, with the value of every option:
 * where to take this step's hits (both hit counts are known), and whether to retreat at
 * the end of a round. Values are P(capture) with both sides playing as the solution
 * assumes from then on (optimally, or by their fixed policy).
 *
 * Loss assignment is sequential (solve.ts): the side that commits first ("first") sees
 * each option valued against the other side's best answer; the other side ("second")
 * answers the first side's choice. Retreats: the attacker, then the defender (11.6).
 * Ties between retreating and fighting on go to retreating (same P(capture), counters kept).
 *
 * @example
 * const at = startPosition(solution);
 * const { first, second } = decideLosses(solution, at, 'melee', 2, 1); // 2 hits on the attacker, 1 on the defender
 * first.options[0]; // the first side's best, e.g. { takes: [{ names: ['Nomads'], hits: 1 }, ...], pCapture }
 * decideRetreat(solution, at).defender.best; // 'fight on'
 */
import type { RetreatRule } from '../rules/retreat.js';
import { wantsRetreat } from '../rules/retreat.js';
import type { GameSolution } from './solve.js';
import { lossOptions, type SideSpace } from './sideSpace.js';
import { STEP_NAMES, lossBetween, type LossPart, type Position, type SideName, type StepName } from './positions.js';

export interface LossOption {
  /** The side's position after the hits. */
  after: number;
  takes: LossPart[];
  /** P(capture) if the side chooses this (and play goes on as the solution assumes). */
  pCapture: number;
}

export interface LossDecision {
  side: SideName;
  step: StepName;
  hits: number;
  /** Best first for this side (highest P(capture) for the attacker, lowest for the defender). */
  options: LossOption[];
}

export interface RetreatDecision {
  side: SideName;
  canRetreat: boolean;
  /** P(capture) if the side retreats (null when it cannot). */
  retreat: number | null;
  /** P(capture) if it fights on. */
  fightOn: number;
  best: 'retreat' | 'fight on';
}

const TIE = 1e-12;

const pairOf = (s: GameSolution, at: Position) => at.attacker * s.sides[1].states.length + at.defender;

/** The positions a side's position may be left in after `hits` hits, in the solver's order. */
const optionsOf = (space: SideSpace, position: number, hits: number): number[] =>
  Array.from(lossOptions(space, position, hits));

const stepIndex = (step: StepName | number) => (typeof step === 'number' ? step : STEP_NAMES.indexOf(step));

/** P(capture) at the next node when the sides are left in (a, d) after this step. */
function nextValue(s: GameSolution, step: number, a: number, d: number): number {
  return s.values[step + 1][a * s.sides[1].states.length + d];
}

/** Best first for the side; values within TIE keep option order (as `chooseLosses` picks the first best). */
const better = (side: SideName) => (x: number, y: number) =>
  Math.abs(x - y) <= TIE ? 0 : side === 'attacker' ? y - x : x - y;

/** Which side assigns its hits first under the solution's reading. */
export const firstToAssign = (s: GameSolution): SideName => (s.lossTurn === 'attacker-first' ? 'attacker' : 'defender');

/** The answering side's best option (the first best in option order) and its value. */
function bestAnswer(s: GameSolution, st: number, at: Position, hitsOnA: number, hitsOnD: number, firstAfter: number) {
  const own = s.lossTurn === 'attacker-first' ? 1 : 0;
  const space = s.sides[own];
  const options = lossOptions(space, own === 0 ? at.attacker : at.defender, own === 0 ? hitsOnA : hitsOnD);
  const sign = own === 0 ? 1 : -1;
  let after = -1;
  let value = -Infinity;
  for (const x of options) {
    const v = sign * (own === 0 ? nextValue(s, st, x, firstAfter) : nextValue(s, st, firstAfter, x));
    if (v > value + TIE) {
      value = v;
      after = x;
    }
  }
  return { after, value: sign * value };
}

/**
 * Where both sides' hits go under the solution (optimal sides take their best option, the
 * first best in option order, as `decideLosses` ranks them): the position after the step.
 * Without the descriptions `decideLosses` builds, for playing many battles.
 */
export function chooseLosses(
  s: GameSolution,
  at: Position,
  step: StepName | number,
  hitsOnAttacker: number,
  hitsOnDefender: number,
): Position {
  const st = stepIndex(step);
  const own = s.lossTurn === 'attacker-first' ? 0 : 1;
  const space = s.sides[own];
  const options = lossOptions(
    space,
    own === 0 ? at.attacker : at.defender,
    own === 0 ? hitsOnAttacker : hitsOnDefender,
  );
  const sign = own === 0 ? 1 : -1;
  let first = -1;
  let value = -Infinity;
  for (const x of options) {
    const v = sign * bestAnswer(s, st, at, hitsOnAttacker, hitsOnDefender, x).value;
    if (v > value + TIE) {
      value = v;
      first = x;
    }
  }
  const second = bestAnswer(s, st, at, hitsOnAttacker, hitsOnDefender, first).after;
  return own === 0 ? { attacker: first, defender: second } : { attacker: second, defender: first };
}

/**
 * The second side's options after the first side left itself in `firstAfter` (a position
 * of the first side): each valued with play going on from the next node.
 */
export function answerLosses(
  s: GameSolution,
  at: Position,
  step: StepName | number,
  hitsOnAttacker: number,
  hitsOnDefender: number,
  firstAfter: number,
): LossDecision {
  const st = stepIndex(step);
  const side: SideName = firstToAssign(s) === 'attacker' ? 'defender' : 'attacker';
  const own = side === 'attacker' ? 0 : 1;
  const hits = own === 0 ? hitsOnAttacker : hitsOnDefender;
  const from = own === 0 ? at.attacker : at.defender;
  const options = optionsOf(s.sides[own], from, hits).map((after) => ({
    after,
    takes: lossBetween(s.sides[own], from, after),
    pCapture: own === 0 ? nextValue(s, st, after, firstAfter) : nextValue(s, st, firstAfter, after),
  }));
  return { side, step: STEP_NAMES[st], hits, options: options.sort((x, y) => better(side)(x.pCapture, y.pCapture)) };
}

/**
 * This step's loss decisions: the first side's options, each valued against the second
 * side's best answer, and the second side's options given the first side's best choice.
 */
export function decideLosses(
  s: GameSolution,
  at: Position,
  step: StepName | number,
  hitsOnAttacker: number,
  hitsOnDefender: number,
): { first: LossDecision; second: LossDecision } {
  const st = stepIndex(step);
  const side = firstToAssign(s);
  const own = side === 'attacker' ? 0 : 1;
  const hits = own === 0 ? hitsOnAttacker : hitsOnDefender;
  const from = own === 0 ? at.attacker : at.defender;
  const options = optionsOf(s.sides[own], from, hits).map((after) => {
    const answer = answerLosses(s, at, st, hitsOnAttacker, hitsOnDefender, after);
    return { after, takes: lossBetween(s.sides[own], from, after), pCapture: answer.options[0].pCapture };
  });
  options.sort((x, y) => better(side)(x.pCapture, y.pCapture));
  const first: LossDecision = { side, step: STEP_NAMES[st], hits, options };
  return { first, second: answerLosses(s, at, st, hitsOnAttacker, hitsOnDefender, options[0].after) };
}

/** P(capture) if the defender's creatures retreat from (a, d) (1 unless its buildings fight on). */
function defenderRetreatValue(s: GameSolution, at: Position): number {
  const D = s.sides[1];
  const left = D.buildingsOnly[at.defender];
  const fightsOn = s.battle.fortAfterRetreat !== 'falls';
  return fightsOn && left >= 0 && D.capacity[left] > 0 ? s.values[0][at.attacker * D.states.length + left] : 1;
}

/**
 * The end-of-round retreat decisions at a position where both sides still fight: the
 * attacker's (valued with the defender's answer) and then the defender's.
 */
export function decideRetreat(s: GameSolution, at: Position): { attacker: RetreatDecision; defender: RetreatDecision } {
  const [A, D] = s.sides;
  const stay = s.values[0][pairOf(s, at)];
  const dCan = !s.battle.unexplored && D.creatures[at.defender] > 0;
  const dRetreat = dCan ? defenderRetreatValue(s, at) : null;
  const dBest = dRetreat !== null && dRetreat <= stay + TIE ? 'retreat' : 'fight on';
  const defender: RetreatDecision = {
    side: 'defender',
    canRetreat: dCan,
    retreat: dRetreat,
    fightOn: stay,
    best: dBest,
  };
  const aCan = A.creatures[at.attacker] > 0;
  // The attacker fights on: the defender then does what the solution has it do.
  const dActs = defenderRetreats(s, at, defender);
  const aFightOn = dActs ? dRetreat! : stay;
  const aBest = aCan && aFightOn <= TIE ? 'retreat' : 'fight on';
  const attacker: RetreatDecision = {
    side: 'attacker',
    canRetreat: aCan,
    retreat: aCan ? 0 : null,
    fightOn: aFightOn,
    best: aBest,
  };
  return { attacker, defender };
}

function defenderRetreats(s: GameSolution, at: Position, d: RetreatDecision): boolean {
  if (!d.canRetreat) return false;
  const c = s.defender.retreat;
  if (c.kind === 'optimal') return d.best === 'retreat';
  const [A, D] = s.sides;
  return wantsRetreatAt(c.rule, D.strength[at.defender], A.strength[at.attacker], D.creatures[at.defender]);
}

const wantsRetreatAt = (r: RetreatRule, own: number, enemy: number, creatures: number) =>
  wantsRetreat(r, 0, own, enemy, creatures);

/** What each side does at the retreat node under the solution's controls (optimal: its best choice). */
export function retreatChoices(s: GameSolution, at: Position): { attacker: boolean; defender: boolean } {
  const decision = decideRetreat(s, at);
  const [A, D] = s.sides;
  const a = s.attacker.retreat;
  const attacker = !decision.attacker.canRetreat
    ? false
    : a.kind === 'optimal'
      ? decision.attacker.best === 'retreat'
      : wantsRetreatAt(a.rule, A.strength[at.attacker], D.strength[at.defender], A.creatures[at.attacker]);
  return { attacker, defender: !attacker && defenderRetreats(s, at, decision.defender) };
}
