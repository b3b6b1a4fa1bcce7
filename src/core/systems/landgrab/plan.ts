/**
 * LandGrab battle plans (what workers receive) and their tally layouts: one definition
 * each, read by name by the summary and by offset (`plan.at`) by the kernels and the
 * exact solver.
 *
 * Army counts in plans are always armies IN THE ATTACKING TERRITORY (one must stay
 * behind); the schema converts `attackingArmies` (armies that may attack) to this.
 */
import type { BattleTables } from './rules/tables.js';
import { LayoutBuilder, type TallyLayout } from '../../model/tallyLayout.js';
import type { TurnBattlePlan } from './turnBattle/plan.js';

/** Bins of a single battle: conquered with a armies left, held with a left, held with d left. */
export interface BattleOffsets {
  won: number;
  heldAttacker: number;
  heldDefender: number;
}

/**
 * A stop rule the attacker follows: per step of the path, `masks[k][a * (defenders_k + 1) + d]`
 * is 1 where, with a armies in the attacking territory and d defenders left, he breaks off.
 */
export interface StopPolicy {
  masks: Uint8Array[];
}

export interface SingleBattlePlan {
  kind: 'battle';
  attackers: number;
  defenders: number;
  tables: BattleTables;
  at: BattleOffsets;
  policy?: StopPolicy;
}

export interface ChainStepPlan {
  defenders: number;
  tables: BattleTables;
}

export interface ChainPlan {
  kind: 'chain';
  attackers: number;
  steps: ChainStepPlan[];
  /** Bins of territories taken (0..steps) and of armies moved into the last territory (0..attackers). */
  at: { taken: number; finalArmies: number };
  policy?: StopPolicy;
  /** For the defender's question: the best spread found (the steps' defenders) and its rivals. */
  defence?: DefenceSummary;
}

export interface DefenceSummary {
  allocation: number[];
  pHeld: number;
  ranking: Array<{ allocation: number[]; pHeld: number }>;
  baselines: Array<{ name: string; allocation: number[]; pHeld: number }>;
  allocations: number;
  method: 'exhaustive' | 'branch-and-bound';
}

export interface CapitolPlan {
  kind: 'capitol';
  attackers: number;
  defenders: number;
  tables: BattleTables;
  /** Armies in each of the defeated player's other territories. */
  territories: number[];
  /** The battle's bins, then armies converted when the capitol falls (0..sum of territories). */
  at: BattleOffsets & { converted: number; maxConverted: number };
}

export type LandgrabPlan = SingleBattlePlan | ChainPlan | CapitolPlan;
/** Every LandGrab plan, a whole turn's included (turnBattle/plan.ts). */
export type LandgrabAnyPlan = LandgrabPlan | TurnBattlePlan;

export const HEADLINE = 'pAttackerWins';

/** The single-battle part of a layout (also the start of a capitol's). */
function battleParts(b: LayoutBuilder, attackers: number, defenders: number): BattleOffsets {
  const A = attackers;
  const D = defenders;
  const won = b.block('won', A + 1);
  const heldAttacker = b.block('heldAttacker', A + 1);
  const heldDefender = b.block('heldDefender', D + 1);
  b.event(HEADLINE, 'P(attacker conquers)', [[won, A + 1]]);
  b.event('pDefenderHolds', 'P(defender holds)', [[heldDefender, D + 1]]);
  b.partition('outcome', 'Outcome', [HEADLINE, 'pDefenderHolds']);
  b.histogram('attackerLeft', {
    label: 'Attacker armies left (in the attacking territory)',
    xLabel: 'armies left',
    series: 'attacker',
    from: 1,
    to: A,
    terms: [{ offset: won + 1 }, { offset: heldAttacker + 1 }],
    means: [
      { key: 'attackerLeft', label: 'Attacker armies left in the attacking territory' },
      { key: 'attackerLost', label: 'Attacker armies lost', reflect: A },
    ],
    quantiles: { key: 'attackerLeft', label: 'Attacker armies left' },
  });
  b.histogram('defenderLeft', {
    label: 'Defender armies left',
    xLabel: 'armies left',
    series: 'defender',
    from: 0,
    to: D,
    terms: [{ offset: heldDefender }, { event: HEADLINE, value: 0 }],
    means: [
      { key: 'defenderLeft', label: 'Defender armies left' },
      { key: 'defenderLost', label: 'Defender armies lost', reflect: D },
    ],
    quantiles: { key: 'defenderLeft', label: 'Defender armies left' },
  });
  b.histogram('attackerLeftIfConquers', {
    label: 'Attacker armies left, given a conquest',
    xLabel: 'armies left',
    series: 'attacker',
    from: 0,
    to: A,
    terms: [{ offset: won }],
    given: 'given a conquest',
    condition: HEADLINE,
    means: [{ key: 'attackerLeftIfConquers', label: 'Attacker armies left, given a conquest' }],
    distribution: false,
  });
  return { won, heldAttacker, heldDefender };
}

