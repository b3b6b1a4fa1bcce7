/** Every claim of landgrab's verdicts is true (test/claims/everyClaim.ts). */
import { cases, solveCases } from './cases/landgrab.js';
import { everyClaimTrue } from './everyClaim.js';

everyClaimTrue('landgrab', [...cases, ...solveCases]);
