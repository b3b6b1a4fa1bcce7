/**
 * A chunk as a BullMQ job. Its id is the battle-odds version and the task's content key
 * (`0.1.0-<sha256>`), so adding a chunk twice is one job (BullMQ ignores an id it holds),
 * a retry recomputes the same bytes, and a finished chunk is found again by anyone who
 * asks for the same task. The data carries the version too: a worker of another version
 * refuses the job rather than compute it with other code.
 */
export const CHUNK_FORMAT = 'battle-odds-chunk/1';

export interface ChunkJobData {
  format: string;
  version: string;
  /** The encoded task (taskCodec.encodeTask). */
  task: string;
  /** Its place in the submitter's run, for the workers' log (`battle 0/3`). */
  name: string;
}

export function jobIdFor(version: string, key: string): string {
  return `${version.replace(/:/g, '_')}-${key}`;
}

/** Why a worker of `version` must not run this job, or null. */
export function refusal(data: Partial<ChunkJobData>, version: string): string | null {
  if (data.format !== CHUNK_FORMAT) {
    return `format mismatch: the job is ${JSON.stringify(data.format)}, this worker reads ${CHUNK_FORMAT}`;
  }
  if (data.version !== version) {
    return (
      `version mismatch: this worker runs battle-odds ${version}, the chunk was queued by battle-odds ` +
      `${data.version}; run one version on the submitting machine and every worker`
    );
  }
  return null;
}
