/** A progress bar on stderr, only when stderr is a terminal (never in CI or pipes). */
import { createRequire } from 'node:module';

import type { Progress } from '../app/runScenario.js';
import type { OutputStream } from './streams.js';

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
      bar.start(total, 0, { label: label.length > 28 ? `${label.slice(0, 27)}…` : label, unit });
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
