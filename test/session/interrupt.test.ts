/**
 * Interrupts: Ctrl-C stops a run within a couple of seconds and writes what finished
 * (exit 130), a second Ctrl-C quits at once, SIGTERM exits 143. The CLI tests wait for the
 * readiness file (BATTLE_ODDS_READY_FILE, written once sampling has started) instead of
 * sleeping a guessed time. "Within 2 s" is checked as the work the program does to stop: its CPU
 * time after the signal (the wall time whenever it has a core; on a loaded machine it may wait
 * seconds for one, which no program can promise away). The wall times are printed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { EXIT_INTERRUPTED, EXIT_TERMINATED, Interrupts } from '../../src/session/interrupt.js';
import { READY_FILE_VARIABLE } from '../../src/files/readyFile.js';
import { ensureBuilt, start, tempDir, waitForFile, type Finished } from '../helpers/processes.js';
import { findSystem } from '../../src/core/registry/systems.js';
import { compileEntry } from '../../src/core/engine/validate/entry.js';
import { sampleBattle } from '../../src/core/engine/sample/sample.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';

function machine() {
  const exits: number[] = [];
  const written: string[] = [];
  const interrupts = new Interrupts({
    exit: (code) => void exits.push(code),
    write: (text) => void written.push(text),
  });
  return { interrupts, exits, written };
}

describe('Interrupts (the state machine)', () => {
  it('with no run under way, a signal quits at once: 130 for SIGINT, 143 for SIGTERM', () => {
    const a = machine();
    a.interrupts.receive('SIGINT');
    expect(a.exits).toEqual([EXIT_INTERRUPTED]);
    const b = machine();
    b.interrupts.receive('SIGTERM');
    expect(b.exits).toEqual([EXIT_TERMINATED]);
  });

  it('during a run, the first signal aborts the run and says so; the second quits at once', () => {
    const { interrupts, exits, written } = machine();
    const run = interrupts.hold();
    interrupts.receive('SIGINT');
    expect(run.signal.aborted).toBe(true);
    expect(exits).toEqual([]);
    expect(written.join('')).toContain('interrupted; stopping the running chunks and writing partial results');
    expect(interrupts.exitCode).toBe(EXIT_INTERRUPTED);
    interrupts.receive('SIGINT');
    expect(exits).toEqual([EXIT_INTERRUPTED]);
  });

  it('remembers SIGTERM as 143, also when a second signal is a Ctrl-C', () => {
    const { interrupts, exits } = machine();
    interrupts.hold();
    interrupts.receive('SIGTERM');
    expect(interrupts.exitCode).toBe(EXIT_TERMINATED);
    interrupts.receive('SIGINT');
    expect(exits).toEqual([EXIT_TERMINATED]);
  });

  it('after the run is disposed, a signal quits at once again', () => {
    const { interrupts, exits } = machine();
    const run = interrupts.hold();
    run.dispose();
    run.dispose();
    interrupts.receive('SIGINT');
    expect(exits).toEqual([EXIT_INTERRUPTED]);
  });
});

/**
 * Six Kings & Things players with 30 creatures each: a trial of the faithful kernel takes
 * ~0.15 ms, a chunk minutes.
 */
const BIG_MULTI = {
  type: 'multi',
  players: Array.from({ length: 6 }, (_, p) => ({
    name: `P${p}`,
    creatures: Array.from(
      { length: 30 },
      (_, i) => ['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Ogre:2', 'Troll:3'][(i + p) % 5],
    ),
  })),
};

describe('an in-process run of a huge battle', () => {
  it('stops within a second of the abort, and the event loop runs meanwhile (chunks run in slices)', async () => {
    const system = findSystem('kings-and-things')!;
    const battle = compileEntry(system, BIG_MULTI, 'interrupt', '', 'big');
    const controller = new AbortController();
    // Work measured as this process's CPU time (the wall time when it has a core): see the file's comment.
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    let abortedAt = 0;
    let abortedCpu = 0;
    let lastTick = performance.now();
    let lastTickCpu = cpuMs();
    let longestGap = 0;
    let longestWorkGap = 0;
    const ticker = setInterval(() => {
      const [now, cpu] = [performance.now(), cpuMs()];
      longestGap = Math.max(longestGap, now - lastTick);
      longestWorkGap = Math.max(longestWorkGap, cpu - lastTickCpu);
      [lastTick, lastTickCpu] = [now, cpu];
    }, 5);
    setTimeout(() => {
      abortedAt = performance.now();
      abortedCpu = cpuMs();
      controller.abort(new Error('test'));
    }, 500);
    const result = await sampleBattle(
      system,
      [battle],
      { seed: 'big', trials: 1e8, kernel: 'faithful', signal: controller.signal },
      new InProcessExecutor(findSystem),
    );
    const stopMs = performance.now() - abortedAt;
    const stopWorkMs = cpuMs() - abortedCpu;
    clearInterval(ticker);
    console.log(
      `in-process huge battle: stopped ${stopMs.toFixed(0)} ms after the abort (${stopWorkMs.toFixed(0)} ms of CPU); ` +
        `longest event-loop gap ${longestGap.toFixed(0)} ms (${longestWorkGap.toFixed(0)} ms of CPU)`,
    );
    expect(result.partial).toBe(true);
    expect(result.trials).toBe(0);
    expect(stopWorkMs).toBeLessThan(1000);
    // Slices of ~20 ms: a signal handler (a second Ctrl-C) runs within a slice, not after the chunk.
    expect(longestWorkGap).toBeLessThan(250);
  });
});

