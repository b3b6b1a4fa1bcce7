/** Test files in the order of schedule.ts's ORDER; the rest after them, as vitest orders them. */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fromRoot, ORDER } from './schedule.js';

export class ScheduleSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = ORDER.indexOf(fromRoot(spec.moduleId));
      return at < 0 ? ORDER.length : at;
    };
    // Array.prototype.sort is stable: the files not in ORDER keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
