/**
 * `npm test`: the build (`npm run build`: tsc's type check and dist/, then the CLI bundle) and the
 * test suite, started together. tsc works on one core for ~20 s; the test files that need only the
 * TypeScript sources (WITHOUT_BUILD in test/helpers/schedule.ts) start at once and use the cores
 * meanwhile, and the others wait for the build before they load (test/helpers/waitForBuild.ts).
 * A failed build fails `npm test`, its errors printed, whatever the tests say. Arguments go to
 * vitest (`npm test -- test/cli`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Where the build leaves its outcome: `status` holds tsc's and the bundle's exit code, `log` their output.
const buildDir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-test-build-'));

function run(command, args, options) {
  const child = spawn(command, args, { cwd: root, ...options });
  return { child, done: new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal))) };
}

const build = run(npm, ['run', '--silent', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
build.child.stdout.on('data', (d) => (log += d));
build.child.stderr.on('data', (d) => (log += d));
const built = build.done.then((code) => {
  writeFileSync(path.join(buildDir, 'log'), log);
  writeFileSync(path.join(buildDir, 'status'), String(code));
  return code;
});

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const tests = run(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, BATTLE_ODDS_TEST_BUILD: buildDir },
});

// Ctrl-C reaches the children from the terminal; a signal sent to this process alone is passed on. Either
// way this process waits for them, and then removes the build's folder.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const { child } of [build, tests]) if (child.exitCode === null) child.kill(signal);
  });

const [buildCode, testCode] = await Promise.all([built, tests.done]);
rmSync(buildDir, { recursive: true, force: true });
if (buildCode !== 0) {
  process.stderr.write(`\nnpm test: the build failed (npm run build exited ${buildCode}):\n${log}\n`);
  process.exit(1);
}
process.exit(testCode === 0 ? 0 : 1);
