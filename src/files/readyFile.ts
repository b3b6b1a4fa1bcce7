/**
 * A readiness signal for tests: when the environment variable BATTLE_ODDS_READY_FILE names
 * a file, the process writes its pid there once sampling has started, so a test can send
 * an interrupt at a known moment instead of sleeping a guessed time. Written once per
 * process; a failure to write it is ignored (it is only a signal).
 */
import { writeFileSync } from 'node:fs';

export const READY_FILE_VARIABLE = 'BATTLE_ODDS_READY_FILE';

let signalled = false;

export function signalSamplingStarted(env: NodeJS.ProcessEnv = process.env): void {
  if (signalled) return;
  signalled = true;
  const file = env[READY_FILE_VARIABLE];
  if (!file) return;
  try {
    writeFileSync(file, `${process.pid}\n`);
  } catch {
    // only a signal for tests
  }
}
