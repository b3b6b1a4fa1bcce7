/**
 * How much optimal play changes a battle: P(capture) when both sides play optimally, beside
 * every pairing of the named fixed loss policies (retreat never) and each side optimizing
 * alone against the other's fixed policy, all from the same state machine. Plain data for
 * a CLI, JSON or a web page.
 *
 * Reading the rows: against a fixed defender policy the optimizing attacker's value is at
 * least every fixed attacker's; against a fixed attacker the optimizing defender's value is
 * at most every fixed defender's; the game value lies between the two one-sided optima.
 *
 * @example
 * const report = optimalPlayReport({ attacker, defender });
 * if (report.ok) report.optimal; // both optimal
 * if (report.ok) report.rows.find((r) => r.attacker === 'weakest-first' && r.defender === 'buildings-first');
 * // With the both-optimal game already solved (the same battle object): it is not solved again.
 * const solved = solveGame(battle);
 * if (solved.ok) optimalPlayReport(battle, { solved: solved.solution });
 */
import { OPTIMAL, controlLabel, namedControl, type SideControl } from './controls.js';
import { NAMED_LOSS_POLICIES, type NamedLossPolicy } from './namedOrders.js';
import type { GameBattle, LossTurn } from './battle.js';
import type { GameSize, SizeLimits } from './size.js';
import { solveGame, spaceCache, type GameResult, type GameSolution, type SpaceCache } from './solve.js';

export interface PolicyValue {
  attacker: string;
  defender: string;
  pCapture: number;
}

export interface OptimalPlayReport {
  ok: true;
  lossTurn: LossTurn;
  /** P(capture) with both sides optimal. */
  optimal: number;
  /** Both loss turns: the game where both sides assign at once lies between them (null unless asked). */
  bounds: { attackerFirst: number; defenderFirst: number } | null;
  /** Every pairing of optimal and the named policies (a policy giving the same order as an earlier one is left out). */
  rows: PolicyValue[];
  /** Named policies giving the same order, per side; rows use the first name of each group. */
  sameOrder: { attacker: string[][]; defender: string[][] };
  /** Size of the both-optimal game. */
  size: GameSize;
  millis: number;
}

export interface ReportOptions extends SizeLimits {
  lossTurn?: LossTurn;
  policies?: readonly NamedLossPolicy[];
  /** Also solve with the other loss turn. */
  bounds?: boolean;
  /**
   * The both-optimal game already solved for this battle (same loss turn), so a caller that
   * needs the solution itself (e.g. to read decisions from it) does not solve it twice.
   */
  solved?: GameSolution;
  /** Side spaces of this battle already built (`spaceCache`), shared with the caller's other solves. */
  spaces?: SpaceCache;
}

type Labelled = { label: string; control: SideControl; names: string[] };

/** Optimal, then each named policy whose order differs from the ones before. */
function namedControls(counters: GameBattle['attacker'], policies: readonly NamedLossPolicy[]): Labelled[] {
  const out: Labelled[] = [{ label: 'optimal', control: OPTIMAL, names: ['optimal'] }];
  const keys = new Map<string, Labelled>();
  for (const p of policies) {
    const control = namedControl(counters, p);
    const key = control.losses.kind === 'order' ? control.losses.order.map((c) => `${c.name}:${c.value}`).join() : '';
    const same = keys.get(key);
    if (same) {
      same.names.push(p);
      continue;
    }
    const entry = { label: controlLabel(control), control, names: [p] };
    keys.set(key, entry);
    out.push(entry);
  }
  return out;
}

/** Is `s` this battle's both-optimal game under this loss turn? */
function isBothOptimal(s: GameSolution, battle: GameBattle, lossTurn: LossTurn): boolean {
  return (
    s.battle === battle &&
    s.lossTurn === lossTurn &&
    s.attacker.losses.kind === 'optimal' &&
    s.attacker.retreat.kind === 'optimal' &&
    s.defender.losses.kind === 'optimal' &&
    s.defender.retreat.kind === 'optimal'
  );
}

export function optimalPlayReport(
  battle: GameBattle,
  o: ReportOptions = {},
): OptimalPlayReport | { ok: false; reason: string } {
  const started = performance.now();
  const lossTurn = o.lossTurn ?? 'attacker-first';
  const policies = o.policies ?? NAMED_LOSS_POLICIES;
  const limits = { maxStates: o.maxStates, maxWork: o.maxWork, spaces: o.spaces ?? spaceCache(battle) };
  const reuse = o.solved && isBothOptimal(o.solved, battle, lossTurn) ? o.solved : null;
  const both: GameResult = reuse ? { ok: true, solution: reuse } : solveGame(battle, { lossTurn, ...limits });
  if (!both.ok) return { ok: false, reason: both.reason };
  const rows: PolicyValue[] = [];
  const attackers = namedControls(battle.attacker, policies);
  const defenders = namedControls(battle.defender, policies);
  for (const a of attackers) {
    for (const d of defenders) {
      const result =
        a.control === OPTIMAL && d.control === OPTIMAL
          ? both
          : solveGame(battle, { attacker: a.control, defender: d.control, lossTurn, ...limits });
      if (!result.ok) return { ok: false, reason: result.reason };
      rows.push({ attacker: a.label, defender: d.label, pCapture: result.solution.pCapture });
    }
  }
  let bounds: OptimalPlayReport['bounds'] = null;
  if (o.bounds) {
    const other = solveGame(battle, {
      lossTurn: lossTurn === 'attacker-first' ? 'defender-first' : 'attacker-first',
      ...limits,
    });
    if (!other.ok) return { ok: false, reason: other.reason };
    const [af, df] = lossTurn === 'attacker-first' ? [both, other] : [other, both];
    bounds = { attackerFirst: af.solution.pCapture, defenderFirst: df.solution.pCapture };
  }
  return {
    ok: true,
    lossTurn,
    optimal: both.solution.pCapture,
    bounds,
    rows,
    sameOrder: {
      attacker: attackers.slice(1).map((x) => x.names),
      defender: defenders.slice(1).map((x) => x.names),
    },
    size: both.solution.size,
    millis: performance.now() - started,
  };
}
