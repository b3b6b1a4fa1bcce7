/**
 * The check every chunk's tally passes before it counts (src/core/engine/sample/checkTally.ts): real
 * tallies of every system pass (the contract suite runs them all through the engine, which
 * checks each chunk); edited ones are refused with what is wrong in words; a layout cannot
 * declare a conditional histogram without the event it is counted under.
 */
import { describe, expect, it } from 'vitest';
import { landgrabBattle } from '../../../helpers/landgrab.js';
import { landgrab } from '../../../../src/core/systems/landgrab/index.js';
import { runChunk } from '../../../../src/core/engine/sample/task.js';
import { tallyProblem } from '../../../../src/core/engine/sample/checkTally.js';
import { LayoutBuilder, binSum, type EventPart, type TallyLayout } from '../../../../src/core/model/tallyLayout.js';
import { sampleBattle } from '../../../../src/core/engine/sample/sample.js';
import type { Executor } from '../../../../src/core/engine/sample/executor.js';
import type { ChunkTask } from '../../../../src/core/engine/sample/task.js';

const TRIALS = 10_000;
const battle = landgrabBattle({ attackers: 12, defenders: 8, fortress: true });
const target = { layout: battle.layout, headline: battle.headline };
const block = (name: string) => {
  const part = battle.layout.parts.find((p) => p.kind === 'block' && p.name === name);
  if (!part || part.kind !== 'block') throw new Error(`no block ${name}`);
  return part;
};

function realTally(plan: unknown = battle.plan, tallySize = battle.layout.size): Float64Array {
  const task: ChunkTask = {
    systemId: 'landgrab',
    kernel: 'fast',
    plan,
    tallySize,
    state: [1, 2, 3, 4],
    trials: TRIALS,
  };
  return runChunk(landgrab, task);
}

/** The counts some event or histogram of the layout reads. */
function binsRead(layout: TallyLayout): Set<number> {
  const read = new Set<number>();
  const events = new Map<string, EventPart>();
  for (const part of layout.parts) if (part.kind === 'event') events.set(part.name, part);
  const add = (offset: number, length: number) => {
    for (let i = offset; i < offset + length; i++) read.add(i);
  };
  for (const part of layout.parts) {
    if (part.kind === 'event') for (const [offset, length] of part.bins) add(offset, length);
    if (part.kind === 'histogram')
      for (const term of part.terms) if ('offset' in term) add(term.offset, part.to - part.from + 1);
  }
  return read;
}

