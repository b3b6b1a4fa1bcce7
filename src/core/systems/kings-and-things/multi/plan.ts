/**
 * A battle of several players (`multi`, 11.8): its compiled rules, its tally layout and the
 * offsets its kernels write at (`plan.at`). Metric keys are by seat index (`holds_2`), never by
 * player name.
 */
import { LayoutBuilder, type TallyLayout } from '../../../model/tallyLayout.js';
import type { SideTables } from '../rules/tables.js';
import type { HexAfter } from '../rules/hex.js';
import { stackLossPossible, type RetreatRule } from '../rules/retreat.js';
import { ROUND_BINS, SideHistograms, postBattleHistograms, roundsHistogram } from '../rules/layout.js';
import type { CupClasses } from '../explore/plan.js';

export interface MultiRules extends HexAfter {
  names: string[];
  /** Seating order: 0 is the defender (hex owner), then the attackers from his left. */
  sides: SideTables[];
  /** Each side's buildings alone (only the defender has any). */
  buildings: SideTables[];
  /** false (`fortAfterRetreat: falls`): the owner leaves the battle when his creatures retreat. */
  buildingsFightOn: boolean;
  /** NEVER for a player without a retreat hex. */
  retreats: RetreatRule[];
  /** Friendly creatures already in each player's retreat hex (the stack limit, 9.2). */
  friendly: number[];
  targets: number[];
  /**
   * A fight over an unexplored hex (11.9-11.92): nobody owns it, so nobody keeps it by default;
   * the one army left then explores it, drawing defenders from `cup`.
   */
  unowned: boolean;
  /** The cup of an unowned hex (no classes for an owned one). */
  cup: CupClasses;
}

export interface MultiOffsets {
  /** Who is left holding the hex after the fight: one bin per player (unowned: then a bin for nobody). */
  holder: number;
  /** Unowned hex: who ends owning it, one bin per player, then 'the exploration failed', then 'nobody left'. */
  gains: number;
  rounds: number;
  /** Creatures left per player (retreated ones included, those lost at the stack limit not): n_i + 1 bins each. */
  creaturesLeft: number[];
  /** Creatures each player lost at the stack limit after retreating: n_i + 1 bins each. */
  stackLoss: number[];
  fortAfter: number;
  specialsDestroyed: number;
  size: number;
}

export interface MultiPlan extends MultiRules {
  kind: 'multi';
  at: MultiOffsets;
}

/** The first-listed attacker's chance: the same question as `pCapture` of a two-sided battle. */
export const MULTI_HEADLINE = 'holds_1';

/**
 * Player i as the verdict and labels name him: "Blue (owner)", "Red (first attacker)"; over an
 * unowned hex "Blue (defender)", "Red (attacker)".
 */
export function playerTitle(names: readonly string[], i: number, unowned = false): string {
  const role = unowned
    ? ['defender', 'attacker', 'player'][Math.min(i, 2)]
    : ['owner', 'first attacker', 'attacker'][Math.min(i, 2)];
  return `${names[i]} (${role})`;
}

/** The layout: the first attacker's chance first, then the defender's, then the other attackers'. */
export function multiLayout(p: MultiRules): { layout: TallyLayout; at: MultiOffsets } {
  const b = new LayoutBuilder();
  const P = p.sides.length;
  const title = (i: number) => playerTitle(p.names, i, p.unowned);
  const holder = b.block('holder#bins', p.unowned ? P + 1 : P);
  const gains = p.unowned ? b.block('gains#bins', P + 2) : -1;
  const rounds = b.block('rounds#bins', ROUND_BINS + 1);
  const creaturesLeft = p.sides.map((s, i) => b.block(`creaturesLeft_${i}#bins`, s.creatureCount + 1));
  const stackLoss = p.sides.map((s, i) => b.block(`stackLoss_${i}#bins`, s.creatureCount + 1));
  const fortAfter = b.block('fortAfter#bins', 5);
  const specialsDestroyed = b.block('specialsDestroyed#bins', p.specials + 1);
  // The headline first, then the defender, then the other attackers.
  const order = [1, 0, ...Array.from({ length: P - 2 }, (_, k) => k + 2)];
  const seats = Array.from({ length: P }, (_, i) => `holds_${i}`);
  if (!p.unowned) {
    for (const i of order) b.event(`holds_${i}`, `P(${title(i)} ends holding the hex)`, [[holder + i, 1]]);
    b.partition('holder', 'Who ends holding the hex', seats);
  } else {
    for (const i of order)
      b.event(`holds_${i}`, `P(${title(i)} ends holding the hex: last army left, then explores it)`, [[gains + i, 1]]);
    b.event('pExplorationFails', 'P(the last army left fails to explore the hex)', [[gains + P, 1]]);
    b.event('pNobodyLeft', 'P(no army is left: all eliminated together, or the round cap)', [[gains + P + 1, 1]]);
    b.partition('holder', 'Who ends holding the hex', [...seats, 'pExplorationFails', 'pNobodyLeft']);
    for (const i of order)
      b.event(`lastArmy_${i}`, `P(${title(i)} is the last army left in the hex)`, [[holder + i, 1]]);
  }
  roundsHistogram(b, rounds, p.unowned ? 'Rounds fought between the armies' : 'Rounds fought');
  const sides = p.sides.map(
    (side, i) => new SideHistograms(b, { who: title(i), series: p.names[i], creatures: side.creatureCount }),
  );
  p.sides.forEach((side, i) => {
    if (side.creatureCount === 0) return;
    const after = p.unowned ? '; after exploring, if it did' : '';
    const label = `${title(i)}: creatures left (retreated ones included${after})`;
    sides[i].left(`creaturesLeft_${i}`, [{ offset: creaturesLeft[i] }], { label });
  });
  p.sides.forEach((side, i) =>
    sides[i].stackLoss(
      `stackLoss_${i}`,
      stackLoss[i],
      stackLossPossible(p.retreats[i], side.creatureCount, p.friendly[i]),
    ),
  );
  postBattleHistograms(b, p, { series: p.names[0], fort: [{ offset: fortAfter }], specials: specialsDestroyed });
  const layout = b.build();
  const at = { holder, gains, rounds, creaturesLeft, stackLoss, fortAfter, specialsDestroyed, size: layout.size };
  return { layout, at };
}
