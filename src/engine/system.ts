/**
 * The one interface every rule system implements. The engine knows nothing about
 * dice, forts or tokens: it validates a scenario entry with the system's schema,
 * compiles it into a plan, runs the system's kernels on chunks of trials into a flat
 * Float64Array tally, and asks the system to turn the merged tally into a report.
 *
 * Data flow: scenario entry -> battleSchema -> compile() -> plan -> kernel (hot loop)
 * -> tally -> summarize() -> BattleReport -> CSV / JSON / charts.
 */
import type { z } from 'zod';
import type { Xoshiro128 } from './random/xoshiro128.js';

/** A hot loop: runs `trials` independent battles, adding counts into `tally`. */
export type Kernel<Plan> = (plan: Plan, rng: Xoshiro128, trials: number, tally: Float64Array) => void;

/** `fast` is the production kernel; `faithful` is the slow, obviously correct reference. */
export type KernelName = 'fast' | 'faithful';
export const KERNEL_NAMES: readonly KernelName[] = ['fast', 'faithful'];

/** A compiled battle: everything a worker needs, structured-cloneable. */
export interface CompiledBattle<Plan> {
  /** Human label, unique within a scenario. */
  label: string;
  /** The battle type within the system (e.g. `battle`, `chain`, `capitol`). */
  type: string;
  plan: Plan;
  /**
   * Length of the Float64Array tally the kernels fill. 0 means the battle is not
   * sampled: the engine calls solve() and summarize() with tally null (deterministic
   * systems, exact-only questions).
   */
  tallySize: number;
  /** The validated battle entry (defaults filled in), so outputs can say exactly what was fought. */
  entry?: unknown;
}

export interface Metric {
  key: string;
  label: string;
  kind: 'probability' | 'mean' | 'quantile' | 'value';
  estimate: number;
  /** 95% interval: Wilson for probabilities, normal for means. Absent when exact. */
  ci95?: [number, number];
  /** The exact value when the system solved it exactly. */
  exact?: number;
}

export interface Distribution {
  key: string;
  /** What the distribution is of, e.g. "Attacker armies left". */
  label: string;
  /** Axis title for the values, with units. */
  xLabel: string;
  /** Which side it belongs to, for colouring charts (e.g. "attacker"). */
  series: string;
  values: number[];
  counts: number[];
  /** Estimated (or, when not sampled, exact) probability of each value. */
  probabilities: number[];
  exact?: number[];
}

export interface BattleReport {
  label: string;
  system: string;
  type: string;
  method: 'monte-carlo' | 'exact';
  trials: number;
  partial: boolean;
  /**
   * The answer in plain words, printed before the numbers (terminal, report page, JSON):
   * e.g. "Egypt keeps the fort: 1 Assyria and 2 Egypt tokens stay (limit 3 no longer
   * exceeded)". Deterministic systems state their outcome here; sampled ones may omit it.
   */
  verdict?: string[];
  metrics: Metric[];
  distributions: Distribution[];
  /** System-specific headline fields for `--json` (e.g. pAttackerWins, ci95, exact). */
  json: Record<string, unknown>;
  /** Extra tables, each written as `<battle>-<name>.csv` (rows of plain values). */
  tables?: Record<string, Array<Record<string, string | number | boolean | null>>>;
  /** Extra Vega-Lite specs, each written as `<battle>-<name>.vl.json` and rendered to SVG/PNG. */
  charts?: Array<{ name: string; spec: Record<string, unknown> }>;
}

export interface SummarizeInput<Plan> {
  battle: CompiledBattle<Plan>;
  /** Merged tally, or null when the battle was not sampled (exact-only). */
  tally: Float64Array | null;
  trials: number;
  partial: boolean;
  /** The system's exact solution when it was asked for (or the only answer). */
  exact: unknown | null;
}

/** A field-level problem found in a battle entry beyond what the schema checks. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export interface RuleSystem<Battle = any, Plan = any> {
  id: string;
  title: string;
  /** Strict schema of one entry of a scenario's `battles` list. */
  battleSchema: z.ZodType<Battle>;
  /** Cross-field checks the schema cannot express (empty when fine). */
  check?(battle: Battle): FieldIssue[];
  compile(battle: Battle, label: string): CompiledBattle<Plan>;
  /** Kernels by name; sampled battles need at least `fast`. */
  kernels: Record<KernelName, Kernel<Plan>>;
  /**
   * Count of the headline event (e.g. attacker wins) in a tally: the engine uses it
   * for `--precision` stopping and for paired comparisons.
   */
  headlineCount(plan: Plan, tally: Float64Array): number;
  /** Exact solution, when the battle can be solved exactly (null when it cannot). */
  solve?(plan: Plan): unknown | null;
  /**
   * The same battle with kernels that consume random numbers in lock-step whatever the
   * rules (e.g. one draw per dice round), so rule variants run on common random numbers
   * stay aligned round by round and their paired differences are sharp. Same distribution.
   */
  lockstep?(plan: Plan): Plan;
  /** Every battle is answered exactly and none is ever sampled (the CLI then hides the sampling flags). */
  deterministic?: boolean;
  /** What `solve` covers, completing "it solves ...", for the message when it returns null. */
  exactScope?: string;
  /** Why `solve` returns null for this plan, in a few words (null when it can solve it). */
  cannotSolveReason?(plan: Plan): string | null;
  summarize(input: SummarizeInput<Plan>): BattleReport;
  /** A fixed, representative raw battle entry that `npm run bench` times (sampled systems). */
  benchCase?: {
    label: string;
    entry: unknown;
    /** Target for the fast kernel on one thread, in M battles/s. */ targetPerThread?: number;
  };
}

/** One flag of a system's `battle-odds odds <system>` quick-question command. */
export interface OddsOption {
  /** commander flags, e.g. `--attackers <n>` or `--fortress`. */
  flags: string;
  description: string;
  /** How to read the value: integers, numbers, comma-separated integers, or text. */
  parse?: 'int' | 'number' | 'int-list' | 'text';
  default?: string | boolean;
}

/** How a system answers `battle-odds odds <system> [flags]`. */
export interface OddsCommand {
  summary: string;
  options: OddsOption[];
  /** Lines shown under "Examples:" in --help. */
  examples: string[];
  /** Turn the parsed flags into one raw battle entry (validated like a scenario entry). */
  toBattle(flags: Record<string, unknown>): unknown;
  /**
   * The flag a user typed for a field of the battle entry (e.g. `defender.fort` ->
   * `--fort`), so validation errors name the flag; undefined falls back to the field's
   * own name in flag form.
   */
  flagFor?(field: string): string | undefined;
}

export interface RuleSystemWithOdds<Battle = any, Plan = any> extends RuleSystem<Battle, Plan> {
  odds: OddsCommand;
}
