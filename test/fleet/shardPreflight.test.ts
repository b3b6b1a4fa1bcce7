/**
 * `run --shard` gets the preflight of `run`: --out is checked before any simulation (the
 * runs below ask for 1e9 trials, so a refusal that came after sampling would never come),
 * two shards never share one tally file, and options that do not apply are refused.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';
import { FolderLock } from '../../src/files/folderLock.js';

const SCENARIO = 'test/fleet/fleet-scenario.json';
const NAME = 'fleet-check';
const dir = tempDir('battle-odds-preflight-');
const HUGE = ['--trials', '1000000000', '--threads', '0'];

async function refused(args: string[], pattern: RegExp) {
  const r = await cli(args);
  expect([r.code, r.stdout]).toEqual([2, '']);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
}

describe('run --shard: the preflight', () => {
  it('refuses an --out that is a file, or on a virtual file system, before simulating', async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'x');
    await refused(
      ['run', SCENARIO, '--shard', '0/2', '--out', file, ...HUGE],
      /--out .*a-file: is a file, not a folder/,
    );
    await refused(
      ['run', SCENARIO, '--shard', '0/2', '--out', '/proc/p', ...HUGE],
      /--out \/proc\/p: cannot be created in \/proc: it is a virtual file system \(proc\)/,
    );
    await refused(['run', SCENARIO, '--shard', '0/2', '--out', `${file}/below`, ...HUGE], /part of the path is a file/);
  });

  it('two shards given one --out: the second is refused, the same shard again replaces its part', async () => {
    const out = path.join(dir, 'shared');
    const first = await cli(['run', SCENARIO, '--shard', '0/3', '--out', out, '--threads', '0', '--trials', '20000']);
    expect(first.code, first.stderr).toBe(0);
    await refused(
      ['run', SCENARIO, '--shard', '1/3', '--out', out, ...HUGE],
      /shared: .*tally\.json\.gz holds shard 0\/3 of 'fleet-check', and this is shard 1\/3: give each shard its own/,
    );
    const again = await cli(['run', SCENARIO, '--shard', '0/3', '--out', out, '--threads', '0', '--trials', '20000']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('a shard writing the tally file now (its lock held) refuses a second one at once', async () => {
    const out = path.join(dir, 'busy');
    mkdirSync(out);
    const file = path.join(out, `${NAME}.tally.json.gz`);
    const lock = FolderLock.acquire(`${file}.lock`, `--out ${out}`, file);
    try {
      await refused(
        ['run', SCENARIO, '--shard', '2/3', '--out', out, ...HUGE],
        new RegExp(
          `another battle-odds run \\(pid ${process.pid}\\) is writing .*fleet-check\\.tally\\.json\\.gz; wait for it`,
        ),
      );
    } finally {
      lock.release();
    }
  });

  it('refuses --queue with --shard, and --verify where it does not apply', async () => {
    const out = path.join(dir, 'unused');
    await refused(
      ['run', SCENARIO, '--shard', '0/2', '--queue', 'redis://127.0.0.1:1', '--out', out],
      /^battle-odds: error: --queue: does not apply with --shard/,
    );
    await refused(
      ['run', SCENARIO, '--shard', '0/2', '--verify', 'all', '--out', out],
      /--verify: does not apply with --shard/,
    );
    await refused(['run', SCENARIO, '--verify', 'all', '--out', out], /--verify: applies only with --queue/);
    await refused(
      ['merge', path.join(dir, 'x'), '--verify', 'most', '--out', out],
      /--verify: 'most' is not a count of chunks from 0 to 1,000,000/,
    );
  });
});
