/**
 * Before merging, the parts of one scenario must be the parts of one run: the same
 * battle-odds version (this one), scenario document, seed, trials and overrides, the same
 * number of shards and chunks, every shard exactly once and every chunk exactly once.
 * Anything else is refused with the part file and what differs named.
 */
import path from 'node:path';
import { InputError } from '../../core/model/inputError.js';
import type { Scenario } from '../../core/engine/validate/scenario.js';
import { canonicalJson, type ChunkRecord, type TallyPart } from './tallyFile.js';
import { chunkName, shardOf } from './assign.js';

export interface LoadedPart {
  file: string;
  part: TallyPart;
}

/** A chunk's record, the part it came from and its place among the part's `tallies`. */
export type PlacedRecord = ChunkRecord & { file: string; index: number };

export interface CheckedRun {
  /** The part of shard 0 (its scenario file name and overrides are the run's). */
  first: LoadedPart;
  /** The parts, by shard index. */
  parts: LoadedPart[];
  /** The scenario, validated from the document the parts carry. */
  scenario: Scenario;
  records: Map<string, PlacedRecord>;
}

/** `scenario` is the one validated from the parts' document (they all carry it: same hash). */
export function checkParts(parts: LoadedPart[], version: string, scenario: Scenario): CheckedRun {
  const sorted = [...parts].sort((a, b) => a.part.shard.index - b.part.shard.index);
  const [first] = sorted;
  /**
   * Each part must agree with the first on `field`; `says(value)` words a part's value
   * ("was run with 50,000 trials").
   */
  const same = <T>(field: string, get: (p: TallyPart) => T, says: (value: T, other?: T) => string) => {
    const want = canonicalJson(get(first.part));
    for (const p of sorted) {
      if (canonicalJson(get(p.part)) !== want) {
        throw new InputError(
          p.file,
          field,
          `${says(get(p.part))}; ${first.file} ${says(get(first.part), get(p.part))}: these parts are not of one run`,
        );
      }
    }
  };
  for (const p of sorted) {
    if (p.part.version !== version) {
      throw new InputError(
        p.file,
        'version',
        `was written by battle-odds ${p.part.version}; this is ${version}: merge with the version that ran the shards`,
      );
    }
  }
  same(
    'scenario.hash',
    (p) => p.scenario.hash,
    (hash, other) =>
      other === undefined
        ? `was run on a scenario document with hash ${hash.slice(0, 12)}`
        : `on one with hash ${hash.slice(0, 12)}`,
  );
  same(
    'seed',
    (p) => p.seed,
    (seed, other) =>
      other === undefined ? `was run with seed ${JSON.stringify(seed)}` : `with ${JSON.stringify(seed)}`,
  );
  same(
    'trials',
    (p) => p.trials,
    (trials, other) => `${other === undefined ? 'was run with ' : 'with '}${trials.toLocaleString('en-US')} trials`,
  );
  same(
    'overrides',
    (p) => p.overrides,
    (overrides, other) => `${other === undefined ? 'was run with options ' : 'with '}${canonicalJson(overrides)}`,
  );
  same(
    'shard.count',
    (p) => p.shard.count,
    (count, other) => (other === undefined ? `is one of ${count} shards` : `of ${count}`),
  );
  same(
    'chunks.total',
    (p) => p.chunks.total,
    (total, other) => (other === undefined ? `is of a run of ${total} chunks` : `of ${total}`),
  );

  const count = first.part.shard.count;
  const byIndex = new Map<number, string>();
  for (const p of sorted) {
    const index = p.part.shard.index;
    const other = byIndex.get(index);
    if (other) {
      const again = path.resolve(other) === path.resolve(p.file) ? 'the same file given twice' : `also ${other}`;
      throw new InputError(p.file, 'shard', `is shard ${index}/${count} again (${again})`);
    }
    byIndex.set(index, p.file);
  }
  const missing = [...Array(count).keys()].filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const list = missing.slice(0, 10).map((i) => `${i}/${count}`);
    throw new InputError(
      first.file,
      '',
      `shard${missing.length > 1 ? 's' : ''} ${list.join(', ')}${missing.length > 10 ? ' ...' : ''} of scenario ` +
        `'${first.part.scenario.name}' ${missing.length > 1 ? 'are' : 'is'} missing: give every part of the run`,
    );
  }

  const records = new Map<string, PlacedRecord>();
  const battles = scenario.battles.length;
  for (const p of sorted) {
    for (const [index, r] of p.part.tallies.entries()) {
      const name = chunkName(r);
      const other = records.get(name);
      if (other)
        throw new InputError(p.file, `tallies[${index}]`, `chunk ${name} is also in ${other.file}: duplicated chunk`);
      const owner = shardOf(r, battles, count);
      if (owner !== p.part.shard.index)
        throw new InputError(
          p.file,
          `tallies[${index}]`,
          `chunk ${name} belongs to shard ${owner}/${count}, not to this part's ${p.part.shard.index}/${count}`,
        );
      records.set(name, { ...r, file: p.file, index });
    }
  }
  // A unit the scenario does not have: a chunk of no run of it, named in the part that holds it.
  const cells = scenario.sweep?.cells.length ?? 0;
  for (const r of records.values()) {
    const [kind, n] = r.unit.split(' ');
    if (Number(n) >= (kind === 'battle' ? battles : cells))
      throw new InputError(
        r.file,
        `tallies[${r.index}]`,
        `chunk ${chunkName(r)} is not a chunk of this run: the scenario has ${battles} battle` +
          `${battles === 1 ? '' : 's'} and ${cells} sweep cell${cells === 1 ? '' : 's'} (an altered part)`,
      );
  }
  for (const p of sorted) {
    const ran = p.part.chunks.shard;
    // More records than the shard ran: the replay names the one no run asks for (mergeRun), in its part.
    if (ran !== undefined && p.part.tallies.length < ran)
      throw new InputError(
        p.file,
        'tallies',
        `holds ${p.part.tallies.length} chunks; shard ${p.part.shard.index}/${count} ran ${ran}: ` +
          'the part is incomplete',
      );
  }
  // More records than the run has: which is extra only the replay knows (mergeRun names it and its part).
  if (records.size < first.part.chunks.total) {
    // A part without its own chunk count: name a missing chunk and the shard that ran it, where the records tell.
    const lost = missingChunk(records, battles, count);
    const part = lost && sorted.find((p) => p.part.shard.index === lost.shard);
    if (lost && part)
      throw new InputError(
        part.file,
        'tallies',
        `chunk ${lost.name} of shard ${lost.shard}/${count} is missing (the parts hold ${records.size} of the ` +
          `run's ${first.part.chunks.total} chunks): the part is incomplete`,
      );
    throw new InputError(
      first.file,
      'tallies',
      `the parts hold ${records.size} chunks; the run has ${first.part.chunks.total}: a part is incomplete`,
    );
  }
  return { first, parts: sorted, scenario, records };
}

/** A chunk missing from a unit some record names (with the unit's chunk count), and the shard that ran it. */
function missingChunk(
  records: Map<string, PlacedRecord>,
  battles: number,
  shards: number,
): { name: string; shard: number } | undefined {
  const units = new Map<string, number>();
  for (const r of records.values()) units.set(r.unit, r.chunks);
  for (const [unit, chunks] of units)
    for (let chunk = 0; chunk < chunks; chunk++) {
      const name = chunkName({ unit, chunk });
      if (!records.has(name)) return { name, shard: shardOf({ unit, chunk, chunks }, battles, shards) };
    }
  return undefined;
}
