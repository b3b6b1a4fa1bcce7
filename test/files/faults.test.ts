/**
 * Fault injection on results folders: a full disk, concurrent writers, and SIGINT, SIGTERM
 * and SIGKILL in the middle of a write. The writer runs in its own process (fixtures/
 * folderWriter.mjs, on the build) so that it can be killed; the old results folder must
 * survive every fault byte for byte, and what a dead writer left must not stop the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../src/core/model/inputError.js';
import { writeFileAtomically } from '../../src/files/atomicFile.js';
import { checkOutputFolder } from '../../src/files/outputFolderCheck.js';
import { ResultsFolder } from '../../src/files/resultsFolder.js';
import { READY_FILE_VARIABLE } from '../../src/files/readyFile.js';
import {
  ensureBuilt,
  FIXTURES,
  isCleanRefusal,
  ROOT,
  run,
  snapshot,
  start,
  tempDir,
  tinyDiskSuite,
  waitForFile,
  waitForOutput,
} from '../helpers/processes.js';

const WRITER = path.join(FIXTURES, 'folderWriter.mjs');
const writer = (args: string[], timeoutMs = 30_000) => start(args, { script: WRITER, timeoutMs });

beforeAll(ensureBuilt);

/** A results folder with known old contents, written by a writer that ran to the end. */
async function oldResults(): Promise<{ target: string; before: Record<string, string> }> {
  const target = path.join(tempDir(), 'results', 'scenario');
  const r = await run([target, '3'], { script: WRITER });
  expect(r.code).toBe(0);
  return { target, before: snapshot(target) };
}

/** The names beside the target, other than the target itself (locks, staging folders). */
function besides(target: string): string[] {
  return readdirSync(path.dirname(target)).filter((n) => n !== path.basename(target));
}

describe('a writer killed in the middle of writing', () => {
  for (const signal of ['SIGKILL', 'SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: the old folder survives intact, and the next writer succeeds`, async () => {
      const { target, before } = await oldResults();
      const w = writer([target, '100', '10']);
      await waitForOutput(w.child, 'wrote 5');
      w.child.kill(signal);
      const r = await w.finished;
      expect(r.stdout).not.toContain('committed');
      expect(snapshot(target)).toEqual(before);
      // SIGKILL leaves its lock and staging folder; an exit through process.exit cleans up.
      if (signal === 'SIGKILL') expect(besides(target).length).toBeGreaterThan(0);
      else expect(besides(target)).toEqual([]);
      const next = await run([target, '2'], { script: WRITER });
      expect(next.code).toBe(0);
      expect(Object.keys(snapshot(target)).sort()).toEqual(['.battle-odds-results', 'file-0.txt', 'file-1.txt']);
      expect(besides(target)).toEqual([]);
    });
  }
});

describe('concurrent writers to one folder', () => {
  it('a second writer is refused with one line naming the first, and may write once the first is done', async () => {
    const { target } = await oldResults();
    const release = path.join(path.dirname(target), 'release');
    const first = start([target, '5', '0'], { script: WRITER, env: { HOLD_UNTIL: release } });
    await waitForOutput(first.child, 'open');
    const second = await run([target, '1'], { script: WRITER });
    writeFileSync(release, '');
    expect(isCleanRefusal(second)).toBe(true);
    expect(second.stderr).toContain(`another battle-odds run (pid ${first.child.pid}) is writing this folder`);
    expect((await first.finished).code).toBe(0);
    rmSync(release);
    expect((await run([target, '1'], { script: WRITER })).code).toBe(0);
  });

  it('of writers started together, each commits whole or is refused, and the folder is one of them', async () => {
    const { target } = await oldResults();
    const racers = Array.from({ length: 4 }, () => writer([target, '4', '0']));
    const results = await Promise.all(racers.map((w) => w.finished));
    for (const r of results) expect(r.code === 0 || isCleanRefusal(r)).toBe(true);
    expect(results.some((r) => r.code === 0)).toBe(true);
    const pids = new Set(
      Object.entries(snapshot(target))
        .filter(([name]) => name.startsWith('file-'))
        .map(([, data]) => Buffer.from(data, 'base64').toString().split(' ')[0]),
    );
    expect(pids.size).toBe(1);
    expect(besides(target)).toEqual([]);
  });
});

