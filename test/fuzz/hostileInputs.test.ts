/**
 * Issue 31, item 7: a seeded property-based fuzzer over what a run reads from outside: command-line
 * flags, scenario files, tally parts and results in Redis. Each case is a valid input or a small
 * corruption of one, answered by the command line in this process; every answer must keep the house
 * rules (test/helpers/fuzz.ts): exit 0, or one line and exit 2; no internal error, no stack trace,
 * no hang (each case has a time limit far above its work), nothing written outside the case's
 * --out, and no link out of --out followed (canaries outside, links to them inside).
 *
 * `npm test` runs a fixed seed; `npm run fuzz` runs twenty times the cases from a fresh seed, which
 * it prints (BATTLE_ODDS_FUZZ_SEED replays it, BATTLE_ODDS_FUZZ_SCALE sets the count).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { cli, ROOT, tempDir, type CliResult } from '../helpers/cli.js';
import { corrupt, Fuzz, fuzzCases, fuzzSeed, houseRuleBroken, NUMBER_TEXTS, snapshotTree } from '../helpers/fuzz.js';
import { skipRedis, startRedis, type TestRedis } from '../fleet/redisServer.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';
import { findSystem } from '../../src/core/registry/systems.js';
import { packageVersion } from '../../src/files/packageInfo.js';
import { parseQueueUrl, PREFIX, QUEUE_NAME } from '../../src/fleet/queue/connection.js';
import { startWorker, type FleetWorker } from '../../src/fleet/queue/queueWorker.js';

const SEED = fuzzSeed('battle-odds hostile fuzz 1');
const root = tempDir('battle-odds-hostile-fuzz-');
/** A case doing a few hundred milliseconds of work; a hang would never end. */
const CASE_LIMIT_MS = 60_000;

/** A small scenario of each kind the fuzzer corrupts: LandGrab battles, a chain and a paired sweep. */
const BASE = {
  ...JSON.parse(readFileSync(path.join(ROOT, 'test/fleet/fleet-scenario.json'), 'utf8')),
  trials: 2000,
};
const KINGS = {
  name: 'kings',
  system: 'kings-and-things',
  trials: 2000,
  battles: [{ attacker: { creatures: ['Giant'] }, defender: { creatures: ['Elves:2R'] } }],
};

let caseNumber = 0;

interface Case {
  dir: string;
  out: string;
  /** Input files, written before the run. */
  input(name: string, data: string | Buffer): string;
}

/** A fresh sandbox: inputs, an `out` folder that may hold links to canaries outside it. */
function sandbox(fuzz: Fuzz, names: readonly string[]): Case {
  const dir = path.join(root, `case-${caseNumber++}`);
  const out = path.join(dir, 'out');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(dir, 'canary.txt'), 'precious');
  mkdirSync(path.join(dir, 'canary-dir'));
  writeFileSync(path.join(dir, 'canary-dir', 'keep.txt'), 'precious');
  if (fuzz.chance(0.3)) symlinkSync(path.join(dir, 'canary.txt'), path.join(out, 'index.html'));
  // A link where the run's folder or part goes (a name a folder can have).
  const name = fuzz.pick(names.filter((n) => /^[a-z0-9-]+$/.test(n)).concat('fleet-check'));
  if (fuzz.chance(0.2)) symlinkSync(path.join(dir, 'canary-dir'), path.join(out, name));
  if (fuzz.chance(0.2)) symlinkSync(path.join(dir, 'canary.txt'), path.join(out, `${name}.tally.json.gz`));
  return {
    dir,
    out,
    input(file, data) {
      const at = path.join(dir, 'in', file);
      mkdirSync(path.dirname(at), { recursive: true });
      writeFileSync(at, data);
      return at;
    },
  };
}

