/**
 * Test files in the order of schedule.ts: those needing no build first, then the longest; the
 * rest as vitest orders them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fromRoot, LONGEST_AFTER_BUILD, WITHOUT_BUILD } from './schedule.js';

const ORDER = [...WITHOUT_BUILD, ...LONGEST_AFTER_BUILD];

export class ScheduleSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = ORDER.indexOf(fromRoot(spec.moduleId));
      return at < 0 ? ORDER.length : at;
    };
    // Array.prototype.sort is stable: the files of neither list keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