/** How long the process took to stop after the signal sent at `sent` (ms since spawn), and the work it did. */
function stopped(r: Finished, sent: number): string {
  return `exit ${(r.elapsedMs - sent).toFixed(0)} ms after the signal, ${r.cpuMsAfterSignal.toFixed(0)} ms of CPU`;
}

/** Starts the CLI with a readiness file and resolves once sampling has started. */
async function startSampling(args: string[]) {
  const dir = tempDir();
  const ready = path.join(dir, 'ready');
  const started = start(args, { env: { [READY_FILE_VARIABLE]: ready }, cwd: dir, timeoutMs: 60_000 });
  await waitForFile(ready);
  return started;
}

// Many short chunks in this process (10,000 battles of 1000 vs 1000 each, ~0.1 s).
const MANY_SHORT_CHUNKS = [
  'odds',
  'landgrab',
  '--attackers',
  '1000',
  '--defenders',
  '1000',
  '--sample',
  '--trials',
  '320000',
];
// Chunks of 31,250 battles of 5000 vs 5000 with real dice: several seconds each.
const LONG_CHUNKS = ['odds', 'landgrab', '--attackers', '5000', '--defenders', '5000', '--kernel', 'faithful'];

describe('the CLI on Ctrl-C and SIGTERM', () => {
  beforeAll(ensureBuilt);

  it('Ctrl-C stops an in-process run at the next chunk, prints the partial result and exits 130', async () => {
    const run = await startSampling([...MANY_SHORT_CHUNKS, '--threads', '0']);
    const sent = run.age();
    run.signal('SIGINT');
    const r = await run.finished;
    console.log(`in-process run: ${stopped(r, sent)}`);
    expect(r.code).toBe(EXIT_INTERRUPTED);
    expect(r.stderr).toContain('interrupted');
    expect(r.stdout).toContain('PARTIAL');
    expect(r.cpuMsAfterSignal).toBeLessThan(2000);
  });

  it('a second Ctrl-C quits at once, even while a long chunk runs on the pool', async () => {
    const run = await startSampling([...LONG_CHUNKS, '--trials', '1000000', '--threads', '1']);
    run.signal('SIGINT');
    // Right behind the first, while the run is still stopping (the first alone now stops it in ~0.3 s).
    await new Promise((r) => setTimeout(r, 10));
    const second = run.age();
    run.signal('SIGINT');
    const r = await run.finished;
    console.log(`second Ctrl-C: ${stopped(r, second)}`);
    expect(r.code).toBe(EXIT_INTERRUPTED);
    expect(r.cpuMsAfterSignal).toBeLessThan(1000);
  });

  it('Ctrl-C stops a long chunk on the pool within 2 s (the pool ends the running thread)', async () => {
    const run = await startSampling([...LONG_CHUNKS, '--trials', '32000000', '--threads', '1']);
    const sent = run.age();
    run.signal('SIGINT');
    const r = await run.finished;
    console.log(`pool run, chunk of ~100 s: ${stopped(r, sent)}`);
    expect(r.code, r.stderr).toBe(EXIT_INTERRUPTED);
    expect(r.cpuMsAfterSignal).toBeLessThan(2000);
  });

  it('Ctrl-C stops an in-process chunk of a huge battle within 2 s (the chunk runs in slices)', async () => {
    const entry = JSON.stringify(BIG_MULTI);
    const args = ['odds', 'kings-and-things', '--entry', entry, '--kernel', 'faithful', '--sample'];
    const run = await startSampling([...args, '--trials', '1e8', '--threads', '0', '--no-charts']);
    const sent = run.age();
    run.signal('SIGINT');
    const r = await run.finished;
    console.log(`in-process huge battle: ${stopped(r, sent)}`);
    expect(r.code).toBe(EXIT_INTERRUPTED);
    expect(r.stderr).toContain('interrupted');
    expect(r.cpuMsAfterSignal).toBeLessThan(2000);
  });

  it('SIGTERM stops the run, writes what finished and exits 143', async () => {
    const run = await startSampling([...MANY_SHORT_CHUNKS, '--threads', '0']);
    run.signal('SIGTERM');
    const r = await run.finished;
    expect(r.code).toBe(EXIT_TERMINATED);
    expect(r.stderr).toContain('terminated (SIGTERM)');
  });
});
