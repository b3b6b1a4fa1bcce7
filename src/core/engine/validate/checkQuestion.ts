/**
 * A question checked against the system that answers it, wherever a question comes from (a
 * scenario file, the command line, the web page, the library): an objective only where the
 * system offers a choice of objectives, and only with advice (it chooses what the advice
 * optimises); a territory's worth exactly when the objective is `value`.
 */
import type { RuleSystem } from '../../model/contract.js';
import type { Question } from '../../model/question.js';

export interface QuestionProblem {
  /** The Question field it is about. */
  field: 'objective' | 'territoryWorth' | 'solveRange';
  message: string;
}

/**
 * The first problem of a question for this system, or null. `name` gives each field as the
 * caller's user knows it (`--territory-worth` on the command line, `territoryWorth` in a file).
 *
 * @example
 * checkQuestion(landgrab, { advise: true, objective: 'value' }, (f) => f)
 * // { field: 'territoryWorth',
 * //   message: 'is required with objective value (what one territory taken is worth, in armies)' }
 */
export function checkQuestion(
  system: RuleSystem,
  question: Question,
  name: (field: keyof Question) => string,
): QuestionProblem | null {
  const { objective, territoryWorth, solveRange } = question;
  if (solveRange !== undefined && question.solveFor === undefined)
    return { field: 'solveRange', message: `applies only with ${name('solveFor')} (the values it searches)` };
  if (objective !== undefined) {
    const offered = system.objectives ?? [];
    if (offered.length === 0) {
      return { field: 'objective', message: `${system.id} offers no objectives to choose (its advice has one answer)` };
    }
    if (!offered.includes(objective)) {
      return { field: 'objective', message: `must be one of ${offered.join(', ')} for ${system.id}` };
    }
    if (!question.advise) {
      return {
        field: 'objective',
        message: `applies only with ${name('advise')} (it chooses what the advice optimises)`,
      };
    }
  }
  if (territoryWorth !== undefined) {
    if (objective !== 'value')
      return { field: 'territoryWorth', message: `applies only with ${name('objective')} value` };
    if (!Number.isFinite(territoryWorth) || territoryWorth < 0) {
      return { field: 'territoryWorth', message: 'must be a number of armies, 0 or more' };
    }
  } else if (objective === 'value') {
    return {
      field: 'territoryWorth',
      message: `is required with ${name('objective')} value (what one territory taken is worth, in armies)`,
    };
  }
  return null;
}
