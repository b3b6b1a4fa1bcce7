/**
 * Kings & Things battles as a zero-sum stochastic game, solved exactly by backward
 * induction. The attacker maximizes P(capture), the defender P(hold) = 1 - P(capture).
 *
 * State: (attacker composition, defender composition, node), node = magic, ranged or melee
 * step, or the end-of-round retreat decision (sideModel.ts has the encoding). A step: both
 * sides roll (each side's hit count has an exact distribution given its composition), then
 * the hits are assigned. The side that suffers hits chooses where they go (11.51); the
 * rules do not say who assigns first, so one side commits first and the other answers
 * knowing it (`lossTurn`, default attacker-first: the defender answers, as in 11.6's
 * retreat order). Attacker-first values are lower bounds and defender-first values upper
 * bounds on the game where both assign at once. At the end of a round the attacker may
 * retreat (a hold), then the defender (a capture, or, with `fortAfterRetreat: fights-on`
 * and a building still standing, the battle goes on against the buildings alone).
 *
 * Every hit lowers a composition's index, so pairs of compositions are solved in
 * ascending order (responder's outer, mover's inner): everything a step can lead to is
 * already known except the position itself, reached again only if a whole round scores
 * no hit. That self-loop is solved in closed form: with C the value of the round's other
 * outcomes, Q < 1 the chance of a round with no hit and g the retreat node (a clamp),
 * the value x = C + Q g(x) is x = C + Q clamp(C / (1 - Q), lo, hi). No iteration, no
 * tolerance, no round cap.
 *
 * @example
 * const result = solveGame({ attacker: [giant, elves], defender: [ogre, castle] });
 * if (result.ok) result.solution.pCapture; // P(capture) when both play perfectly
 */
import { wantsRetreat } from '../rules/retreat.js';
import { buildingsMayFightAlone, type GameBattle, type LossTurn } from './battle.js';
import { OPTIMAL, retreatRuleProblem, type SideControl } from './controls.js';
import { closeRound, retreatMode, retreatNode } from './round.js';
import type { RetreatRule } from '../rules/retreat.js';
import { sideModel } from './sideModel.js';
import { STEPS, mostHitsPerStep, sideSpace, type SideSpace } from './sideSpace.js';
import { gameSize, sizeProblem, type GameSize, type SizeLimits } from './size.js';

export interface SolveOptions extends SizeLimits {
  attacker?: SideControl;
  defender?: SideControl;
  lossTurn?: LossTurn;
}

/** Nodes of a position: the three steps of a round, then the retreat decision. */
export const NODE_NAMES = ['magic', 'ranged', 'melee', 'retreat'] as const;

export interface GameSolution {
  battle: GameBattle;
  attacker: SideControl;
  defender: SideControl;
  lossTurn: LossTurn;
  sides: readonly [SideSpace, SideSpace];
  /** values[node][a * defenderPositions + d] = P(capture) from that state. */
  values: readonly Float64Array[];
  /** P(capture) from the start of the battle. */
  pCapture: number;
  size: GameSize;
  millis: number;
}

export type GameResult = { ok: true; solution: GameSolution } | { ok: false; reason: string; size?: GameSize };

/** Solve the battle, or say why not (state limit, a retreat rule the state cannot express). */
export function solveGame(battle: GameBattle, o: SolveOptions = {}): GameResult {
  const started = performance.now();
  const attacker = o.attacker ?? OPTIMAL;
  const defender = o.defender ?? OPTIMAL;
  for (const c of [attacker, defender]) {
    const problem = c.retreat.kind === 'rule' ? retreatRuleProblem(c.retreat.rule) : null;
    if (problem) return { ok: false, reason: `cannot solve: ${problem}` };
  }
  // The house-rule knobs (more hits to kill, a changed hit number) are not in the state model.
  const knob = [...battle.attacker, ...battle.defender].find(
    (c) => c.kind === 'creature' && ((c.hits ?? 1) !== 1 || (c.hitModifier ?? 0) !== 0),
  );
  if (knob)
    return { ok: false, reason: `cannot solve: ${knob.name}'s house-rule hits or hit modifier are not modelled here` };
  const lossTurn = o.lossTurn ?? 'attacker-first';
  const size = gameSize(battle, attacker, defender, lossTurn);
  const problem = sizeProblem(size, o);
  if (problem) return { ok: false, reason: problem, size };
  const mA = sideModel(battle.attacker);
  const mD = sideModel(battle.defender);
  const A = sideSpace(mA, attacker.losses, { retreatToBuildings: false, maxLoss: mostHitsPerStep(mD) });
  const D = sideSpace(mD, defender.losses, {
    retreatToBuildings: buildingsMayFightAlone(battle, mD, defender.retreat),
    maxLoss: mostHitsPerStep(mA),
  });
  const values = solveValues(battle, A, D, attacker, defender, lossTurn);
  const start = (A.states.length - 1) * D.states.length + D.states.length - 1;
  return {
    ok: true,
    solution: {
      battle,
      attacker,
      defender,
      lossTurn,
      sides: [A, D],
      values,
      pCapture: values[0][start],
      size,
      millis: performance.now() - started,
    },
  };
}

