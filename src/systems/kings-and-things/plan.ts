/**
 * Kings & Things battle plans (what workers receive; structured-cloneable) and their
 * tally layouts: one function per battle kind builds the named layout and returns the
 * numeric offsets, which the plan carries (`plan.at`). Kernels and the exact solver write
 * by offset; the summary and describe() read by name.
 *
 * Blocks are sized by counter counts only (never by fort level or retreat settings), so
 * variants of a sweep that change a fort or a policy keep the same tally size; events and
 * histograms that cannot happen under a plan's settings are simply not declared.
 */
import { LayoutBuilder, type TallyLayout } from '../../engine/tally/layout.js';
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

export const mayRetreat = (r: RetreatRule) => r.afterRounds > 0 || r.outnumbered > 0 || r.downTo >= 0;

/** A battle the kernels cut off after this many rounds counts as a hold (it never happens in practice). */
export const MAX_ROUNDS = 1000;
/** Rounds histogram bins 0..ROUND_BINS; the last bin holds ROUND_BINS or more rounds. */
export const ROUND_BINS = 30;
/** Most counters drawn from the cup (a roll of 5). */
export const MAX_DRAWN = 5;
/** 9.2 (via 11.6): more than this many friendly creatures in a hex after a retreat lose the excess. */
export const STACK_LIMIT = 10;

/**
 * Creatures removed at the stack limit when `retreated` creatures join `friendly` ones already in
 * the retreat hex: the excess over STACK_LIMIT, at most all of those retreating.
 */
export function stackExcess(retreated: number, friendly: number): number {
  const over = retreated + friendly - STACK_LIMIT;
  return over <= 0 ? 0 : over > retreated ? retreated : over;
}

/** Can a side with this rule, n creatures and `friendly` in its retreat hex lose any at the stack limit? */
export const stackLossPossible = (r: RetreatRule, n: number, friendly: number) =>
  mayRetreat(r) && n + friendly > STACK_LIMIT;

export const TARGET_POLICIES = ['strongest', 'weakest', 'defender', 'next'] as const;
export const TARGET_STRONGEST = 0;
export const TARGET_WEAKEST = 1;
export const TARGET_DEFENDER = 2;
export const TARGET_NEXT = 3;
/** target = TARGET_PLAYER + j: player j while he is in the fight, else the strongest. */
export const TARGET_PLAYER = 10;

/** What is in the hex besides the defender's creatures: only the post-battle roll (11.72) uses these. */
export interface HexAfter {
  /** Fort level 0-4 (0: no fort). */
  fortLevel: number;
  /** Cities, villages and special income counters: destroyed on a 1 or 6. */
  specials: number;
}

// ---------------------------------------------------------------------------------------
// Two-sided battle (`battle`)

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

