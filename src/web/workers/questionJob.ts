/**
 * A question answered off the page's thread (workers/pageWorker.ts; the page's thread runs it
 * only when no worker can start): the page's state read as the command line reads its flags
 * (question/toQuestion.ts, through the one way to ask), its battle solved exactly and described
 * with the engine's `runBattle`, as the command line does. A question that is to be sampled goes
 * back to the page, whose pool of workers samples it, with the exact solution it needs.
 */
import { findSystem, SYSTEM_MODULES } from '../../core/registry/systems.js';
import { NoExactAnswer, planAnswer, runBattle } from '../../core/engine/answer/battle.js';
import { InProcessExecutor } from '../../core/engine/sample/executor.js';
import { assignStems } from '../../core/model/fileNames.js';
import type { RuleSystem, Solution, Unsolved } from '../../core/model/contract.js';
import { toQuestion } from '../question/toQuestion.js';
import { battleWords } from '../question/words.js';
import type { AskedData, QuestionReply, QuestionRequest } from './protocol.js';
import type { PreparedQuestion } from '../../core/ask/prepareQuestion.js';
import type { SystemModule } from '../../core/registry/systems.js';
import { runScenario } from '../../core/run/runScenario.js';
import { InputError } from '../../core/model/inputError.js';
import { playerWords } from '../question/words.js';

/** The system, answering `solve` with a solution already found (so `runBattle` does the rest as usual). */
export function withSolution(system: RuleSystem, answer: Solution | Unsolved): RuleSystem {
  return { ...system, solve: () => answer };
}

export async function questionJob(request: QuestionRequest, reply: (message: QuestionReply) => void): Promise<void> {
  const { id, state, part } = request;
  const started = performance.now();
  try {
    const module = SYSTEM_MODULES.find((m) => m.system.id === state.system);
    if (!module) throw new Error(`no game '${state.system}'`);
    const made = toQuestion(module, state);
    if (!made.ok) return reply({ id, problems: made.problems });
    const { module: _, battle, prepared, ...rest } = made.asked;
    const asked: AskedData = rest;
    // Solved for a number of the battle (what would make it fair?): the command line's run of the question.
    if (asked.question.solveFor !== undefined && part === 'whole')
      return await solved(id, module, asked, prepared, reply);
    let plan: ReturnType<typeof planAnswer>;
    try {
      plan = planAnswer(module.system, battle, asked.method, asked.method === 'sample');
    } catch (error) {
      if (error instanceof NoExactAnswer)
        return reply({ id, asked, noExact: battleWords(module, battle.label, error.reason) });
      throw error;
    }
    if (plan.sampled) {
      const solution = plan.exact ?? (plan.unsolved !== undefined ? { unsolved: plan.unsolved } : null);
      return reply({ id, asked, sample: true, solution });
    }
    const system = withSolution(module.system, plan.exact as Solution);
    const options = {
      seed: asked.seed,
      trials: asked.trials,
      kernel: 'fast' as const,
      method: asked.method,
      question: part === 'number' ? {} : asked.question,
    };
    const file = assignStems([battle.label])[0];
    const report = await runBattle(system, battle, file, options, new InProcessExecutor(findSystem));
    const ms = performance.now() - started;
    // The answer's time is the question's, from reading it to describing it.
    report.elapsedMs = ms;
    reply({ id, asked, report, ms });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * A question solved for a number of its battle (`--solve-for`): run as the command line runs it
 * (runScenario: the search along the number, then the battle at the value found); a number the
 * battle cannot be solved for is said in a player's words, on the solve's own field.
 */
async function solved(
  id: number,
  module: SystemModule,
  asked: AskedData,
  prepared: PreparedQuestion,
  reply: (message: QuestionReply) => void,
): Promise<void> {
  const started = performance.now();
  const overrides = { ...prepared.overrides, method: asked.method, seed: asked.seed, trials: asked.trials };
  try {
    const run = await runScenario(prepared.scenario, overrides, new InProcessExecutor(findSystem), {
      version: 'page',
      file: null,
      questionName: () => 'the number to solve for',
    });
    const report = run.battles[0];
    const ms = performance.now() - started;
    report.elapsedMs = ms;
    reply({ id, asked, report, ms });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const message = playerWords(module.form, battleWords(module, prepared.battle.label, error.detail));
    reply({
      id,
      problems: [{ param: 'solve-for', message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` }],
    });
  }
}
