/**
 * Part files are untrusted input (docs/fleet.md, "What merge checks"): merge reads only
 * regular files within size and decompression limits, validates every tally against its
 * layout, re-runs a sample of each part's chunks, and writes only under --out, named by the
 * validated scenario. Each refusal is one line naming the part (and the field), exit 2,
 * nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { cli, tempDir } from '../helpers/cli.js';
import { differingFiles } from './compare.js';
import { CHUNKS, SCENARIO } from './fleetScenario.js';
import { readGzipText } from '../../src/files/gzipFile.js';
import { readPart as readPartFile, writePartIn } from './partFile.js';

const NAME = 'fleet-check';
const dir = tempDir('battle-odds-untrusted-');
const part = (i: number) => path.join(dir, `part-${i}`, `${NAME}.tally.json.gz`);
const single = path.join(dir, 'single', NAME);

type Part = {
  scenario: { name: string; document: { name: string } };
  tallies: Array<{ unit: string; counts: number[] }>;
};

const readPart = (file: string) => readPartFile<Part>(file);
const writePart = (name: string, content: unknown) => writePartIn(dir, name, content);

/** One line naming the file (and field), exit 2, nothing written under `out`. */
async function expectRefusal(args: string[], pattern: RegExp, out = path.join(dir, 'refused')) {
  const r = await cli([...args, '--out', out]);
  expect(r.stderr).toMatch(pattern);
  expect([r.code, r.stderr.trim().split('\n').length, r.stdout]).toEqual([2, 1, '']);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(existsSync(path.join(out, NAME))).toBe(false);
  return r;
}

/** A gzip bomb of `members` concatenated gzip members of 16 MiB of `byte` each (a gunzip reads them all). */
function bomb(name: string, byte: number, members: number, prefix = ''): string {
  const member = gzipSync(Buffer.concat([Buffer.from(prefix), Buffer.alloc(16 * 1024 * 1024, byte)]), { level: 9 });
  const rest = gzipSync(Buffer.alloc(16 * 1024 * 1024, byte), { level: 9 });
  const file = path.join(dir, `${name}.tally.json.gz`);
  writeFileSync(file, Buffer.concat([member, ...Array.from({ length: members - 1 }, () => rest)]));
  return file;
}

beforeAll(async () => {
  const r = await cli(['run', SCENARIO, '--out', path.join(dir, 'single'), '--threads', '0', '--no-charts']);
  expect(r.code, r.stderr).toBe(0);
  for (const i of [0, 1, 2]) {
    const s = await cli(['run', SCENARIO, '--shard', `${i}/3`, '--out', path.dirname(part(i)), '--threads', '0']);
    expect(s.code, s.stderr).toBe(0);
  }
});

