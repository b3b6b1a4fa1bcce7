/**
 * Fuzzing part files: a few hundred seeded mutations of the three parts of a sharded run
 * (counts, keys, units, lengths, names, documents, shards, versions, truncated or flipped
 * gzip bytes, JSON cut short, a gzip bomb), each merged in this process as `merge` does.
 * Every mutant is either refused with one line naming the mutated part (an InputError), or
 * accepted with a report identical to the unmutated merge (timing aside): never another
 * error, never a different answer. Mutations that keep every sum (moving counts between
 * bins) are merged with the mutated chunk in the re-run sample, as `merge --verify` would
 * draw it with some probability (docs/fleet.md). Bounded: each case reads at most a few
 * MiB and replays the run's few small chunks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { cli, tempDir } from '../helpers/cli.js';
import { InputError } from '../../src/core/model/inputError.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';
import { findSystem } from '../../src/core/registry/systems.js';
import { Xoshiro128 } from '../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../src/core/random/seed.js';
import { packageVersion } from '../../src/files/packageInfo.js';
import type { Scenario } from '../../src/core/engine/validate/scenario.js';
import { readTallyPart } from '../../src/fleet/shard/tallyFile.js';
import { partScenario } from '../../src/fleet/shard/partScenario.js';
import { checkParts } from '../../src/fleet/shard/checkParts.js';
import { mergeRun } from '../../src/fleet/shard/mergeRun.js';
import { SCENARIO } from './fleetScenario.js';

const CASES = 300;
const SEED = 'battle-odds part fuzz 1';
const dir = tempDir('battle-odds-part-fuzz-');
const version = packageVersion();
const local = new InProcessExecutor(findSystem);

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Mutant {
  description: string;
  /** The part changed (0..2) and its new bytes. */
  index: number;
  bytes: Buffer;
  /** Chunks whose counts moved without changing any sum: re-run them (as a --verify sample may). */
  rerun: string[];
}

const originals: Buffer[] = [];
let baseline = '';

/**
 * The scenario the unmutated parts hold, validated once: a part whose document hashes to the same
 * hash and that names the same scenario file starts its merge with it, as the second part of a merge
 * does (a scenario is a pure function of those two). A part holding any other document or file name
 * is validated afresh (validating the scenario is most of a merge's time).
 */
let validated: { hash: string; file: string; scenario: Scenario } | null = null;

/** A merge as `battle-odds merge` does it, without writing a folder: the report as compared. */
async function merge(files: string[], rerun: string[]): Promise<string> {
  const cache = new Map<string, Scenario>();
  const parts = [];
  for (const file of files) {
    const part = await readTallyPart(file);
    const { hash, file: scenarioFile } = part.scenario;
    if (cache.size === 0 && validated?.hash === hash && validated.file === scenarioFile)
      cache.set(hash, validated.scenario);
    partScenario(file, part, cache);
    parts.push({ file, part });
  }
  const checked = checkParts(parts, version, cache.get(parts[0].part.scenario.hash) as Scenario);
  const check = rerun.length > 0 ? { sample: new Set(rerun), executor: local } : undefined;
  const { report } = await mergeRun(checked, version, {}, check);
  return JSON.stringify(report, (key, value) => (['startedAt', 'elapsedMs', 'threads'].includes(key) ? 0 : value));
}

beforeAll(async () => {
  for (const i of [0, 1, 2]) {
    const out = path.join(dir, `part-${i}`);
    const r = await cli(['run', SCENARIO, '--shard', `${i}/3`, '--out', out, '--threads', '0']);
    expect(r.code, r.stderr).toBe(0);
    originals.push(readFileSync(path.join(out, 'fleet-check.tally.json.gz')));
  }
  const files = originals.map((bytes, i) => path.join(dir, `part-${i}`, 'fleet-check.tally.json.gz'));
  const part = await readTallyPart(files[0]);
  validated = { hash: part.scenario.hash, file: part.scenario.file, scenario: partScenario(files[0], part, new Map()) };
  baseline = await merge(files, []);
});

