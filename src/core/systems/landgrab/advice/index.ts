/**
 * Exact decision answers for LandGrab (pure TypeScript, no Node imports): how many armies
 * are needed, when to stop attacking, and how to spread defenders along a path (the system's
 * advice hook, advise.ts, puts them into words). See README.md in this folder.
 */
export { battlePath, type AttackPath } from './path.js';
export {
  minimumAttackers,
  maximumDefenders,
  type MinimumAttackersAnswer,
  type MinimumAttackersOptions,
  type MaximumDefendersAnswer,
  type AttackersPoint,
  type DefendersPoint,
} from './reverse.js';
export {
  whenToStop,
  objectiveReward,
  type StoppingObjective,
  type StoppingAnswer,
  type StoppingOptions,
  type PolicyOutcome,
  type ConstraintReport,
} from './stopping/whenToStop.js';
export { WORK_BUDGET as STOP_RULE_WORK_BUDGET } from './stopping/bestStopRule.js';
export type { StopTableStep, StopRow, DefenderRange } from './stopping/stopTable.js';
export {
  bestDefence,
  baselineAllocations,
  type DefenceAnswer,
  type DefenceOptions,
  type NamedAllocation,
} from './defence/bestDefence.js';
export { allocationOdds, type DefenceQuestion, type AllocationOutcome } from './defence/allocationOdds.js';
