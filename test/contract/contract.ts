/**
 * The contract suite, run against every rule system and battle type the same way (the
 * cases live in ./cases/<system>.ts): the schema round trip, the headline is the first
 * metric, Monte Carlo agrees with the exact answer where there is one, the kernels agree,
 * threads 0/1/2 give identical tallies, identical variants differ by exactly 0, the
 * report has the one published shape, and every bundled scenario runs.
 * Statistical checks use fixed seeds and limits fixed in advance from the standard error.
 * Two files run it, so that the two test workers share it: kingsAndThings.test.ts on Kings & Things' cases,
 * contract.test.ts on the others', with its checks that every system has cases, and of the bundled scenarios.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findSystem } from '../../src/core/registry/systems.js';
import { isUnsolved, KERNEL_NAMES, type RuleSystem } from '../../src/core/model/contract.js';
import { compileEntry, type Battle } from '../../src/core/engine/validate/entry.js';
import { describeBattle, runBattle } from '../../src/core/engine/answer/battle.js';
import { sampleBattle } from '../../src/core/engine/sample/sample.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';
import { PoolExecutor } from '../../src/threads/poolExecutor.js';
import type { BattleReport } from '../../src/core/model/report.js';
import { binSum, findEvent, flatBins } from '../../src/core/model/tallyLayout.js';
import { runChunk, startChunk, type ChunkTask } from '../../src/core/engine/sample/task.js';
import { MIN_CHUNK } from '../../src/core/engine/sample/chunking.js';
import { proportionZTest } from '../helpers/stats/zTest.js';
import { publishedReport } from '../helpers/publishedReport.js';
import type { ContractCase } from './contractCase.js';

const TRIALS = 40_000;
/** Trials per kernel in the kernel comparison: the limit is in standard errors of the difference, so it holds. */
const KERNEL_TRIALS = 20_000;
/** Three chunks of the fixed chunk size (the last of one trial): two threads share them unevenly. */
const THREAD_TRIALS = 2 * MIN_CHUNK + 1;
const Z_LIMIT = 4.5;

export const inProcess = new InProcessExecutor(findSystem);
/** The pools of the file that runs the suite (contractSuite closes them after it). */
const pools: PoolExecutor[] = [];
function pool(threads: number): PoolExecutor {
  const found = pools.find((p) => p.threads === threads);
  if (found) return found;
  const created = new PoolExecutor(threads);
  pools.push(created);
  return created;
}

function compile(c: ContractCase): { system: RuleSystem; battle: Battle } {
  const system = findSystem(c.system);
  if (!system) throw new Error(`no system ${c.system}`);
  return { system, battle: compileEntry(system, c.entry, 'contract', '', c.label) };
}

function headlineCount(battle: Battle, tally: Float64Array): number {
  return binSum(tally, findEvent(battle.layout, battle.headline).bins);
}

/** A report checked against the published shape (as odds --json would print it). */
export function expectPublishedShape(report: BattleReport): void {
  expect(() => publishedReport(report, 'contract')).not.toThrow();
}

