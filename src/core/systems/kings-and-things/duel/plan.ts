/**
 * A two-sided battle (`battle`): its compiled rules (what workers receive; structured-cloneable),
 * its tally layout and the offsets the kernels and the exact solver write at (`plan.at`); the
 * summary and describe() read by name. Blocks are sized by counter counts only (never by fort
 * level or retreat settings), so variants of a sweep that change a fort or a policy keep the
 * same tally size; events and histograms that cannot happen under a plan's settings are simply
 * not declared.
 */
import { LayoutBuilder, type TallyLayout } from '../../../model/tallyLayout.js';
import type { SideTables } from '../rules/tables.js';
import type { HexAfter } from '../rules/hex.js';
import { MAX_ROUNDS } from '../rules/counterBattle.js';
import { mayRetreat, stackLossPossible, type RetreatRule } from '../rules/retreat.js';
import {
  ROUND_BINS,
  SideHistograms,
  causeEvents,
  postBattleHistograms,
  roundsHistogram,
  type Cause,
} from '../rules/layout.js';

/** Outcome bins of a two-sided battle, in this order. */
export const CAPTURE_ELIMINATED = 0;
export const CAPTURE_RETREATED = 1;
export const HOLD_ELIMINATED = 2;
export const HOLD_RETREATED = 3;
export const HOLD_MUTUAL = 4;
export const HOLD_ROUND_LIMIT = 5;
const OUTCOME_BINS = 6;

export interface DuelRules extends HexAfter {
  attacker: SideTables;
  defender: SideTables;
  /** The defender's buildings alone, for when its creatures retreat and the fort fights on. */
  defenderBuildings: SideTables;
  /** false (`fortAfterRetreat: falls`): the hex is captured as soon as the defender's creatures retreat. */
  buildingsFightOn: boolean;
  /** NEVER without a retreat hex (11.6: "your force may not retreat"). */
  attackerRetreat: RetreatRule;
  /** NEVER for an unexplored hex, or without a retreat hex. */
  defenderRetreat: RetreatRule;
  /** Friendly creatures already in each side's retreat hex (the stack limit, 9.2). */
  attackerFriendly: number;
  defenderFriendly: number;
}

export interface DuelOffsets {
  /** 6 bins: CAPTURE_ELIMINATED .. HOLD_ROUND_LIMIT. */
  outcome: number;
  /** Rounds fought 0..ROUND_BINS (the last bin: ROUND_BINS or more). */
  rounds: number;
  /** Attacking creatures left (retreated ones included), by capture / hold: nA + 1 bins each. */
  attackerLeftCapture: number;
  attackerLeftHold: number;
  /** Their combat value, by capture / hold: vA + 1 bins each. */
  attackerValueCapture: number;
  attackerValueHold: number;
  /** Defending creatures left (retreated ones included): nD + 1; their combat value: vD + 1. */
  defenderLeft: number;
  defenderValue: number;
  /** Fort level after the post-battle roll, by capture / hold: 5 bins each. */
  fortAfterCapture: number;
  fortAfterHold: number;
  /** Cities, villages and income counters destroyed: specials + 1. */
  specialsDestroyed: number;
  /** Creatures removed at the stack limit after a retreat: nA + 1, nD + 1 (0 when no retreat). */
  attackerStackLoss: number;
  defenderStackLoss: number;
  size: number;
}

export interface DuelPlan extends DuelRules {
  kind: 'battle';
  at: DuelOffsets;
}

/** Steps (bit s) in which a side has at least one counter that fires. */
function stepsOf(side: SideTables): number {
  let mask = 0;
  for (let i = 0; i < side.step.length; i++) mask |= 1 << side.step[i];
  return mask;
}

export const DUEL_HEADLINE = 'pCapture';

