/**
 * Time before it's spent: `run --dry-run` prints the plan and the expected time without running
 * or writing anything, the plan's counts follow the scenario, and the
 * words of a duration. Only the estimate reads the clock: its numbers are checked for shape, not value.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';
import { estimateRun } from '../../src/core/run/estimate.js';
import { loadScenario } from '../../src/files/scenarioFile.js';
import { battleCount, formatDuration } from '../../src/session/planText.js';

describe('run --dry-run', () => {
  it('prints the plan and the estimate of a long run, and runs and writes nothing', async () => {
    const out = path.join(tempDir('battle-odds-dry-'), 'results');
    const r = await cli([
      'run',
      'scenarios/landgrab-sweep.json',
      'scenarios/landgrab-fortress-assault.json',
      '--sample',
      '--trials',
      '1e7',
      '--threads',
      '2',
      '--dry-run',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('plan: 2 scenarios');
    expect(lines[1]).toMatch(/^ {2}landgrab-sweep \(landgrab\): 1,160 sweep cells; 1\.16e10 battles simulated /);
    expect(lines[1]).toMatch(/\(10,000,000 trials each\); about \d+ (min|h)/);
    expect(lines[2]).toMatch(/^ {2}landgrab-fortress-assault \(landgrab\): 4 battles; 40 million battles simulated/);
    const time = '[\\d h]+(min|s)?';
    const simulate = '1\\.16e10 battles to simulate, \\d+ charts; ';
    expect(r.stdout).toMatch(
      new RegExp(`\\nestimate: about ${time} on 2 worker threads \\(${time} of computing\\): ${simulate}`),
    );
    expect(r.stdout).toMatch(/; calibrated: landgrab [\d.]+ M battles\/s a thread\n/);
    expect(lines.at(-1)).toBe('dry run: nothing was run or written');
    expect(existsSync(out)).toBe(false);
  });

  it('counts variants, solve evaluations and charts; --json gives the estimate whole', async () => {
    const out = path.join(tempDir('battle-odds-dry-'), 'results');
    const r = await cli(['run', 'scenarios/landgrab-fair-fortress.json', '--dry-run', '--json', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout) as Record<string, number> & { scenarios: Array<Record<string, number>> };
    // 36 cells (one variant) and the battle, each solved for the fortress bonus at its 7 values.
    expect(e.scenarios[0]).toMatchObject({ cells: 36, exactUnits: 37, solves: 37 * 7 });
    // A chart per battle and per solve, the sweep's grid and its solved values.
    expect(e.charts).toBeGreaterThanOrEqual(4);
    for (const key of ['cpuSeconds', 'seconds', 'startupSeconds', 'outputSeconds'])
      expect(e[key], key).toBeGreaterThan(0);
    expect(existsSync(out)).toBe(false);
    const plain = await cli(['run', 'scenarios/landgrab-fair-fortress.json', '--dry-run', '--out', out]);
    expect(plain.stdout).toMatch(/37 exact, 259 values evaluated by solves; /);
  });

  it('refuses what a run would refuse, before estimating: a bad folder, a shard', async () => {
    const dir = tempDir('battle-odds-dry-');
    const file = path.join(dir, 'file');
    writeFileSync(file, 'not a folder');
    const r = await cli(['run', 'scenarios/landgrab-chain.json', '--dry-run', '--out', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^battle-odds: error: --out .*landgrab-chain: part of the path is a file, not a folder\n$/,
    );
    expect(r.stdout).toBe('');
    const shard = await cli(['run', 'scenarios/landgrab-chain.json', '--dry-run', '--shard', '0/2', '--out', dir]);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toBe('battle-odds: error: --dry-run: estimates a run on this machine; not with --shard\n');
  });
});

describe('the plan', () => {
  it('counts what is sampled and what is solved, by the method', async () => {
    const house = loadScenario('scenarios/landgrab-fortress-house-rules.json');
    const sampled = await estimateRun([house], { method: 'sample', trials: 1000 }, 0);
    const [plan] = sampled.scenarios;
    expect(plan.cells).toBe(66);
    expect(plan.variants).toBe(3);
    // Every cell, each of its variants on common random numbers.
    expect(plan.sampled).toBe(66 * 3 * 1000);
    expect(plan.exactUnits).toBe(0);
    expect(sampled.rates.map((r) => r.system)).toEqual(['landgrab']);
    expect(sampled.seconds).toBeGreaterThan(0);
    expect(Number.isFinite(sampled.seconds)).toBe(true);
    // The same scenario answered as written (exact where solvable): nothing sampled, up to the same bound.
    const auto = (await estimateRun([house], { trials: 1000 }, 0)).scenarios[0];
    expect(auto.sampled).toBe(0);
    // Every cell's every variant is an exact answer.
    expect(auto.exactUnits).toBe(66 * 3);
    expect(auto.upTo).toBe(66 * 3 * 1000);
    const exact = (await estimateRun([house], { method: 'exact', trials: 1000 }, 2)).scenarios[0];
    expect([exact.sampled, exact.upTo]).toEqual([0, 0]);
  });

  it('says durations and counts in words', () => {
    expect([0.2, 30, 600, 3 * 3600 + 600, 5 * 86400].map(formatDuration)).toEqual([
      'under a second',
      '30 s',
      '10 min',
      '3 h 10 min',
      '5 days',
    ]);
    expect([12_345, 40_000_000, 1.16e10].map(battleCount)).toEqual(['12,345', '40 million', '1.16e10']);
  });
});
