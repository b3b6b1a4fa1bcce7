/**
 * How big a game is, before anything is built: compositions of each side (optimal sides:
 * every composition; fixed loss orders: their chains), states (composition pairs x 4
 * nodes), loss-option table entries, and an estimate of the solver's inner-loop work,
 * which predicts its time far better than the state count (about 7-15 ns per unit,
 * measured; states alone range 0.6-2 us each). The limits refuse a battle at once.
 *
 * Work per step s, with M the side assigning first and R the answering side:
 * |R| x (M's options after up to R's step-s dice hits, summed over M's compositions)
 * x (M's step-s dice + 1), plus |M| x (R's options after up to M's step-s dice hits).
 *
 * @example
 * gameSize(battle); // { attackerCompositions: 64, defenderCompositions: 192, states: 49152, work: 1.6e6, ... }
 */
import { OPTIMAL, type SideControl } from './controls.js';
import { buildingsMayFightAlone, type GameBattle, type LossTurn } from './battle.js';
import { lossOptionCount } from './lossMoves.js';
import { sideModel, type SideModel } from './sideModel.js';
import { diceBySteps, reachableStates } from './sideSpace.js';

/** Refuse more states than this (memory: 8 bytes each, plus tables). */
export const DEFAULT_MAX_STATES = 4_000_000;
/** Refuse more estimated work than this: about 3-6 s of one core. */
export const DEFAULT_MAX_WORK = 4e8;
/** Loss-option table entries allowed (4 bytes each). */
export const MAX_OPTION_ENTRIES = 20_000_000;

export interface GameSize {
  attackerCompositions: number;
  defenderCompositions: number;
  /** Composition pairs x 4 nodes (magic, ranged, melee, retreat). */
  states: number;
  /** Loss options tabulated, both sides. */
  optionEntries: number;
  /** Estimated inner-loop steps of the solve. */
  work: number;
}

export interface SizeLimits {
  maxStates?: number;
  maxWork?: number;
}

/** Options after 0..K hits, summed over a side's compositions (fixed orders: one each). */
function optionsUpTo(m: SideModel, control: SideControl, count: number, K: number): number {
  return control.losses.kind === 'optimal' ? lossOptionCount(m, K) + m.size * (K + 1) : count * (K + 1);
}

export function gameSize(
  battle: GameBattle,
  attacker: SideControl = OPTIMAL,
  defender: SideControl = OPTIMAL,
  lossTurn: LossTurn = 'attacker-first',
): GameSize {
  const models = [sideModel(battle.attacker), sideModel(battle.defender)];
  const controls = [attacker, defender];
  const toBuildings = [false, buildingsMayFightAlone(battle, models[1], defender.retreat)];
  const counts = models.map((m, i) =>
    controls[i].losses.kind === 'optimal' ? m.size : reachableStates(m, controls[i].losses, toBuildings[i]).length,
  );
  const dice = models.map(diceBySteps);
  const mostHits = dice.map((d) => Math.max(...d));
  const options = models.map((m, i) => optionsUpTo(m, controls[i], counts[i], mostHits[1 - i]));
  const [mv, rs] = lossTurn === 'attacker-first' ? [0, 1] : [1, 0];
  let work = 0;
  for (let s = 0; s < 3; s++) {
    work += counts[rs] * optionsUpTo(models[mv], controls[mv], counts[mv], dice[rs][s]) * (dice[mv][s] + 1);
    work += counts[mv] * optionsUpTo(models[rs], controls[rs], counts[rs], dice[mv][s]);
  }
  return {
    attackerCompositions: counts[0],
    defenderCompositions: counts[1],
    states: counts[0] * counts[1] * 4,
    optionEntries: options[0] + options[1],
    work,
  };
}

/** Why a game of this size is refused ("cannot solve: ..."), or null. */
export function sizeProblem(size: GameSize, limits: SizeLimits = {}): string | null {
  const maxStates = limits.maxStates ?? DEFAULT_MAX_STATES;
  const maxWork = limits.maxWork ?? DEFAULT_MAX_WORK;
  if (size.states > maxStates) return `cannot solve: ${size.states} states exceed the limit of ${maxStates}`;
  if (size.work > maxWork)
    return (
      `cannot solve: ${size.states} states need about ${Math.round(size.work)} steps of work, ` +
      `over the limit of ${maxWork}`
    );
  if (size.optionEntries > MAX_OPTION_ENTRIES)
    return `cannot solve: ${size.optionEntries} loss options exceed the limit of ${MAX_OPTION_ENTRIES}`;
  return null;
}
