/**
 * Every game asked by taps only on a phone (390 px, touch), in Debian's chromium: the number
 * the page shows is the command line's (run in this process) for the same question, written
 * out here; no text on the page names a flag (the command-line block aside), with every
 * section of the answer open; a question that cannot be answered shows no number at all, and
 * says why; a field that stops applying hides, and its value leaves the question and the link.
 * The tests run at once, each on its own page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BattleReport } from '../../src/core/model/report.js';
import { headlineValue } from '../../src/web/ui/report.js';
import { serveWeb, type Serving } from '../../src/files/serve.js';
import { cli } from '../helpers/cli.js';
import { buildPage, flagsOnThePage, launchChromium, requireChromium, SKIP_BROWSER } from './browser.js';

let browser: Browser;
let serving: Serving;
let phone: BrowserContext;

beforeAll(async () => {
  if (!requireChromium('test/web/taps.test.ts')) return;
  const [dir, launched] = await Promise.all([buildPage(), launchChromium()]);
  browser = launched;
  serving = await serveWeb({ dir, port: 0 });
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'block' });
});

afterAll(async () => {
  await browser?.close();
  await serving?.close();
});

async function open(hash: string): Promise<Page> {
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(serving.url + hash);
  await page.waitForFunction(() => Number(document.getElementById('answer')?.dataset.answers ?? 0) >= 1);
  expect(errors).toEqual([]);
  return page;
}

/** Taps what shows this text inside a field's row (a button of a row of buttons, a checkbox's label ...). */
async function tapIn(page: Page, param: string, text: string | RegExp): Promise<void> {
  await page
    .locator(`[data-param="${param}"]`)
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .tap();
}

/** Taps a stepper's + (or −) `times` times. */
async function step(page: Page, inputId: string, by: 1 | -1, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.locator(`button.step[data-for="${inputId}"][data-by="${by}"]`).tap();
}

/** Waits until the page's command line is this one, and its answer is whole. */
async function settled(page: Page, command: string): Promise<void> {
  await page.waitForFunction(
    (c) =>
      document.getElementById('command')?.textContent === c &&
      document.getElementById('answer')?.dataset.complete === 'true',
    command,
    { timeout: 60_000 },
  );
}

const lastReport = (page: Page) =>
  page.evaluate(() => (window as unknown as { battleOdds: { lastReport(): BattleReport } }).battleOdds.lastReport());

/** The command line's answer to the same question, in this process. */
async function cliReport(args: string[]): Promise<BattleReport> {
  const r = await cli(['odds', ...args, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).battles[0] as BattleReport;
}

/** The page's answer is the command line's: every number, every line, and the headline as shown. */
async function sameAsCli(page: Page, args: string[]): Promise<void> {
  const [report, reference] = await Promise.all([lastReport(page), cliReport(args)]);
  expect(report.metrics).toEqual(reference.metrics);
  expect(report.verdict).toEqual(reference.verdict);
  const head = reference.metrics[0];
  const exact = reference.method === 'exact';
  expect(await page.textContent('.headline .value')).toBe(
    headlineValue(head, exact ? (head.exact as number) : head.estimate, exact),
  );
}

/** Opens every section of the answer, waits for their charts, and lists the flags any text names. */
async function flagsWithEverythingOpen(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) (d as HTMLDetailsElement).open = true;
  });
  await page.evaluate(() =>
    (window as unknown as { battleOdds: { chartsDrawn(): Promise<void> } }).battleOdds.chartsDrawn(),
  );
  return page.evaluate(flagsOnThePage);
}

/** No number anywhere: no headline, nothing in the phone's bar but the problem, no chart. */
async function showsNoNumber(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('answer')?.dataset.problem === 'true');
  expect(await page.locator('#answer .headline').count()).toBe(0);
  expect(await page.locator('#peek .value').count()).toBe(0);
  expect(await page.locator('#charts figure, .section:not([hidden])').count()).toBe(0);
  expect(await page.textContent('#answer-body')).not.toMatch(/\d%/);
  expect(await page.textContent('#command')).toBe('');
}

