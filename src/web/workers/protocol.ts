/**
 * Messages between the page and its workers: chunks (tally copied back), tables (a sweep
 * report back), and questions (the page's state in, the answer or what is wrong with it out).
 */
import type { ChunkTask } from '../../core/engine/sample/task.js';
import type { BattleReport, ChartRequest, SweepReport } from '../../core/model/report.js';
import type { ChartRoom } from '../../output/charts/layout.js';
import type { Solution, Unsolved } from '../../core/model/contract.js';
import type { PageState } from '../question/state.js';
import type { AskedQuestion, Problem } from '../question/toQuestion.js';

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

/**
 * A question as the page holds it, answered off the page's thread: `number`, its odds alone
 * (what the player asks beyond them left out, so the number never waits for advice); `whole`,
 * all of it (the command line's answer).
 */
export interface QuestionRequest {
  id: number;
  state: PageState;
  part: 'number' | 'whole';
}

/** The question as asked, without its module (found again by id) and its compiled battle (not sent). */
export type AskedData = Omit<AskedQuestion, 'module'>;

export type QuestionReply =
  /** Cannot be answered as it stands: what is wrong, in a player's words. */
  | { id: number; problems: Problem[] }
  /** Answered exactly (the `part` asked); `ms`: the worker's time for it. */
  | { id: number; asked: AskedData; report: BattleReport; ms: number }
  /** To be sampled (on the page's pool of workers), with the exact solution worked out for it, if any. */
  | { id: number; asked: AskedData; sample: true; solution: Solution | Unsolved | null }
  /** Exact only was asked, and there is no exact answer: why. */
  | { id: number; asked: AskedData; noExact: string }
  | { id: number; error: string };

/** Charts to draw: the report's chart requests and the room they have in, SVG text out (one per chart drawn). */
export interface DrawRequest {
  id: number;
  charts: ChartRequest[];
  room: ChartRoom;
}

export type DrawReply = { id: number; svgs: Array<{ svg: string; title: string }> } | { id: number; error: string };

export type WorkerRequest = ChunkRequest | TableRequest | QuestionRequest | DrawRequest;
export type WorkerReply = ChunkReply | TableReply | QuestionReply | DrawReply;
