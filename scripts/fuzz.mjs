/**
 * `npm run fuzz`: the hostile-input fuzzer (test/fuzz/) with twenty times the cases of `npm test`,
 * from a fresh seed that it prints first, so a failure can be replayed:
 * `BATTLE_ODDS_FUZZ_SEED=<seed> npm run fuzz`. BATTLE_ODDS_FUZZ_SCALE sets the count (default 20).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seed = process.env.BATTLE_ODDS_FUZZ_SEED || `fuzz ${randomBytes(8).toString('hex')}`;
const scale = process.env.BATTLE_ODDS_FUZZ_SCALE || '20';
process.stdout.write(`npm run fuzz: seed "${seed}", ${scale}x the cases of npm test\n`);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', 'test/fuzz', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BATTLE_ODDS_FUZZ_SEED: seed, BATTLE_ODDS_FUZZ_SCALE: scale },
});
child.on('close', (code) => {
  if (code !== 0) process.stdout.write(`npm run fuzz: failed; replay with BATTLE_ODDS_FUZZ_SEED="${seed}"\n`);
  process.exit(code ?? 1);
});
