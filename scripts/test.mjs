/**
 * `npm test`: the build and the test suite, started together. The build is `npm run build`'s two
 * products made side by side: the command line bundled straight from the TypeScript sources by esbuild
 * (dist/cli/, ~1.5 s: what almost every test file runs) and tsc's type check of src and bench with its
 * dist/src (~20 s on one core: the library, for the few files of NEEDS_TSC in test/helpers/schedule.ts).
 * Each test file waits, before it loads, for the part it needs (test/helpers/waitForBuild.ts). A failed
 * build (a type error included) fails `npm test`, its errors printed, whatever the tests say. Arguments
 * go to vitest (`npm test -- test/cli`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Node's flags for tsc, vitest and its test processes (why: in the file). Not for the bundle: the code cache it
// records for the command line is only used by a node with the same flags, a user's.
const nodeFlags = JSON.parse(readFileSync(path.join(root, 'test/helpers/nodeFlags.json'), 'utf8')).flags;
// The run's temporary files in one folder, removed at its end: the tests' results folders, browser profiles and
// scratch files (TMPDIR for vitest and all it starts), and the build's outcome. Runs leave nothing behind.
const runDir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-test-'));
// Where the build leaves its outcome: for each part (`cli`, `tsc`) a file holding its exit code, and its output.
const buildDir = path.join(runDir, 'build');
mkdirSync(buildDir);
const tmpDir = path.join(runDir, 'tmp');
mkdirSync(tmpDir);

function run(command, args, options) {
  const child = spawn(command, args, { cwd: root, ...options });
  return { child, done: new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal))) };
}

/** A part of the build: its output kept, its exit code written to `buildDir/<name>` when it ends. */
function part(name, args) {
  const started = run(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  started.child.stdout.on('data', (d) => (log += d));
  started.child.stderr.on('data', (d) => (log += d));
  const finished = started.done.then((code) => {
    writeFileSync(path.join(buildDir, `${name}.log`), log);
    writeFileSync(path.join(buildDir, name), String(code));
    return { name, code, log };
  });
  return { ...started, finished };
}

// As `npm run build` does: no file of an earlier build is left (the bundle clears dist/cli, tsc writes the rest).
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const parts = [
  part('cli', ['scripts/bundle-cli.mjs', '--from-src']),
  part('tsc', [...nodeFlags, path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']),
];

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const tests = run(process.execPath, [...nodeFlags, vitest, 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, BATTLE_ODDS_TEST_BUILD: buildDir, TMPDIR: tmpDir },
});

// Ctrl-C reaches the children from the terminal; a signal sent to this process alone is passed on. Either
// way this process waits for them, and then removes the run's folder.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const { child } of [...parts, tests]) if (child.exitCode === null) child.kill(signal);
  });

const [built, testCode] = await Promise.all([Promise.all(parts.map((p) => p.finished)), tests.done]);
try {
  rmSync(runDir, { recursive: true, force: true });
} catch (error) {
  // A folder a test left mounted (the full-disk tests' tmpfs) cannot go: said, and the run's result stands.
  process.stderr.write(`npm test: could not remove ${runDir}: ${error.message}\n`);
}
const failed = built.filter((b) => b.code !== 0);
for (const { name, code, log } of failed)
  process.stderr.write(
    `\nnpm test: the build failed (${name === 'cli' ? 'the CLI bundle' : 'tsc'} exited ${code}):\n${log}\n`,
  );
process.exit(failed.length === 0 && testCode === 0 ? 0 : 1);
