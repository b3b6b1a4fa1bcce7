/**
 * `run --shard i/N` and `merge`: the merged results equal a single machine's byte for byte
 * (timing fields aside), and merge refuses parts that are not exactly the parts of one run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';
import { differingFiles } from './compare.js';
import { CHUNKS, SCENARIO } from './fleetScenario.js';
import { uncheckedNote } from '../../src/fleet/verify.js';
import { escapeHtml } from '../../src/output/html.js';
import type { ScenarioReport } from '../../src/core/model/report.js';
import { readPart, writePartIn } from './partFile.js';

const NAME = 'fleet-check';
const dir = tempDir('battle-odds-shards-');
const part = (i: number) => path.join(dir, `part-${i}`);
const partFile = (i: number) => path.join(part(i), `${NAME}.tally.json.gz`);

async function ok(args: string[]) {
  const r = await cli(args);
  expect(r.code, r.stderr).toBe(0);
  return r;
}

beforeAll(async () => {
  await ok(['run', SCENARIO, '--out', path.join(dir, 'single'), '--threads', '0']);
  for (const i of [0, 1, 2]) await ok(['run', SCENARIO, '--shard', `${i}/3`, '--out', part(i), '--threads', '0']);
});

describe('shards and merge', () => {
  it('merging every shard gives the single-machine files byte for byte', async () => {
    const r = await ok(['merge', part(0), part(1), part(2), '--out', path.join(dir, 'merged')]);
    expect(r.stdout).toContain(`merged 3 parts, ${CHUNKS} chunks`);
    const single = path.join(dir, 'single', NAME);
    const merged = path.join(dir, 'merged', NAME);
    expect(differingFiles(single, merged)).toEqual([]);
    expect(readFileSync(path.join(merged, 'summary.csv'))).toEqual(readFileSync(path.join(single, 'summary.csv')));
  });

  it('--verify none: the summary line and each sampled battle and the sweep say nothing checked it', async () => {
    const r = await ok(['merge', part(0), part(1), part(2), '--out', path.join(dir, 'unchecked'), '--verify', 'none']);
    expect(r.stdout).toContain('no chunk re-run here (--verify none)');
    const merged = path.join(dir, 'unchecked', NAME);
    const report = JSON.parse(readFileSync(path.join(merged, 'report.json'), 'utf8')) as ScenarioReport;
    const note = uncheckedNote('part');
    for (const battle of report.battles) expect(battle.notes.includes(note), battle.label).toBe(battle.trials > 0);
    expect(report.battles.some((b) => b.trials > 0)).toBe(true);
    expect(report.sweep?.notes).toEqual([note]);
    // The numbers are the single machine's; only the note differs.
    expect(readFileSync(path.join(merged, 'index.html'), 'utf8')).toContain(`<p class="note">${escapeHtml(note)}</p>`);
    expect(differingFiles(path.join(dir, 'single', NAME), merged, note)).toEqual([]);
  });

  it('one shard of one runs everything, and a part lists each of its chunks once', async () => {
    await ok(['run', SCENARIO, '--shard', '0/1', '--out', part(9), '--threads', '0']);
    await ok(['merge', part(9), '--out', path.join(dir, 'merged-1')]);
    expect(differingFiles(path.join(dir, 'single', NAME), path.join(dir, 'merged-1', NAME))).toEqual([]);
    const sizes = [0, 1, 2].map((i) => readPart(partFile(i)).tallies.length);
    expect(sizes.reduce((s, x) => s + x, 0)).toBe(CHUNKS);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('refuses a missing shard, a duplicated one, and a part with a chunk missing', async () => {
    let r = await cli(['merge', part(0), part(1), '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/shard 2\/3 of scenario 'fleet-check' is missing/)]);
    r = await cli(['merge', part(0), part(1), part(2), partFile(0), '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringMatching(/shard: is shard 0\/3 again \(the same file given twice\)/),
    ]);
    const copy = writePart('copy', readPart(partFile(0)));
    r = await cli(['merge', part(0), part(1), part(2), copy, '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringMatching(/copy.*: shard: is shard 0\/3 again \(also .*part-0/),
    ]);
    const cut = readPart(partFile(2));
    cut.tallies.pop();
    const cutFile = writePart('cut', cut);
    r = await cli(['merge', part(0), part(1), cutFile, '--out', path.join(dir, 'x')]);
    // The part that lost a chunk is named, with what it holds and what its shard ran.
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringMatching(/cut.*: tallies: holds \d+ chunks; shard 2\/3 ran \d+: the part is incomplete/),
    ]);
    // A part written before parts recorded their own chunk count: the missing chunk and its shard are named.
    delete (cut.chunks as { shard?: number }).shard;
    r = await cli(['merge', part(0), part(1), writePart('cut-old', cut), '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringMatching(
        new RegExp(
          `cut-old.*: tallies: chunk .* of shard 2/3 is missing \\(the parts hold ${CHUNKS - 1} of the run's ${CHUNKS}`,
        ),
      ),
    ]);
    const doubled = readPart(partFile(2));
    doubled.tallies.push(readPart(partFile(1)).tallies[0]);
    r = await cli(['merge', part(0), part(1), writePart('doubled', doubled), '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/chunk .* is also in .*: duplicated chunk/)]);
  });

  it('refuses parts of another seed, scenario or version, naming what differs', async () => {
    await ok(['run', SCENARIO, '--shard', '2/3', '--out', part(5), '--threads', '0', '--seed', 'other']);
    let r = await cli(['merge', part(0), part(1), part(5), '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringMatching(
        /part-5.*: seed: was run with seed "other"; .*part-0.* with "fleet": these parts are not of one run/,
      ),
    ]);

    const changed = JSON.parse(readFileSync(SCENARIO, 'utf8'));
    changed.battles[0].defenders = 9;
    const changedFile = path.join(dir, 'changed.json');
    writeFileSync(changedFile, JSON.stringify(changed));
    await ok(['run', changedFile, '--shard', '2/3', '--out', part(6), '--threads', '0']);
    r = await cli(['merge', part(0), part(1), part(6), '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringMatching(/scenario\.hash: was run on a scenario document with hash \w+; .* on one with hash \w+/),
    ]);

    const old = readPart(partFile(2));
    old.version = '0.0.1';
    r = await cli(['merge', part(0), part(1), writePart('old', old), '--out', path.join(dir, 'x')]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/version: was written by battle-odds 0\.0\.1/)]);

    r = await cli(['merge', path.join(dir, 'nothing-here'), '--out', path.join(dir, 'x')]);
    expect(r.code).toBe(2);
  });

  it('refuses --shard with --precision and a malformed shard', async () => {
    let r = await cli(['run', SCENARIO, '--shard', '0/2', '--precision', '0.01', '--out', part(7)]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/--shard: cannot be combined with --precision/)]);
    r = await cli(['run', SCENARIO, '--shard', '2/2', '--out', part(7)]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/--shard: '2\/2' is not i\/N/)]);
  });
});

const writePart = (name: string, content: unknown) => writePartIn(dir, name, content);
