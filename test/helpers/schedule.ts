/**
 * The order test files start in, and which may start before the build has ended. Under `npm test`
 * (scripts/test.mjs) tsc runs beside the tests; the files of WITHOUT_BUILD need only the sources
 * (no dist/, no binary, no worker pool: each ran green with dist/ removed), so they start first and
 * fill the cores while tsc works. Every other file waits for the build (waitForBuild.ts): a new test
 * file waits unless it is added here, so none can read a half-written dist/.
 * Then the longest files, longest first, so that no long file starts last and runs alone at the end
 * (durations measured on the 2-core machine).
 */
export const WITHOUT_BUILD = [
  'test/claims/claims.test.ts',
  'test/core/engine/sweep/sweep.test.ts',
  'test/core/systems/landgrab/montecarlo.test.ts',
  'test/core/systems/kings-and-things/exact.test.ts',
  'test/core/systems/kings-and-things/rules.test.ts',
  'test/core/systems/kings-and-things/houseRules.test.ts',
  'test/core/systems/kings-and-things/retreatHex.test.ts',
  'test/core/systems/kings-and-things/explore.test.ts',
  'test/core/systems/kings-and-things/multi.test.ts',
  'test/core/systems/kings-and-things/fortAfterRetreat.test.ts',
  'test/core/systems/kings-and-things/game/induction.test.ts',
  'test/core/systems/landgrab/optimize/bestStopRule.mip.test.ts',
  'test/core/systems/landgrab/optimize/defence.test.ts',
  'test/core/systems/kings-and-things/unexploredFight.test.ts',
  'test/output/charts.test.ts',
];

/**
 * The longest of the files that wait for the build, longest first. The page suites need no build, but
 * wait for it all the same: a tap on the page got no answer within 60 s twice in whole runs while tsc,
 * both suites' chromium and the other worker shared the two cores (never in focused runs, nor with tsc
 * done; not understood yet).
 */
export const LONGEST_AFTER_BUILD = [
  'test/web/page.test.ts',
  'test/web/taps.test.ts',
  'test/web/turnPage.test.ts',
  'test/contract/contract.test.ts',
  'test/library/package.test.ts',
  'test/files/faults.test.ts',
  'test/cli/run.test.ts',
  'test/session/secondInterrupt.test.ts',
  'test/fleet/queueTrust.test.ts',
  'test/session/interrupt.test.ts',
  'test/files/scenarioFuzz.test.ts',
  'test/cli/binary.test.ts',
  'test/fleet/queue.test.ts',
  'test/core/systems/advanced-civilization/scenarios.test.ts',
  'test/cli/solveFor.test.ts',
  'test/core/run/bundledScenarios.test.ts',
];

/** A test file's path from the repository's root, with forward slashes. */
export function fromRoot(file: string): string {
  const slashed = file.replaceAll('\\', '/');
  const at = slashed.lastIndexOf('/test/');
  return at < 0 ? slashed : slashed.slice(at + 1);
}

export function runsWithoutBuild(file: string): boolean {
  return WITHOUT_BUILD.includes(fromRoot(file));
}