/** Runs one case and checks the house rules; `allowed` are paths outside `out` the command may write. */
async function check(label: string, box: Case, args: string[], allowed: string[] = []): Promise<CliResult> {
  const before = snapshotTree(box.dir, ['out', ...allowed]);
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    cli(args),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${label}: no answer within ${CASE_LIMIT_MS / 1000} s`)),
        CASE_LIMIT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const what =
    `${label}\n  args: ${JSON.stringify(args).slice(0, 400)}\n` +
    `  exit ${result.code}: ${result.stderr.slice(0, 600)}`;
  expect(houseRuleBroken(result), what).toBe(null);
  expect(snapshotTree(box.dir, ['out', ...allowed]), `${what}\n  wrote outside --out`).toEqual(before);
  expect(readFileSync(path.join(box.dir, 'canary.txt'), 'utf8'), what).toBe('precious');
  rmSync(box.dir, { recursive: true, force: true });
  return result;
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe(`fuzz: hostile inputs (seed "${SEED}")`, () => {
  it('command-line flags: valid values and corruptions of them', async () => {
    const fuzz = new Fuzz(`${SEED} flags`);
    const cases = fuzzCases(80);
    const counts = { answered: 0, refused: 0 };
    for (let c = 0; c < cases; c++) {
      const box = sandbox(fuzz, ['fleet-check']);
      const scenario = box.input('fleet.json', JSON.stringify(BASE));
      const number = () =>
        fuzz.chance(0.5) ? fuzz.pick(['1', '2', '3', '10', '0.5', '80%']) : fuzz.pick(NUMBER_TEXTS);
      const commands: Array<() => { args: string[]; allowed?: string[] }> = [
        () => ({
          args: ['odds', 'landgrab', '--attackers', fuzz.pick(['5', '12', ...NUMBER_TEXTS]), '--defenders', '3'],
        }),
        () => ({
          args: ['odds', 'kings-and-things', '--attackers', 'Giant', '--defenders', 'Elves:2R', '--trials', '2000'],
        }),
        () => ({ args: ['run', scenario, '--out', box.out, '--threads', '0', '--no-charts', '--brief'] }),
        () => ({ args: ['schema', '--write', path.join(box.out, fuzz.pick(['s.json', '', 'x/y.json']))] }),
        () => ({ args: ['worker', '--queue', fuzz.pick(['', 'redis://127.0.0.1:1', 'http://x', 'redis://h/x'])] }),
      ];
      const { args, allowed = [] } = fuzz.pick(commands)();
      const flags: Array<[string, () => string]> = [
        [
          '--trials',
          () => fuzz.pick(['2000', '1e3', '0', '-5', '1e10', '2.5', ...NUMBER_TEXTS.filter((t) => !/^1+$/.test(t))]),
        ],
        ['--seed', () => fuzz.pick(['42', 'fleet', 'x'.repeat(201), '', '\u001b', '9007199254740993'])],
        ['--target', number],
        ['--precision', () => fuzz.pick(['0.05', '5%', ...NUMBER_TEXTS])],
        ['--threads', () => fuzz.pick(['0', '1', ...NUMBER_TEXTS])],
        ['--retreat', () => `${fuzz.pick(['rounds', 'outnumbered', 'down-to', 'x'])}:${fuzz.pick(NUMBER_TEXTS)}`],
        ['--shard', () => `${fuzz.pick(['0', '1', ...NUMBER_TEXTS])}/${fuzz.pick(['2', ...NUMBER_TEXTS])}`],
        ['--verify', () => fuzz.pick(['2', 'all', 'none', ...NUMBER_TEXTS])],
        ['--queue', () => fuzz.pick(['', 'redis://127.0.0.1:1', 'redis://h/x', 'x'])],
        ['--lock-timeout', number],
        ['--out', () => path.join(box.out, fuzz.pick(['a', 'b/c', '.', '']))],
        ['--entry', () => fuzz.pick(['{}', '[]', '{"attackers": 5, "defenders": 3}', '{"attackers": 1e999}', 'x'])],
        ['--json', () => ''],
        ['--force', () => ''],
        ['--dry-run', () => ''],
        ['--unknown-flag', () => '1'],
      ];
      for (let k = fuzz.below(3); k > 0; k--) {
        const [flag, value] = fuzz.pick(flags);
        const text = value();
        args.push(...(text === '' && ['--json', '--force', '--dry-run'].includes(flag) ? [flag] : [flag, text]));
      }
      // The sampled trials stay small whatever was drawn (the last --trials counts).
      if (args[0] === 'odds' && args.includes('--precision')) args.push('--trials', '2000');
      const r = await check(`flags case ${c}`, box, args, allowed);
      counts[r.code === 0 ? 'answered' : 'refused']++;
    }
    console.log(`fuzz flags: ${counts.answered} answered, ${counts.refused} refused`);
    expect(counts.refused).toBeGreaterThan(0);
  });

  it('scenario files: a valid file or a small corruption of one, run', async () => {
    const fuzz = new Fuzz(`${SEED} scenarios`);
    const cases = fuzzCases(60);
    const counts = { answered: 0, refused: 0 };
    for (let c = 0; c < cases; c++) {
      const base = fuzz.pick([BASE, KINGS]);
      let document = structuredClone(base);
      const what: string[] = [];
      for (let k = fuzz.below(3); k > 0; k--) {
        const changed = corrupt(document, fuzz);
        document = changed.value;
        what.push(changed.what);
      }
      // A sweep path of the issue's, now and then.
      if (document?.sweep?.axes && fuzz.chance(0.2)) {
        const axis = fuzz.pick(['path.length', 'path.-1.defenders', 'path.1e0.defenders', 'path.0.defenders']);
        document.sweep.base = { type: 'chain', attackers: 10, path: [{ defenders: 3 }, { defenders: 4 }] };
        document.sweep.axes = { [axis]: [1, 2] };
        what.push(`sweep axis ${axis}`);
      }
      const box = sandbox(fuzz, [base.name, String(document?.name)]);
      const file = box.input('scenario.json', JSON.stringify(document));
      const extra = fuzz.chance(0.3) ? ['--force'] : [];
      const r = await check(`scenario case ${c} (${what.join('; ') || 'valid'})`, box, [
        'run',
        file,
        '--out',
        box.out,
        '--threads',
        '0',
        '--no-charts',
        '--brief',
        ...extra,
      ]);
      counts[r.code === 0 ? 'answered' : 'refused']++;
    }
    console.log(`fuzz scenarios: ${counts.answered} answered, ${counts.refused} refused`);
    expect(counts.answered).toBeGreaterThan(0);
  });

  describe('tally parts', () => {
    const parts: Buffer[] = [];
    beforeAll(async () => {
      const dir = tempDir('battle-odds-fuzz-parts-');
      const scenario = path.join(dir, 'fleet.json');
      writeFileSync(scenario, JSON.stringify(BASE));
      for (const i of [0, 1, 2]) {
        const out = path.join(dir, `part-${i}`);
        const r = await cli(['run', scenario, '--shard', `${i}/3`, '--out', out, '--threads', '0']);
        expect(r.code, r.stderr).toBe(0);
        parts.push(readFileSync(path.join(out, 'fleet-check.tally.json.gz')));
      }
    });

    it('the parts of a run, one corrupted (its JSON, or its bytes), merged', async () => {
      const fuzz = new Fuzz(`${SEED} parts`);
      const cases = fuzzCases(60);
      const counts = { answered: 0, refused: 0 };
      for (let c = 0; c < cases; c++) {
        const box = sandbox(fuzz, ['fleet-check']);
        const which = fuzz.below(3);
        let what = 'valid';
        const files = parts.map((bytes, i) => {
          if (i !== which || fuzz.chance(0.15)) return box.input(`part-${i}.tally.json.gz`, bytes);
          if (fuzz.chance(0.15)) {
            const cut = Buffer.from(bytes);
            cut[fuzz.below(cut.length)] ^= 1 << fuzz.below(8);
            what = 'a bit flipped';
            return box.input(`part-${i}.tally.json.gz`, cut);
          }
          let value = JSON.parse(gunzipSync(bytes).toString('utf8'));
          const changes: string[] = [];
          for (let k = fuzz.below(2) + 1; k > 0; k--) {
            const changed = corrupt(value, fuzz);
            value = changed.value;
            changes.push(changed.what);
          }
          what = changes.join('; ');
          return box.input(`part-${i}.tally.json.gz`, gzipSync(JSON.stringify(value)));
        });
        const verify = fuzz.pick(['2', 'all', 'none']);
        const r = await check(`part case ${c} (part ${which}: ${what})`, box, [
          'merge',
          ...files,
          '--out',
          box.out,
          '--no-charts',
          '--verify',
          verify,
        ]);
        counts[r.code === 0 ? 'answered' : 'refused']++;
      }
      console.log(`fuzz parts: ${counts.answered} answered, ${counts.refused} refused`);
      expect(counts.refused).toBeGreaterThan(0);
    });
  });

  describe.skipIf(skipRedis)('results in Redis', () => {
    let redis: TestRedis;
    let worker: FleetWorker;
    let queue: Queue;
    let client: Redis;
    let scenario: string;

    beforeAll(async () => {
      redis = await startRedis();
      worker = await startWorker(parseQueueUrl(redis.url), {
        version: packageVersion(),
        executor: new InProcessExecutor(findSystem),
      });
      queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix: PREFIX });
      client = new Redis(redis.url);
      scenario = path.join(tempDir('battle-odds-fuzz-redis-'), 'fleet.json');
      writeFileSync(scenario, JSON.stringify(BASE));
    });

    afterAll(async () => {
      await worker?.close();
      await queue?.close();
      client?.disconnect();
      await redis?.stop();
    });

    it("a finished job's result corrupted in Redis, then the run again", async () => {
      const fuzz = new Fuzz(`${SEED} redis`);
      const cases = fuzzCases(12);
      const counts = { answered: 0, refused: 0 };
      for (let c = 0; c < cases; c++) {
        const box = sandbox(fuzz, ['fleet-check']);
        const jobs = await queue.getJobs(['completed']);
        let what = 'no job yet';
        if (jobs.length > 0) {
          const job = fuzz.pick(jobs);
          const stored = await client.hget(`${PREFIX}:${QUEUE_NAME}:${job.id}`, 'returnvalue');
          let parsed = null;
          try {
            parsed = JSON.parse(stored ?? 'null');
          } catch {
            // A result an earlier case cut short (its run refused it): corrupted again as it is.
          }
          const changed = corrupt(parsed ?? { worker: 'w', counts: [] }, fuzz);
          what = `${job.data.name}: ${changed.what}`;
          const text = fuzz.chance(0.1) ? '{"worker": "w", "counts": [1' : JSON.stringify(changed.value);
          await client.hset(`${PREFIX}:${QUEUE_NAME}:${job.id}`, 'returnvalue', text);
        }
        const verify = fuzz.pick(['2', 'all', 'none', '50%']);
        const r = await check(`redis case ${c} (${what})`, box, [
          'run',
          scenario,
          '--queue',
          redis.url,
          '--out',
          box.out,
          '--no-charts',
          '--brief',
          '--verify',
          verify,
        ]);
        counts[r.code === 0 ? 'answered' : 'refused']++;
      }
      console.log(`fuzz redis: ${counts.answered} answered, ${counts.refused} refused`);
      expect(counts.answered + counts.refused).toBe(cases);
    });
  });
});
