/**
 * What a worker accepts from the queue, and what the submitter accepts back
 * (src/fleet/queue/chunkJob.ts): a job outside the chunk limits is refused with its reason,
 * a result must be `{ worker, counts }`.
 */
import { describe, expect, it } from 'vitest';
import { readChunkResult, taskLimitProblem } from '../../src/fleet/queue/chunkJob.js';
import { encodeTask } from '../../src/fleet/taskCodec.js';
import type { ChunkTask } from '../../src/core/engine/sample/task.js';

const task: ChunkTask = {
  systemId: 'landgrab',
  kernel: 'fast',
  plan: { kind: 'battle' },
  tallySize: 35,
  state: [1, 2, 3, 4],
  trials: 10_000,
};
const known = (id: string) => id === 'landgrab';
const problem = (changes: Record<string, unknown>) => {
  const changed = { ...task, ...changes } as ChunkTask;
  return taskLimitProblem(encodeTask(changed), changed, known);
};

describe('a chunk job', () => {
  it('within the limits is accepted; outside them refused with the reason', () => {
    expect(problem({})).toBeNull();
    expect(problem({ trials: 1e15 })).toMatch(/^trials 1000000000000000 is not a chunk: .* 1 to 1,000,000 trials$/);
    expect(problem({ trials: 0.5 })).toMatch(/^trials 0\.5 is not a chunk/);
    expect(problem({ tallySize: 1e9 })).toMatch(/^tallySize 1000000000 is not between 1 and 1,000,000$/);
    expect(problem({ systemId: 'chess' })).toMatch(/rule system "chess", which this battle-odds does not have/);
    expect(problem({ kernel: 'turbo' })).toMatch(/kernel "turbo"/);
    expect(problem({ state: [0, 0, 0, 0] })).toMatch(/not all zero/);
    expect(problem({ state: [1, 2, 3] })).toMatch(/four 32-bit words/);
    expect(problem({ paired: { plans: new Array(9).fill({}), headlineBins: new Array(9).fill([]) } })).toMatch(
      /2 to 8 variants/,
    );
    expect(taskLimitProblem('x'.repeat(17 * 1024 * 1024), task, known)).toMatch(/at most 16,777,216 characters/);
    expect(taskLimitProblem(encodeTask(task), null, known)).toBe('the task is not an object');
  });

  it('a result is { worker, counts }, as an object or its JSON', () => {
    expect(readChunkResult({ worker: 'w:1', counts: [1, 2] })).toEqual({ worker: 'w:1', counts: [1, 2] });
    expect(readChunkResult('{"worker":"w:1","counts":[3]}')).toEqual({ worker: 'w:1', counts: [3] });
    expect(readChunkResult({ counts: [3] })).toEqual({ worker: 'an unnamed worker', counts: [3] });
    expect(readChunkResult([1, 2])).toBe('its result is not { worker, counts }');
    expect(readChunkResult('{"counts": [1')).toBe('its result is not JSON');
    expect(readChunkResult(null)).toBe('its result is not { worker, counts }');
  });
});
