/**
 * The whole run's bar follows the estimate: from its first frame it says the time left the estimate
 * gives (never cli-progress's "NFs left" before anything is done), and it never passes 99% before the end.
 */
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createRunProgress } from '../../src/session/progress.js';

/** A terminal-like stream keeping what is drawn. */
function terminal(): { stream: NodeJS.WritableStream & { isTTY: boolean; columns: number }; text: () => string } {
  let drawn = '';
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        drawn += String(chunk);
        done();
      },
    }),
    { isTTY: true, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true },
  );
  return { stream: stream as never, text: () => drawn };
}

describe('the run bar', () => {
  it('starts with the estimate’s time left, and stays below 100% until the end', () => {
    const { stream, text } = terminal();
    const plans = [{ name: 'landgrab-sweep', seconds: 125, sweepSeconds: 120, perBattle: 1e-6, perExact: 0.01 }];
    const bar = createRunProgress(stream, true, plans);
    bar.scenario(0);
    const first = text();
    expect(first).toContain('0% | about 2 min left (estimated)');
    expect(first).not.toMatch(/NF|INF|NaN/);
    bar.start('landgrab-sweep sweep', 100, 'cells');
    bar.update(100);
    bar.stop();
    expect(text()).not.toMatch(/100%/);
    bar.end();
  });
});