/** Creatures a side loses at the stack limit after retreating, declared only where it can happen. */
function stackLossHistogram(
  b: LayoutBuilder,
  name: string,
  who: string,
  series: string,
  offset: number,
  n: number,
  { possible }: { possible: boolean },
): void {
  if (!possible) return;
  const label = `${who} creatures lost to the stack limit after retreating (more than ${STACK_LIMIT} in the hex, 9.2)`;
  b.histogram(name, {
    label,
    xLabel: 'creatures and characters',
    series,
    from: 0,
    to: n,
    terms: [{ offset }],
    means: [{ key: name, label }],
  });
}

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
  const causes: Array<[name: string, label: string, bin: number, possible: boolean]> = [
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
  const possible = causes.filter((c) => c[3]);
  for (const [name, label, bin] of possible) b.event(name, `P(${label})`, [[outcome + bin, 1]]);
  b.partition(
    'outcome',
    'How the battle ends',
    possible.map((c) => c[0]),
  );

  b.histogram('rounds', {
    label: 'Rounds fought',
    xLabel: `rounds (${ROUND_BINS} = ${ROUND_BINS} or more)`,
    series: 'battle',
    from: 0,
    to: ROUND_BINS,
    terms: [{ offset: rounds }],
    means: [{ key: 'rounds', label: `Rounds fought (${ROUND_BINS} stands for ${ROUND_BINS} or more)` }],
  });
  b.histogram('attackerLeft', {
    label: 'Attacking creatures left (retreated ones included)',
    xLabel: 'creatures and characters',
    series: 'attacker',
    from: 0,
    to: nA,
    terms: [{ offset: attackerLeftCapture }, { offset: attackerLeftHold }],
    means: [
      { key: 'attackerLeft', label: 'Attacking creatures left (retreated ones included)' },
      { key: 'attackerLost', label: 'Attacking creatures lost', reflect: nA },
    ],
    quantiles: { key: 'attackerLeft', label: 'Attacking creatures left' },
  });
  b.histogram('attackerLeftIfCapture', {
    label: 'Attacking creatures left, given a capture',
    xLabel: 'creatures and characters',
    series: 'attacker',
    from: 0,
    to: nA,
    terms: [{ offset: attackerLeftCapture }],
    given: 'given a capture',
    condition: DUEL_HEADLINE,
    means: [{ key: 'attackerLeftIfCapture', label: 'Attacking creatures left, given a capture' }],
  });
  b.histogram('attackerValueLeft', {
    label: 'Attacking combat value left',
    xLabel: 'combat value',
    series: 'attacker',
    from: 0,
    to: vA,
    terms: [{ offset: attackerValueCapture }, { offset: attackerValueHold }],
    means: [{ key: 'attackerValueLeft', label: 'Attacking combat value left' }],
    distribution: false,
  });
  b.histogram('attackerValueLeftIfCapture', {
    label: 'Attacking combat value left, given a capture',
    xLabel: 'combat value',
    series: 'attacker',
    from: 0,
    to: vA,
    terms: [{ offset: attackerValueCapture }],
    given: 'given a capture',
    condition: DUEL_HEADLINE,
    means: [{ key: 'attackerValueLeftIfCapture', label: 'Attacking combat value left, given a capture' }],
    distribution: false,
  });
  if (nD > 0) {
    b.histogram('defenderLeft', {
      label: 'Defending creatures left (retreated ones included)',
      xLabel: 'creatures and characters',
      series: 'defender',
      from: 0,
      to: nD,
      terms: [{ offset: defenderLeft }],
      means: [
        { key: 'defenderLeft', label: 'Defending creatures left (retreated ones included)' },
        { key: 'defenderLost', label: 'Defending creatures lost', reflect: nD },
      ],
      quantiles: { key: 'defenderLeft', label: 'Defending creatures left' },
    });
    b.histogram('defenderValueLeft', {
      label: 'Defending combat value left',
      xLabel: 'combat value',
      series: 'defender',
      from: 0,
      to: vD,
      terms: [{ offset: defenderValue }],
      means: [{ key: 'defenderValueLeft', label: "Defending creatures' combat value left" }],
      distribution: false,
    });
  }
  if (p.fortLevel > 0) {
    b.histogram('fortLevelAfter', {
      label: 'Fort level after the post-battle roll',
      xLabel: 'fort level (0 none, 1 tower, 2 keep, 3 castle, 4 citadel)',
      series: 'defender',
      from: 0,
      to: 4,
      terms: [{ offset: fortAfterCapture }, { offset: fortAfterHold }],
      means: [{ key: 'fortLevelAfter', label: 'Fort level after the post-battle roll (0 = gone)' }],
    });
    b.histogram('fortLevelAfterIfCapture', {
      label: 'Fort level after the post-battle roll, given a capture',
      xLabel: 'fort level (0 none, 1 tower, 2 keep, 3 castle, 4 citadel)',
      series: 'attacker',
      from: 0,
      to: 4,
      terms: [{ offset: fortAfterCapture }],
      given: 'given a capture',
      condition: DUEL_HEADLINE,
      means: [{ key: 'fortLevelAfterIfCapture', label: 'Fort level the attacker takes over, given a capture' }],
      distribution: false,
    });
  }
  if (p.specials > 0) {
    b.histogram('specialsDestroyed', {
      label: 'Cities, villages and income counters destroyed by the post-battle roll',
      xLabel: 'counters destroyed',
      series: 'defender',
      from: 0,
      to: p.specials,
      terms: [{ offset: specialsDestroyed }],
      means: [{ key: 'specialsDestroyed', label: 'Cities, villages and income counters destroyed after the battle' }],
    });
  }
  stackLossHistogram(b, 'attackerStackLoss', 'Attacking', 'attacker', attackerStackLoss, nA, {
    possible: stackLossPossible(p.attackerRetreat, nA, p.attackerFriendly),
  });
  stackLossHistogram(b, 'defenderStackLoss', 'Defending', 'defender', defenderStackLoss, nD, {
    possible: stackLossPossible(p.defenderRetreat, nD, p.defenderFriendly),
  });
  const layout = b.build();
  at.size = layout.size;
  return { layout, at };
}

// ---------------------------------------------------------------------------------------
// Multi-player battle (`multi`, 11.8)

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

