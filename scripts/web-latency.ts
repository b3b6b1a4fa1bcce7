/**
 * How long the page takes to answer Kings & Things advice (should I attack?) after a tap, in
 * Debian's chromium at a phone's width: the built page (`npm run web` first), the bench's armies
 * (10 attackers against 6 and against 10 defenders, bench/kingsAndThingsArmies.ts), the fort
 * tapped through keep, castle, tower, castle, keep, castle, a second after each whole answer (a
 * player reads it first; a tap while the answer worker is still busy waits for it). For each
 * tap: when the number was on the page and when the whole answer (the advice, from the answer
 * worker) was, both from the tap's event; then their medians. The first load is printed apart:
 * it includes starting everything and compiling it, once a visit. The machine's load average
 * is printed with it (the numbers depend on it), and the longest task the page's thread ran
 * from the first tap on (every question's work is in workers: it should stay under 50 ms).
 *   npm run web:latency
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';
import { chromium, type Page } from 'playwright-core';
import { serveWeb } from '../src/files/serve.js';
import { chromiumPath, NO_CHROMIUM_REASON, PLAYER_CHROMIUMS } from '../test/web/browser.js';
import { KT_ATTACKERS, ktDefenders } from '../bench/kingsAndThingsArmies.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FORTS = ['Keep', 'Castle', 'Tower', 'Castle', 'Keep', 'Castle'];
/** A player reads an answer before the next tap: a second between the whole answer and the next tap. */
const PAUSE_MS = 1000;

interface Timing {
  numberMs: number;
  wholeMs: number;
  on: string;
}

/** The answer's timing once it is whole (the page's own marks on #answer). */
async function whole(page: Page): Promise<Timing> {
  await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true', null, {
    timeout: 120_000,
  });
  const data = await page.evaluate(() => ({ ...document.getElementById('answer')!.dataset }));
  return { numberMs: Number(data.latencyMs), wholeMs: Number(data.completeMs), on: data.restOn ?? 'page' };
}

const answered = (page: Page) => page.evaluate(() => Number(document.getElementById('answer')?.dataset.answers ?? 0));

async function main(): Promise<void> {
  const executable = chromiumPath(PLAYER_CHROMIUMS);
  if (!executable) throw new Error(NO_CHROMIUM_REASON);
  const serving = await serveWeb({ dir: path.join(root, 'dist', 'web'), port: 0 });
  const browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const defenders of [6, 10]) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { longest: number; from: number };
        w.longest = 0;
        w.from = Infinity;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (e.startTime >= w.from) w.longest = Math.max(w.longest, e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      const hash = `#kings-and-things?attackers=${KT_ATTACKERS}&defenders=${ktDefenders(defenders)}&fort=castle&advise`;
      await page.goto(serving.url + hash);
      const first = await whole(page);
      console.log(
        `10 against ${defenders} and a castle, first load: number ${first.numberMs.toFixed(0)} ms, ` +
          `whole ${first.wholeMs.toFixed(0)} ms`,
      );
      const taps: Timing[] = [];
      await page.evaluate(() => ((window as unknown as { from: number }).from = performance.now()));
      for (const fort of FORTS) {
        await page.waitForTimeout(PAUSE_MS);
        const before = await answered(page);
        await page.locator('[data-param="fort"]').getByText(fort, { exact: true }).first().tap();
        // The tap's answer: the page counts the answers it shows (#answer's data-answers).
        await page.waitForFunction((n) => Number(document.getElementById('answer')?.dataset.answers ?? 0) > n, before);
        const t = await whole(page);
        taps.push(t);
        const where = t.on === 'page' ? 'on the page' : `advice from the ${t.on}`;
        console.log(`  ${fort}: number ${t.numberMs.toFixed(0)} ms, whole ${t.wholeMs.toFixed(0)} ms (${where})`);
      }
      const castle = taps.filter((_, i) => FORTS[i] === 'Castle');
      const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
      console.log(
        `  median: number ${median(taps.map((t) => t.numberMs)).toFixed(0)} ms, ` +
          `whole ${median(taps.map((t) => t.wholeMs)).toFixed(0)} ms ` +
          `(with a castle: ${castle.map((t) => t.wholeMs.toFixed(0)).join(', ')} ms); ` +
          `longest task on the page's thread: ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none over 50 ms'}; ` +
          `load average ${os.loadavg()[0].toFixed(1)}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await serving.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
