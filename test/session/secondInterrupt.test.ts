/**
 * A second Ctrl-C at any moment quits at once (exit 130) and leaves the previous results folder
 * exactly as it was, also while the partial folder is being written after the first: drawing a
 * sweep's charts, writing the run's files and flushing them used to run without a turn of the
 * event loop, so a second Ctrl-C 0.2-0.9 s after the first waited seconds, until the partial
 * folder had replaced the previous one. Real signals, on the built binary, at several delays.
 * And a run of exact answers (which never wait for anything) sees the first Ctrl-C.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_INTERRUPTED } from '../../src/session/interrupt.js';
import { READY_FILE_VARIABLE } from '../../src/files/readyFile.js';
import { cli } from '../helpers/cli.js';
import { ensureBuilt, snapshot, start, tempDir, waitForFile, waitForOutput } from '../helpers/processes.js';

/**
 * A sweep of 160 cells x 8 variants on this thread: a Ctrl-C lands in it, and writing the
 * partial folder draws 16 heatmaps (a second or more of drawing, each chart a tenth or so).
 */
const SWEEP = {
  name: 'second-interrupt',
  system: 'landgrab',
  seed: 'second-interrupt',
  trials: 20_000,
  method: 'sample',
  sweep: {
    base: { attackers: 3, defenders: 1 },
    axes: { attackers: { from: 3, to: 18 }, defenders: { from: 1, to: 10 } },
    variants: Array.from({ length: 8 }, (_, i) => ({
      label: `fortress +${i}`,
      set: { fortress: i > 0, fortressBonus: i % 7 },
    })),
  },
};
/** Earlier results in the same folder, quick to make: one exact battle under the same scenario name. */
const EARLIER = { name: SWEEP.name, system: 'landgrab', battles: [{ attackers: 5, defenders: 3 }] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A folder holding the results of an earlier run (made in this process); the run to interrupt writes over it. */
async function previousResults(dir: string, out: string): Promise<Record<string, string>> {
  const file = path.join(dir, 'earlier.json');
  writeFileSync(file, JSON.stringify(EARLIER));
  const earlier = await cli(['run', file, '--out', out, '--no-charts', '--brief']);
  expect(earlier.code, earlier.stderr).toBe(0);
  return snapshot(out);
}

/** Runs the sweep over earlier results, sends Ctrl-C while it samples and again `delay` ms later. */
async function interruptTwice(delay: number) {
  const dir = tempDir('battle-odds-second-interrupt-');
  const file = path.join(dir, 'scenario.json');
  writeFileSync(file, JSON.stringify(SWEEP));
  const out = path.join(dir, 'out');
  const before = await previousResults(dir, out);
  const ready = path.join(dir, 'ready');
  const started = start(['run', file, '--out', out, '--threads', '0'], {
    env: { [READY_FILE_VARIABLE]: ready },
    cwd: dir,
    timeoutMs: 60_000,
  });
  await waitForFile(ready);
  await sleep(300);
  // The run prints ` -> <folder>` right after swapping the partial folder in.
  let swapped = false;
  started.child.stdout?.on('data', (d: Buffer) => (swapped ||= String(d).includes(' -> ')));
  started.signal('SIGINT');
  await sleep(delay);
  // On a fast machine the partial folder may be in place before the second Ctrl-C: nothing to test then.
  const tooLate = swapped;
  const second = started.age();
  started.signal('SIGINT');
  const finished = await started.finished;
  return { delay, tooLate, finished, afterSecond: finished.elapsedMs - second, before, after: snapshot(out) };
}

describe('a second Ctrl-C', () => {
  beforeAll(ensureBuilt);

  it('0.2-0.9 s after the first, while the partial folder is written: exit 130 at once, old folder kept', async () => {
    // Two at a time: the machine has two cores, and a starved process answers late for no fault of its own.
    const cases = [];
    for (const pair of [
      [200, 650],
      [400, 900],
    ])
      cases.push(...(await Promise.all(pair.map(interruptTwice))));
    for (const { delay, tooLate, finished, afterSecond, before, after } of cases) {
      console.log(
        `second Ctrl-C ${delay} ms after the first: ` +
          (tooLate
            ? 'the partial folder was already in place'
            : `exit ${afterSecond.toFixed(0)} ms after it, ${finished.cpuMsAfterSignal.toFixed(0)} ms of CPU`),
      );
      if (tooLate) continue;
      expect(finished.code, `${delay} ms`).toBe(EXIT_INTERRUPTED);
      expect(finished.stdout, `${delay} ms: the partial folder was not swapped in`).not.toContain(' -> ');
      expect(after, `${delay} ms: the previous folder, byte for byte`).toEqual(before);
      // Drawing the partial folder's charts takes a second or more: within a chart or two is "at once". Checked
      // as the work done after it (CPU time: the wall time whenever the process has a core; see interrupt.test.ts).
      expect(finished.cpuMsAfterSignal, `${delay} ms`).toBeLessThan(2000);
    }
    // The earliest second Ctrl-C always comes while the partial folder is being written.
    expect(cases.filter((c) => !c.tooLate).map((c) => c.delay)).toContain(200);
  }, 90_000);
});

describe('a run of exact answers', () => {
  beforeAll(ensureBuilt);

  it('sees the first Ctrl-C (exact battles never wait for anything) and writes what finished', async () => {
    const dir = tempDir('battle-odds-exact-interrupt-');
    const file = path.join(dir, 'exact.json');
    const battles = Array.from({ length: 400 }, (_, i) => ({
      label: `battle ${i}`,
      attackers: 5 + (i % 40),
      defenders: 3 + (i % 17),
    }));
    writeFileSync(file, JSON.stringify({ name: 'exact-interrupt', system: 'landgrab', battles }));
    const started = start(['run', file, '--out', path.join(dir, 'out'), '--no-charts', '--brief'], {
      cwd: dir,
      timeoutMs: 120_000,
    });
    // Each battle is printed as it finishes: wait until some have.
    await waitForOutput(started.child, '  battle 100  (');
    const sent = started.age();
    started.signal('SIGINT');
    const finished = await started.finished;
    console.log(
      `exact run: exit ${(finished.elapsedMs - sent).toFixed(0)} ms after Ctrl-C, ` +
        `${finished.cpuMsAfterSignal.toFixed(0)} ms of CPU`,
    );
    expect(finished.code).toBe(EXIT_INTERRUPTED);
    expect(finished.stdout).toMatch(/ -> .*exact-interrupt\/ \(\d+ files, PARTIAL\)/);
    expect(finished.stdout).not.toContain('  battle 399  (');
    // Within 2 s: checked as the work done after it (CPU time; see interrupt.test.ts).
    expect(finished.cpuMsAfterSignal).toBeLessThan(2000);
  }, 150_000);
});
