/**
 * Issue 31, parts: every field of a part is held to the limits a scenario file or a flag is held to
 * (trials, a target, the shard's own timing, the scenario's file name as text), an extra chunk is
 * named in the part that holds it, and a merge refused for any part writes nothing at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';
import { isCleanRefusal } from '../helpers/processes.js';
import { SCENARIO } from './fleetScenario.js';
import { readPart as readPartFile, writePartIn } from './partFile.js';

const NAME = 'fleet-check';
const dir = tempDir('battle-odds-hostile-parts-');
const part = (i: number, name = NAME) => path.join(dir, `part-${i}`, `${name}.tally.json.gz`);

type Part = Record<string, any> & {
  tallies: Array<{ unit: string; chunk: number; chunks: number; counts: number[] }>;
  chunks: { total: number; shard?: number };
};

const readPart = (file: string) => readPartFile<Part>(file);
const writePart = (name: string, content: unknown) => writePartIn(dir, name, content);

/** The parts of the fleet scenario, each edited by `edit` (so they still agree with each other). */
function edited(name: string, edit: (p: Part) => void): string[] {
  return [0, 1, 2].map((i) => {
    const p = readPart(part(i));
    edit(p);
    return writePart(i === 0 ? name : `${name}-${i}`, p);
  });
}

/** One line naming the part and field, exit 2, nothing under `out` (not even `out` itself). */
async function expectRefusal(args: string[], pattern: RegExp) {
  const out = path.join(dir, `refused-${Math.random().toString(36).slice(2)}`);
  const r = await cli(['merge', ...args, '--out', out, '--no-charts']);
  expect(isCleanRefusal(r), r.stderr).toBe(true);
  expect(r.stderr).toMatch(pattern);
  expect(r.stdout).toBe('');
  expect(existsSync(out)).toBe(false);
  return r;
}

beforeAll(async () => {
  const second = path.join(dir, 'second.json');
  const document = JSON.parse(readFileSync(SCENARIO, 'utf8'));
  writeFileSync(second, JSON.stringify({ ...document, name: 'second', sweep: undefined }));
  for (const i of [0, 1, 2]) {
    const r = await cli([
      'run',
      SCENARIO,
      second,
      '--shard',
      `${i}/3`,
      '--out',
      path.dirname(part(i)),
      '--threads',
      '0',
    ]);
    expect(r.code, r.stderr).toBe(0);
  }
});

describe('part fields are held to the limits of a scenario file and the flags', () => {
  it('trials beyond 1e9 in overrides (row 1)', async () => {
    await expectRefusal(
      edited('trials', (p) => (p.overrides.trials = 1e15)),
      /trials\.tally\.json\.gz: overrides\.trials: must be at most 1000000000/,
    );
  });

  it('a target that is no probability (row 7)', async () => {
    for (const target of [-1e308, 5, 0])
      await expectRefusal(
        edited('target', (p) => (p.overrides.question = { target })),
        /target\.tally\.json\.gz: overrides\.question\.target: must be (above 0|at most 1)/,
      );
  });

  it("the shard's own time, threads and start (row 16)", async () => {
    for (const elapsedMs of [-1e300, 1e308, -1])
      await expectRefusal(
        edited('elapsed', (p) => (p.run.elapsedMs = elapsedMs)),
        /elapsed\.tally\.json\.gz: run\.elapsedMs: /,
      );
    await expectRefusal(
      edited('threads', (p) => (p.run.threads = 1e15)),
      /threads\.tally\.json\.gz: run\.threads: /,
    );
    await expectRefusal(
      edited('started', (p) => (p.run.startedAt = '\u001b[31mnow')),
      /started\.tally\.json\.gz: run\.startedAt: /,
    );
  });

  it("the scenario's file name is text, as labels are (row 8)", async () => {
    for (const file of ['evil\u001b[2J.json', 'half \ud800 emoji.json'])
      await expectRefusal(
        edited('file', (p) => (p.scenario.file = file)),
        /file\.tally\.json\.gz: scenario\.file: contains (a control character|an unpaired surrogate)/,
      );
  });
});