/** The mutations, drawn from a seeded generator. */
function mutants(count: number): Mutant[] {
  const rng = Xoshiro128.fromState(stateFromSeed(SEED));
  const below = (n: number) => Math.floor(rng.nextFloat() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)];
  const out: Mutant[] = [];
  for (let c = 0; c < count; c++) {
    const index = below(3);
    const text = gunzipSync(originals[index]).toString('utf8');
    const part: Json = JSON.parse(text);
    const record = () => part.tallies[below(part.tallies.length)];
    const rerun: string[] = [];
    const json = (description: string) => ({ description, index, bytes: gzipSync(JSON.stringify(part)), rerun });
    const op = below(24);
    let m: Mutant;
    if (op === 0 || op === 1) {
      const r = record();
      const i = below(r.counts.length);
      r.counts[i] += op === 0 ? 1 : -1;
      m = json(`count ${i} of ${r.unit}/${r.chunk} ${op === 0 ? '+1' : '-1'}`);
    } else if (op === 2) {
      const r = record();
      const i = below(r.counts.length);
      const value = pick([-1, 0.5, 1e300, null, '7', true, 2 ** 53, r.counts[i] * 2 + 1]);
      r.counts[i] = value;
      m = json(`count ${i} of ${r.unit}/${r.chunk} set to ${JSON.stringify(value)}`);
    } else if (op === 3) {
      // Counts moved between two bins of a record: every sum may stay the same; the re-run sees it.
      const r = record();
      const i = below(r.counts.length);
      const j = below(r.counts.length);
      const moved = Math.min(r.counts[i], 1 + below(3));
      r.counts[i] -= moved;
      r.counts[j] += moved;
      rerun.push(`${r.unit}/${r.chunk}`);
      m = json(`${moved} moved from count ${i} to ${j} of ${r.unit}/${r.chunk}`);
    } else if (op === 4) {
      const r = record();
      if (below(2) === 0) r.counts.push(0);
      else r.counts.pop();
      m = json(`counts of ${r.unit}/${r.chunk} one longer or shorter`);
    } else if (op === 5) {
      const r = record();
      const at = below(64);
      r.key = `${r.key.slice(0, at)}${r.key[at] === '0' ? '1' : '0'}${r.key.slice(at + 1)}`;
      m = json(`key of ${r.unit}/${r.chunk} changed`);
    } else if (op === 6) {
      const r = record();
      const unit = pick(['battle 0', 'battle 1', 'battle 7', 'cell 0', 'cell 5', 'cell 999', 'battle', 'x 1']);
      m = json(`unit ${r.unit}/${r.chunk} renamed ${unit}`);
      r.unit = unit;
      m.bytes = gzipSync(JSON.stringify(part));
    } else if (op === 7) {
      const r = record();
      const field = pick(['chunk', 'chunks', 'trials']);
      r[field] += pick([1, -1, 1000, 0.5]);
      m = json(`${field} of a record changed`);
    } else if (op === 8) {
      const i = below(part.tallies.length);
      if (below(2) === 0) part.tallies.splice(i, 1);
      else part.tallies.push(part.tallies[i]);
      m = json(`record ${i} dropped or duplicated`);
    } else if (op === 9) {
      part.scenario.name = pick(['../x', '../../etc/x', 'other', '', 'fleet-check/..', 'FLEET-CHECK']);
      m = json(`scenario.name set to ${part.scenario.name}`);
    } else if (op === 10) {
      part.scenario.document.battles[0].attackers += 1;
      m = json('the document changed (hash kept)');
    } else if (op === 11) {
      const field = pick(['seed', 'trials', 'overrides', 'version', 'format', 'chunks']);
      part[field] = pick([
        'other',
        12345,
        { trials: 5 },
        { total: 49, shard: 16 },
        '0.0.1',
        'battle-odds-tally/2',
        null,
        [],
      ]);
      m = json(`${field} replaced`);
    } else if (op === 12) {
      part.shard = pick([
        { index: 3, count: 3 },
        { index: 0, count: 4 },
        { index: (index + 1) % 3, count: 3 },
        { index: 0, count: 1e15 },
        { index: -1, count: 3 },
      ]);
      m = json(`shard set to ${JSON.stringify(part.shard)}`);
    } else if (op === 13) {
      // Benign: timing and the order of records do not change the merge.
      part.run.elapsedMs = below(1e6);
      part.run.startedAt = '2001-01-01T00:00:00.000Z';
      part.tallies.reverse();
      m = json('timing changed and records reversed (benign)');
    } else if (op === 14) {
      const cut = below(originals[index].length);
      m = { description: `gzip cut at byte ${cut}`, index, bytes: originals[index].subarray(0, cut), rerun };
    } else if (op === 15) {
      const bytes = Buffer.from(originals[index]);
      const at = below(bytes.length);
      bytes[at] ^= 1 << below(8);
      m = { description: `gzip byte ${at} flipped`, index, bytes, rerun };
    } else if (op === 16) {
      const cut = below(text.length);
      m = { description: `JSON cut at character ${cut}`, index, bytes: gzipSync(text.slice(0, cut)), rerun };
    } else if (op === 17) {
      const value = pick(['[]', 'null', '"x"', '{}', '{"format": "battle-odds-tally/1"}', '1e999']);
      m = { description: `the part is ${value}`, index, bytes: gzipSync(value), rerun };
    } else if (op === 18) {
      const big = text.replace(/"counts":\[/, '"counts":[9007199254740993,');
      m = { description: 'a count beyond 2^53', index, bytes: gzipSync(big), rerun };
    } else if (op === 19) {
      part.tallies = part.tallies.concat(part.tallies.map((r: Json) => ({ ...r, chunk: r.chunk + 1000 })));
      m = json('records added beyond every unit');
    } else if (op === 20) {
      part.scenario.file = 'x'.repeat(5000);
      m = json('a 5000-character scenario file name');
    } else if (op === 21) {
      part.extra = 1;
      m = json('an unknown field');
    } else if (op === 22 && c % 40 === 0) {
      const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20), { level: 9 });
      m = { description: 'a gzip bomb of white space', index, bytes: bomb, rerun };
    } else {
      const r = record();
      r.counts = r.counts.map(() => 0);
      m = json(`counts of ${r.unit}/${r.chunk} all zero`);
    }
    out.push(m);
  }
  return out;
}

