/**
 * Runs tables in their own Web Worker (workers/worker.ts), one at a time: a newer
 * table, or a cancel, terminates the running one (a table may be seconds of work; the next
 * question must not wait for it). The worker starts on the first table.
 */
import type { SweepReport } from '../../core/model/report.js';
import type { TableReply, TableRequest } from '../workers/protocol.js';
import { startWorker, type PageWorker } from '../workers/start.js';

type TableWorker = PageWorker<TableRequest, TableReply>;

export class TableRunner {
  private worker: TableWorker | null = null;
  private busy: { reject(error: Error): void } | null = null;
  private nextId = 1;

  constructor(
    private readonly spawn: () => TableWorker = () => startWorker<TableRequest, TableReply>('battle-odds tables'),
  ) {}

  run(scenario: Record<string, unknown>, onProgress: (cellsDone: number) => void): Promise<SweepReport> {
    this.cancel();
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise<SweepReport>((resolve, reject) => {
      this.busy = { reject };
      worker.onmessage = (event) => {
        const reply = event.data;
        if (reply.id !== id) return;
        if ('progress' in reply) return onProgress(reply.progress);
        this.busy = null;
        if ('sweep' in reply) resolve(reply.sweep);
        else reject(new Error(reply.error));
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.busy = null;
        this.worker?.terminate();
        this.worker = null;
        reject(new Error(`the table worker failed: ${event.message || 'it could not start'}`));
      };
      worker.postMessage({ id, scenario });
    });
  }

  /** Stops the running table, if any (its promise rejects with an AbortError). */
  cancel(): void {
    if (!this.busy) return;
    const error = new Error('the table was replaced');
    error.name = 'AbortError';
    this.busy.reject(error);
    this.busy = null;
    this.worker?.terminate();
    this.worker = null;
  }
}
