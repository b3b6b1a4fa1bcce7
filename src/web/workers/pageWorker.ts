/**
 * The page's one worker module: chunks of Monte Carlo (the pool), tables, questions (the number,
 * and the whole answer with its advice) and charts.
 * Each use gets its own Worker instances; one module means the rule systems are downloaded
 * (and cached for offline use) once, not once per kind of work.
 */
import { chunkJob } from './chunkJob.js';
import { tableJob } from './tableJob.js';
import { questionJob } from './questionJob.js';
import { chartJob } from './chartJob.js';
import type { WorkerReply, WorkerRequest } from './protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}

const scope = self as unknown as WorkerScope;
// Replies are copied, never transferred (see src/threads/threadWorker.ts).
const reply = (message: WorkerReply) => scope.postMessage(message);

scope.onmessage = (event) => {
  const request = event.data;
  if ('task' in request) chunkJob(request, reply);
  else if ('scenario' in request) void tableJob(request, reply);
  else if ('charts' in request) void chartJob(request, reply);
  else void questionJob(request, reply);
};
