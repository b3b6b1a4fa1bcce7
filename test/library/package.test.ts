/**
 * The library as a user installs it: `npm pack`, installed into an empty folder, imported
 * from JavaScript and type-checked from TypeScript through the package's `exports`.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, tempDir } from '../helpers/cli.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('the packed package', () => {
  it('installs into an empty folder, imports as documented, and its types check', () => {
    const folder = tempDir('battle-odds-consumer-');
    // --ignore-scripts: npm test has built dist/ already (prepack would build it again, and the page).
    execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: ROOT, stdio: 'pipe' });
    const tarball = readdirSync(folder).find((f) => f.endsWith('.tgz'))!;
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    // Installed as npm installs a package: the tarball unpacked into node_modules/battle-odds. Its
    // dependencies are linked from this checkout's node_modules (fetching them again would only test npm).
    const modules = path.join(folder, 'node_modules');
    mkdirSync(modules);
    execFileSync('tar', ['-xzf', path.join(folder, tarball), '-C', modules], { stdio: 'pipe' });
    renameSync(path.join(modules, 'package'), path.join(modules, 'battle-odds'));
    const manifest = JSON.parse(readFileSync(path.join(modules, 'battle-odds', 'package.json'), 'utf8'));
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      mkdirSync(path.dirname(path.join(modules, dependency)), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules', dependency), path.join(modules, dependency), 'dir');
    }

    writeFileSync(
      path.join(folder, 'use.mjs'),
      [
        "import { odds, runScenario, systems } from 'battle-odds';",
        "import { findSystem } from 'battle-odds/core';",
        "const report = await odds('landgrab', { attackers: 4, defenders: 2 }, { method: 'exact' });",
        "const file = { name: 'x', system: 'landgrab', trials: 2000, battles: [{ attackers: 5, defenders: 3 }] };",
        "const scenario = await runScenario(file, { method: 'sample' });",
        'console.log(JSON.stringify({ p: report.metrics[0].exact, systems: systems.map((s) => s.id),',
        '  core: Boolean(findSystem("landgrab")), trials: scenario.battles[0].trials }));',
      ].join('\n'),
    );
    const out = JSON.parse(execFileSync(process.execPath, ['use.mjs'], { cwd: folder, encoding: 'utf8' }));
    expect(out.p).toBeCloseTo(6610505 / 10077696, 12);
    expect(out.systems).toContain('landgrab');
    expect(out.core).toBe(true);
    expect(out.trials).toBe(2000);

    // The command line as installed: the bin of the manifest (the bundle), an exact answer and
    // a sampled one on two worker threads (the pool finds its worker beside the bundle).
    const bin = path.join(modules, 'battle-odds', manifest.bin['battle-odds']);
    const exact = execFileSync(process.execPath, [bin, 'odds', 'landgrab', '--attackers', '4', '--defenders', '2'], {
      encoding: 'utf8',
    });
    expect(exact).toContain('exact');
    const sampled = execFileSync(
      process.execPath,
      [
        bin,
        'odds',
        'landgrab',
        '--attackers',
        '4',
        '--defenders',
        '2',
        '--sample',
        '--trials',
        '20000',
        '--threads',
        '2',
      ],
      { encoding: 'utf8' },
    );
    expect(sampled).toContain('20,000 trials');

    writeFileSync(
      path.join(folder, 'use.ts'),
      [
        "import { odds, type BattleReport } from 'battle-odds';",
        "const report: BattleReport = await odds('landgrab', { attackers: 4, defenders: 2 });",
        'const headline: string = report.headline;',
        // Guards the check itself: were the shipped types to resolve to any, this line would not be an error.
        '// @ts-expect-error the headline is a string',
        'const wrong: number = report.headline;',
        'export { headline, wrong };',
      ].join('\n'),
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const flags = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      // Our own declarations are checked where they are used (above); checking every library's
      // declaration files as well (zod's are large) only costs seconds.
      '--skipLibCheck',
    ];
    execFileSync(
      process.execPath,
      [tsc, ...flags, '--types', 'node', '--typeRoots', path.join(ROOT, 'node_modules/@types'), 'use.ts'],
      {
        cwd: folder,
        stdio: 'pipe',
      },
    );
  });
});
