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
    expect(r.stdout).toMatch(/\nestimate: about [\d h]+(min|s)? on 2 worker threads: 1\.16e10 battles to simulate; /);
    expect(r.stdout).toMatch(/; calibrated: landgrab [\d.]+ M battles\/s a thread\n/);
    expect(lines.at(-1)).toBe('dry run: nothing was run or written');
    expect(existsSync(out)).toBe(false);
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
  it('counts what is sampled and what is solved, by the method', () => {
    const house = loadScenario('scenarios/landgrab-fortress-house-rules.json');
    const sampled = estimateRun([house], { method: 'sample', trials: 1000 }, 0);
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
    const auto = estimateRun([house], { trials: 1000 }, 0).scenarios[0];
    expect(auto.sampled).toBe(0);
    expect(auto.exactUnits).toBe(66);
    expect(auto.upTo).toBe(66 * 3 * 1000);
    const exact = estimateRun([house], { method: 'exact', trials: 1000 }, 2).scenarios[0];
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
