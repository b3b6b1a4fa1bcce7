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
import type { SolvedForDecision, SolvedPoint } from '../../model/report.js';
import { planAnswer } from '../answer/battle.js';
import type { Method } from '../../model/run.js';
import { sampleBattle } from '../sample/sample.js';
import { summarizeLayout } from '../summarize/summarize.js';
import { knobRange, battleWith, knobWord, type KnobRange } from '../validate/fields.js';
import { reaches, searchAlong, WINDOW, type CurvePoint, type Direction, type SearchResult } from './search.js';
import { DEFAULT_TARGET } from '../../model/question.js';

/** What a battle (or a sweep) asks to solve for: an entry field (or a front end's name for it), a target, a range. */
export interface SolveForSpec {
  field: string;
  /** Default: DEFAULT_TARGET (80%), as for every other target. */
  target?: number;
  /** The whole numbers to search, low to high (default: every value the field takes here). */
  range?: readonly [number, number];
  /** A sweep's cell: the range is searched within what the field takes in it (else refused beyond it). */
  withinCell?: boolean;
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

/** Where the solve was asked, for errors: the file or command and the field holding the request (and its range). */
export interface SolveWhere {
  source: string;
  field: string;
  rangeField?: string;
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

/** The headline does not move one way along the field, and some value reaches the target: refused, with the curve. */
export class NotMonotone extends InputError {
  constructor(
    where: SolveWhere,
    readonly knob: string,
    readonly curve: SolvedPoint[],
    turn: [number, number],
    readonly metricLabel: string,
    direction: Direction,
    /** The decision as far as it goes (no value: none answers the target alone), for a sweep's row. */
    readonly decision: SolvedForDecision,
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

/** A turning curve this short, answered exactly, is evaluated at every value (one between those seen might reach). */
export const WHOLE_CURVE = 400;

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
  const range = knobRange(system, battle.entry, spec.field, where, settings.aliases, spec.range, spec.withinCell);
  const { path } = range;
  const head = battle.layout.parts.find((p) => p.kind === 'event' && p.name === battle.headline);
  const named = head && 'label' in head ? head.label : battle.headline;
  // Written as a probability in the sentence whatever the system calls the event.
  const label = named.startsWith('P(') ? named : `P(${named})`;
  let sampledAny = false;
  const pace = pacer();
  const known = new Map<number, CurvePoint>();
  const evaluate = async (value: number): Promise<CurvePoint> => {
    const seen = known.get(value);
    if (seen) return seen;
    // Exact steps never wait for anything: let a Ctrl-C be seen between them.
    await pace();
    if (settings.signal?.aborted) throw new SolveInterrupted();
    const at = battleWith(system, battle.entry, path, value);
    if (!at) throw new InputError(where.source, where.field, `'${spec.field}' refuses ${value} inside its range`);
    const point = await headlineOf(system, at, settings, executor, `solve ${path}=${value}`);
    if (point.sampled) sampledAny = true;
    const found = { value, probability: point.probability, ...(point.ci95 ? { ci95: point.ci95 } : {}) };
    known.set(value, found);
    return found;
  };
  const hint = forceHint(system, battle, path, target);
  let result = await searchAlong(evaluate, {
    from: range.from,
    to: range.to,
    target,
    start: range.start,
    ...(hint !== undefined ? { hint } : {}),
  });
  // A target of 100% asks for certainty: an exact answer decides it exactly (a certain headline is
  // exactly 1, summarize.ts), a sampled one cannot (every trial won is not a certainty).
  if (target >= 1 && sampledAny)
    throw new InputError(
      where.source,
      where.field,
      `no sampled value of '${spec.field}' can show a certainty (every trial won is still a chance); ` +
        'ask for less than 100% (e.g. 0.999), or answer it exactly',
    );
  const words = (value: number) => knobWord(system, battle.entry, path, value);
  const facts = { path, asked: spec.field, target, metric: battle.headline, label, range, words };
  if (result.kind === 'not-monotone') {
    // Whether any value reaches the target is decided first: a turning curve no value of which
    // reaches it is answered (unreachable, the best value named), not refused.
    const whole = range.to - range.from + 1 <= WHOLE_CURVE && !sampledAny;
    if (whole && !result.everyValue) for (let v = range.from; v <= range.to; v++) await evaluate(v);
    const points = [...known.values()].sort((a, b) => a.value - b.value);
    const everyValue = result.everyValue || whole;
    const turned = { ...result, points, everyValue };
    if (!points.some((p) => reaches(p, target))) result = unreachableAlong(turned);
    else {
      const decision = decisionOf(unreachableAlong(turned), { ...facts, sampled: sampledAny, evaluations: known.size });
      throw new NotMonotone(where, spec.field, decision.curve, turned.turn, label, turned.direction, decision);
    }
  }
  // A flat curve answers the battle as asked (every value gives the same headline), not at its lowest value.
  const value =
    result.direction === 'flat' && range.asGiven && range.start >= range.from && range.start <= range.to
      ? range.start
      : result.kind === 'found'
        ? result.value
        : result.best;
  const solved = battleWith(system, battle.entry, path, value) as Battle;
  const decision = decisionOf(result, { ...facts, sampled: sampledAny, evaluations: known.size });
  // The label keeps what was asked (the value searched from), then what was solved, in the knob's words.
  const edge = decision.edge ? ', at the edge of its range' : '';
  const heading =
    decision.answer === 'found'
      ? `solved: ${path} = ${words(value)}${edge}`
      : `closest: ${path} = ${words(value)} (unreachable${edge})`;
  return { battle: { ...solved, label: `${battle.label}; ${heading}` }, decision };
}

/** A turning curve no value of which reaches the target: unreachable, its best value named. */
function unreachableAlong(
  r: Extract<SearchResult, { kind: 'not-monotone' }>,
): Extract<SearchResult, { kind: 'unreachable' }> & { turns: true } {
  const order = r.direction === 'decreasing' ? [...r.points].reverse() : r.points;
  let best = order[0];
  for (const p of order) if (p.probability > best.probability) best = p;
  return {
    kind: 'unreachable',
    direction: r.direction,
    points: r.points,
    everyValue: r.everyValue,
    best: best.value,
    turns: true,
  };
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
  result: Exclude<SearchResult, { kind: 'not-monotone' }> & { turns?: boolean },
  facts: {
    path: string;
    asked: string;
    target: number;
    metric: string;
    label: string;
    range: KnobRange;
    sampled: boolean;
    evaluations: number;
    words: (value: number) => string;
  },
): SolvedForDecision {
  const point = (value: number): SolvedPoint => {
    const p = result.points.find((x) => x.value === value) as CurvePoint;
    const word = facts.words(value);
    return {
      value,
      ...(word !== String(value) ? { word } : {}),
      probability: p.probability,
      ...(p.ci95 ? { ci95: p.ci95 } : {}),
    };
  };
  const centre = result.kind === 'found' ? result.value : result.best;
  const { range } = facts;
  // An answer at an end of the range: the target holds (or, unreachable, the best is) up to where the range stops.
  const edge = result.direction === 'flat' ? null : centre === range.from ? 'from' : centre === range.to ? 'to' : null;
  const found = result.kind === 'found';
  return {
    field: facts.path,
    asked: facts.asked,
    written: range.written,
    target: facts.target,
    metric: facts.metric,
    metricLabel: facts.label,
    direction: result.direction,
    turns: result.turns ?? false,
    answer: result.kind,
    value: found ? point(result.value) : null,
    neighbour: found && result.neighbour !== null ? point(result.neighbour) : null,
    best: point(centre),
    edge: found && result.neighbour !== null ? null : edge,
    from: range.from,
    to: range.to,
    rangeAsked: range.asked,
    cut: range.cut,
    everyValue: result.everyValue,
    sampled: facts.sampled,
    evaluated: facts.evaluations,
    window: result.points.filter((p) => Math.abs(p.value - centre) <= WINDOW).map((p) => point(p.value)),
    curve: result.points.map((p) => point(p.value)),
  };
}
