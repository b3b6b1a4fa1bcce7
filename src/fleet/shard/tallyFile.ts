/**
 * A shard's tally file (`<out>/<scenario-name>.tally.json.gz`): gzipped JSON, versioned by
 * `format`, holding everything `battle-odds merge` needs without the scenario file: the
 * scenario document itself and its hash, the command-line overrides, the seed and trials,
 * the battle-odds version, which shard of how many, how many chunks the whole run has, and
 * one record per chunk this shard ran (its place, content key, trials and counts).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InputError } from '../../engine/inputError.js';
import { seedSchema } from '../../engine/scenario/scenario.js';
import { writeFileAtomically } from '../../node/atomicFile.js';
import { formatPath } from '../../engine/inputError.js';

export const TALLY_FORMAT = 'battle-odds-tally/1';
export const TALLY_SUFFIX = '.tally.json.gz';

const count = z.number().int().nonnegative();

export const chunkRecordSchema = z.strictObject({
  unit: z.string().regex(/^(battle|cell) \d+$/),
  chunk: count,
  chunks: count.min(1),
  key: z.string().regex(/^[0-9a-f]{64}$/),
  trials: count.min(1),
  counts: z.array(count),
});
export type ChunkRecord = z.infer<typeof chunkRecordSchema>;

export const overridesSchema = z.strictObject({
  trials: z.number().int().positive().optional(),
  seed: seedSchema.optional(),
  kernel: z.enum(['fast', 'faithful']).optional(),
  method: z.enum(['auto', 'sample', 'exact']).optional(),
  check: z.boolean().optional(),
  question: z.strictObject({ target: z.number().optional(), advise: z.boolean().optional() }).optional(),
});

export const tallyPartSchema = z.strictObject({
  format: z.literal(TALLY_FORMAT),
  version: z.string(),
  scenario: z.strictObject({
    name: z.string(),
    file: z.string(),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    document: z.unknown(),
  }),
  overrides: overridesSchema,
  seed: seedSchema,
  trials: count.min(1),
  shard: z.strictObject({ index: count, count: count.min(1) }),
  /** The chunks of the whole run, and of this shard (merge names a part that lost some; older parts lack it). */
  chunks: z.strictObject({ total: count, shard: count.optional() }),
  run: z.strictObject({ startedAt: z.string(), elapsedMs: z.number(), threads: count }),
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
  writeFileAtomically(file, gzipSync(`${JSON.stringify(part)}\n`), '--out');
}

export function readTallyPart(file: string): TallyPart {
  let raw: unknown;
  try {
    raw = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : `not a gzipped battle-odds tally file (${(error as Error).message})`;
    throw new InputError(file, '', why);
  }
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
