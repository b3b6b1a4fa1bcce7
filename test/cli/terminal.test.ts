/**
 * The command line on a real terminal (a pseudo-terminal from util-linux's `script`): the
 * progress bars draw there and nowhere else, so a run with the whole run's bar (an estimate
 * first, then one bar with the time left) is exercised only here. A run once hung after its
 * last scenario on a terminal: the session redrew the whole run's bar after it had ended, and
 * the bar's timer kept the process alive.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';

const SCRIPT = ['/usr/bin/script', '/bin/script'].find((p) => existsSync(p)); // .ci/run installs it

describe.skipIf(!SCRIPT && process.env.CI !== 'true')('on a terminal', () => {
  it("a run with an estimate and the whole run's bar ends, restores the cursor and names the page to open", () => {
    expect(SCRIPT, 'util-linux `script` (a pseudo-terminal) is needed under CI').toBeDefined();
    const dir = tempDir('battle-odds-tty-');
    const file = path.join(dir, 'bar.json');
    // 2,000,000 sampled trials: enough for the estimate and the whole run's bar.
    writeFileSync(
      file,
      JSON.stringify({ name: 'bar', system: 'landgrab', trials: 2e6, battles: [{ attackers: 11, defenders: 10 }] }),
    );
    const out = path.join(dir, 'results');
    const command = [process.execPath, BIN, 'run', file, '--sample', '--no-charts', '--brief', '--out', out]
      .map((a) => `'${a}'`)
      .join(' ');
    const typescript = path.join(dir, 'typescript');
    // A hang is caught by the timeout (SIGKILL), not by timing the run.
    const r = spawnSync(SCRIPT as string, ['-qec', command, typescript], { encoding: 'utf8', timeout: 90_000 });
    expect(r.signal, 'the run did not end').toBeNull();
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Open ');
    expect(r.stdout).toContain(`${path.join(out, 'index.html')}`);
    // The bar hid the cursor while it drew; the last word on the terminal shows it again.
    const hides = r.stdout.lastIndexOf('\u001b[?25l');
    expect(r.stdout.lastIndexOf('\u001b[?25h')).toBeGreaterThan(hides);
  });
});