/** Every check of the contract, for each of `cases`. */
export function contractSuite(cases: ContractCase[]): void {
  afterAll(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  describe.each(cases.map((c) => [`${c.system}: ${c.label}`, c] as const))('%s', (_, c) => {
    const { system, battle } = compile(c);
    const sampled = Boolean(system.sampler) && !battle.deterministic;
    const solution = system.solve ? system.solve(battle.plan) : { unsolved: 'no solver' };
    const exact = isUnsolved(solution) ? null : solution;

    it('validates its entry the same way twice (the schema round trip)', () => {
      const again = compileEntry(system, JSON.parse(JSON.stringify(battle.entry)), 'contract', '', c.label);
      expect(again.entry).toEqual(battle.entry);
      expect(again.layout).toEqual(battle.layout);
    });

    it('names its conditional histograms with their condition (charts and CSV show the label alone)', () => {
      for (const part of battle.layout.parts)
        if (part.kind === 'histogram' && part.given) expect(part.label, part.name).toContain(part.given.slice(6));
    });

    it('a sampled answer with no finished trial has no estimates (never the exact values)', () => {
      const report = describeBattle(system, battle, new Float64Array(battle.layout.size), 0, exact);
      for (const m of report.metrics.filter((x) => x.kind !== 'value')) expect(m.estimate, m.key).toBeNaN();
    });

    it('shows its headline first, exact and sampled, in the published report shape', async () => {
      const methods = sampled ? (['auto', 'sample'] as const) : (['auto'] as const);
      for (const method of methods) {
        const report = await runBattle(
          system,
          battle,
          'contract',
          { seed: 'contract', trials: 2_000, kernel: 'fast', method },
          inProcess,
        );
        expect(report.headline).toBe(battle.headline);
        expect(report.metrics[0].key).toBe(battle.headline);
        expect(report.metrics[0].kind).toBe('probability');
        expectPublishedShape(report);
      }
    });

    it.runIf(sampled && exact !== null)('Monte Carlo agrees with the exact answer (headline z-test)', async () => {
      const result = await sampleBattle(
        system,
        [battle],
        { seed: `contract-${c.label}`, trials: TRIALS, kernel: 'fast' },
        inProcess,
      );
      const p = binSum(exact!.probabilities, findEvent(battle.layout, battle.headline).bins);
      const hits = headlineCount(battle, result.tally);
      if (p === 0 || p === 1) expect(hits).toBe(p * TRIALS);
      else expect(Math.abs(proportionZTest(hits, TRIALS, p).z)).toBeLessThan(Z_LIMIT);
    });

    it.runIf(sampled)('the fast and faithful kernels agree on the headline', async () => {
      const run = (kernel: 'fast' | 'faithful') =>
        sampleBattle(system, [battle], { seed: `kernels-${c.label}`, trials: KERNEL_TRIALS, kernel }, inProcess);
      const [fast, faithful] = [await run('fast'), await run('faithful')];
      const p1 = headlineCount(battle, fast.tally) / KERNEL_TRIALS;
      const p2 = headlineCount(battle, faithful.tally) / KERNEL_TRIALS;
      const pooled = (p1 + p2) / 2;
      const se = Math.sqrt((2 * pooled * (1 - pooled)) / KERNEL_TRIALS);
      if (se === 0) expect(p1).toBe(p2);
      else expect(Math.abs(p1 - p2) / se).toBeLessThan(Z_LIMIT);
    });

    it.runIf(sampled)('threads 0, 1 and 2 give identical tallies', async () => {
      const settings = { seed: 'threads', trials: THREAD_TRIALS, kernel: 'fast' as const };
      const a = await sampleBattle(system, [battle], settings, inProcess);
      const b = await sampleBattle(system, [battle], settings, pool(1));
      const d = await sampleBattle(system, [battle], settings, pool(2));
      expect(Array.from(b.tally)).toEqual(Array.from(a.tally));
      expect(Array.from(d.tally)).toEqual(Array.from(a.tally));
    });

    it.runIf(sampled)('a chunk run in slices gives the tally of the whole chunk (both kernels; paired)', () => {
      // The in-process executor runs chunks in slices: a kernel keeps nothing between trials but the generator.
      const headlineBins = flatBins(findEvent(battle.layout, battle.headline).bins);
      for (const kernel of KERNEL_NAMES)
        for (const paired of [
          undefined,
          { plans: [battle.plan, battle.plan], headlineBins: [headlineBins, headlineBins] },
        ]) {
          const task: ChunkTask = {
            systemId: system.id,
            kernel,
            plan: battle.plan,
            tallySize: battle.layout.size,
            state: [11, 22, 33, 44],
            // Slices of 1, 1, 3, 50 and 445 trials, then the rest of the chunk in one slice that asks for more.
            trials: 1_000,
            ...(paired ? { paired } : {}),
          };
          const chunk = startChunk(system, task);
          for (const n of [1, 1, 3, 50, 445, 5_000]) chunk.run(n);
          expect(chunk.left).toBe(0);
          expect(Array.from(chunk.tally), `${kernel}${paired ? ', paired' : ''}`).toEqual(
            Array.from(runChunk(system, task)),
          );
        }
    });

    it.runIf(sampled)('an identical variant on common random numbers differs by exactly 0', async () => {
      const result = await sampleBattle(
        system,
        [battle, battle],
        { seed: 'twin', trials: 5_000, kernel: 'fast' },
        inProcess,
      );
      const size = battle.layout.size;
      const [both, onlyA, onlyB] = result.tally.subarray(2 * size, 2 * size + 4);
      expect(onlyA + onlyB).toBe(0);
      expect(both).toBe(headlineCount(battle, result.tally.subarray(0, size)));
    });
  });
}
