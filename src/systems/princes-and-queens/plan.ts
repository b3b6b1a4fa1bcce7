/** Princes & Queens plans: never sampled (tallySize 0); solve() evaluates them. */
import type { Defence, PrinceFloor, TieReading } from './values.js';

export interface AttackPlan {
  kind: 'attack';
  princes: 1 | 2;
  distance: number;
  defence: Defence;
  ties: TieReading;
  floor: PrinceFloor;
}

export interface TablePlan {
  kind: 'table';
  maxDistance: number;
  ties: TieReading;
  floor: PrinceFloor;
}

export type PqPlan = AttackPlan | TablePlan;
