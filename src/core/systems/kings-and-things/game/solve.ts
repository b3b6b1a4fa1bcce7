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
import { buildingsMayFightAlone, type GameBattle, type LossTurn } from './battle.js';
import { isBuilding, type Counter } from '../rules/counters.js';
import { OPTIMAL, retreatRuleProblem, type LossControl, type SideControl } from './controls.js';
import { solveValues } from './induction.js';
import { creatureKey, sideModel, type SideModel } from './sideModel.js';
import { mostHitsPerStep, sideSpace, type SideSpace, type SideSpaceOptions } from './sideSpace.js';
import { gameSize, sizeProblem, type GameSize, type SizeLimits } from './size.js';

export interface SolveOptions extends SizeLimits {
  attacker?: SideControl;
  defender?: SideControl;
  lossTurn?: LossTurn;
  /** Side spaces of this same battle from its other solves (`spaceCache`), built once and shared. */
  spaces?: SpaceCache;
}

/**
 * Side spaces built for one battle, kept for its other solves: a side's space depends only on
 * the battle, its loss control (the same object) and whether its buildings may fight alone,
 * so the policy table's pairings build each side's optimal space once.
 */
export interface SpaceCache {
  battle: GameBattle;
  spaces: Map<LossControl, Map<string, SideSpace>>;
  /**
   * Games already solved, by what decides their values (`gameKey`): the advice's one-sided value
   * (the battle's own defender order) is often one of the policy table's pairings.
   */
  solved: Map<string, GameSolution>;
}

export const spaceCache = (battle: GameBattle): SpaceCache => ({ battle, spaces: new Map(), solved: new Map() });

/** What a loss order does: the digit each entry hits (buildings by name and value, creatures by type). */
function orderKey(order: readonly Counter[]): string {
  return order.map((c) => (isBuilding(c) ? `B:${c.name}:${c.value}` : `C:${creatureKey(c)}`)).join(',');
}

function controlKey(c: SideControl): string {
  const losses = c.losses.kind === 'optimal' ? 'optimal' : orderKey(c.losses.order);
  const retreat = c.retreat.kind === 'optimal' ? 'optimal' : JSON.stringify(c.retreat.rule);
  return `${losses}|${retreat}`;
}

/** Two games of the same battle with equal keys have the same side spaces and the same values, bit for bit. */
const gameKey = (attacker: SideControl, defender: SideControl, lossTurn: LossTurn) =>
  `${lossTurn}/${controlKey(attacker)}/${controlKey(defender)}`;

function cachedSpace(
  cache: SpaceCache | undefined,
  battle: GameBattle,
  side: 'attacker' | 'defender',
  model: SideModel,
  losses: LossControl,
  o: SideSpaceOptions,
): SideSpace {
  if (!cache || cache.battle !== battle) return sideSpace(model, losses, o);
  const key = `${side}/${o.retreatToBuildings}`;
  const byKey = cache.spaces.get(losses) ?? new Map<string, SideSpace>();
  cache.spaces.set(losses, byKey);
  const known = byKey.get(key);
  if (known) return known;
  const built = sideSpace(model, losses, o);
  byKey.set(key, built);
  return built;
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
  const shared = o.spaces && o.spaces.battle === battle ? o.spaces : null;
  const key = shared ? gameKey(attacker, defender, lossTurn) : '';
  const known = shared?.solved.get(key);
  if (known) return { ok: true, solution: { ...known, attacker, defender, millis: performance.now() - started } };
  const mA = sideModel(battle.attacker);
  const mD = sideModel(battle.defender);
  const A = cachedSpace(o.spaces, battle, 'attacker', mA, attacker.losses, {
    retreatToBuildings: false,
    maxLoss: mostHitsPerStep(mD),
  });
  const D = cachedSpace(o.spaces, battle, 'defender', mD, defender.losses, {
    retreatToBuildings: buildingsMayFightAlone(battle, mD, defender.retreat),
    maxLoss: mostHitsPerStep(mA),
  });
  const values = solveValues(battle, A, D, attacker, defender, lossTurn);
  const start = (A.states.length - 1) * D.states.length + D.states.length - 1;
  const solution: GameSolution = {
    battle,
    attacker,
    defender,
    lossTurn,
    sides: [A, D],
    values,
    pCapture: values[0][start],
    size,
    millis: performance.now() - started,
  };
  shared?.solved.set(key, solution);
  return { ok: true, solution };
}
