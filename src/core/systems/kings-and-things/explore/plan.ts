/**
 * An exploration (`explore`, 10.x, 11.9): its compiled rules (the explorer, the cup as counter
 * classes, bribery), its tally layout and the offsets its kernel and exact solver write at.
 */
import { LayoutBuilder, type TallyLayout } from '../../../model/tallyLayout.js';
import type { SideTables } from '../rules/tables.js';
import { mayRetreat, stackLossPossible, type RetreatRule } from '../rules/retreat.js';
import { ROUND_BINS, SideHistograms, causeEvents, roundsHistogram, type Cause } from '../rules/layout.js';

/** Most counters drawn from the cup (a roll of 5). */
export const MAX_DRAWN = 5;

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
  const causes: Cause[] = [
    ['pNoDefenders', 'explored: no defenders (rolled 1 or 6)', NO_DEFENDERS, true],
    ['pWonBattle', 'explored: won the battle', EXPLORED, true],
    ['pExplorerEliminated', 'failed: explorer eliminated', ELIMINATED, true],
    ['pExplorerRetreated', 'failed: explorer retreated', RETREATED, mayRetreat(p.explorerRetreat)],
  ];
  causeEvents(b, outcome, 'How the exploration ends', causes);
  const explorer = new SideHistograms(b, { who: 'Exploring', series: 'attacker', creatures: nA });
  const success = { offset: explorerLeftSuccess };
  explorer.left('explorerLeftIfExplored', [success], { given: 'given success', condition: EXPLORE_HEADLINE });
  explorer.left('explorerLeft', [success, { offset: explorerLeftFailure }], {
    lost: 'explorerLost',
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
  roundsHistogram(b, rounds, 'Rounds fought (0 when there is no battle)', 'Rounds fought (0 when there is no battle)');
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
  explorer.stackLoss('explorerStackLoss', stackLoss, stackLossPossible(p.explorerRetreat, nA, p.explorerFriendly));
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