describe('a full disk', () => {
  const disk = tinyDiskSuite(4, 'full-disk tests');
  const { dir } = disk;
  beforeAll(() => disk.check());
  afterAll(() => disk.unmount());

  /** Fills the disk until `leave` bytes remain (roughly). */
  function fill(name: string, leaveBytes: number): void {
    const free = () => {
      const fs = statfsSync(dir);
      return fs.bfree * fs.bsize;
    };
    const size = Math.max(0, free() - leaveBytes);
    try {
      writeFileSync(path.join(dir, name), Buffer.alloc(size));
    } catch {
      // filled up to the last block
    }
  }

  it.skipIf(disk.skip)('a results folder that runs out of space keeps the old folder and leaves nothing', () => {
    const target = path.join(dir, 'results', 'scenario');
    const first = ResultsFolder.open(target);
    first.writeFile('summary.csv', 'old\n');
    first.commit();
    const before = snapshot(target);
    fill('filler-1', 1.5 * 1024 * 1024);
    const folder = ResultsFolder.open(target);
    let message = '';
    try {
      folder.writeFile('big.png', Buffer.alloc(3 * 1024 * 1024, 1));
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      message = (error as Error).message;
    }
    expect(message).toBe(`--out ${target}: cannot be written: the disk is full (ENOSPC); the old folder is kept`);
    expect(snapshot(target)).toEqual(before);
    expect(besides(target)).toEqual([]);
  });

  it.skipIf(disk.skip)('schema --write on a full disk keeps the old file and leaves no temporary file', () => {
    const file = path.join(dir, 'schema.json');
    writeFileSync(file, 'old schema');
    fill('filler-2', 0);
    expect(() => writeFileAtomically(file, 'x'.repeat(64 * 1024), 'schema --write')).toThrow(
      'the disk is full (ENOSPC)',
    );
    expect(readFileSync(file, 'utf8')).toBe('old schema');
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it.skipIf(disk.skip)('the preflight refuses a full disk before any simulation', () => {
    fill('filler-3', 0);
    expect(() => checkOutputFolder(path.join(dir, 'new-results'))).toThrow(
      /the disk holding .* is full \(0 bytes free\)|only \d+ KiB free on the disk holding/,
    );
  });
});

/**
 * The CLI end to end. Needs wiring: checkOutputFolder for every target before any sampling,
 * then ResultsFolder.open for it (the lock is taken before sampling, so a second run is
 * refused at once), files written into it as battles finish, commit() after the last
 * (src/session/scenarios.ts, question.ts, src/files/writeResults.ts). Runnable as they are once
 * wired: with a trial wiring all but the second-run test passed (that one needs the lock
 * taken before sampling, which the trial did not do).
 */
describe('the CLI with the results folder transaction wired in', () => {
  const scenario = path.join(ROOT, 'scenarios', 'landgrab-fortress-assault.json');
  const args = (out: string) => ['run', scenario, '--trials', '2000', '--threads', '0', '--out', out, '--sample'];

  it('SIGKILL at any moment leaves the old results folder intact or the new one whole', async () => {
    const out = tempDir();
    expect((await run(args(out))).code).toBe(0);
    const target = path.join(out, 'landgrab-fortress-assault');
    const before = snapshot(target);
    // Sampling takes a few ms here: the kills land while the charts render and files are written.
    for (const delay of [100, 400, 900]) {
      const ready = path.join(out, `ready-${delay}`);
      const r = start(args(out), { env: { [READY_FILE_VARIABLE]: ready } });
      await waitForFile(ready);
      await new Promise((resolve) => setTimeout(resolve, delay));
      r.child.kill('SIGKILL');
      await r.finished;
      const after = snapshot(target);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      if (JSON.stringify(after) !== JSON.stringify(before))
        JSON.parse(readFileSync(path.join(target, 'report.json'), 'utf8'));
    }
  });

  it('a second run to the same --out is refused at once with one line', async () => {
    const out = tempDir();
    const ready = path.join(out, 'ready');
    const first = start([...args(out).slice(0, 3), '1000000', ...args(out).slice(4)], {
      env: { [READY_FILE_VARIABLE]: ready },
    });
    await waitForFile(ready);
    const second = await run(args(out));
    // Refused at once: the first run (a million trials) is still going when the second has ended.
    const firstStillRunning = first.child.exitCode === null && first.child.signalCode === null;
    first.child.kill('SIGKILL');
    expect(isCleanRefusal(second)).toBe(true);
    expect(second.stderr).toContain('another battle-odds run');
    expect(firstStillRunning).toBe(true);
  });

  it("--out '', a file, or someone else's folder: refused before sampling, nothing written", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'file'), '');
    mkdirSync(path.join(dir, 'mine', 'landgrab-fortress-assault'), { recursive: true });
    writeFileSync(path.join(dir, 'mine', 'landgrab-fortress-assault', 'notes.txt'), 'precious');
    for (const out of ['', path.join(dir, 'file'), path.join(dir, 'mine')]) {
      const r = await run(args(out), { cwd: dir });
      expect(isCleanRefusal(r)).toBe(true);
    }
    expect(readdirSync(dir).sort()).toEqual(['file', 'mine']);
    expect(readFileSync(path.join(dir, 'mine', 'landgrab-fortress-assault', 'notes.txt'), 'utf8')).toBe('precious');
  });
});
