/** Every claim of princes-and-queens's verdicts is true (test/claims/everyClaim.ts). */
import { cases, solveCases } from './cases/princes-and-queens.js';
import { everyClaimTrue } from './everyClaim.js';

everyClaimTrue('princes-and-queens', [...cases, ...solveCases]);
