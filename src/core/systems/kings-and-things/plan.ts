/** A Kings & Things plan (what workers receive; structured-cloneable): one battle type's, told apart by `kind`. */
import type { DuelPlan } from './duel/plan.js';
import type { MultiPlan } from './multi/plan.js';
import type { ExplorePlan } from './explore/plan.js';

export type KtPlan = DuelPlan | MultiPlan | ExplorePlan;
