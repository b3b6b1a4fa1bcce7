/**
 * What every battle type's tally layout declares alike (duel/plan.ts, multi/plan.ts,
 * explore/plan.ts): the ways a battle ends as events and their partition, the rounds
 * fought, a side's creatures and combat value left and its creatures lost at the stack
 * limit (SideHistograms), and the post-battle roll. Each battle type keeps its own blocks
 * and offsets and calls these in its layout's order (the order is the report's order).
 */
import type { HistogramTerm, LayoutBuilder } from '../../../model/tallyLayout.js';
import { STACK_LIMIT } from './retreat.js';
import type { HexAfter } from './hex.js';

/** Rounds histogram bins 0..ROUND_BINS; the last bin holds ROUND_BINS or more rounds. */
export const ROUND_BINS = 30;

const CREATURES = 'creatures and characters';
const FORT_LEVELS = 'fort level (0 none, 1 tower, 2 keep, 3 castle, 4 citadel)';

/** A way a battle ends: its event name, its words, its bin in the outcome block, and whether the settings allow it. */
export type Cause = [name: string, label: string, bin: number, possible: boolean];

/** The possible causes as events ("P(label)") and the partition of them (the battle's outcome categories). */
export function causeEvents(b: LayoutBuilder, outcome: number, label: string, causes: readonly Cause[]): void {
  const possible = causes.filter((c) => c[3]);
  for (const [name, words, bin] of possible) b.event(name, `P(${words})`, [[outcome + bin, 1]]);
  b.partition(
    'outcome',
    label,
    possible.map((c) => c[0]),
  );
}

/** Rounds fought, 0..ROUND_BINS (the last bin: that many or more), with its mean. */
export function roundsHistogram(
  b: LayoutBuilder,
  offset: number,
  label = 'Rounds fought',
  meanLabel = `Rounds fought (${ROUND_BINS} stands for ${ROUND_BINS} or more)`,
): void {
  b.histogram('rounds', {
    label,
    xLabel: `rounds (${ROUND_BINS} = ${ROUND_BINS} or more)`,
    series: 'battle',
    from: 0,
    to: ROUND_BINS,
    terms: [{ offset }],
    means: [{ key: 'rounds', label: meanLabel }],
  });
}

/** The side as its histograms name it: "Attacking", the chart series, its creatures and their combat value. */
export interface SideNames {
  who: string;
  series: string;
  creatures: number;
  value?: number;
}

/** What one histogram of a side adds besides its counts: the condition, the mean lost, quantiles. */
export interface LeftOptions {
  /** Counted under a condition ("given a capture"), normalised by its own total. */
  given?: string;
  /** With `given`: the event it is counted under (tallies from elsewhere are checked against it). */
  condition?: string;
  /** Also the mean lost (creatures - left), under this key. */
  lost?: string;
  quantiles?: boolean;
  /** Listed among the report's distributions (default true). */
  distribution?: boolean;
  /** Its own words, where "<who> creatures left (retreated ones included)" does not say it. */
  label?: string;
}

/**
 * One side's histograms in a layout, its words made once: creatures left (retreated ones
 * included), their combat value left, and creatures lost at the stack limit after a retreat.
 *
 * @example
 * const attacker = new SideHistograms(b, { who: 'Attacking', series: 'attacker', creatures: 6, value: 14 });
 * attacker.left('attackerLeft', [{ offset: won }, { offset: held }], { lost: 'attackerLost', quantiles: true });
 * attacker.left('attackerLeftIfCapture', [{ offset: won }], { given: 'given a capture', condition: 'pCapture' });
 */
export class SideHistograms {
  constructor(
    private readonly b: LayoutBuilder,
    private readonly side: SideNames,
  ) {}

  /** Creatures left, with its mean (and the mean lost, quantiles, where asked). */
  left(name: string, terms: HistogramTerm[], o: LeftOptions = {}): void {
    const { who, series, creatures } = this.side;
    const label = o.label ?? `${who} creatures left${o.given ? `, ${o.given}` : ' (retreated ones included)'}`;
    this.b.histogram(name, {
      label,
      xLabel: CREATURES,
      series,
      from: 0,
      to: creatures,
      terms,
      ...(o.given ? { given: o.given, condition: o.condition } : {}),
      means: [
        { key: name, label },
        ...(o.lost ? [{ key: o.lost, label: `${who} creatures lost`, reflect: creatures }] : []),
      ],
      ...(o.quantiles ? { quantiles: { key: name, label: `${who} creatures left` } } : {}),
      ...(o.distribution === false ? { distribution: false } : {}),
    });
  }

  /** Their combat value left, with its mean (not charted: the creatures left are). */
  valueLeft(
    name: string,
    terms: HistogramTerm[],
    o: { given?: string; condition?: string; meanLabel?: string } = {},
  ): void {
    const { who, series, value = 0 } = this.side;
    const label = `${who} combat value left${o.given ? `, ${o.given}` : ''}`;
    this.b.histogram(name, {
      label,
      xLabel: 'combat value',
      series,
      from: 0,
      to: value,
      terms,
      ...(o.given ? { given: o.given, condition: o.condition } : {}),
      means: [{ key: name, label: o.meanLabel ?? label }],
      distribution: false,
    });
  }

  /** Creatures lost at the stack limit after retreating, declared only where it can happen. */
  stackLoss(name: string, offset: number, possible: boolean): void {
    if (!possible) return;
    const { who, series, creatures } = this.side;
    const limit = `more than ${STACK_LIMIT} in the hex, 9.2`;
    const label = `${who} creatures lost to the stack limit after retreating (${limit})`;
    this.b.histogram(name, {
      label,
      xLabel: CREATURES,
      series,
      from: 0,
      to: creatures,
      terms: [{ offset }],
      means: [{ key: name, label }],
    });
  }
}

/**
 * The post-battle roll (11.72), where the hex has something to roll for: the fort level after
 * it (`fort`: its bins; `fortIfCapture`: those of a capture, for the level the attacker takes
 * over) and the cities, villages and income counters destroyed (`specials`: their block).
 */
export function postBattleHistograms(
  b: LayoutBuilder,
  hex: HexAfter,
  o: { series: string; fort: HistogramTerm[]; fortIfCapture?: { offset: number; event: string }; specials: number },
): void {
  if (hex.fortLevel > 0) {
    b.histogram('fortLevelAfter', {
      label: 'Fort level after the post-battle roll',
      xLabel: FORT_LEVELS,
      series: o.series,
      from: 0,
      to: 4,
      terms: o.fort,
      means: [{ key: 'fortLevelAfter', label: 'Fort level after the post-battle roll (0 = gone)' }],
    });
    if (o.fortIfCapture !== undefined) {
      b.histogram('fortLevelAfterIfCapture', {
        label: 'Fort level after the post-battle roll, given a capture',
        xLabel: FORT_LEVELS,
        series: 'attacker',
        from: 0,
        to: 4,
        terms: [{ offset: o.fortIfCapture.offset }],
        given: 'given a capture',
        condition: o.fortIfCapture.event,
        means: [{ key: 'fortLevelAfterIfCapture', label: 'Fort level the attacker takes over, given a capture' }],
        distribution: false,
      });
    }
  }
  if (hex.specials > 0) {
    b.histogram('specialsDestroyed', {
      label: 'Cities, villages and income counters destroyed by the post-battle roll',
      xLabel: 'counters destroyed',
      series: o.series,
      from: 0,
      to: hex.specials,
      terms: [{ offset: o.specials }],
      means: [{ key: 'specialsDestroyed', label: 'Cities, villages and income counters destroyed after the battle' }],
    });
  }
}
