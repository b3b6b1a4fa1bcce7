/** What a run is asked beyond its scenario, and the engine overrides that follow from it. */
import type { KernelName } from '../core/model/contract.js';
import type { Objective } from '../core/model/question.js';
import type { Overrides } from '../core/run/runScenario.js';

/** The run's choices, typed (the command line's flags carry them; undefined: the scenario's or the default). */
export interface SessionOptions {
  trials?: number;
  seed?: string | number;
  threads?: number;
  kernel?: KernelName;
  exactOnly?: boolean;
  sample?: boolean;
  precision?: number;
  target?: number;
  advise?: boolean;
  objective?: Objective;
  territoryWorth?: number;
  /** The entry field a question solves for (`--solve-for`), its target the question's. */
  solveFor?: string;
  /** With solveFor: the values to search (`--solve-range lo:hi`). */
  solveRange?: [number, number];
  /** Each numeric knob one step down and up (`--sensitivity`). */
  sensitivity?: boolean;
}

/** The engine overrides the options ask for (undefined: the scenario's or the command's default). */
export function overridesFrom(options: SessionOptions): Overrides {
  return {
    trials: options.trials,
    seed: options.seed,
    kernel: options.kernel,
    // A precision target or a kernel only mean something when sampling.
    ...(options.exactOnly
      ? { method: 'exact' as const }
      : options.sample || options.precision !== undefined || options.kernel !== undefined
        ? { method: 'sample' as const }
        : {}),
    precision: options.precision,
    question: {
      ...(options.target !== undefined ? { target: options.target } : {}),
      ...(options.advise ? { advise: true } : {}),
      ...(options.objective !== undefined ? { objective: options.objective } : {}),
      ...(options.territoryWorth !== undefined ? { territoryWorth: options.territoryWorth } : {}),
      ...(options.solveFor !== undefined ? { solveFor: options.solveFor } : {}),
      ...(options.solveRange !== undefined ? { solveRange: options.solveRange } : {}),
      ...(options.sensitivity ? { sensitivity: true } : {}),
    },
  };
}
