/** The contract suite (test/contract/contract.ts) on kings-and-things's cases. */
import { contractSuite } from './contract.js';
import { cases } from './cases/kings-and-things.js';

contractSuite(cases);