describe.skipIf(SKIP_BROWSER).concurrent('every game by taps on a phone, in chromium', () => {
  it("LandGrab: steppers, checkboxes and advice give the command line's numbers", async () => {
    const page = await open('#landgrab');
    await step(page, 'f-attackers', 1, 2);
    await step(page, 'f-defenders', -1);
    await tapIn(page, 'fortress', 'Fortress');
    await tapIn(page, 'defending-leader', 'Defending leader');
    await page.locator('details.more > summary').tap();
    await tapIn(page, 'advise', 'Advise on the decisions');
    const args = ['--attackers', '13', '--defenders', '9', '--fortress', '--defending-leader'];
    await settled(page, `battle-odds odds landgrab ${args.join(' ')} --exact-only --advise`);
    await sameAsCli(page, ['landgrab', ...args, '--advise']);
    // The recommendation first; the stop rule a tap away, read from its decision by name.
    expect(await page.locator('.verdict p').count()).toBe(1);
    const stop = page.locator('details.section[data-section="stopRule"]');
    expect(await stop.getAttribute('open')).toBeNull();
    await stop.locator('summary').tap();
    expect(await stop.locator('.section-body').textContent()).toMatch(/stop rule/i);
    expect(await flagsWithEverythingOpen(page)).toEqual([]);
    await page.close();
  });

  it("Kings & Things: the roster picker, a creature of one's own, forts and policies as buttons", async () => {
    const page = await open('#kings-and-things');
    // The example's Giant:4 is not the roster's Giant (4, ranged): the chip says so.
    expect(await page.locator('[data-param="attackers"] .note').textContent()).toContain("Not the roster's Giant");
    // Search the roster (the one thing typed) and tap to add.
    await page.locator('#f-attackers').tap();
    await page.keyboard.type('trol');
    await page.locator('#f-attackers-results button[aria-label^="Add Troll,"]').tap();
    // Two Giants: tap the chip, then +.
    await page.locator('[data-param="attackers"] button.chip', { hasText: 'Giant' }).tap();
    await step(page, 'f-attackers-count-0', 1);
    // A creature of one's own, from fields: a 4 that flies and fires in the magic step.
    await page.locator('[data-param="attackers"] .own-open').tap();
    await page.locator('#f-attackers-own-name').fill('Wyrm');
    await step(page, 'f-attackers-own-value', 1);
    await page.locator('[data-param="attackers"] .own').getByText('Magic', { exact: true }).tap();
    await page.locator('[data-param="attackers"] .own').getByText('Flies').tap();
    await page.locator('[data-param="attackers"] .own button.save').tap();
    await tapIn(page, 'fort', 'Keep');
    await tapIn(page, 'city', 'City');
    await page.locator('details.more > summary').tap();
    await tapIn(page, 'attacker-losses', 'Keep the strongest');
    await tapIn(page, 'retreat', 'After this many rounds');
    await step(page, 'f-retreat-rounds-n', 1);
    const attackers = '2x Giant:4,Elves:2R,Dragon:3*C,Troll,Wyrm:4*F';
    const rest = ['--defenders', 'Nomads', '--fort', 'keep', '--city', '--attacker-losses', 'protect-strongest'];
    const args = ['--attackers', attackers, ...rest, '--retreat', 'rounds:3'];
    await settled(
      page,
      `battle-odds odds kings-and-things --attackers '${attackers}' ${args.slice(2).join(' ')} --exact-only`,
    );
    await sameAsCli(page, ['kings-and-things', ...args]);
    expect(await flagsWithEverythingOpen(page)).toEqual([]);
    // Every counter removed: no question, so no number, and the field says why.
    for (let n = await page.locator('[data-param="attackers"] button.chip').count(); n > 0; n--) {
      const chip = page.locator('[data-param="attackers"] button.chip').first();
      if ((await chip.getAttribute('aria-expanded')) !== 'true') await chip.tap();
      await page.locator('[data-param="attackers"] .chip-edit button.remove').tap();
    }
    await showsNoNumber(page);
    expect(await page.textContent('#error-attackers')).toBe(
      'Attacking counters: the attacker needs at least one creature or character.',
    );
    await page.close();
  });

  it('Advanced Civilization: tokens as steppers, an unknown count as a range, technologies as checkboxes', async () => {
    const page = await open('#advanced-civilization');
    await step(page, 'f-attacker', 1);
    await tapIn(page, 'defender', 'From … to');
    await step(page, 'f-defender-to', 1);
    await tapIn(page, 'attacker-tech', 'Metalworking');
    const args = ['--limit', '3', '--attacker', '7', '--defender', '4-8', '--attacker-tech', 'metalworking'];
    const more = ['--defender-tech', 'engineering', '--fort'];
    await settled(page, `battle-odds odds advanced-civilization ${[...args, ...more].join(' ')} --exact-only`);
    await sameAsCli(page, ['advanced-civilization', ...args, ...more]);
    expect(await flagsWithEverythingOpen(page)).toEqual([]);
    await page.close();
  });

  it('Princes & Queens: one control per choice; a field that stops applying hides, leaving the question', async () => {
    const page = await open('#princes-and-queens');
    await tapIn(page, 'princes', 'Two Princes');
    await tapIn(page, 'defender', 'The Queen');
    // The defending Prince's distance no longer applies: hidden, out of the question and the link, no problem.
    expect(await page.isHidden('[data-param="defender-distance"]')).toBe(true);
    await tapIn(page, 'terrain', 'Plain');
    await step(page, 'f-distance', 1);
    const args = ['--distance', '3', '--princes', '2', '--defender', 'queen'];
    await settled(page, `battle-odds odds princes-and-queens ${args.join(' ')}`);
    await sameAsCli(page, ['princes-and-queens', ...args]);
    expect(new URL(page.url()).hash).toBe('#princes-and-queens?distance=3&princes=2&defender=queen');
    expect(await flagsWithEverythingOpen(page)).toEqual([]);
    // Back to a Prince: his distance is asked again, empty (it was cleared), so there is no answer until it is given.
    await tapIn(page, 'defender', 'A Prince');
    await showsNoNumber(page);
    expect(await page.textContent('#error-defender-distance')).toBe(
      "A defending Prince needs “Defending Prince's distance to his Queen”: the hexes from him to his own Queen.",
    );
    expect(await page.textContent('#problems')).toContain("Defending Prince's distance to his Queen");
    await step(page, 'f-defender-distance', 1);
    await settled(
      page,
      `battle-odds odds princes-and-queens --distance 3 --princes 2 --defender prince --defender-distance 1`,
    );
    await page.close();
  });

  it('shows no number for a question it cannot answer, and the answer again once it can', async () => {
    const page = await open('#landgrab?attackers=12&defenders=8');
    const before = await page.textContent('.headline .value');
    await page.locator('#f-attackers').fill('1');
    await showsNoNumber(page);
    expect(await page.textContent('#error-attackers')).not.toBe('');
    expect(await page.textContent('#peek')).toContain('No answer');
    expect(await page.evaluate(flagsOnThePage)).toEqual([]);
    await page.locator('#f-attackers').fill('12');
    await page.waitForFunction(() => document.getElementById('answer')?.dataset.problem === undefined);
    expect(await page.textContent('.headline .value')).toBe(before);
    await page.close();
  });
});
