/**
 * How far V8 lets the heap grow past what is live. A run of 10,000 battles holds ~20 MB live, but
 * V8 lets the old generation grow to up to 4 times its live size between full collections when
 * garbage comes fast (each battle's report, rows and page section are garbage once written), so
 * its peak was 1.5x that of 400 battles, and 1.7x with --json (issue 31). Growing by at most half
 * the live size keeps the peak within 1.3x at no measurable cost in time (bench/memory.ts).
 *
 * `--heap-growing-percent` is read each time V8 sets the next limit, so it takes effect when set
 * at run time (a heap's sizes, like the semi-space, are fixed at start and would need a flag on the
 * command line). For the command line's long runs only; the library leaves the host's heap alone.
 */
import v8 from 'node:v8';

const GROWING_PERCENT = 50;
let applied = false;

export function keepHeapNearLive(): void {
  if (applied) return;
  applied = true;
  v8.setFlagsFromString(`--heap-growing-percent=${GROWING_PERCENT}`);
}
