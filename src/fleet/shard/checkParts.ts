/**
 * Before merging, the parts of one scenario must be the parts of one run: the same
 * battle-odds version (this one), scenario document, seed, trials and overrides, the same
 * number of shards and chunks, every shard exactly once and every chunk exactly once.
 * Anything else is refused with the part file and what differs named.
 */
import { InputError } from '../../engine/inputError.js';
import { canonicalJson, type ChunkRecord, type TallyPart } from './tallyFile.js';
import { chunkName } from './assign.js';

export interface LoadedPart {
  file: string;
  part: TallyPart;
}

/** A chunk's record and the part it came from. */
export type PlacedRecord = ChunkRecord & { file: string };

export interface CheckedRun {
  /** The part of shard 0 (its scenario file name and overrides are the run's). */
  first: LoadedPart;
  records: Map<string, PlacedRecord>;
}

export function checkParts(parts: LoadedPart[], version: string): CheckedRun {
  const sorted = [...parts].sort((a, b) => a.part.shard.index - b.part.shard.index);
  const [first] = sorted;
  const same = (what: string, get: (p: TallyPart) => unknown, show: (v: unknown) => string = String) => {
    const want = canonicalJson(get(first.part));
    for (const p of sorted) {
      if (canonicalJson(get(p.part)) !== want) {
        throw new InputError(
          p.file,
          '',
          `${what} ${show(get(p.part))} differs from ${first.file}'s ${show(get(first.part))}: ` +
            'these parts are not of one run',
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
    'the scenario (hash)',
    (p) => p.scenario.hash,
    (v) => String(v).slice(0, 12),
  );
  same(
    'the seed',
    (p) => p.seed,
    (v) => JSON.stringify(v),
  );
  same('the trials', (p) => p.trials);
  same(
    'the options',
    (p) => p.overrides,
    (v) => canonicalJson(v),
  );
  same('the shard count', (p) => p.shard.count);
  same('the chunk count', (p) => p.chunks.total);

  const count = first.part.shard.count;
  const byIndex = new Map<number, string>();
  for (const p of sorted) {
    const other = byIndex.get(p.part.shard.index);
    if (other) throw new InputError(p.file, 'shard', `shard ${p.part.shard.index}/${count} is also ${other}`);
    byIndex.set(p.part.shard.index, p.file);
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
  for (const p of sorted) {
    for (const r of p.part.tallies) {
      const name = chunkName(r);
      const other = records.get(name);
      if (other) throw new InputError(p.file, 'tallies', `chunk ${name} is also in ${other.file}: duplicated chunk`);
      records.set(name, { ...r, file: p.file });
    }
  }
  if (records.size !== first.part.chunks.total) {
    throw new InputError(
      first.file,
      'tallies',
      `the parts hold ${records.size} chunks; the run has ${first.part.chunks.total}: a part is incomplete`,
    );
  }
  return { first, records };
}
