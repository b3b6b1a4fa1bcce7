/**
 * The report page in a real headless browser (Debian's chromium): it must load from disk
 * with no network and show the charts. Where chromium is missing it skips and says why,
 * except under CI (CI=true), where it fails (test/web/browser.ts);
 * scripts/screenshot-report.sh takes a screenshot of the same page for a human look.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';
import { CHROMIUM, requireChromium, SKIP_BROWSER } from '../web/browser.js';

beforeAll(() => {
  requireChromium('test/cli/browser.test.ts');
});

/** Runs a bundled scenario and returns its index.html as the headless browser renders it. */
async function renderedReport(scenario: string, trials: string): Promise<string> {
  const out = tempDir();
  const r = await cli(['run', `scenarios/${scenario}.json`, '--out', out, '--trials', trials]);
  expect(r.code, r.stderr).toBe(0);
  const page = path.join(out, scenario, 'index.html');
  const profile = tempDir('chromium-');
  const browser = spawnSync(
    CHROMIUM as string,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      '--dump-dom',
      `file://${page}`,
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  expect(browser.status).toBe(0);
  return browser.stdout;
}

describe.skipIf(SKIP_BROWSER)('index.html in headless chromium', () => {
  it('renders the battles and their charts (SVG files beside the page) offline', async () => {
    const dom = await renderedReport('landgrab-fortress-assault', '20000');
    expect(dom).toContain('<h1>landgrab-fortress-assault</h1>');
    expect((dom.match(/<img src="[^"]+\.svg"/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(dom).toContain('fortress with defending leader');
  });

  it('renders a sweep report: heatmaps, difference charts and the table of cells', async () => {
    const dom = await renderedReport('landgrab-fortress-house-rules', '3000');
    expect(dom).toContain('Sweep: P(attacker conquers)');
    // Three variant heatmaps and two difference heatmaps.
    expect((dom.match(/<img src="sweep\.[^"]+\.svg"/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(dom).toContain('fortress +2 minus fortress +1');
    expect(dom).toContain('Every cell');
  });
});
