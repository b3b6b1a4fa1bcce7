/**
 * A run is a pure function of (plan, seed, trials): the same tally in-process and on
 * 1 or 2 worker threads, and the same `--precision` stopping point.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { landgrab } from '../../../../src/core/systems/landgrab/index.js';
import { exactOf, landgrabBattle } from '../../../helpers/landgrab.js';
import { sampleBattle } from '../../../../src/core/engine/sample/sample.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { PoolExecutor } from '../../../../src/threads/poolExecutor.js';
import { findSystem } from '../../../../src/core/registry/systems.js';
import { chunkSizeFor, chunkTrials } from '../../../../src/core/engine/sample/chunking.js';
import { wilsonHalfWidth } from '../../../../src/core/stats/wilson.js';
import { chiSquareTest } from '../../../../src/core/stats/chiSquare.js';
import type { SingleBattlePlan } from '../../../../src/core/systems/landgrab/plan.js';
import { binSum, findEvent } from '../../../../src/core/model/tallyLayout.js';

const pools: PoolExecutor[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('determinism across executors', () => {
  const battle = landgrabBattle({ attackers: 11, defenders: 10, fortress: true });
  const settings = { seed: 'determinism', trials: 700_001, kernel: 'fast' as const };

  it('in-process, 1 thread and 2 threads give identical tallies', async () => {
    const one = new PoolExecutor(1);
    const two = new PoolExecutor(2);
    pools.push(one, two);
    const a = await sampleBattle(landgrab, [battle], settings, new InProcessExecutor(findSystem));
    const b = await sampleBattle(landgrab, [battle], settings, one);
    const c = await sampleBattle(landgrab, [battle], settings, two);
    expect(a.trials).toBe(700_001);
    expect(Array.from(b.tally)).toEqual(Array.from(a.tally));
    expect(Array.from(c.tally)).toEqual(Array.from(a.tally));
  });

  it('the merged chunks (separate jumped streams) agree with the exact solver', async () => {
    // 700,001 trials are 32 chunks on 32 streams: a flaw in stream derivation or merging
    // (overlapping streams, a lost chunk) would show here, not in single-stream kernel tests.
    const merged = await sampleBattle(landgrab, [battle], settings, new InProcessExecutor(findSystem));
    const exact = exactOf(battle);
    const layout = (battle.plan as SingleBattlePlan).at;
    const observed = [...merged.tally.subarray(layout.won, layout.heldDefender)];
    const expected = [...exact.subarray(layout.won, layout.heldDefender)];
    expect(observed.reduce((s, x) => s + x, 0)).toBe(settings.trials);
    expect(chiSquareTest(observed, expected).pValue).toBeGreaterThan(1e-4);
  });

  it('a different seed gives a different tally', async () => {
    const a = await sampleBattle(
      landgrab,
      [battle],
      { ...settings, trials: 50_000 },
      new InProcessExecutor(findSystem),
    );
    const b = await sampleBattle(
      landgrab,
      [battle],
      { ...settings, trials: 50_000, seed: 'other' },
      new InProcessExecutor(findSystem),
    );
    expect(Array.from(b.tally)).not.toEqual(Array.from(a.tally));
  });

  it('--precision stops at the same checkpoint whatever the executor, once the half-width is met', async () => {
    const two = new PoolExecutor(2);
    pools.push(two);
    const precise = { ...settings, trials: 50_000_000, precision: 0.002 };
    const a = await sampleBattle(landgrab, [battle], precise, new InProcessExecutor(findSystem));
    const b = await sampleBattle(landgrab, [battle], precise, two);
    expect(Array.from(b.tally)).toEqual(Array.from(a.tally));
    const wins = binSum(a.tally, findEvent(battle.layout, battle.headline).bins);
    expect(wilsonHalfWidth(wins, a.trials)).toBeLessThanOrEqual(0.002);
    // It stopped at the first checkpoint (a power of two of chunks) that met it.
    const halfTrials = a.trials / 2;
    expect(Number.isInteger(Math.log2(a.trials / 100_000))).toBe(true);
    expect(wilsonHalfWidth(wins / 2, halfTrials)).toBeGreaterThan(0.002 * 0.9);
  });

  it('an aborted run stops at a chunk boundary and says it is partial', async () => {
    const controller = new AbortController();
    let chunks = 0;
    const r = await sampleBattle(
      landgrab,
      [battle],
      {
        ...settings,
        trials: 5_000_000,
        signal: controller.signal,
        onProgress: () => {
          if (++chunks === 3) controller.abort();
        },
      },
      new InProcessExecutor(findSystem),
    );
    expect(r.partial).toBe(true);
    expect(r.trials % chunkSizeFor(5_000_000)).toBe(0);
    expect(r.trials).toBeLessThan(5_000_000);
    expect(
      r.tally.subarray(0, 12).reduce((s, x) => s + x, 0) + r.tally.subarray(24, 35).reduce((s, x) => s + x, 0),
    ).toBeGreaterThan(0);
  });
});

describe('chunking', () => {
  it('depends on the trial count only and covers every trial once', () => {
    for (const trials of [1, 9_999, 10_000, 1_000_000, 123_456_789]) {
      const sizes = chunkTrials(trials, chunkSizeFor(trials));
      expect(sizes.reduce((s, x) => s + x, 0)).toBe(trials);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000_000);
    }
  });
});
