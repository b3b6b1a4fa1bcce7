/** A progress bar on stderr, only when stderr is a terminal (never in CI or pipes). */
import { createRequire } from 'node:module';

import type { Progress } from '../core/run/runScenario.js';
import type { ScenarioPlan } from '../core/run/estimate.js';
import type { OutputStream } from './streams.js';
import { oneLine } from '../core/model/inputError.js';
import { formatDuration } from './planText.js';

/** The share of a run done from which its pace tells the time left (before: the estimate's). */
const PACE_FROM = 0.05;

export function createProgress(stream: OutputStream, enabled = Boolean(stream.isTTY)): Progress {
  if (!enabled) return { start() {}, update() {}, stop() {} };
  // cli-progress loads only for a terminal that shows it.
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: stream as NodeJS.WritableStream,
      format: ' {label} [{bar}] {percentage}% | {value}/{total} {unit} | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  return {
    start(label, total, unit) {
      if (running) bar.stop();
      bar.start(total, 0, { label: short(label), unit });
      running = true;
    },
    update(done) {
      if (running) bar.update(done);
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}

/**
 * One bar for a whole run, with the time left, driven by the estimate (src/core/run/estimate.ts): each
 * scenario is its expected seconds of work; within it a battle counts its trials as they are
 * done, an exact answer its expected time when it finishes, a sweep the share of its cells done.
 * `scenario(i)` starts scenario i (what earlier ones did not use is skipped). Only the estimate and
 * the bar read the clock.
 */
export interface RunProgress extends Progress {
  scenario(index: number): void;
  /** Ends the bar (the per-unit stop() only ends a battle or a sweep). */
  end(): void;
}

export function createRunProgress(
  stream: OutputStream,
  enabled: boolean,
  plans: ReadonlyArray<Pick<ScenarioPlan, 'name' | 'seconds' | 'sweepSeconds' | 'perBattle' | 'perExact'>>,
): RunProgress {
  const total = Math.max(
    1e-6,
    plans.reduce((s, p) => s + p.seconds, 0),
  );
  let current = 0;
  let base = 0;
  /** Work done in the current scenario by finished units, and by the running one. */
  let finished = 0;
  let running = 0;
  let unit: { unit: 'trials' | 'cells'; total: number; updated: boolean } | null = null;
  let label = '';
  const noBar = { start() {}, update() {}, stop() {} };
  let bar: import('cli-progress').SingleBar | null = null;
  const show = () => {
    if (!enabled) return;
    if (!bar) {
      const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof import('cli-progress');
      bar = new cliProgress.SingleBar(
        {
          stream: stream as NodeJS.WritableStream,
          format: ' {label} [{bar}] {percentage}% | about {left} left (estimated)',
          hideCursor: true,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      );
      startedAt = performance.now();
      bar.start(Math.round(total * 1000), 0, { label, left: formatDuration(total) });
    }
    // Never past the end: a run slower than its estimate waits at 99% rather than overflow.
    const done = Math.min(base + Math.min(finished + running, plans[current]?.seconds ?? 0), total * 0.99);
    bar.update(Math.round(done * 1000), { label, left: formatDuration(timeLeft(done)) });
  };
  let startedAt = 0;
  /**
   * The time left: the estimate's, until enough is done to tell how the run keeps to it; then the
   * estimate's rest at the pace seen (a busy machine's run keeps its pace).
   */
  const timeLeft = (done: number): number => {
    const elapsed = (performance.now() - startedAt) / 1000;
    const rest = Math.max(0, total - done);
    if (done < total * PACE_FROM || elapsed < 2) return Math.max(rest, total - elapsed);
    return rest * (elapsed / done);
  };
  if (!enabled) return { ...noBar, scenario() {}, end() {} };
  return {
    scenario(index) {
      base = plans.slice(0, index).reduce((s, p) => s + p.seconds, 0);
      current = index;
      finished = 0;
      running = 0;
      label = short(plans[index]?.name ?? '');
      show();
    },
    start(name, unitTotal, kind) {
      unit = { unit: kind, total: unitTotal, updated: false };
      label = short(name);
    },
    update(done) {
      const plan = plans[current];
      if (!unit || !plan) return;
      unit.updated = true;
      running = unit.unit === 'cells' ? (plan.sweepSeconds * done) / Math.max(1, unit.total) : done * plan.perBattle;
      show();
    },
    stop() {
      const plan = plans[current];
      // A battle that reported nothing was answered exactly.
      if (plan) finished += unit?.updated ? running : plan.perExact;
      running = 0;
      unit = null;
      show();
    },
    end() {
      if (bar) (bar as import('cli-progress').SingleBar).stop();
      bar = null;
    },
  };
}

function short(label: string): string {
  const line = oneLine(label);
  return line.length > 28 ? `${line.slice(0, 27)}…` : line;
}