/** Metric keys are by seat index (`holds_2`), never by player name. */
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
  b.histogram('rounds', {
    label: p.unowned ? 'Rounds fought between the armies' : 'Rounds fought',
    xLabel: `rounds (${ROUND_BINS} = ${ROUND_BINS} or more)`,
    series: 'battle',
    from: 0,
    to: ROUND_BINS,
    terms: [{ offset: rounds }],
    means: [{ key: 'rounds', label: `Rounds fought (${ROUND_BINS} stands for ${ROUND_BINS} or more)` }],
  });
  p.sides.forEach((side, i) => {
    if (side.creatureCount === 0) return;
    const after = p.unowned ? '; after exploring, if it did' : '';
    const label = `${title(i)}: creatures left (retreated ones included${after})`;
    b.histogram(`creaturesLeft_${i}`, {
      label,
      xLabel: 'creatures and characters',
      series: p.names[i],
      from: 0,
      to: side.creatureCount,
      terms: [{ offset: creaturesLeft[i] }],
      means: [{ key: `creaturesLeft_${i}`, label }],
    });
  });
  p.sides.forEach((side, i) =>
    stackLossHistogram(b, `stackLoss_${i}`, title(i), p.names[i], stackLoss[i], side.creatureCount, {
      possible: stackLossPossible(p.retreats[i], side.creatureCount, p.friendly[i]),
    }),
  );
  if (p.fortLevel > 0) {
    b.histogram('fortLevelAfter', {
      label: 'Fort level after the post-battle roll',
      xLabel: 'fort level (0 none, 1 tower, 2 keep, 3 castle, 4 citadel)',
      series: p.names[0],
      from: 0,
      to: 4,
      terms: [{ offset: fortAfter }],
      means: [{ key: 'fortLevelAfter', label: 'Fort level after the post-battle roll (0 = gone)' }],
    });
  }
  if (p.specials > 0) {
    b.histogram('specialsDestroyed', {
      label: 'Cities, villages and income counters destroyed by the post-battle roll',
      xLabel: 'counters destroyed',
      series: p.names[0],
      from: 0,
      to: p.specials,
      terms: [{ offset: specialsDestroyed }],
      means: [{ key: 'specialsDestroyed', label: 'Cities, villages and income counters destroyed after the battle' }],
    });
  }
  const layout = b.build();
  const at = { holder, gains, rounds, creaturesLeft, stackLoss, fortAfter, specialsDestroyed, size: layout.size };
  return { layout, at };
}

// ---------------------------------------------------------------------------------------
// Exploration (`explore`, 10.x, 11.9)

export const NO_DEFENDERS = 0;
export const EXPLORED = 1;
export const ELIMINATED = 2;
export const RETREATED = 3;

/**
 * The cup as counter classes (value, step, dice, house-rule knobs) with their copies;
 * non-fighting counters have value 0.
 */
export interface CupClasses {
  classValue: Int8Array;
  classStep: Int8Array;
  classDice: Int8Array;
  classHits: Int8Array;
  classMod: Int8Array;
  classCopies: Int32Array;
}

export interface ExploreRules extends CupClasses {
  explorer: SideTables;
  /** NEVER without a retreat hex. */
  explorerRetreat: RetreatRule;
  /** Friendly creatures already in the explorer's retreat hex (the stack limit, 9.2). */
  explorerFriendly: number;
  /** Bribery gold (-1: no bribery) and cost multiplier. */
  bribeGold: number;
  bribeMultiplier: number;
}

export interface ExploreOffsets {
  /** 4 bins: NO_DEFENDERS, EXPLORED (won the battle), ELIMINATED (incl. mutual and the round cap), RETREATED. */
  outcome: number;
  /** Counters drawn 0..MAX_DRAWN (0 on a 1 or 6). */
  drawn: number;
  /** Fighting defenders after bribes 0..MAX_DRAWN. */
  fighting: number;
  /** Exploring creatures left, on success / on failure: nA + 1 bins each. */
  explorerLeftSuccess: number;
  explorerLeftFailure: number;
  rounds: number;
  /** Gold spent on bribes: bribeGold + 1 bins (1 without bribery). */
  gold: number;
  /** Exploring creatures lost at the stack limit after retreating: nA + 1. */
  stackLoss: number;
  size: number;
}

export interface ExplorePlan extends ExploreRules {
  kind: 'explore';
  at: ExploreOffsets;
}

export const EXPLORE_HEADLINE = 'pExplore';

