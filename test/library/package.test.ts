/**
 * The library as a user installs it: `npm pack`, installed into an empty folder, the README's
 * library example run verbatim (its output compared with the one the README shows), the
 * command line as installed, and a TypeScript consumer type-checked through the package's
 * `exports` (test/library/consumer.ts: what must compile and what must not).
 *
 * Cost: one of the suite's slowest files, about 10 s on a quiet 2-core machine (20-30 s on a
 * busy one): npm pack (npm itself starts slowly), the example (exact answers, 100,000 sampled
 * battles on two worker threads, a results folder with charts), two runs of the binary and tsc.
 * Nothing here skips: it needs only npm, tar and this checkout's node_modules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ROOT, tempDir } from '../helpers/cli.js';
import { checkedBlocksOf, showsText } from '../helpers/markdown.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The packed package installed into an empty folder: the folder, and the installed package's manifest. */
function installPacked(): {
  folder: string;
  installed: string;
  manifest: { bin: Record<string, string>; dependencies?: Record<string, string>; peerDependenciesMeta?: unknown };
} {
  const folder = tempDir('battle-odds-consumer-');
  // --ignore-scripts: npm test has built dist/ already (prepack would build it again, and the page).
  execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: ROOT, stdio: 'pipe' });
  const tarball = readdirSync(folder).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  // Installed as npm installs a package: the tarball unpacked into node_modules/battle-odds. Its
  // dependencies are linked from this checkout's node_modules: `npm install --offline` of the
  // tarball fails (npm ci caches tarballs, not the registry's metadata npm needs to resolve
  // ranges), and fetching them from the registry would make the suite slow and need a network.
  // Only the manifest's dependencies are linked, so one missing from it fails here as it would there.
  const modules = path.join(folder, 'node_modules');
  mkdirSync(modules);
  execFileSync('tar', ['-xzf', path.join(folder, tarball), '-C', modules], { stdio: 'pipe' });
  const installed = path.join(modules, 'battle-odds');
  renameSync(path.join(modules, 'package'), installed);
  const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    mkdirSync(path.dirname(path.join(modules, dependency)), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', dependency), path.join(modules, dependency), 'dir');
  }
  return { folder, installed, manifest };
}

function runNode(folder: string, args: string[]): string {
  const r = spawnSync(process.execPath, args, {
    cwd: folder,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

describe('the packed package', () => {
  let folder: string;
  let installed: string;
  let bin: string;
  let manifest: ReturnType<typeof installPacked>['manifest'] & Record<string, unknown>;
  beforeAll(() => {
    const packed = installPacked();
    manifest = packed.manifest;
    folder = packed.folder;
    installed = packed.installed;
    bin = path.join(installed, packed.manifest.bin['battle-odds']);
  });

  it("runs the README's library example verbatim in an empty folder and prints what the README shows", () => {
    const [example] = checkedBlocksOf(path.join(ROOT, 'README.md'), 'README.md').filter((b) => b.kind === 'library');
    expect(example, 'README.md has a block marked <!-- checked: library -->').toBeDefined();
    writeFileSync(path.join(folder, 'example.mjs'), example.block.text);
    const printed = runNode(folder, ['example.mjs']);
    expect(
      showsText(example.output!.text, printed),
      `${example.where}\n--- shown\n${example.output!.text}\n--- printed\n${printed}`,
    ).toBe(true);
    // What it wrote is a whole results folder, in the user's folder (not the package's).
    expect(existsSync(path.join(folder, 'results/landgrab-chain/index.html'))).toBe(true);
  });

  it('ships its scenarios (by name and through exports) and the pure core', () => {
    writeFileSync(
      path.join(folder, 'use.mjs'),
      [
        "import { bundledScenario, bundledScenarios, runScenario } from 'battle-odds';",
        "import { findSystem } from 'battle-odds/core';",
        "const file = { name: 'x', system: 'landgrab', trials: 2000, battles: [{ attackers: 5, defenders: 3 }] };",
        "const scenario = await runScenario(file, { method: 'sample' });",
        "let unknown = '';",
        "try { bundledScenario('landgrabb-chain'); } catch (error) { unknown = error.message; }",
        'console.log(JSON.stringify({ trials: scenario.battles[0].trials, core: Boolean(findSystem("landgrab")),',
        "  names: bundledScenarios(), chain: bundledScenario('landgrab-chain'), unknown,",
        "  resolved: import.meta.resolve('battle-odds/scenarios/landgrab-chain.json') }));",
      ].join('\n'),
    );
    const out = JSON.parse(runNode(folder, ['use.mjs']));
    expect(out.trials).toBe(2000);
    expect(out.core).toBe(true);
    const shipped = readdirSync(path.join(ROOT, 'scenarios')).filter((f) => f.endsWith('.json'));
    expect(out.names).toEqual(shipped.map((f) => f.replace(/\.json$/, '')).sort());
    expect(out.chain).toBe(path.join(installed, 'scenarios/landgrab-chain.json'));
    expect(out.unknown).toBe(
      `bundledScenario: name: no bundled scenario 'landgrabb-chain' (bundledScenarios() lists the ${shipped.length})`,
    );
    expect(out.resolved).toBe(`file://${path.join(installed, 'scenarios/landgrab-chain.json')}`);
  });

  it('runs the command line as installed: the bin of the manifest, exact and on two worker threads', () => {
    const exact = runNode(folder, [bin, 'odds', 'landgrab', '--attackers', '4', '--defenders', '2']);
    expect(exact).toContain('exact');
    // The pool finds its worker beside the bundle.
    const args = ['odds', 'landgrab', '--attackers', '4', '--defenders', '2', '--sample', '--trials', '20000'];
    expect(runNode(folder, [bin, ...args, '--threads', '2'])).toContain('20,000 trials');
  });

  it("installs without the fleet's packages (optional peers); --queue and worker say how to add them", () => {
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('bullmq');
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('ioredis');
    expect(manifest.peerDependenciesMeta).toMatchObject({ bullmq: { optional: true }, ioredis: { optional: true } });
    const scenario = path.join(installed, 'scenarios/landgrab-chain.json');
    for (const args of [
      ['run', scenario, '--queue', 'redis://127.0.0.1:1'],
      ['worker', '--queue', 'redis://127.0.0.1:1'],
    ]) {
      const r = spawnSync(process.execPath, [bin, ...args], { cwd: folder, encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(
        /needs the worker fleet's packages, which are not installed \((bullmq|ioredis) is missing\)/,
      );
      expect(r.stderr).toContain('npm install bullmq ioredis');
    }
  });

  it("type-checks a TypeScript consumer, and the README's example, under --strict", () => {
    copyFileSync(path.join(ROOT, 'test/library/consumer.ts'), path.join(folder, 'consumer.ts'));
    // The README's library example as a TypeScript user writes it: it compiles under --strict as it stands.
    const [example] = checkedBlocksOf(path.join(ROOT, 'README.md'), 'README.md').filter((b) => b.kind === 'library');
    writeFileSync(path.join(folder, 'readme-example.ts'), `${example.block.text}\nexport {};\n`);
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    // Our own declarations are checked where they are used; checking every library's declaration
    // files as well (zod's are large) only costs seconds.
    flags.push('--target', 'es2022', '--skipLibCheck', '--types', 'node');
    flags.push('--typeRoots', path.join(ROOT, 'node_modules/@types'));
    const files = ['consumer.ts', 'readme-example.ts'];
    const r = spawnSync(process.execPath, [tsc, ...flags, ...files], { cwd: folder, encoding: 'utf8' });
    // Every error is a failure: a line the compiler should refuse and did not shows as an unused @ts-expect-error.
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