/**
 * The backward induction. `mover` assigns its losses first, `responder` answers; the
 * responder's compositions are the outer loop, so for each responder position r the
 * responder's best answer to every mover composition m' and hit count k is tabulated once
 * (`answer`) before the mover's positions are solved against it.
 */
function solveValues(
  battle: GameBattle,
  A: SideSpace,
  D: SideSpace,
  attacker: SideControl,
  defender: SideControl,
  lossTurn: LossTurn,
): Float64Array[] {
  const nA = A.states.length;
  const nD = D.states.length;
  const values = [0, 1, 2, 3].map(() => new Float64Array(nA * nD));
  const moverIsAttacker = lossTurn === 'attacker-first';
  const M = moverIsAttacker ? A : D;
  const R = moverIsAttacker ? D : A;
  const nM = M.states.length;
  const nR = R.states.length;
  const strideM = moverIsAttacker ? nD : 1;
  const strideR = moverIsAttacker ? 1 : nD;
  // Values are P(capture): the attacker maximizes, the defender minimizes. sign * value is maximized.
  const signM = moverIsAttacker ? 1 : -1;
  const signR = -signM;
  const fullM = nM - 1;
  const hitsOnR = [0, 1, 2].map((s) => M.maxHits[fullM * STEPS + s]);
  const W = Math.max(...hitsOnR) + 1;
  const answer = [0, 1, 2].map(() => new Float64Array(nM * W));
  const best = new Float64Array(W);
  const fightsOn = battle.fortAfterRetreat !== 'falls';
  const mWidth = M.maxLoss + 1;
  const rWidth = R.maxLoss + 1;
  const c = [0, 0, 0];
  const q = [0, 0, 0];
  const round = [0, 0, 0, 0];
  for (let r = 0; r < nR; r++) {
    const capR = R.capacity[r];
    // The responder's best answer (over its options after k >= 1 hits) to each mover composition.
    for (let s = 0; s < STEPS && capR > 0; s++) {
      const next = values[s + 1];
      const kMax = Math.min(hitsOnR[s], capR);
      const table = answer[s];
      for (let m = 0; m < nM; m++) {
        for (let k = 1; k <= kMax; k++) {
          const i = r * rWidth + Math.min(k, R.maxLoss);
          let b = -Infinity;
          for (let o = R.optionStart[i]; o < R.optionStart[i + 1]; o++) {
            const v = signR * next[m * strideM + R.options[o] * strideR];
            if (v > b) b = v;
          }
          table[m * W + k] = signR * b;
        }
      }
    }
    for (let m = 0; m < nM; m++) {
      const pair = m * strideM + r * strideR;
      const a = moverIsAttacker ? m : r;
      const d = moverIsAttacker ? r : m;
      const capM = M.capacity[m];
      if (A.capacity[a] === 0 || D.capacity[d] === 0) {
        const terminal = A.capacity[a] > 0 ? 1 : 0;
        for (const v of values) v[pair] = terminal;
        continue;
      }
      for (let s = 0; s < STEPS; s++) {
        const next = values[s + 1];
        const table = answer[s];
        const kmMax = R.maxHits[r * STEPS + s];
        const krMax = M.maxHits[m * STEPS + s];
        const rRow = (r * STEPS + s) * R.stride;
        const mRow = (m * STEPS + s) * M.stride;
        let cs = 0;
        let qs = 0;
        for (let km = 0; km <= kmMax; km++) {
          const pkm = R.probs[rRow + km];
          if (pkm === 0) continue;
          best.fill(-Infinity, 0, krMax + 1);
          const i = m * mWidth + Math.min(km, M.maxLoss, capM);
          for (let o = M.optionStart[i]; o < M.optionStart[i + 1]; o++) {
            const m2 = M.options[o];
            for (let kr = km === 0 ? 1 : 0; kr <= krMax; kr++) {
              const v = kr === 0 ? next[m2 * strideM + r * strideR] : table[m2 * W + Math.min(kr, capR)];
              const sv = signM * v;
              if (sv > best[kr]) best[kr] = sv;
            }
          }
          for (let kr = 0; kr <= krMax; kr++) {
            const p = pkm * M.probs[mRow + kr];
            if (km === 0 && kr === 0) qs = p;
            else cs += p * signM * best[kr];
          }
        }
        c[s] = cs;
        q[s] = qs;
      }
      // End of round: the attacker may retreat (a hold), then the defender.
      const aWants = (rule: RetreatRule) => wantsRetreat(rule, 0, A.strength[a], D.strength[d], A.creatures[a]);
      const dWants = (rule: RetreatRule) => wantsRetreat(rule, 0, D.strength[d], A.strength[a], D.creatures[d]);
      const aMode = retreatMode(attacker.retreat, A.creatures[a] > 0, aWants);
      const dMode = retreatMode(defender.retreat, !battle.unexplored && D.creatures[d] > 0, dWants);
      const left = D.buildingsOnly[d];
      const beta = fightsOn && left >= 0 && D.capacity[left] > 0 ? values[0][a * nD + left] : 1;
      closeRound(c, q, retreatNode(aMode, dMode, beta), round);
      for (let node = 0; node < 4; node++) values[node][pair] = round[node];
    }
  }
  return values;
}