describe(`fuzz: ${CASES} mutated part files (seed "${SEED}")`, () => {
  it('every mutant is refused with one line naming the part, or merges to the same report', async () => {
    let refused = 0;
    let same = 0;
    for (const [c, mutant] of mutants(CASES).entries()) {
      // The mutant beside the unmutated parts as the run wrote them.
      const files = originals.map((bytes, i) => {
        if (i !== mutant.index) return path.join(dir, `part-${i}`, 'fleet-check.tally.json.gz');
        const file = path.join(dir, `case-${c}-part-${i}.tally.json.gz`);
        writeFileSync(file, mutant.bytes);
        return file;
      });
      const what = `case ${c} (${mutant.description})`;
      try {
        const report = await merge(files, mutant.rerun);
        expect(report === baseline, `${what} was accepted with a different report`).toBe(true);
        same++;
      } catch (error) {
        if (!(error instanceof InputError))
          throw new Error(`${what} threw ${(error as Error)?.stack ?? String(error)}`);
        const message = error.message;
        // The mutated part is named: first, or as the other one of two that disagree.
        const named = message.startsWith(files[mutant.index]) || message.includes(`(also ${files[mutant.index]})`);
        expect(named && !message.includes('\n'), `${what}: ${message}`).toBe(true);
        refused++;
      }
    }
    console.log(`part fuzz: ${refused} refused, ${same} accepted with the same report`);
    expect(refused).toBeGreaterThan(CASES / 2);
    expect(same).toBeGreaterThan(0);
  });
});
