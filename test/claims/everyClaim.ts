/**
 * Every claim true: the verdict of a broad grid of questions in a rule system, each line checked
 * against the report's own values (checkClaims.ts): every number in a sentence is a named value of
 * the report, written as printed, and the recommendation word agrees with the decision it states.
 * One file per system (test/claims/<system>.test.ts), so that the two test workers share them.
 */
import { describe, expect, it } from 'vitest';
import { odds, type EntryOf, type QuestionOf, type SystemId } from '../../src/index.js';
import { checkClaims } from './checkClaims.js';
import { caseName, type ClaimCase } from './claimCase.js';

const WORDS = ['Attack:', 'A gamble:', 'Hold back:'];

async function answer(c: ClaimCase) {
  // Cases of every system in one list: their system and entry are checked at run time.
  return odds(c.system as SystemId, c.entry as EntryOf<SystemId>, {
    method: c.method ?? 'auto',
    trials: c.trials ?? 20_000,
    // Built from data: the field solved for is a path of the case's own entry (checked at run time).
    question: (c.question ?? {}) as QuestionOf,
  });
}

/** The system's questions, and the same battles solved for one of their fields. */
export function everyClaimTrue(system: SystemId, cases: ClaimCase[]): void {
  describe(`every claim of ${system} is true`, () => {
    it(`${cases.length} questions: every number names a value of the report, rounded as printed`, async () => {
      const failures: string[] = [];
      for (const c of cases) {
        const report = await answer(c);
        const problems = checkClaims(report);
        if (WORDS.some((w) => report.verdict[0]?.startsWith(w)) && !report.decisions?.recommendation)
          problems.push('the verdict opens with a recommendation that is not a decision of the report');
        if (c.question?.objective === 'value' && report.decisions?.recommendation?.basis !== 'objective')
          problems.push("asked for the most value, the recommendation does not follow the stop rule's decision");
        if (problems.length > 0)
          failures.push(`${caseName(c)}\n  ${report.verdict.join('\n  ')}\n  -> ${problems.join('\n  -> ')}`);
      }
      expect(failures.slice(0, 5).join('\n\n')).toBe('');
    });
  });
}
