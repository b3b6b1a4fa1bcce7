/**
 * Option value parsers for commander: the shared readings (src/core/form/read.ts) with
 * their refusals turned into commander's usage errors (one line, exit 2), and --threads,
 * which depends on this machine.
 */
import { InvalidArgumentError } from '@commander-js/extra-typings';
import * as values from '../core/form/read.js';
import { parseSolveRange as readSolveRange } from '../core/form/solveRange.js';
import type { QuestionField } from '../core/form/form.js';
import { InputError } from '../core/model/inputError.js';
import { coreCount } from '../threads/cores.js';

/** The same reading, refusing with commander's error. */
function forCommander<T>(read: (value: string) => T): (value: string) => T {
  return (value) => {
    try {
      return read(value);
    } catch (error) {
      if (error instanceof values.FormValueError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };
}

export const parseInteger = forCommander(values.parseInteger);
export const parseTrials = forCommander(values.parseTrials);
export const parseNumber = forCommander(values.parseNumber);
export const parsePrecision = forCommander(values.parsePrecision);
export const parseIntegerList = forCommander(values.parseIntegerList);
export const parseSeed = forCommander(values.parseSeed);
export const parseTarget = forCommander(values.parseTarget);
export const parseSolveRange = forCommander(readSolveRange);
export const parseWorth = forCommander(values.parseWorth);

/**
 * A form field's reader, its stated limit included: a value beyond the limit is refused as
 * the entry's schema would refuse it, naming the command and the flag
 * (`odds landgrab: --attackers: must be at most 5000`).
 */
export function fieldParser(field: QuestionField, source: string): (value: string) => unknown {
  return (value) => {
    try {
      return values.readField(field, value);
    } catch (error) {
      if (error instanceof values.FormLimitError)
        throw new InputError(source, field.cli.flag, error.message.replace(/\.$/, ''));
      if (error instanceof values.FormValueError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };
}

export function parseThreads(value: string): number {
  return checkThreads(parseInteger(value), coreCount());
}

/** `--threads` from 0 (in this process) to the core count: more threads only slow a run down. */
export function checkThreads(threads: number, cores: number): number {
  if (threads < 0 || threads > cores)
    throw new InvalidArgumentError(`must be between 0 (run in this process) and ${cores} (the cores of this machine).`);
  return threads;
}
