import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProgram } from '../../src/cli/program.js';
import { bufferIO } from '../../src/cli/io.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'dist/cli/main.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command line in this process (fast): the same program the binary runs, with its output captured. */
export async function cli(args: string[]): Promise<CliResult> {
  const io = bufferIO();
  const code = await runProgram(['node', 'battle-odds', ...args], io);
  return { code, stdout: io.out(), stderr: io.err() };
}

/** Runs the built binary as a user would (`npm test` builds it first): for the few end-to-end tests. */
export function binary(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does it)`);
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', ...options.env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(prefix = 'battle-odds-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}
