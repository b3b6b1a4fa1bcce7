/**
 * Screenshots of the built page (`npm run web` first) for a person to look at: every game's
 * questions at a phone's width (390 px) and a desktop's (1280 px), in Debian's chromium.
 * Each page is saved whole (`<name>-<width>.png`) and cut into screen-high tiles
 * (`<name>-<width>-<i>.png`), which an image viewer shows without shrinking them to a sliver; on a
 * phone, also the screen a tap on the answer bar shows (`<name>-390-answer.png`).
 *   npm run web:screenshots                 # all, into dist/web-screenshots/
 *   npm run web:screenshots -- kings        # only the questions whose name contains "kings"
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveWeb } from '../src/files/serve.js';
import { chromiumPath, NO_CHROMIUM_REASON, PLAYER_CHROMIUMS } from '../test/web/browser.js';
import { LOOKED_AT } from '../test/web/questions.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'web-screenshots');

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

async function main(): Promise<void> {
  const executable = chromiumPath(PLAYER_CHROMIUMS);
  if (!executable) throw new Error(NO_CHROMIUM_REASON);
  const only = process.argv[2] ?? '';
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const serving = await serveWeb({ dir: path.join(root, 'dist', 'web'), port: 0 });
  const browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const { width, height } of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
      for (const [name, hash] of Object.entries(LOOKED_AT)) {
        if (!name.includes(only)) continue;
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
        await page.goto(serving.url + hash);
        await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true', null, {
          timeout: 60_000,
        });
        if (hash.includes('table='))
          await page.waitForFunction(
            () => (window as unknown as { battleOdds: { lastTable(): unknown } }).battleOdds.lastTable() !== null,
          );
        await page.evaluate(() =>
          (window as unknown as { battleOdds: { chartsDrawn(): Promise<void> } }).battleOdds.chartsDrawn(),
        );
        const file = path.join(out, `${name}-${width}`);
        await page.screenshot({ path: `${file}.png`, fullPage: true });
        const total = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, i = 0; y < total; y += height, i++)
          await page.screenshot({
            path: `${file}-${i}.png`,
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(height, total - y) },
          });
        // A turn's board on a phone, its plan marked, the number in the answer bar below it (docs/page-turn.png).
        if (width < 500 && hash.includes('kind=turn')) {
          await page.evaluate(() => document.querySelector('.board-field')?.scrollIntoView({ block: 'start' }));
          await page.screenshot({ path: `${file}-board.png` });
        }
        // What a phone shows after a tap on the answer bar: the answer at the top of the screen.
        if (width < 500) {
          await page.evaluate(() => document.getElementById('answer')?.scrollIntoView({ block: 'start' }));
          await page.screenshot({ path: `${file}-answer.png` });
        }
        console.log(`${name} at ${width} px: ${total} px tall`);
        await page.close();
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await serving.close();
  }
  console.log(`screenshots in ${path.relative(process.cwd(), out)}`);
}

await main();
