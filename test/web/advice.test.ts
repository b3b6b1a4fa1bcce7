/**
 * Where the rest of a question (a target, advice) is answered: on the page until a system
 * is slow at it twice running, then in a warm worker (faked here in-process, running the
 * worker's own answerJob), one answer at a time, only the newest question waiting; an
 * answer to a replaced question is thrown away, a cancel rejects with an AbortError, a
 * worker that fails is replaced, and a system the worker describes fast returns to the
 * page's thread. Then the Asker with it: the number first, the whole answer (the CLI's)
 * after it, the newest question's only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdvicePlacement,
  asksMore,
  FAST_MS,
  FROZEN_MS,
  SLOW_MS,
  type AnswerWorker,
} from '../../src/web/answer/advice.js';
import { Asker, type AnswerTiming, type AnswerView } from '../../src/web/answer/asker.js';
import { ExactPlacement } from '../../src/web/answer/solver.js';
import { answerJob } from '../../src/web/workers/answerJob.js';
import { solveJob } from '../../src/web/workers/solveJob.js';
import type { AnswerReply, AnswerRequest, SolveReply, SolveRequest } from '../../src/web/workers/protocol.js';
import { compileEntry, findSystem, InProcessExecutor, runBattle } from '../../src/core.js';
import type { Solution } from '../../src/core/model/contract.js';
import type { BattleReport } from '../../src/core/model/report.js';
import { SYSTEM_MODULES } from '../../src/core/registry/systems.js';
import { blankState, withArgs, type PageState } from '../../src/web/question/state.js';
import type { AskedQuestion } from '../../src/web/question/toQuestion.js';

/** A worker in this process: each request is answered by answerJob a few ms later, unless held. */
class FakeWorker implements AnswerWorker {
  onmessage: ((event: MessageEvent<AnswerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: AnswerRequest[] = [];
  terminated = false;
  /** The time the worker says it took (to place the system without a stopwatch). */
  elapsedMs: number | null = null;
  constructor(private readonly held = false) {}
  postMessage(request: AnswerRequest): void {
    this.requests.push(request);
    if (!this.held) setTimeout(() => void this.reply(request), 5);
  }
  async reply(request: AnswerRequest = this.requests[this.requests.length - 1]): Promise<void> {
    await answerJob(request, (data) => {
      if ('report' in data && this.elapsedMs !== null) data.report.elapsedMs = this.elapsedMs;
      if (!this.terminated) this.onmessage?.({ data } as MessageEvent<AnswerReply>);
    });
  }
  fail(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const landgrab = findSystem('landgrab')!;
const executor = new InProcessExecutor(findSystem);
const ADVICE = { target: 0.8, advise: true };

const battleOf = (attackers: number) =>
  compileEntry(landgrab, { attackers, defenders: 10 }, 'test', '', `${attackers} vs 10`);

function request(attackers: number): Omit<AnswerRequest, 'id'> {
  const battle = battleOf(attackers);
  return {
    systemId: 'landgrab',
    entry: battle.entry,
    label: battle.label,
    file: 'battle',
    seed: 'battle-odds',
    question: ADVICE,
    solution: landgrab.solve!(battle.plan) as Solution,
  };
}

/** The engine's own answer to the same question, on this thread. */
const reference = (attackers: number) =>
  runBattle(
    landgrab,
    battleOf(attackers),
    'battle',
    { seed: 'battle-odds', trials: 1, kernel: 'fast', method: 'exact', question: ADVICE },
    executor,
  );

const isAbort = { name: 'AbortError' };

describe('AdvicePlacement', () => {
  it('splits after two slow answers running, when something is asked beyond the odds; starts the worker', () => {
    const spawned: FakeWorker[] = [];
    const advice = new AdvicePlacement(() => spawned[spawned.push(new FakeWorker()) - 1]);
    const q = { target: 0.8 };
    const slow = SLOW_MS + 20;
    advice.measured('kings-and-things', FROZEN_MS);
    expect(advice.split('kings-and-things', q)).toBe(false);
    advice.measured('kings-and-things', 10);
    advice.measured('kings-and-things', slow);
    expect(advice.split('kings-and-things', q)).toBe(false);
    expect(spawned).toHaveLength(0);
    advice.measured('kings-and-things', slow);
    expect(advice.split('kings-and-things', q)).toBe(true);
    // Warm before the next question needs it; one worker however often it is measured.
    expect(spawned).toHaveLength(1);
    advice.measured('kings-and-things', slow);
    expect(spawned).toHaveLength(1);
    expect(advice.split('kings-and-things', {})).toBe(false);
    // Never timed: its first question goes to the worker.
    expect(advice.split('landgrab', q)).toBe(true);
    expect(advice.split('landgrab', {})).toBe(false);
    expect([asksMore({}), asksMore({ advise: false }), asksMore({ advise: true }), asksMore({ target: 0.5 })]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("answers a system's first question in the worker; then on the page's thread if that was fast", async () => {
    for (const [elapsedMs, next] of [
      [FAST_MS - 1, false],
      [FROZEN_MS + 1, true],
    ] as const) {
      const worker = new FakeWorker();
      worker.elapsedMs = elapsedMs;
      const advice = new AdvicePlacement(() => worker);
      expect(advice.split('landgrab', ADVICE)).toBe(true);
      await advice.answer(request(14));
      expect(advice.split('landgrab', ADVICE)).toBe(next);
    }
  });

  it('splits at once after an answer that froze the page, and warms the new worker with that question', async () => {
    const spawned: FakeWorker[] = [];
    const advice = new AdvicePlacement(() => spawned[spawned.push(new FakeWorker(true)) - 1]);
    advice.measured('landgrab', FROZEN_MS + 1, request(14));
    expect(advice.split('landgrab', ADVICE)).toBe(true);
    expect(spawned).toHaveLength(1);
    // The warm-up is the question that froze the page; its answer is nobody's.
    expect(spawned[0].requests.map((r) => r.label)).toEqual(['14 vs 10']);
    const asked = advice.answer(request(15));
    expect(spawned[0].requests).toHaveLength(1);
    await spawned[0].reply(spawned[0].requests[0]);
    // The player's question waited for it, then is answered as asked.
    expect(spawned[0].requests.map((r) => r.label)).toEqual(['14 vs 10', '15 vs 10']);
    await spawned[0].reply();
    expect((await asked).label).toBe('15 vs 10');
    // One worker, warmed once, however often it is measured.
    advice.measured('landgrab', FROZEN_MS + 1, request(16));
    expect(spawned).toHaveLength(1);
    expect(spawned[0].requests).toHaveLength(2);
  });

  it("answers the newest question only, the engine's report; a replaced one rejects with an AbortError", async () => {
    const worker = new FakeWorker();
    const advice = new AdvicePlacement(() => worker);
    const first = advice.answer(request(11));
    const second = advice.answer(request(12));
    const third = advice.answer(request(13));
    await expect(first).rejects.toMatchObject(isAbort);
    await expect(second).rejects.toMatchObject(isAbort);
    const report = await third;
    // The first was already running (its answer is thrown away); the second never ran.
    expect(worker.requests.map((r) => r.label)).toEqual(['11 vs 10', '13 vs 10']);
    const expected = await reference(13);
    expect(report.label).toBe('13 vs 10');
    expect(report.verdict).toEqual(expected.verdict);
    expect(report.tables).toEqual(expected.tables);
    expect(report.metrics).toEqual(expected.metrics);
  });

  it('rejects on cancel with an AbortError and throws the answer away, keeping the worker warm', async () => {
    const worker = new FakeWorker(true);
    const advice = new AdvicePlacement(() => worker);
    const first = advice.answer(request(11));
    advice.cancel();
    await expect(first).rejects.toMatchObject(isAbort);
    const second = advice.answer(request(12));
    // The worker is still on the first: the second waits for it, then runs.
    expect(worker.requests).toHaveLength(1);
    await worker.reply(worker.requests[0]);
    expect(worker.requests.map((r) => r.label)).toEqual(['11 vs 10', '12 vs 10']);
    await worker.reply(worker.requests[1]);
    expect((await second).label).toBe('12 vs 10');
    expect(worker.terminated).toBe(false);
    // A cancel with nothing asked does nothing.
    advice.cancel();
  });

  it("returns a system to the page's thread when the worker describes it fast, and only then", async () => {
    const worker = new FakeWorker();
    const advice = new AdvicePlacement(() => worker);
    const slow = () => {
      advice.measured('landgrab', SLOW_MS + 20);
      advice.measured('landgrab', SLOW_MS + 20);
    };
    slow();
    worker.elapsedMs = FAST_MS + 10;
    await advice.answer(request(11));
    expect(advice.split('landgrab', ADVICE)).toBe(true);
    worker.elapsedMs = FAST_MS / 2;
    await advice.answer(request(12));
    expect(advice.split('landgrab', ADVICE)).toBe(false);
    // Its strikes start again from none: one slow answer on the page is not enough to split it again.
    advice.measured('landgrab', SLOW_MS + 20);
    expect(advice.split('landgrab', ADVICE)).toBe(false);
    slow();
    expect(advice.split('landgrab', ADVICE)).toBe(true);
  });

  it('rejects with the reason when the worker fails, and asks the next question of a new worker', async () => {
    const spawned: FakeWorker[] = [];
    const advice = new AdvicePlacement(() => spawned[spawned.push(new FakeWorker(true)) - 1]);
    const first = advice.answer(request(11));
    spawned[0].fail('out of memory');
    await expect(first).rejects.toThrow('the answer worker failed: out of memory');
    expect(spawned[0].terminated).toBe(true);
    // A question replaced while its worker failed: the newest goes to a new worker.
    const second = advice.answer(request(12));
    const third = advice.answer(request(13));
    await expect(second).rejects.toMatchObject(isAbort);
    spawned[1].fail('');
    expect(spawned).toHaveLength(3);
    expect(spawned[2].requests.map((r) => r.label)).toEqual(['13 vs 10']);
    await spawned[2].reply();
    expect((await third).label).toBe('13 vs 10');
    // An error inside the job (here: a system the worker does not know) rejects with its message.
    const unknown = advice.answer({ ...request(11), systemId: 'no-such-game' });
    await spawned[2].reply();
    await expect(unknown).rejects.toThrow("no rule system 'no-such-game'");
  });
});

/** A solve worker in this process, running the worker's own solveJob. */
function fakeSolveWorker() {
  const worker = {
    onmessage: null as ((event: MessageEvent<SolveReply>) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    postMessage(r: SolveRequest) {
      setTimeout(() => solveJob(r, (data) => worker.onmessage?.({ data } as MessageEvent<SolveReply>)), 0);
    },
    terminate() {},
  };
  return worker;
}

interface Heard {
  label: string;
  verdict: string[];
  timing: AnswerTiming;
}

/** Kings & Things, 8 creatures against 6 in a castle: its advice is what the page splits off. */
const kt = SYSTEM_MODULES.find((m) => m.system.id === 'kings-and-things')!;
function ktState(attackers: string): PageState {
  const words = ['--attackers', attackers, '--defenders', 'Nomads,Skeletons,Goblins,Pixies,Druid,Cyclops'];
  return { ...withArgs(kt, blankState(kt), [...words, '--fort', 'castle']), target: '0.8', advise: true };
}
const KT_ARMY = 'Giant,Elves:2R,Ogre,Troll,Bears,Wolves,Centaur,Bandits:';

describe('Asker with a slow question', () => {
  const askers: Asker[] = [];
  afterEach(() => {
    for (const asker of askers.splice(0)) {
      asker.cancel();
      (asker as unknown as { tick: MessageChannel }).tick.port1.close();
    }
    vi.unstubAllGlobals();
  });

  /** An Asker whose advice is split from the start (as after two slow answers), and what its view heard. */
  function splitAsker(worker: FakeWorker, onAnswer: (heard: Heard) => void = () => {}) {
    if (typeof cancelAnimationFrame === 'undefined') vi.stubGlobal('cancelAnimationFrame', () => {});
    const heard: Heard[] = [];
    const failures: Error[] = [];
    const view: AnswerView = {
      problems: (problems) => failures.push(new Error(problems.map((p) => p.message).join('; '))),
      progress: () => {},
      answered: (_asked: AskedQuestion, report: BattleReport, timing: AnswerTiming) => {
        const h = { label: report.label, verdict: report.verdict, timing };
        heard.push(h);
        onAnswer(h);
      },
      failed: (error) => failures.push(error),
      table: () => {},
      tableAnswered: () => {},
    };
    const advice = new AdvicePlacement(() => worker);
    advice.measured('kings-and-things', SLOW_MS + 20);
    advice.measured('kings-and-things', SLOW_MS + 20);
    const asker = new Asker(executor, view, undefined, new ExactPlacement(fakeSolveWorker), advice);
    askers.push(asker);
    return { asker, heard, failures };
  }

  const arrived = (heard: Heard[], n = 1) =>
    vi.waitFor(() => expect(heard.filter((h) => h.timing.rest === 'arrived')).toHaveLength(n));

  async function cliAnswer(state: PageState): Promise<BattleReport> {
    const words = ['--attackers', state.values.attackers as string, '--defenders', state.values.defenders as string];
    const { cli } = await import('../helpers/cli.js');
    const r = await cli([
      'odds',
      'kings-and-things',
      ...words,
      '--fort',
      'castle',
      '--target',
      '0.8',
      '--advise',
      '--json',
    ]);
    return JSON.parse(r.stdout).battles[0] as BattleReport;
  }

  it("shows the number first, then the whole answer from the worker: the command line's", async () => {
    const worker = new FakeWorker();
    const { asker, heard, failures } = splitAsker(worker);
    const state = ktState(`${KT_ARMY}2`);
    asker.ask(kt, state);
    await arrived(heard);
    expect(failures).toEqual([]);
    expect(heard.map((h) => h.timing.rest)).toEqual(['coming', 'arrived']);
    const [number, whole] = heard;
    const expected = await cliAnswer(state);
    expect(whole.verdict).toEqual(expected.verdict);
    // The number alone says less than the whole answer, and what it says is its beginning.
    expect(number.verdict.length).toBeLessThan(whole.verdict.length);
    expect(whole.verdict.slice(0, number.verdict.length)).toEqual(number.verdict);
    expect(whole.timing.offThread).toBe(true);
    expect(whole.timing.latencyMs).toBeGreaterThanOrEqual(number.timing.latencyMs);
    expect(worker.requests).toHaveLength(1);
  });

  it("drops the whole answer of a question replaced after its number: the newest question's only", async () => {
    const worker = new FakeWorker(true);
    const states = [ktState(`${KT_ARMY}2`), ktState(`${KT_ARMY}1`)];
    const { asker, heard, failures } = splitAsker(worker);
    const coming = (n: number) =>
      vi.waitFor(() => expect(heard.filter((h) => h.timing.rest === 'coming')).toHaveLength(n));
    asker.ask(kt, states[0]);
    await coming(1);
    expect(worker.requests).toHaveLength(1);
    // The next question while the worker works on the first: its number at once, its rest waits for the worker.
    asker.ask(kt, states[1]);
    await coming(2);
    expect(worker.requests).toHaveLength(1);
    await worker.reply(worker.requests[0]);
    // The first one's answer was thrown away; the worker goes on to the second.
    expect(worker.requests).toHaveLength(2);
    await worker.reply(worker.requests[1]);
    await arrived(heard);
    expect(failures).toEqual([]);
    expect(heard.map((h) => [h.label, h.timing.rest])).toEqual([
      [heard[0].label, 'coming'],
      [heard[1].label, 'coming'],
      [heard[1].label, 'arrived'],
    ]);
    expect(heard[2].verdict).toEqual((await cliAnswer(states[1])).verdict);
    expect(heard[2].verdict).not.toEqual((await cliAnswer(states[0])).verdict);
  });

  it("answers on the page's thread after all when the worker fails", async () => {
    const worker = new FakeWorker(true);
    const { asker, heard, failures } = splitAsker(worker, (h) => {
      if (h.timing.rest === 'coming') setTimeout(() => worker.fail('it could not start'), 0);
    });
    const state = ktState(`${KT_ARMY}2`);
    asker.ask(kt, state);
    await arrived(heard);
    expect(failures).toEqual([]);
    expect(heard[1].timing.offThread).toBe(false);
    expect(heard[1].verdict).toEqual((await cliAnswer(state)).verdict);
  });
});