export function battleLayout(attackers: number, defenders: number): { layout: TallyLayout; at: BattleOffsets } {
  const b = new LayoutBuilder();
  const at = battleParts(b, attackers, defenders);
  return { layout: b.build(), at };
}

export function capitolLayout(
  attackers: number,
  defenders: number,
  territories: readonly number[],
): { layout: TallyLayout; at: CapitolPlan['at'] } {
  const b = new LayoutBuilder();
  const battle = battleParts(b, attackers, defenders);
  const maxConverted = territories.reduce((s, x) => s + x, 0);
  const converted = b.histogram('armiesConvertedIfConquered', {
    label: 'Armies converted when the capitol falls',
    xLabel: 'armies converted',
    series: 'attacker',
    from: 0,
    to: maxConverted,
    given: 'given the capitol falls',
    condition: HEADLINE,
    means: [{ key: 'armiesConvertedIfConquered', label: 'Armies converted, given the capitol falls' }],
  });
  b.histogram('armiesConverted', {
    label: 'Armies converted (0 when the capitol holds)',
    xLabel: 'armies converted',
    series: 'attacker',
    from: 0,
    to: maxConverted,
    terms: [{ offset: converted }, { event: 'pDefenderHolds', value: 0 }],
    means: [{ key: 'armiesConverted', label: 'Armies converted (0 when the capitol holds)' }],
    distribution: false,
  });
  return { layout: b.build(), at: { ...battle, converted, maxConverted } };
}

/** The event a defender asks about: the attacker does not take the whole path. */
export const DEFENDER_HOLDS = 'pDefenderHolds';

export function chainLayout(
  attackers: number,
  steps: number,
  options: { defence?: boolean } = {},
): { layout: TallyLayout; at: ChainPlan['at'] } {
  const b = new LayoutBuilder();
  const n = steps;
  const taken = b.block('taken', n + 1);
  const finalArmies = b.block('armiesAtEnd', attackers + 1);
  if (options.defence) {
    b.event(DEFENDER_HOLDS, `P(the defender keeps at least one of the ${n} territories)`, [[taken, n]]);
  }
  b.event(HEADLINE, `P(takes the whole path of ${n})`, [[taken + n, 1]]);
  for (let s = 1; s < n; s++) b.event(`pTakes${s}`, `P(takes territory ${s} of ${n})`, [[taken + s, n - s + 1]]);
  // Where the attack ends (each battle once): what decides exactly that a territory is certainly taken.
  for (let s = 0; s < n; s++) b.event(`endsAt${s}`, `P(stops after ${s} of ${n})`, [[taken + s, 1]], { report: false });
  const ends = Array.from({ length: n }, (_, s) => `endsAt${s}`);
  b.partition('ends', 'Where the attack ends', [...ends, HEADLINE], { outcomes: false });
  b.histogram('territoriesTaken', {
    label: 'Territories taken along the path',
    xLabel: 'territories taken',
    series: 'attacker',
    from: 0,
    to: n,
    terms: [{ offset: taken }],
    means: [{ key: 'territoriesTaken', label: 'Territories taken' }],
  });
  b.histogram('finalArmies', {
    label: 'Armies moved into the last territory, given the whole path is taken',
    xLabel: 'armies',
    series: 'attacker',
    from: 1,
    to: Math.max(1, attackers - n),
    terms: [{ offset: finalArmies + 1 }],
    given: 'given the whole path is taken',
    condition: HEADLINE,
    means: [{ key: 'finalArmies', label: 'Armies in the last territory, given the whole path is taken' }],
  });
  return { layout: b.build(), at: { taken, finalArmies } };
}