/** The layout of a two-sided battle: the attacker's chance first; causes only where the settings allow them. */
export function duelLayout(p: DuelRules): { layout: TallyLayout; at: DuelOffsets } {
  const b = new LayoutBuilder();
  const nA = p.attacker.creatureCount;
  const vA = p.attacker.totalCreatureValue;
  const nD = p.defender.creatureCount;
  const vD = p.defender.totalCreatureValue;
  const outcome = b.block('outcome#bins', OUTCOME_BINS);
  const rounds = b.block('rounds#bins', ROUND_BINS + 1);
  const attackerLeftCapture = b.block('attackerLeftCapture#bins', nA + 1);
  const attackerLeftHold = b.block('attackerLeftHold#bins', nA + 1);
  const attackerValueCapture = b.block('attackerValueCapture#bins', vA + 1);
  const attackerValueHold = b.block('attackerValueHold#bins', vA + 1);
  const defenderLeft = b.block('defenderLeft#bins', nD + 1);
  const defenderValue = b.block('defenderValue#bins', vD + 1);
  const fortAfterCapture = b.block('fortAfterCapture#bins', 5);
  const fortAfterHold = b.block('fortAfterHold#bins', 5);
  const specialsDestroyed = b.block('specialsDestroyed#bins', p.specials + 1);
  const attackerStackLoss = b.block('attackerStackLoss#bins', nA + 1);
  const defenderStackLoss = b.block('defenderStackLoss#bins', nD + 1);
  const at: DuelOffsets = {
    outcome,
    rounds,
    attackerLeftCapture,
    attackerLeftHold,
    attackerValueCapture,
    attackerValueHold,
    defenderLeft,
    defenderValue,
    fortAfterCapture,
    fortAfterHold,
    specialsDestroyed,
    attackerStackLoss,
    defenderStackLoss,
    size: 0,
  };

  const defenderFights = p.defender.capacity > 0;
  const causes: Cause[] = [
    ['pCaptureEliminated', 'capture: defenders eliminated or neutralized', CAPTURE_ELIMINATED, true],
    [
      'pCaptureRetreated',
      "capture: defender's creatures retreated",
      CAPTURE_RETREATED,
      defenderFights && nD > 0 && mayRetreat(p.defenderRetreat),
    ],
    ['pHoldAttackerEliminated', 'hold: attacker eliminated', HOLD_ELIMINATED, defenderFights],
    [
      'pHoldAttackerRetreated',
      'hold: attacker retreated',
      HOLD_RETREATED,
      defenderFights && mayRetreat(p.attackerRetreat),
    ],
    // Both sides fall together only in a step where both fire.
    ['pHoldMutual', 'hold: mutual elimination', HOLD_MUTUAL, (stepsOf(p.attacker) & stepsOf(p.defender)) !== 0],
    // An attacker retreating after N rounds always ends the battle by then.
    [
      'pHoldRoundLimit',
      `hold: unresolved after ${MAX_ROUNDS} rounds`,
      HOLD_ROUND_LIMIT,
      defenderFights && p.attackerRetreat.afterRounds === 0,
    ],
  ];
  b.event(DUEL_HEADLINE, 'P(attacker captures the hex)', [[outcome, 2]]);
  b.event('pHold', 'P(defender holds the hex)', [[outcome + 2, OUTCOME_BINS - 2]]);
  causeEvents(b, outcome, 'How the battle ends', causes);

  roundsHistogram(b, rounds);
  const attacker = new SideHistograms(b, { who: 'Attacking', series: 'attacker', creatures: nA, value: vA });
  const [capture, hold] = [{ offset: attackerLeftCapture }, { offset: attackerLeftHold }];
  attacker.left('attackerLeft', [capture, hold], { lost: 'attackerLost', quantiles: true });
  attacker.left('attackerLeftIfCapture', [capture], { given: 'given a capture', condition: DUEL_HEADLINE });
  const [valueCapture, valueHold] = [{ offset: attackerValueCapture }, { offset: attackerValueHold }];
  attacker.valueLeft('attackerValueLeft', [valueCapture, valueHold]);
  attacker.valueLeft('attackerValueLeftIfCapture', [valueCapture], {
    given: 'given a capture',
    condition: DUEL_HEADLINE,
  });
  const defender = new SideHistograms(b, { who: 'Defending', series: 'defender', creatures: nD, value: vD });
  if (nD > 0) {
    defender.left('defenderLeft', [{ offset: defenderLeft }], { lost: 'defenderLost', quantiles: true });
    defender.valueLeft('defenderValueLeft', [{ offset: defenderValue }], {
      meanLabel: "Defending creatures' combat value left",
    });
  }
  postBattleHistograms(b, p, {
    series: 'defender',
    fort: [{ offset: fortAfterCapture }, { offset: fortAfterHold }],
    fortIfCapture: { offset: fortAfterCapture, event: DUEL_HEADLINE },
    specials: specialsDestroyed,
  });
  attacker.stackLoss(
    'attackerStackLoss',
    attackerStackLoss,
    stackLossPossible(p.attackerRetreat, nA, p.attackerFriendly),
  );
  defender.stackLoss(
    'defenderStackLoss',
    defenderStackLoss,
    stackLossPossible(p.defenderRetreat, nD, p.defenderFriendly),
  );
  const layout = b.build();
  at.size = layout.size;
  return { layout, at };
}
