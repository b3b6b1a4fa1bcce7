/**
 * A shard's tally file (`<out>/<scenario-name>.tally.json.gz`): gzipped JSON, versioned by
 * `format`, holding everything `battle-odds merge` needs without the scenario file: the
 * scenario document itself and its hash, the command-line overrides, the seed and trials,
 * the battle-odds version, which shard of how many, how many chunks the whole run has, and
 * one record per chunk this shard ran (its place, content key, trials and counts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InputError } from '../../core/model/inputError.js';
import { scenarioSchema, seedSchema, trialsSchema } from '../../core/engine/validate/scenario.js';
import { solveForSchema } from '../../core/engine/validate/solveForSpec.js';
import { userText } from '../../core/model/userText.js';
import { MAX_TRIALS } from '../../core/model/run.js';
import { MAX_CHUNK, MIN_CHUNK } from '../../core/engine/sample/chunking.js';
import { writeFileAtomically } from '../../files/atomicFile.js';
import { readGzipText } from '../../files/gzipFile.js';
import { checkJsonText } from '../../files/jsonText.js';
import { formatPath } from '../../core/model/inputError.js';
import { MAX_SHARDS } from './assign.js';

export const TALLY_FORMAT = 'battle-odds-tally/1';
export const TALLY_SUFFIX = '.tally.json.gz';

const MiB = 1024 * 1024;
/**
 * The largest part read: 256 MiB of JSON holds some 600,000 chunk records of a LandGrab
 * battle (a run of 600 billion trials in one shard); a larger run needs more shards. Parts
 * compress about 3 to 10 times, so 128 MiB on disk is not the limit that bites.
 */
export const MAX_PART_TEXT_BYTES = 256 * MiB;
export const MAX_PART_BYTES = 128 * MiB;

const count = z.number().int().nonnegative();

export const chunkRecordSchema = z
  .strictObject({
    unit: z.string().regex(/^(battle|cell) \d{1,9}$/),
    chunk: count,
    chunks: count.min(1).max(MAX_TRIALS / MIN_CHUNK),
    key: z.string().regex(/^[0-9a-f]{64}$/),
    trials: count.min(1).max(MAX_CHUNK),
    counts: z.array(count),
  })
  .refine((r) => r.chunk < r.chunks, { message: 'chunk must be below chunks', path: ['chunk'] });
export type ChunkRecord = z.infer<typeof chunkRecordSchema>;

/**
 * The run's options, held to the limits a scenario file and the flags are held to (a part is
 * untrusted: `trials: 1e15` or a target of 500% is refused here, never run or reported).
 */
export const overridesSchema = z.strictObject({
  trials: trialsSchema.optional(),
  seed: seedSchema.optional(),
  kernel: z.enum(['fast', 'faithful']).optional(),
  method: z.enum(['auto', 'sample', 'exact']).optional(),
  check: z.boolean().optional(),
  question: z
    .strictObject({
      target: scenarioSchema.shape.target,
      advise: z.boolean().optional(),
      objective: scenarioSchema.shape.objective,
      territoryWorth: scenarioSchema.shape.territoryWorth,
      solveFor: solveForSchema.shape.field.optional(),
    })
    .optional(),
});

/** The longest a shard may say it took: a year (a part saying -1e300 or 1e308 ms is not believed). */
const MAX_SHARD_MS = 366 * 24 * 3600 * 1000;
/** The most threads a shard may say it ran on. */
const MAX_SHARD_THREADS = 65_536;

export const tallyPartSchema = z.strictObject({
  format: z.literal(TALLY_FORMAT),
  version: z.string(),
  scenario: z.strictObject({
    name: z.string(),
    // Text: it reaches the report and the page (control characters and half emoji are refused, as in labels).
    file: userText(z.string().max(4096)),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    document: z.unknown(),
  }),
  overrides: overridesSchema,
  seed: seedSchema,
  trials: count.min(1).max(MAX_TRIALS),
  shard: z
    .strictObject({ index: count, count: count.min(1).max(MAX_SHARDS) })
    .refine((s) => s.index < s.count, 'index must be below count'),
  /** The chunks of the whole run, and of this shard (merge names a part that lost some; older parts lack it). */
  chunks: z.strictObject({ total: count, shard: count.optional() }),
  run: z.strictObject({
    startedAt: z.iso.datetime({ error: 'must be a time as ISO 8601 writes it (2025-01-31T12:00:00.000Z)' }),
    elapsedMs: z
      .number()
      .min(0, { error: 'must be 0 or more milliseconds' })
      .max(MAX_SHARD_MS, { error: `must be at most ${MAX_SHARD_MS} milliseconds (a year)` }),
    threads: count.max(MAX_SHARD_THREADS),
  }),
  tallies: z.array(chunkRecordSchema),
});
export type TallyPart = z.infer<typeof tallyPartSchema>;

/** JSON with object keys sorted: the same document always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** SHA-256 of the scenario document (keys sorted, so formatting and key order do not matter). */
export function scenarioHash(document: unknown): string {
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}

export function writeTallyPart(file: string, part: TallyPart): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // A file of the shard's own in --out: whatever stood there is replaced, never written through.
  writeFileAtomically(file, gzipSync(`${JSON.stringify(part)}\n`), '--out', { replace: true });
}

/** A part file, read as untrusted input (src/files/gzipFile.ts) and checked against the format's schema. */
export async function readTallyPart(file: string): Promise<TallyPart> {
  const what = 'battle-odds tally file';
  const text = await readGzipText(file, {
    maxBytes: MAX_PART_BYTES,
    maxTextBytes: MAX_PART_TEXT_BYTES,
    what,
    startsWith: '{',
  });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new InputError(file, '', `not a ${what}: not valid JSON once decompressed (${(error as Error).message})`);
  }
  checkJsonText(text, file);
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== TALLY_FORMAT) {
    throw new InputError(file, 'format', `is ${JSON.stringify(format)}; this battle-odds reads ${TALLY_FORMAT}`);
  }
  const parsed = tallyPartSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(file, formatPath(issue.path), issue.message);
  }
  return parsed.data;
}
