/**
 * Messages between the page and its workers: chunks (tally copied back), tables (a
 * sweep report back), exact solves, and whole exact answers to a question (a report back).
 */
import type { ChunkTask } from '../../core/engine/sample/task.js';
import type { BattleReport, SweepReport } from '../../core/model/report.js';
import type { Solution } from '../../core/model/contract.js';
import type { Question } from '../../core/model/question.js';

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

/**
 * A whole exact answer, with what the player asks beyond the odds: the validated entry,
 * compiled again there, and its solution from the page (a copy), so the worker only describes it.
 */
export interface AnswerRequest {
  id: number;
  systemId: string;
  entry: unknown;
  label: string;
  file: string;
  seed: string | number;
  question: Question;
  solution: Solution;
}

export type AnswerReply = { id: number; report: BattleReport } | { id: number; error: string };

export type WorkerRequest = ChunkRequest | TableRequest | SolveRequest | AnswerRequest;
export type WorkerReply = ChunkReply | TableReply | SolveReply | AnswerReply;
