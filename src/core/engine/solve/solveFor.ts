/**
 * "What fortress bonus makes 12 against 8 a coin flip?": a battle solved for one of its
 * numeric fields. The field's whole numbers (its schema's range, given the rest of the entry)
 * are searched for where the headline reaches the target (search.ts), each value answered as
 * the run answers a battle: exactly where the system solves it (as the force question,
 * engine/force.ts, answers "how many armies?"), else by Monte Carlo with the run's seed and
 * trials (every value on the same streams, so the curve is smooth). The battle is then
 * answered at the value found, with the solve as a decision (`decisions.solvedFor`), its
 * sentence first, the curve around it as a table and a chart.
 */
import type { RuleSystem } from '../../model/contract.js';
import { pacer, type Executor } from '../sample/executor.js';
import type { Battle } from '../validate/entry.js';
import { InputError } from '../../model/inputError.js';
import type { SolvedForDecision } from '../../model/report.js';
import { planAnswer } from '../answer/battle.js';
import type { Method } from '../../model/run.js';
import { sampleBattle } from '../sample/sample.js';
import { summarizeLayout } from '../summarize/summarize.js';
import { knobRange, battleWith } from '../validate/fields.js';
import { searchAlong, WINDOW, type CurvePoint, type Direction, type SearchResult } from './search.js';
import { DEFAULT_TARGET } from '../../model/question.js';

/** What a battle (or a sweep) asks to solve for: an entry field (or a front end's name for it) and a target. */
export interface SolveForSpec {
  field: string;
  /** Default: DEFAULT_TARGET (80%), as for every other target. */
  target?: number;
}

export interface SolveSettings {
  seed: string | number;
  trials: number;
  kernel: 'fast' | 'faithful';
  method: Method;
  signal?: AbortSignal;
  /** A front end's names for entry fields (the command line's flags). */
  aliases?: (name: string) => string | undefined;
}

/** Where the solve was asked, for errors: the file or command and the field holding the request. */
export interface SolveWhere {
  source: string;
  field: string;
}

/** The headline of one battle: exact where the method answers it exactly, else sampled on the run's streams. */
export async function headlineOf(
  system: RuleSystem,
  battle: Battle,
  settings: SolveSettings,
  executor: Executor,
  unit: string,
): Promise<CurvePoint & { sampled: boolean }> {
  const { sampled, exact } = planAnswer(system, battle, settings.method, false);
  if (!sampled) {
    const [m] = summarizeLayout(battle.layout, battle.headline, null, 0, exact!.probabilities, exact!.possible).metrics;
    return { value: 0, probability: m.exact ?? m.estimate, sampled: false };
  }
  const result = await sampleBattle(
    system,
    [battle],
    { seed: settings.seed, trials: settings.trials, kernel: settings.kernel, signal: settings.signal, unit },
    executor,
  );
  if (result.partial) throw new SolveInterrupted();
  const [m] = summarizeLayout(battle.layout, battle.headline, result.tally, result.trials, null).metrics;
  return { value: 0, probability: m.estimate, ...(m.ci95 ? { ci95: m.ci95 } : {}), sampled: true };
}

/** An interrupt stopped a solve before its answer: nothing of it is reported. */
export class SolveInterrupted extends Error {
  constructor() {
    super('interrupted while solving');
    this.name = 'SolveInterrupted';
  }
}

/** The headline does not move one way along the field: refused, with the curve to show why. */
export class NotMonotone extends InputError {
  constructor(
    where: SolveWhere,
    readonly knob: string,
    readonly curve: CurvePoint[],
    turn: [number, number],
    readonly metricLabel: string,
    direction: Direction,
  ) {
    const against = direction === 'decreasing' ? 'falls overall but rises' : 'rises overall but falls';
    super(
      where.source,
      where.field,
      `${metricLabel} does not move one way along '${knob}' (it ${against} from ${turn[0]} to ${turn[1]}), ` +
        'so no single value answers the target; its curve comes with this refusal',
    );
  }
}

export interface SolvedBattle {
  /** The battle at the value found (or, with no value reaching the target, at the best value). */
  battle: Battle;
  decision: SolvedForDecision;
}