describe('chunks', () => {
  it('an extra chunk record is named in the part that holds it (row 17)', async () => {
    const p = readPart(part(1));
    // A chunk of a battle the scenario does not have, owned by shard 1 ((9 + 1) mod 3), the part's count raised.
    p.tallies.push({ ...p.tallies[0], unit: 'battle 9', chunk: 1, chunks: 2 });
    p.chunks.shard = p.tallies.length;
    const extra = writePart('extra', p);
    await expectRefusal(
      [part(0), extra, part(2)],
      new RegExp(`extra\\.tally\\.json\\.gz: tallies\\[${p.tallies.length - 1}\\]: chunk battle 9/1 is not a chunk`),
    );
    // Of a battle the scenario has, too (it has 2 chunks; this is a fifth, of shard 1: (0 + 4) mod 3).
    const q = readPart(part(1));
    q.tallies.push({ ...q.tallies[0], unit: 'battle 0', chunk: 4, chunks: 5 });
    q.chunks.shard = q.tallies.length;
    await expectRefusal(
      [part(0), writePart('extra-2', q), part(2)],
      /extra-2\.tally\.json\.gz: tallies\[\d+\]: chunk battle 0\/\d+ .*is not a chunk of this run/,
    );
  });
});

describe('a refused merge writes nothing (row 9)', () => {
  it('one forged part of the second scenario: no folder of the first, no results home, no --out', async () => {
    const p = readPart(part(1, 'second'));
    const index = p.tallies.findIndex((r) => r.unit === 'battle 0');
    // Two conquests with 3 armies left become conquests with 10 left: every sum holds; the re-run catches it.
    p.tallies[index].counts[3] -= 2;
    p.tallies[index].counts[10] += 2;
    const forged = writePart('second-forged', p);
    const r = await expectRefusal(
      [part(0), part(1), part(2), part(0, 'second'), forged, part(2, 'second'), '--verify', 'all'],
      /second-forged\.tally\.json\.gz: tallies\[\d+\]\.counts: chunk battle 0\/\d+ differs/,
    );
    expect(r.code).toBe(2);
  });

  it('an existing --out keeps exactly what it held', async () => {
    const out = path.join(dir, 'kept');
    const first = await cli(['merge', part(0), part(1), part(2), '--out', out, '--no-charts']);
    expect(first.code, first.stderr).toBe(0);
    const before = readdirSync(out).sort();
    const home = readFileSync(path.join(out, 'index.html'));
    const p = readPart(part(1, 'second'));
    p.tallies[0].counts[0] += 1;
    const r = await cli([
      'merge',
      ...[0, 1, 2].map((i) => part(i)),
      part(0, 'second'),
      writePart('second-count', p),
      part(2, 'second'),
      '--out',
      out,
      '--no-charts',
    ]);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(readdirSync(out).sort()).toEqual(before);
    expect(readFileSync(path.join(out, 'index.html'))).toEqual(home);
  });
});

describe('words true to what happened (row 21)', () => {
  it('a merge with no sampled chunk does not claim to have verified any', async () => {
    const exact = path.join(dir, 'exact.json');
    const document = JSON.parse(readFileSync(SCENARIO, 'utf8'));
    writeFileSync(exact, JSON.stringify({ ...document, name: 'exact', method: 'exact', sweep: undefined }));
    const shard = await cli(['run', exact, '--shard', '0/1', '--out', path.join(dir, 'exact-part')]);
    expect(shard.code, shard.stderr).toBe(0);
    const r = await cli(['merge', path.join(dir, 'exact-part'), '--out', path.join(dir, 'exact-out'), '--no-charts']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/verified 0 chunks|all equal/);
    expect(r.stdout).toMatch(/no chunk to re-run: the parts hold no sampled chunks/);
  });
});
