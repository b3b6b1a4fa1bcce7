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
 * first.options[0]; // the first side's best assignment, e.g. { takes: [{ names: ['Nomads'], hits: 1 }, ...], pCapture }
 * decideRetreat(solution, at).defender.best; // 'fight on'
 */
import type { RetreatRule } from '../plan.js';
import { wantsRetreat } from '../retreat.js';
import type { GameSolution } from './solve.js';
import type { SideSpace } from './sideSpace.js';
import { creatureKey, digitsOf, indexOf, isBuilding } from './sideModel.js';
import type { Counter } from '../counters.js';

export const STEP_NAMES = ['magic', 'ranged', 'melee'] as const;
export type StepName = (typeof STEP_NAMES)[number];
export type SideName = 'attacker' | 'defender';

/** A state of the solved battle: each side's position (an index into solution.sides[i].states). */
export interface Position {
  attacker: number;
  defender: number;
}

/** Counters of one type (or one building) in a composition. */
export interface CounterView {
  names: string[];
  value: number;
  step: StepName;
  dice: number;
  building: boolean;
  /** Creatures: how many are alive. Buildings: 1. */
  count: number;
  /** Buildings: current value (printed value minus hits taken). Creatures: their value. */
  current: number;
}

/** What an assignment takes from one counter type or building. */
export interface LossPart {
  names: string[];
  value: number;
  step: StepName;
  building: boolean;
  /** Creatures killed, or hits the building absorbs. */
  hits: number;
}

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

export function startPosition(s: GameSolution): Position {
  return { attacker: s.sides[0].states.length - 1, defender: s.sides[1].states.length - 1 };
}

/** A counter on the table: for a fort, city or village, `damage` is the hits it has taken this battle. */
export type FieldCounter = Pick<Counter, 'name' | 'kind' | 'value' | 'step' | 'dice'> & { damage?: number };

/** The position of a side whose counters still in the fight are `field`, or why there is none. */
export function sidePosition(space: SideSpace, field: readonly FieldCounter[]): number | string {
  const m = space.model;
  const T = m.creatureTypes.length;
  const digits = new Array<number>(m.digitMax.length).fill(0);
  const types = new Map(m.creatureTypes.map((t, i) => [creatureKey(t), i]));
  for (const c of field) {
    if (isBuilding(c)) {
      const b = m.buildings.findIndex((x, i) => x.name === c.name && digits[T + i] === 0);
      if (b < 0) return `'${c.name}' is not one of the side's buildings`;
      digits[T + b] = Math.max(0, m.buildings[b].value - (c.damage ?? 0));
      continue;
    }
    const t = types.get(creatureKey(c));
    if (t === undefined || digits[t] === m.creatureTypes[t].count)
      return `'${c.name}' is not one of the side's counters`;
    digits[t]++;
  }
  const index = indexOf(m, digits);
  let lo = 0;
  let hi = space.states.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (space.states[mid] === index) return mid;
    if (space.states[mid] < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return 'the side cannot reach that composition under its fixed loss order';
}

/** The state of the solved battle where these counters are still in the fight, or why there is none. */
export function positionOf(
  s: GameSolution,
  field: { attacker: readonly FieldCounter[]; defender: readonly FieldCounter[] },
): Position | { problem: string } {
  const attacker = sidePosition(s.sides[0], field.attacker);
  if (typeof attacker === 'string') return { problem: `attacker: ${attacker}` };
  const defender = sidePosition(s.sides[1], field.defender);
  if (typeof defender === 'string') return { problem: `defender: ${defender}` };
  return { attacker, defender };
}

const pairOf = (s: GameSolution, at: Position) => at.attacker * s.sides[1].states.length + at.defender;

/** The counters of a side's position. */
export function describeSide(space: SideSpace, position: number): CounterView[] {
  const m = space.model;
  const digits = digitsOf(m, space.states[position]);
  const T = m.creatureTypes.length;
  const creatures = m.creatureTypes
    .map((t, i) => ({ ...t, count: digits[i] }))
    .filter((t) => t.count > 0)
    .map((t) => ({
      names: t.names,
      value: t.value,
      step: STEP_NAMES[t.step],
      dice: t.dice,
      building: false,
      count: t.count,
      current: t.value,
    }));
  const buildings = m.buildings
    .map((b, i) => ({ b, current: digits[T + i] }))
    .filter((x) => x.current > 0)
    .map(({ b, current }) => ({
      names: [b.name],
      value: b.value,
      step: STEP_NAMES[b.step],
      dice: 1,
      building: true,
      count: 1,
      current,
    }));
  return [...creatures, ...buildings];
}

/** What going from one position to another takes from the side. */
export function lossBetween(space: SideSpace, from: number, to: number): LossPart[] {
  const m = space.model;
  const before = digitsOf(m, space.states[from]);
  const after = digitsOf(m, space.states[to]);
  const T = m.creatureTypes.length;
  const parts: LossPart[] = [];
  before.forEach((d, i) => {
    if (d === after[i]) return;
    const c = i < T ? m.creatureTypes[i] : { ...m.buildings[i - T], names: [m.buildings[i - T].name] };
    parts.push({ names: c.names, value: c.value, step: STEP_NAMES[c.step], building: i >= T, hits: d - after[i] });
  });
  return parts;
}

function optionsOf(space: SideSpace, position: number, hits: number): number[] {
  const i = position * (space.maxLoss + 1) + Math.min(hits, space.maxLoss);
  return Array.from(space.options.subarray(space.optionStart[i], space.optionStart[i + 1]));
}

const stepIndex = (step: StepName | number) => (typeof step === 'number' ? step : STEP_NAMES.indexOf(step));

/** P(capture) at the next node when the sides are left in (a, d) after this step. */
function nextValue(s: GameSolution, step: number, a: number, d: number): number {
  return s.values[step + 1][a * s.sides[1].states.length + d];
}

const better = (side: SideName) =>
  side === 'attacker' ? (x: number, y: number) => y - x : (x: number, y: number) => x - y;

/** Which side assigns its hits first under the solution's reading. */
export const firstToAssign = (s: GameSolution): SideName => (s.lossTurn === 'attacker-first' ? 'attacker' : 'defender');

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
