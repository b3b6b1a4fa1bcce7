/**
 * Where questions are answered: never on the page's thread. A question's number and its whole
 * answer each come from a warm worker (faked here in-process, running the worker's own
 * questionJob), one question at a time, only the newest waiting; a replaced question's answer
 * is thrown away, and a worker still at it after the grace period is replaced; a worker that
 * cannot start is replaced, and after two, the same job runs on the page's thread. Then the
 * Asker with them: the number first, the whole answer (the command line's) after it, the
 * newest question's only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionPlacement, type QuestionWorker } from '../../src/web/answer/questionWorker.js';
import { Asker, WORKING_EVERY_MS, WORKING_MS, type AnswerTiming, type AnswerView } from '../../src/web/answer/asker.js';
import { questionJob } from '../../src/web/workers/questionJob.js';
import type { QuestionReply, QuestionRequest } from '../../src/web/workers/protocol.js';
import { findSystem, InProcessExecutor } from '../../src/core.js';
import type { BattleReport } from '../../src/core/model/report.js';
import { SYSTEM_MODULES } from '../../src/core/registry/systems.js';
import { exampleState, withArgs, type PageState } from '../../src/web/question/state.js';
import type { AskedQuestion } from '../../src/web/question/toQuestion.js';
import { cli } from '../helpers/cli.js';

/** A worker in this process: each request is answered by questionJob a few ms later, unless held. */
class FakeWorker implements QuestionWorker {
  onmessage: ((event: MessageEvent<QuestionReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: QuestionRequest[] = [];
  terminated = false;
  constructor(private readonly held = false) {}
  postMessage(request: QuestionRequest): void {
    this.requests.push(request);
    if (!this.held) setTimeout(() => void this.reply(request), 5);
  }
  async reply(request: QuestionRequest = this.requests[this.requests.length - 1]): Promise<void> {
    await questionJob(request, (data) => {
      if (!this.terminated) this.onmessage?.({ data } as MessageEvent<QuestionReply>);
    });
  }
  fail(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const landgrab = SYSTEM_MODULES.find((m) => m.system.id === 'landgrab')!;
const kt = SYSTEM_MODULES.find((m) => m.system.id === 'kings-and-things')!;
const landgrabState = (attackers: number, more: Partial<PageState> = {}): PageState => ({
  ...withArgs(landgrab, exampleState(landgrab), ['--attackers', String(attackers), '--defenders', '10']),
  ...more,
});
const isAbort = { name: 'AbortError' };

describe('QuestionPlacement', () => {
  it("answers in the worker with the engine's report; a problem in a player's words", async () => {
    const worker = new FakeWorker();
    const place = new QuestionPlacement('test', 1000, () => worker);
    const reply = await place.ask(landgrabState(12, { target: '0.8', advise: true }), 'whole');
    if (!('report' in reply)) throw new Error(JSON.stringify(reply));
    const r = await cli(['odds', 'landgrab', '--attackers', '12', '--defenders', '10', '--target', '0.8', '--advise']);
    expect(r.stdout).toContain(reply.report.verdict[0]);
    expect(reply.asked.args).toEqual(['--attackers 12', '--defenders 10']);
    const number = await place.ask(landgrabState(12, { target: '0.8', advise: true }), 'number');
    if (!('report' in number)) throw new Error('no number');
    // The number alone: the odds, not the advice.
    expect(number.report.verdict).toEqual([reply.report.verdict[0]]);
    const bad = await place.ask(
      landgrabState(12, { values: { ...landgrabState(12).values, defenders: 'x' } }),
      'whole',
    );
    expect(bad).toMatchObject({
      problems: [{ param: 'defenders', message: 'Defending armies must be a whole number.' }],
    });
    expect(place.onPage).toBe(0);
  });

  it('answers the newest question only; a replaced one rejects with an AbortError', async () => {
    const worker = new FakeWorker(true);
    const place = new QuestionPlacement('test', 10_000, () => worker);
    const first = place.ask(landgrabState(11), 'whole');
    const second = place.ask(landgrabState(12), 'whole');
    const third = place.ask(landgrabState(13), 'whole');
    await expect(first).rejects.toMatchObject(isAbort);
    await expect(second).rejects.toMatchObject(isAbort);
    // The worker was asked the first; the second never reached it; the third waits for the first to end.
    expect(worker.requests.map((r) => r.state.values.attackers)).toEqual(['11']);
    await worker.reply(worker.requests[0]);
    expect(worker.requests.map((r) => r.state.values.attackers)).toEqual(['11', '13']);
    await worker.reply(worker.requests[1]);
    const reply = await third;
    expect('report' in reply && reply.report.label).toBe('13 in territory vs 10');
  });

  it('replaces a worker still at a replaced question after its grace, asking the newest of a fresh one', async () => {
    const workers: FakeWorker[] = [];
    const place = new QuestionPlacement('test', 20, () => {
      workers.push(new FakeWorker(workers.length === 0));
      return workers[workers.length - 1];
    });
    const stale = place.ask(landgrabState(11), 'whole');
    const newest = place.ask(landgrabState(12), 'whole');
    await expect(stale).rejects.toMatchObject(isAbort);
    const reply = await newest;
    expect('report' in reply && reply.report.label).toBe('12 in territory vs 10');
    expect(workers[0].terminated).toBe(true);
    expect(place.replaced).toBe(1);
  });

  it("asks a new worker when one fails, and after two the page's thread", async () => {
    const workers: FakeWorker[] = [];
    const place = new QuestionPlacement('test', 1000, () => {
      workers.push(new FakeWorker(true));
      return workers[workers.length - 1];
    });
    const asked = place.ask(landgrabState(12), 'whole');
    workers[0].fail('it could not start');
    expect(workers).toHaveLength(2);
    expect(workers[1].requests).toHaveLength(1);
    workers[1].fail('it could not start');
    const reply = await asked;
    expect('report' in reply && reply.report.label).toBe('12 in territory vs 10');
    expect(place.onPage).toBe(1);
  });
});

describe('Asker', () => {
  const askers: Asker[] = [];
  afterEach(() => {
    for (const asker of askers.splice(0)) {
      asker.cancel();
      (asker as unknown as { tick: MessageChannel }).tick.port1.close();
    }
    vi.unstubAllGlobals();
  });

  interface Heard {
    label: string;
    verdict: string[];
    timing: AnswerTiming;
  }

  function asker(numberWorker: FakeWorker, wholeWorker: FakeWorker) {
    const heard: Heard[] = [];
    const failures: string[] = [];
    /** What the view was told, in order: `answered`, and `working` (a question still being worked out). */
    const told: string[] = [];
    const view: AnswerView = {
      working: () => told.push('working'),
      problems: (problems) => failures.push(problems.map((p) => p.message).join('; ')),
      progress: () => {},
      answered: (_asked: AskedQuestion, report: BattleReport, timing: AnswerTiming) => {
        told.push('answered');
        heard.push({ label: report.label, verdict: report.verdict, timing });
      },
      failed: (error) => failures.push(error.message),
      table: () => {},
      tableAnswered: () => {},
    };
    const made = new Asker(
      new InProcessExecutor(findSystem),
      view,
      undefined,
      new QuestionPlacement('numbers', 1000, () => numberWorker),
      new QuestionPlacement('advice', 1000, () => wholeWorker),
    );
    askers.push(made);
    return { asker: made, heard, failures, told };
  }

  const KT = ['--attackers', 'Giant,Elves:2R,Dragon:3*C,Troll', '--defenders', 'Nomads,Goblins', '--fort', 'castle'];
  const ktState = (attackers: string) => ({
    ...withArgs(kt, exampleState(kt), ['--attackers', attackers, ...KT.slice(2)]),
    target: '0.8',
    advise: true,
  });

  async function cliAnswer(attackers: string): Promise<BattleReport> {
    const args = ['odds', 'kings-and-things', '--attackers', attackers, ...KT.slice(2), '--target', '0.8'];
    const r = await cli([...args, '--advise', '--json']);
    return JSON.parse(r.stdout).battles[0] as BattleReport;
  }

  it("shows the number first, then the whole answer from the advice worker: the command line's", async () => {
    const numbers = new FakeWorker();
    const advice = new FakeWorker(true);
    const { asker: a, heard, failures } = asker(numbers, advice);
    a.ask(kt, ktState(KT[1]));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    await advice.reply();
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(failures).toEqual([]);
    expect(heard.map((h) => h.timing.rest)).toEqual(['coming', 'arrived']);
    const [number, whole] = heard;
    expect(whole.verdict).toEqual((await cliAnswer(KT[1])).verdict);
    expect(whole.verdict.slice(0, number.verdict.length)).toEqual(number.verdict);
    expect(whole.timing.offThread).toBe(true);
    expect(numbers.requests.map((r) => r.part)).toEqual(['number']);
    expect(advice.requests.map((r) => r.part)).toEqual(['whole']);
  });

  it("drops the whole answer of a question replaced after its number: the newest question's only", async () => {
    const numbers = new FakeWorker();
    const advice = new FakeWorker(true);
    const { asker: a, heard, failures } = asker(numbers, advice);
    const armies = [KT[1], 'Giant,Elves:2R,Dragon:3*C'];
    a.ask(kt, ktState(armies[0]));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    a.ask(kt, ktState(armies[1]));
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    // The advice worker still works on the first: the second waits for it, and the first's answer is dropped.
    expect(advice.requests).toHaveLength(1);
    await advice.reply(advice.requests[0]);
    expect(advice.requests).toHaveLength(2);
    await advice.reply(advice.requests[1]);
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(failures).toEqual([]);
    expect(heard.map((h) => h.timing.rest)).toEqual(['coming', 'coming', 'arrived']);
    expect(heard[2].label).toBe(heard[1].label);
    expect(heard[2].verdict).toEqual((await cliAnswer(armies[1])).verdict);
  });

  it('shows the whole answer alone when it comes before the number, and leaves it shown', async () => {
    const numbers = new FakeWorker(true);
    const advice = new FakeWorker();
    const { asker: a, heard, told } = asker(numbers, advice);
    a.ask(kt, ktState(KT[1]));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    // The number still on its way past the moment a slow question says "Working it out" (which clears the answer),
    // and a tick after it: the answer shown ended that.
    await new Promise((resolve) => setTimeout(resolve, WORKING_MS + WORKING_EVERY_MS + 50));
    expect(told.slice(told.indexOf('answered'))).toEqual(['answered']);
    await numbers.reply();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toHaveLength(1);
    expect(heard[0].timing.rest).toBeUndefined();
    expect(heard[0].verdict).toEqual((await cliAnswer(KT[1])).verdict);
  });
});