export function exploreLayout(p: ExploreRules): { layout: TallyLayout; at: ExploreOffsets } {
  const b = new LayoutBuilder();
  const nA = p.explorer.creatureCount;
  const outcome = b.block('outcome#bins', 4);
  const drawn = b.block('drawn#bins', MAX_DRAWN + 1);
  const fighting = b.block('fighting#bins', MAX_DRAWN + 1);
  const explorerLeftSuccess = b.block('explorerLeftSuccess#bins', nA + 1);
  const explorerLeftFailure = b.block('explorerLeftFailure#bins', nA + 1);
  const rounds = b.block('rounds#bins', ROUND_BINS + 1);
  const gold = b.block('gold#bins', Math.max(0, p.bribeGold) + 1);
  const stackLoss = b.block('stackLoss#bins', nA + 1);
  b.event(EXPLORE_HEADLINE, 'P(explores the hex successfully)', [[outcome, 2]]);
  const causes: Array<[string, string, number, boolean]> = [
    ['pNoDefenders', 'explored: no defenders (rolled 1 or 6)', NO_DEFENDERS, true],
    ['pWonBattle', 'explored: won the battle', EXPLORED, true],
    ['pExplorerEliminated', 'failed: explorer eliminated', ELIMINATED, true],
    ['pExplorerRetreated', 'failed: explorer retreated', RETREATED, mayRetreat(p.explorerRetreat)],
  ];
  const possible = causes.filter((c) => c[3]);
  for (const [name, label, bin] of possible) b.event(name, `P(${label})`, [[outcome + bin, 1]]);
  b.partition(
    'outcome',
    'How the exploration ends',
    possible.map((c) => c[0]),
  );
  b.histogram('explorerLeftIfExplored', {
    label: 'Exploring creatures left, given success',
    xLabel: 'creatures and characters',
    series: 'attacker',
    from: 0,
    to: nA,
    terms: [{ offset: explorerLeftSuccess }],
    given: 'given success',
    condition: EXPLORE_HEADLINE,
    means: [{ key: 'explorerLeftIfExplored', label: 'Exploring creatures left, given success' }],
  });
  b.histogram('explorerLeft', {
    label: 'Exploring creatures left (retreated ones included)',
    xLabel: 'creatures and characters',
    series: 'attacker',
    from: 0,
    to: nA,
    terms: [{ offset: explorerLeftSuccess }, { offset: explorerLeftFailure }],
    means: [
      { key: 'explorerLeft', label: 'Exploring creatures left (retreated ones included)' },
      { key: 'explorerLost', label: 'Exploring creatures lost', reflect: nA },
    ],
    distribution: false,
  });
  b.histogram('countersDrawn', {
    label: 'Counters drawn from the cup',
    xLabel: 'counters',
    series: 'defender',
    from: 0,
    to: MAX_DRAWN,
    terms: [{ offset: drawn }],
    means: [{ key: 'countersDrawn', label: 'Counters drawn from the cup' }],
  });
  b.histogram('fightingDefenders', {
    label: 'Drawn defenders that fight (after bribes)',
    xLabel: 'defenders',
    series: 'defender',
    from: 0,
    to: MAX_DRAWN,
    terms: [{ offset: fighting }],
    means: [{ key: 'fightingDefenders', label: 'Drawn defenders that fight (after bribes)' }],
  });
  b.histogram('rounds', {
    label: 'Rounds fought (0 when there is no battle)',
    xLabel: `rounds (${ROUND_BINS} = ${ROUND_BINS} or more)`,
    series: 'battle',
    from: 0,
    to: ROUND_BINS,
    terms: [{ offset: rounds }],
    means: [{ key: 'rounds', label: 'Rounds fought (0 when there is no battle)' }],
  });
  if (p.bribeGold >= 0) {
    b.histogram('bribeGold', {
      label: 'Gold spent on bribes',
      xLabel: 'gold pieces',
      series: 'attacker',
      from: 0,
      to: p.bribeGold,
      terms: [{ offset: gold }],
      means: [{ key: 'bribeGold', label: 'Gold spent on bribes' }],
    });
  }
  stackLossHistogram(b, 'explorerStackLoss', 'Exploring', 'attacker', stackLoss, nA, {
    possible: stackLossPossible(p.explorerRetreat, nA, p.explorerFriendly),
  });
  const layout = b.build();
  const at: ExploreOffsets = {
    outcome,
    drawn,
    fighting,
    explorerLeftSuccess,
    explorerLeftFailure,
    rounds,
    gold,
    stackLoss,
    size: layout.size,
  };
  return { layout, at };
}

export type KtPlan = DuelPlan | MultiPlan | ExplorePlan;
