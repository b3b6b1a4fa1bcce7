/**
 * Issue 31 rows 12 and 13: a sweep's axis or variant path that indexes a list must name a place in
 * it (0, 1, 2 ..., at most one past its end). `path.length` was an internal error; `path.-1`,
 * `path.1e0`, `path.0x1`, `path.NaN` and `path.Infinity` set a key the list ignores, so every
 * cell was the same battle.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';
import { isCleanRefusal } from '../helpers/processes.js';

const dir = tempDir('battle-odds-sweep-paths-');

function scenario(sweep: Record<string, unknown>): string {
  const file = path.join(dir, `s-${Math.random().toString(36).slice(2)}.json`);
  const base = { type: 'chain', attackers: 10, path: [{ defenders: 3 }, { defenders: 4 }] };
  writeFileSync(file, JSON.stringify({ name: 'paths', system: 'landgrab', sweep: { base, ...sweep } }));
  return file;
}

const run = (file: string) => cli(['run', file, '--out', path.join(dir, 'out'), '--threads', '0', '--no-charts']);

describe('list indexes in sweep paths', () => {
  it('refuses an axis path that is no place in the list, naming the axis', async () => {
    for (const axis of [
      'path.length',
      'path.-1.defenders',
      'path.1e0.defenders',
      'path.0x1.defenders',
      'path.NaN.defenders',
      'path.Infinity.defenders',
      'path.01.defenders',
      'path.3.defenders',
    ]) {
      const r = await run(scenario({ axes: { [axis]: [1, 2] } }));
      expect(isCleanRefusal(r), `${axis}: ${r.stderr}`).toBe(true);
      expect(r.stderr, axis).toContain(`sweep.axes.${axis}`);
    }
  });

  it('refuses such a path in a variant, and in a value that sets several fields', async () => {
    const variant = await run(
      scenario({
        variants: [
          { label: 'a', set: {} },
          { label: 'b', set: { 'path.length': 0 } },
        ],
      }),
    );
    expect(isCleanRefusal(variant), variant.stderr).toBe(true);
    expect(variant.stderr).toContain('sweep.variants[1].set.path.length');
    const settings = await run(scenario({ axes: { x: [{ label: 'one', set: { 'path.-1.defenders': 5 } }] } }));
    expect(isCleanRefusal(settings), settings.stderr).toBe(true);
    expect(settings.stderr).toContain('sweep.axes.x');
  });

  it('accepts a place in the list, and one past its end', async () => {
    const r = await run(
      scenario({ axes: { 'path.1.defenders': [1, 2], 'path.2': [{ label: 'third', value: { defenders: 2 } }] } }),
    );
    expect(r.code, r.stderr).toBe(0);
  });
});
