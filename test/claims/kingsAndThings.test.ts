/** Every claim of kings-and-things's verdicts is true (test/claims/everyClaim.ts). */
import { cases, solveCases } from './cases/kings-and-things.js';
import { everyClaimTrue } from './everyClaim.js';

everyClaimTrue('kings-and-things', [...cases, ...solveCases]);