/** Solves a battle for a field (see the module's comment). Throws InputError (field, range, not monotone). */
export async function solveBattleFor(
  system: RuleSystem,
  battle: Battle,
  spec: SolveForSpec,
  settings: SolveSettings,
  executor: Executor,
  where: SolveWhere,
): Promise<SolvedBattle> {
  const target = spec.target ?? DEFAULT_TARGET;
  const range = knobRange(system, battle.entry, spec.field, where, settings.aliases);
  const { path } = range;
  const head = battle.layout.parts.find((p) => p.kind === 'event' && p.name === battle.headline);
  const named = head && 'label' in head ? head.label : battle.headline;
  // Written as a probability in the sentence whatever the system calls the event.
  const label = named.startsWith('P(') ? named : `P(${named})`;
  let sampledAny = false;
  let evaluations = 0;
  const pace = pacer();
  const evaluate = async (value: number): Promise<CurvePoint> => {
    // Exact steps never wait for anything: let a Ctrl-C be seen between them.
    await pace();
    if (settings.signal?.aborted) throw new SolveInterrupted();
    const at = battleWith(system, battle.entry, path, value);
    if (!at) throw new InputError(where.source, where.field, `'${spec.field}' refuses ${value} inside its range`);
    const point = await headlineOf(system, at, settings, executor, `solve ${path}=${value}`);
    evaluations++;
    if (point.sampled) sampledAny = true;
    return { value, probability: point.probability, ...(point.ci95 ? { ci95: point.ci95 } : {}) };
  };
  const hint = forceHint(system, battle, path, target);
  const result = await searchAlong(evaluate, {
    from: range.from,
    to: range.to,
    target,
    start: range.start,
    ...(hint !== undefined ? { hint } : {}),
  });
  // A target of 100% asks for certainty: answerable where the battle is deterministic (every
  // value gives 0 or 1), not where the dice keep a chance (a computed 1 may be 1 - 1e-30).
  if (target >= 1 && result.points.some((p) => p.probability > 0 && p.probability < 1))
    throw new InputError(
      where.source,
      where.field,
      `no value of '${spec.field}' makes it certain: the battle keeps a chance either way, and a computed ` +
        'probability cannot tell certainty from a chance below 1e-16; ask for less than 100% (e.g. 0.999)',
    );
  if (result.kind === 'not-monotone')
    throw new NotMonotone(where, spec.field, result.points, result.turn, label, result.direction);
  // A flat curve answers the battle as asked (every value gives the same headline), not at its lowest value.
  const value =
    result.direction === 'flat' && range.start >= range.from && range.start <= range.to
      ? range.start
      : result.kind === 'found'
        ? result.value
        : result.best;
  const solved = battleWith(system, battle.entry, path, value) as Battle;
  const decision = decisionOf(result, {
    path,
    asked: spec.field,
    target,
    metric: battle.headline,
    label,
    range,
    sampled: sampledAny,
    evaluations,
  });
  // The label keeps what was asked (the value searched from), then what was solved.
  return { battle: { ...solved, label: `${battle.label}; solved: ${path} = ${value}` }, decision };
}

/**
 * The force question's own exact search (RuleSystem.force: the fewest armies), where the
 * field solved for is the system's force: the scan then looks at its answer first. It is a
 * hint only: the search checks the curve there like anywhere else.
 */
function forceHint(system: RuleSystem, battle: Battle, path: string, target: number): number | undefined {
  if (!system.force || system.force.field !== path || target >= 1) return undefined;
  try {
    const found = system.force.fewest(battle.entry as never, target);
    return 'count' in found ? found.count : undefined;
  } catch {
    return undefined;
  }
}

function decisionOf(
  result: Exclude<SearchResult, { kind: 'not-monotone' }>,
  facts: {
    path: string;
    asked: string;
    target: number;
    metric: string;
    label: string;
    range: { from: number; to: number; cut: boolean };
    sampled: boolean;
    evaluations: number;
  },
): SolvedForDecision {
  const point = (value: number) => {
    const p = result.points.find((x) => x.value === value) as CurvePoint;
    return { value, probability: p.probability, ...(p.ci95 ? { ci95: p.ci95 } : {}) };
  };
  const centre = result.kind === 'found' ? result.value : result.best;
  return {
    field: facts.path,
    asked: facts.asked,
    target: facts.target,
    metric: facts.metric,
    metricLabel: facts.label,
    direction: result.direction,
    answer: result.kind,
    value: result.kind === 'found' ? point(result.value) : null,
    neighbour: result.kind === 'found' && result.neighbour !== null ? point(result.neighbour) : null,
    best: point(result.kind === 'found' ? result.value : result.best),
    from: facts.range.from,
    to: facts.range.to,
    cut: facts.range.cut,
    everyValue: result.everyValue,
    sampled: facts.sampled,
    evaluated: facts.evaluations,
    window: result.points.filter((p) => Math.abs(p.value - centre) <= WINDOW).map((p) => point(p.value)),
    curve: result.points.map((p) => point(p.value)),
  };
}