describe('reading a part', () => {
  it('refuses a device, a FIFO, a folder of no parts and files that are not gzip or not UTF-8', async () => {
    await expectRefusal(
      ['merge', '/dev/zero'],
      /^battle-odds: error: \/dev\/zero: is a character device, not a battle-odds tally file$/m,
    );
    const fifo = path.join(dir, 'fifo.tally.json.gz');
    execFileSync('mkfifo', [fifo]);
    await expectRefusal(
      ['merge', fifo],
      /fifo\.tally\.json\.gz: is a named pipe \(FIFO\), not a battle-odds tally file/,
    );
    mkdirSync(path.join(dir, 'empty'));
    await expectRefusal(['merge', path.join(dir, 'empty')], /empty: folder holds no \*\.tally\.json\.gz tally files/);
    writeFileSync(path.join(dir, 'plain.tally.json.gz'), '{"format": "battle-odds-tally/1"}');
    await expectRefusal(
      ['merge', path.join(dir, 'plain.tally.json.gz')],
      /plain\.tally\.json\.gz: not gzip data, or cut short/,
    );
    const whole = readFileSync(part(0));
    writeFileSync(path.join(dir, 'cut.tally.json.gz'), whole.subarray(0, whole.length - 40));
    await expectRefusal(
      ['merge', path.join(dir, 'cut.tally.json.gz')],
      /cut\.tally\.json\.gz: not gzip data, or cut short/,
    );
    writeFileSync(path.join(dir, 'latin1.tally.json.gz'), gzipSync(Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])));
    await expectRefusal(
      ['merge', path.join(dir, 'latin1.tally.json.gz')],
      /latin1\.tally\.json\.gz: is not UTF-8 text/,
    );
    writeFileSync(path.join(dir, 'deep.tally.json.gz'), gzipSync(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`));
    await expectRefusal(
      ['merge', path.join(dir, 'deep.tally.json.gz')],
      /deep\.tally\.json\.gz: nests 5001 levels deep/,
    );
  });

  it('refuses gzip bombs (1.2 GB from 1.2 MB) early, whatever they inflate to', async () => {
    // Zeros: not JSON from the first byte. Spaces: JSON-looking, refused by the compression ratio.
    await expectRefusal(['merge', bomb('zeros', 0, 75)], /zeros\.tally\.json\.gz: does not hold a JSON object/);
    await expectRefusal(
      ['merge', bomb('spaces', 0x20, 75)],
      /spaces\.tally\.json\.gz: decompresses to more than 200 times its size/,
    );
    const looksLikeJson = bomb('json', 0x20, 75, '{"format": "battle-odds-tally/1", "pad": "');
    await expectRefusal(
      ['merge', looksLikeJson],
      /json\.tally\.json\.gz: decompresses to more than 200 times its size/,
    );
  });

  it('reads without blocking: the event loop (and so Ctrl-C) runs while a part is read', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const big = bomb('big', 0x20, 1, '{"x": "');
    await readGzipText(big, { maxBytes: 1 << 30, maxTextBytes: 1 << 30, what: 'test file' }).catch(() => {});
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(2);
  });
});

describe('what a part says', () => {
  it('a part named ../x is refused: merge writes only under --out, named by the validated scenario', async () => {
    const p = readPart(part(2));
    p.scenario.name = '../x';
    const out = path.join(dir, 'named', 'out');
    await expectRefusal(
      ['merge', part(0), part(1), writePart('dotdot', p)],
      /dotdot\.tally\.json\.gz: scenario\.name: is '\.\.\/x', but the scenario document .* named 'fleet-check'/,
      out,
    );
    p.scenario.document.name = '../x';
    await expectRefusal(
      ['merge', part(0), part(1), writePart('dotdot-doc', p)],
      /dotdot-doc\.tally\.json\.gz: scenario\.hash: is not the hash of the scenario document/,
      out,
    );
    // Neither --out nor anything beside it was created.
    expect(existsSync(path.join(dir, 'named'))).toBe(false);
  });

  it('a hand-edited count (P(attacker) 0.90 plus P(defender) 0.18) is refused naming the part and field', async () => {
    const p = readPart(part(0));
    const index = p.tallies.findIndex((r) => r.unit === 'battle 0');
    const counts = p.tallies[index].counts;
    // LandGrab 12 vs 8: conquests by armies left (13 counts), then held (13), then defenders left (9).
    const trials = counts.slice(0, 13).reduce((s, c) => s + c, 0) + counts.slice(26).reduce((s, c) => s + c, 0);
    counts[5] += 0.9 * trials - counts.slice(0, 13).reduce((s, c) => s + c, 0);
    counts.fill(0, 26);
    counts[29] = 0.18 * trials;
    const edited = writePart('edited', p);
    await expectRefusal(
      ['merge', edited, part(1), part(2), '--verify', 'none'],
      new RegExp(
        `edited\\.tally\\.json\\.gz: tallies\\[${index}\\]\\.counts: chunk battle 0/\\d+: Outcome: ` +
          'P\\(attacker conquers\\) 9,000 \\+ P\\(defender holds\\) 1,800 = 10,800 battles, ' +
          "not the chunk's 10,000 trials",
      ),
    );
    // With the default sample the part is refused too (by the layout, or by the re-run if the chunk is drawn).
    await expectRefusal(
      ['merge', edited, part(1), part(2)],
      /edited\.tally\.json\.gz: tallies\[\d+\]\.counts: chunk battle 0\//,
    );
  });

  it('a consistent forgery passes the layout and is caught by the re-run', async () => {
    const p = readPart(part(1));
    const index = p.tallies.findIndex((r) => r.unit === 'battle 0');
    const counts = p.tallies[index].counts;
    // Two conquests with 3 armies left become conquests with 10 left: every sum stays the same.
    counts[3] -= 2;
    counts[10] += 2;
    const forged = writePart('forged', p);
    const unchecked = await cli([
      'merge',
      part(0),
      forged,
      part(2),
      '--verify',
      'none',
      '--no-charts',
      '--out',
      path.join(dir, 'unchecked'),
    ]);
    expect(unchecked.code, unchecked.stderr).toBe(0);
    expect(differingFiles(single, path.join(dir, 'unchecked', NAME))).toContain('summary.csv');
    await expectRefusal(
      ['merge', part(0), forged, part(2), '--verify', 'all'],
      new RegExp(
        `forged\\.tally\\.json\\.gz: tallies\\[${index}\\]\\.counts: chunk battle 0/\\d+ differs from the same ` +
          'chunk re-run here \\(count 3 is \\d[\\d,]* there and \\d[\\d,]* here, and 1 more count differs\\): ' +
          'the part was altered, or the machine that ran it is faulty',
      ),
    );
  });

  it("a chunk moved to another shard's part, a shard count beyond the limit, a chunk beyond its unit", async () => {
    const moved = readPart(part(0));
    const other = readPart(part(1));
    moved.tallies.push(other.tallies.pop()!);
    await expectRefusal(
      ['merge', writePart('moved', moved), writePart('lost', other), part(2)],
      /moved\.tally\.json\.gz: tallies\[\d+\]: chunk .+ belongs to shard 1\/3, not to this part's 0\/3/,
    );
    const huge = readPart(part(0)) as unknown as { shard: { count: number } };
    huge.shard.count = 1e15;
    await expectRefusal(['merge', writePart('huge', huge)], /huge\.tally\.json\.gz: shard\.count: /);
    const beyond = readPart(part(0)) as unknown as { tallies: Array<{ chunk: number }> };
    beyond.tallies[0].chunk = 1e9;
    await expectRefusal(['merge', writePart('beyond', beyond)], /beyond\.tally\.json\.gz: tallies\[0\]\.chunk: /);
  });
});

describe('valid parts', () => {
  it('merge re-running every chunk gives the single machine files, and says what it checked', async () => {
    const out = path.join(dir, 'all');
    const r = await cli(['merge', part(0), part(1), part(2), '--verify', 'all', '--no-charts', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `verified ${CHUNKS} chunks by re-running them here, all equal (every chunk of each part`,
    );
    expect(differingFiles(single, path.join(out, NAME))).toEqual([]);
    const seeded = [
      'merge',
      part(0),
      part(1),
      part(2),
      '--verify',
      '1',
      '--verify-seed',
      '0123456789abcdef',
      '--no-charts',
    ];
    const a = await cli([...seeded, '--out', path.join(dir, 'seeded-a')]);
    const b = await cli([...seeded, '--out', path.join(dir, 'seeded-b')]);
    expect(a.stdout.replace(/seeded-a/g, 'X')).toBe(b.stdout.replace(/seeded-b/g, 'X'));
    expect(a.stdout).toMatch(/verified 3 chunks .* sample seed 0123456789abcdef/);
  });
});