describe('a chunk tally against its layout', () => {
  it('a real tally passes; with any count that a reported number reads changed by one, it does not', () => {
    const tally = realTally();
    expect(tallyProblem([target], tally, TRIALS)).toBeNull();
    const read = binsRead(battle.layout);
    for (const i of read) {
      for (const delta of [1, -1]) {
        const edited = Float64Array.from(tally);
        edited[i] += delta;
        if (edited[i] < 0) continue;
        expect(tallyProblem([target], edited, TRIALS), `count ${i} ${delta > 0 ? '+' : '-'}1`).not.toBeNull();
      }
    }
    // Only storage no event or histogram reads is left out (the attacker never keeps 0 armies at home).
    expect(read.size).toBeGreaterThan(tally.length - 3);
  });

  it('names what is wrong: a hand-edited outcome (0.90 + 0.18), a negative, a fraction, a length', () => {
    const tally = realTally();
    const won = block('won');
    const held = block('heldDefender');
    const edited = Float64Array.from(tally);
    edited[won.offset + 5] += 9_000 - binSum(tally, [[won.offset, won.size]]);
    edited.fill(0, held.offset, held.offset + held.size);
    edited[held.offset + 3] = 1_800;
    expect(tallyProblem([target], edited, TRIALS)).toBe(
      "Outcome: P(attacker conquers) 9,000 + P(defender holds) 1,800 = 10,800 battles, not the chunk's 10,000 trials",
    );
    const negative = Float64Array.from(tally);
    negative[2] = -3;
    expect(tallyProblem([target], negative, TRIALS)).toBe('count 2 is -3, not a whole number of battles');
    const fraction = Float64Array.from(tally);
    fraction[2] += 0.5;
    expect(tallyProblem([target], fraction, TRIALS)).toMatch(/^count 2 is \d+\.5, not a whole number/);
    expect(tallyProblem([target], tally.subarray(1), TRIALS)).toMatch(/^holds \d+ counts; a tally of this chunk has/);
    // Every count scaled: partitions and histograms no longer add up to the trials.
    expect(
      tallyProblem(
        [target],
        tally.map((c) => c * 2),
        TRIALS,
      ),
    ).toMatch(/more than the chunk's 10,000 trials/);
  });

  it('a conditional histogram must add up to its condition event', () => {
    const chain = landgrabBattle({ type: 'chain', attackers: 14, path: [{ defenders: 3 }, { defenders: 4 }] });
    const tally = realTally(chain.plan, chain.layout.size);
    const chainTarget = { layout: chain.layout, headline: chain.headline };
    expect(tallyProblem([chainTarget], tally, TRIALS)).toBeNull();
    const end = chain.layout.parts.find((p) => p.kind === 'block' && p.name === 'armiesAtEnd');
    if (!end || end.kind !== 'block') throw new Error('no armiesAtEnd block');
    const edited = Float64Array.from(tally);
    edited[end.offset + 5] += 1;
    const problem = tallyProblem([chainTarget], edited, TRIALS);
    expect(problem).toMatch(
      /^the histogram 'Armies moved into the last territory, given the whole path is taken' counts/,
    );
    expect(problem).toMatch(/ battles; P\(takes the whole path of 2\) counts [\d,]+$/);
  });

  it('paired chunks: each variant and the joint headline counts', async () => {
    const other = landgrabBattle({ attackers: 12, defenders: 8, fortress: true, fortressBonus: 2 });
    const targets = [battle, other].map((b) => ({ ...b, headline: b.headline }));
    const tallies: Float64Array[] = [];
    const recording: Executor = {
      threads: 0,
      async run(task) {
        const tally = runChunk(landgrab, task);
        tallies.push(tally);
        return tally;
      },
      async close() {},
    };
    await sampleBattle(landgrab, targets, { seed: 's', trials: TRIALS, kernel: 'fast' }, recording);
    const [tally] = tallies;
    expect(tallyProblem(targets, tally, TRIALS)).toBeNull();
    const joint = 2 * battle.layout.size;
    const swapped = Float64Array.from(tally);
    [swapped[joint], swapped[joint + 3]] = [swapped[joint + 3], swapped[joint]];
    expect(tallyProblem(targets, swapped, TRIALS)).toMatch(/joint headline counts of variant 1 .* disagree/);
    const more = Float64Array.from(tally);
    more[joint + 3] += 1;
    expect(tallyProblem(targets, more, TRIALS)).toMatch(/joint headline counts of variant 1 .* add up to 10,001/);
  });

  it('the engine refuses an impossible tally, through the executor that returned it', async () => {
    const lying: Executor = {
      threads: 0,
      async run(task) {
        const tally = runChunk(landgrab, task);
        tally[0] += task.trials;
        return tally;
      },
      refuse: (task, problem) => new Error(`refused ${task.id?.unit}/${task.id?.chunk}: ${problem}`),
      async close() {},
    };
    const settings = { seed: 's', trials: TRIALS, kernel: 'fast' as const, unit: 'battle 0' };
    await expect(
      sampleBattle(
        landgrab,
        [target].map(() => battle),
        settings,
        lying,
      ),
    ).rejects.toThrow(/^refused battle 0\/0: .*more than the chunk's 10,000 trials/);
    // Without refuse(), an impossible tally computed here is a bug, said as one.
    const { refuse: _refuse, ...local } = lying;
    await expect(sampleBattle(landgrab, [battle], settings, local)).rejects.toThrow(
      /^chunk battle 0\/0 of landgrab: impossible tally/,
    );
  });

  it('a conditional histogram must name the event it is counted under', () => {
    const b = new LayoutBuilder();
    const won = b.block('won', 3);
    b.event('pWin', 'P(win)', [[won, 3]]);
    b.histogram('left', { label: 'left, given a win', xLabel: 'x', series: 's', from: 0, to: 2, given: 'given a win' });
    expect(() => b.build()).toThrow(/conditional histogram 'left' must name the event it is counted under/);
  });
});
