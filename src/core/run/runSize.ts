/**
 * A word about a run's size before it starts. A scenario may ask for 10,000 battles of 10^9
 * trials each (10^13 battles: days of computing on one machine); the limits allow it, since
 * a fleet can do it, but nobody should start it by mistake. Above LARGE_RUN_TRIALS the run
 * says how much it will sample, and how long that is at a stated rate (a fixed figure, not a
 * measurement: nothing here depends on the clock), before anything runs.
 */
import { thousands } from '../words/format.js';

/** About ten minutes at NOMINAL_RATE: below this a run needs no warning. */
export const LARGE_RUN_TRIALS = 1e10;
/** Battles a second of a fast kernel on two cores (bench: 9-17 M on this kind of machine). */
export const NOMINAL_RATE = 2e7;

/**
 * The note for a run that samples up to `trials` battles in all, or undefined when it is not
 * large. `exactFirst`: battles with an exact answer are solved instead (method auto), so the
 * run may sample far fewer.
 */
export function runSizeNote(trials: number, exactFirst: boolean): string | undefined {
  if (trials <= LARGE_RUN_TRIALS) return undefined;
  const hours = trials / NOMINAL_RATE / 3600;
  const time = hours >= 48 ? `${Math.round(hours / 24)} days` : `${Math.max(1, Math.round(hours))} hours`;
  const fewer = exactFirst ? '; fewer where an exact answer is found instead' : '';
  return (
    `this run samples up to ${trials.toExponential(1).replace('e+', 'e')} battles in all ` +
    `(${thousands(trials)}${fewer}): about ${time} at ${NOMINAL_RATE / 1e6} million battles a second; ` +
    'Ctrl-C stops it and keeps what finished (marked partial); --shard or --queue spread it over machines'
  );
}
