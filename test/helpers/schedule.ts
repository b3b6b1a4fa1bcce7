/**
 * What each test file waits for under `npm test`, and the order the files start in.
 *
 * scripts/test.mjs builds beside the tests: the command line's bundle (dist/cli/, ~1.5 s) and tsc's
 * dist/src (~20 s on one core). Every file waits for the bundle before it loads (waitForBuild.ts); the
 * files of NEEDS_TSC load dist/src and wait for tsc as well: a new file that runs dist/src must be added
 * there, or it may read a half-written one.
 *
 * Then the longest files first, so that no long file starts last and runs alone at the end; the browser
 * suites, which mostly wait for the page, apart, each beside files that keep the cores busy; the files
 * that wait for tsc after enough work for the other core to cover it (durations measured on the 2-core
 * machine; see the README's "Benchmarks").
 */
export const NEEDS_TSC = [
  'test/library/package.test.ts',
  'test/files/faults.test.ts',
  'test/threads/poolExecutor.test.ts',
];

export const ORDER = [
  'test/web/page.test.ts',
  'test/contract/contract.test.ts',
  'test/contract/kingsAndThings.test.ts',
  'test/claims/kingsAndThings.test.ts',
  'test/core/engine/sweep/sweep.test.ts',
  'test/core/systems/landgrab/montecarlo.test.ts',
  'test/library/package.test.ts',
  'test/files/faults.test.ts',
  'test/web/taps.test.ts',
  'test/fleet/queueHostile.test.ts',
  'test/web/turnPage.test.ts',
  'test/fuzz/hostileInputs.test.ts',
  'test/cli/run.test.ts',
  'test/session/secondInterrupt.test.ts',
  'test/fleet/queueTrust.test.ts',
  'test/session/interrupt.test.ts',
  'test/fleet/queue.test.ts',
  'test/core/systems/kings-and-things/exact.test.ts',
  'test/core/systems/kings-and-things/houseRules.test.ts',
  'test/core/systems/kings-and-things/explore.test.ts',
  'test/core/systems/kings-and-things/multi.test.ts',
  'test/core/systems/kings-and-things/fortAfterRetreat.test.ts',
  'test/core/systems/kings-and-things/game/induction.test.ts',
  'test/core/systems/kings-and-things/retreatHex.test.ts',
  'test/core/systems/landgrab/optimize/defence.test.ts',
  'test/files/scenarioFuzz.test.ts',
  'test/cli/browser.test.ts',
  'test/threads/poolExecutor.test.ts',
  'test/cli/binary.test.ts',
];

/** A test file's path from the repository's root, with forward slashes. */
export function fromRoot(file: string): string {
  const slashed = file.replaceAll('\\', '/');
  const at = slashed.lastIndexOf('/test/');
  return at < 0 ? slashed : slashed.slice(at + 1);
}

export function needsTsc(file: string): boolean {
  return NEEDS_TSC.includes(fromRoot(file));
}
