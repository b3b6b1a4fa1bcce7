/** `npm run bench [-- --quick]`: the bench's own entry point (src never imports bench/). */
import { runBench } from './run.js';

await runBench({ quick: process.argv.includes('--quick') });
