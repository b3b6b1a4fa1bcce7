/** Messages between the page and its workers: chunks (tally transferred back) and tables (a sweep report back). */
import type { ChunkTask } from '../../engine/task.js';
import type { SweepReport } from '../../engine/report.js';

export interface ChunkRequest {
  id: number;
  task: ChunkTask;
}

export type ChunkReply = { id: number; tally: Float64Array } | { id: number; error: string };

/** A table to answer: a one-sweep scenario, as a scenario file would hold it. */
export interface TableRequest {
  id: number;
  scenario: Record<string, unknown>;
}

export type TableReply =
  { id: number; progress: number } | { id: number; sweep: SweepReport } | { id: number; error: string };

/** An exact solve off the page's thread: the compiled plan (structured-cloneable by contract). */
export interface SolveRequest {
  id: number;
  systemId: string;
  plan: unknown;
}

export type SolveReply =
  | { id: number; ms: number; solution: { probabilities: Float64Array; detail?: unknown } }
  | { id: number; ms: number; unsolved: string }
  | { id: number; error: string };

export type WorkerRequest = ChunkRequest | TableRequest | SolveRequest;
export type WorkerReply = ChunkReply | TableReply | SolveReply;
