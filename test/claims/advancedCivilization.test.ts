/** Every claim of advanced-civilization's verdicts is true (test/claims/everyClaim.ts). */
import { cases, solveCases } from './cases/advanced-civilization.js';
import { everyClaimTrue } from './everyClaim.js';

everyClaimTrue('advanced-civilization', [...cases, ...solveCases]);
