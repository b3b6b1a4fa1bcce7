/** Chunk tasks survive the trip to another process bit for bit, and their content key names what they compute. */
import { describe, expect, it } from 'vitest';
import { decodeTask, decodeValue, encodeTask, encodeValue, taskKey } from '../../src/fleet/taskCodec.js';
import { runChunk, type ChunkTask } from '../../src/core/engine/sample/task.js';
import { tallyFromJson, tallyToJson } from '../../src/fleet/tallies.js';
import { landgrab } from '../../src/core/systems/landgrab/index.js';
import { landgrabBattle } from '../helpers/landgrab.js';

function taskOf(entry: Record<string, unknown>, trials = 2_000): ChunkTask {
  const battle = landgrabBattle(entry);
  return {
    systemId: 'landgrab',
    kernel: 'fast',
    plan: battle.plan,
    tallySize: battle.layout.size,
    state: [1, 2, 3, 4],
    trials,
    id: { unit: 'battle 0', chunk: 3, chunks: 7 },
  };
}

describe('task codec', () => {
  it('keeps typed arrays, -0, infinities and NaN exactly', () => {
    const value = {
      f: new Float64Array([0.1, -0, Infinity, NaN, 2 ** 60]),
      i: new Int32Array([-1, 7]),
      u: new Uint8Array([255]),
      n: [-0, -Infinity, 1e-300],
      s: 'text',
      nested: { b: true, z: null },
    };
    const back = decodeValue(encodeValue(value)) as typeof value;
    expect(back.f).toBeInstanceOf(Float64Array);
    expect(Array.from(back.f)).toEqual(Array.from(value.f));
    expect(Object.is(back.f[1], -0) && Object.is(back.n[0], -0)).toBe(true);
    expect(back.i).toEqual(value.i);
    expect(back.u).toEqual(value.u);
    expect(back.n[1]).toBe(-Infinity);
    expect(back.nested).toEqual(value.nested);
    expect(() => encodeValue({ m: new Map() })).toThrow(/cannot encode/);
  });

  it('a decoded LandGrab task runs to the same tally', () => {
    for (const entry of [
      { attackers: 11, defenders: 10, fortress: true },
      { type: 'chain', attackers: 14, path: [{ defenders: 3 }, { defenders: 4, fortress: true }] },
    ]) {
      const task = taskOf(entry);
      const back = decodeTask(encodeTask(task));
      expect(back.id).toBeUndefined();
      expect(Array.from(runChunk(landgrab, back))).toEqual(Array.from(runChunk(landgrab, task)));
    }
  });

  it('the content key ignores the id and changes with anything that changes the tally', () => {
    const task = taskOf({ attackers: 11, defenders: 10 });
    const key = taskKey(task);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(taskKey({ ...task, id: { unit: 'cell 9', chunk: 0, chunks: 1 } })).toBe(key);
    expect(taskKey({ ...task, trials: task.trials + 1 })).not.toBe(key);
    expect(taskKey({ ...task, state: [1, 2, 3, 5] })).not.toBe(key);
    expect(taskKey({ ...task, kernel: 'faithful' })).not.toBe(key);
    expect(taskKey(taskOf({ attackers: 11, defenders: 9 }))).not.toBe(key);
  });

  it('tallies travel as whole counts and anything else is refused', () => {
    const tally = new Float64Array([0, 3, 2 ** 40]);
    expect(tallyFromJson(tallyToJson(tally), 3, 'x')).toEqual(tally);
    expect(() => tallyFromJson([1, 2], 3, 'chunk')).toThrow(/chunk: expected 3 counts, got 2/);
    expect(() => tallyFromJson([1, 0.5, 2], 3, 'chunk')).toThrow(/count 1 is 0.5/);
    expect(() => tallyFromJson([1, -1, 2], 3, 'chunk')).toThrow(/not a whole number/);
  });
});
