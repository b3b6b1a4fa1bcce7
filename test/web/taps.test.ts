/**
 * Every game asked by taps only on a phone (390 px, touch), in Debian's chromium: the number
 * the page shows is the command line's (run in this process) for the same question, written
 * out here; no text on the page names a flag (the command-line block aside), with every
 * section of the answer open; a question that cannot be answered shows no number at all, and
 * says why; a field that stops applying hides, and its value leaves the question and the link.
 * The tests run at once, each on its own page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { BattleReport } from '../../src/core/model/report.js';
import { headlineValue } from '../../src/web/ui/report.js';
import { serveWeb, type Serving } from '../../src/files/serve.js';
import { cli } from '../helpers/cli.js';
import {
  buildPage,
  flagsOnThePage,
  focusedTextBox,
  expectWithinAFrame,
  launchChromium,
  overAFrame,
  PHONE,
  readPageWork,
  requireChromium,
  SKIP_BROWSER,
  startPageWork,
  untilWithinAFrame,
  watchPageWork,
} from './browser.js';

let serving: Serving;
let phone: BrowserContext;

beforeAll(async () => {
  if (!requireChromium('test/web/taps.test.ts')) return;
  const [dir, launched] = await Promise.all([buildPage(), launchChromium(PHONE)]);
  phone = launched;
  serving = await serveWeb({ dir, port: 0 });
});

afterAll(async () => {
  await phone?.close();
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
    headlineValue(head, exact ? (head.exact as number) : head.estimate, exact, report.system !== 'princes-and-queens'),
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

/** Waits until a field's error says this. */
async function errorIs(page: Page, param: string, text: string): Promise<void> {
  await page.waitForFunction(([p, t]) => document.getElementById(`error-${p}`)?.textContent === t, [param, text]);
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
    const page = await open('#kings-and-things?attackers=Giant:4,Elves:2R,Dragon:3*C&defenders=Nomads&fort=castle');
    // The link's Giant:4 is not the roster's Giant (4, ranged): the chip says so.
    expect(await page.locator('[data-param="attackers"] .note').textContent()).toContain("Not the roster's Giant");
    // Search the roster (typed: the search is still there) and tap to add.
    await page.locator('#f-attackers').tap();
    await page.keyboard.type('trol');
    await page.locator('#f-attackers-results button[aria-label^="Add Troll,"]').tap();
    // Two Giants: + on the Giant's chip.
    await step(page, 'f-attackers-count-0', 1);
    // A creature of one's own, from fields: named for you (renamed here), a 4 that flies and fires in the magic step.
    await page.locator('[data-param="attackers"] .own-open').tap();
    expect(await page.inputValue('#f-attackers-own-name')).toBe('My creature');
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
    // A chip's count emptied, then 0: no number for the count it had, and the field says why.
    await page.locator('#f-attackers-count-1').fill('');
    await errorIs(page, 'attackers', 'Attacking counters: how many Elves? Give a count from 1 to 30.');
    await showsNoNumber(page);
    await page.locator('#f-attackers-count-1').fill('0');
    await errorIs(page, 'attackers', 'Attacking counters: how many Elves? Give a count from 1 to 30, not 0.');
    await showsNoNumber(page);
    expect(new URL(page.url()).hash).toContain('0x%20Elves');
    await page.locator('#f-attackers-count-1').fill('1');
    await page.waitForFunction(() => document.getElementById('answer')?.dataset.problem === undefined);
    // The side cleared in one tap: no question, so no number, and the field says why.
    await page.locator('[data-param="attackers"] button.clear').tap();
    await errorIs(page, 'attackers', 'Attacking counters: the attacker needs at least one creature or character.');
    await showsNoNumber(page);
    // An empty side opens the roster to browse.
    expect(await page.isVisible('#f-attackers-browse')).toBe(true);
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

/**
 * Each game's question at the table, asked by taps only (no keyboard: no text box ever has the focus), the taps
 * counted; while they are answered, the page's own work never holds its main thread for more than 50 ms in a frame
 * (a tap must never freeze the page). The browser's long tasks are printed; what is checked is the page's scripts
 * in each long frame (Long Animation Frames): on a machine shared with other work a task's wall time also holds the
 * time the system gave other processes, which is the machine's, not the page's.
 */
describe.skipIf(SKIP_BROWSER)("each game's table question by taps only, on a phone", () => {
  /** Taps counted, the keyboard never opened, long tasks read from the first tap on. */
  async function tapsOnly(hash: string) {
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(watchPageWork);
    await page.goto(serving.url + hash);
    await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true', null, {
      timeout: 60_000,
    });
    // The page has loaded and answered its first question: what a tap costs is measured from here.
    await startPageWork(page);
    let taps = 0;
    const tap = async (locator: ReturnType<Page['locator']>) => {
      await locator.tap();
      taps++;
      // No keyboard: a tap never leaves a text box focused (a phone would open its keyboard).
      const focused = await focusedTextBox(page);
      expect(focused, `a text box focused after tap ${taps}`).toBe('');
    };
    const done = async (command: string) => {
      await settled(page, command);
      const { longTasks, frames, work } = await readPageWork(page);
      expect(errors).toEqual([]);
      if (overAFrame(longTasks).length > 0) console.log(`[web] long frames: ${frames.join('; ')}`);
      return { taps, longTasks, work };
    };
    return { page, tap, done };
  }

  const stepper = (page: Page, id: string, by: 1 | -1) =>
    page.locator(`button.step[data-for="${id}"][data-by="${by}"]`);
  const inRow = (page: Page, param: string, text: string) =>
    page.locator(`[data-param="${param}"]`).getByText(text, { exact: true }).first();
  const tile = (page: Page, side: string, id: string) => page.locator(`#f-${side}-browse button.tile[data-id="${id}"]`);
  const results: string[] = [];

  afterAll(() => console.log(`[web] table questions by taps only (390 px): ${results.join('; ')}`));

  type Taps = Awaited<ReturnType<Awaited<ReturnType<typeof tapsOnly>>['done']>>;
  /** The taps asked again on a fresh page while a frame's work is too long (untilWithinAFrame); the last checked. */
  async function withinAFrame(game: string, run: () => Promise<Taps>): Promise<Taps> {
    const runs = await untilWithinAFrame(run);
    const last = runs.at(-1)!;
    const again = runs.length > 1 ? `, in run ${runs.length}` : '';
    results.push(
      `${game} ${last.taps} taps, long tasks [${last.longTasks}] ms (the page's scripts [${last.work}] ms${again})`,
    );
    expectWithinAFrame(runs);
    return last;
  }

  it('Kings & Things: five attackers against four defenders in a castle, in at most 12 taps', async () => {
    const attackers = 'Giant,Troll,Ogre,Cyclops,Mountain Lion';
    const defenders = '2x Goblins,Mountain Men,Great Eagle';
    const { taps } = await withinAFrame('Kings & Things', async () => {
      const { page, tap, done } = await tapsOnly('#kings-and-things');
      // The attackers: cleared in one tap (the roster opens), the mountain creatures, one tap each.
      await tap(page.locator('[data-param="attackers"] button.clear'));
      await tap(page.locator('#f-attackers-browse').getByText('Mountain', { exact: true }));
      for (const id of ['Giant', 'Troll', 'Ogre', 'Cyclops', 'Mountain Lion']) await tap(tile(page, 'attackers', id));
      // The defenders: cleared, the roster opens on the group last used; two Goblins are two taps.
      await tap(page.locator('[data-param="defenders"] button.clear'));
      for (const id of ['Goblins', 'Goblins', 'Mountain Men', 'Great Eagle']) await tap(tile(page, 'defenders', id));
      const measured = await done(
        `battle-odds odds kings-and-things --attackers '${attackers}' --defenders '${defenders}' ` +
          '--fort castle --exact-only',
      );
      await sameAsCli(page, [
        'kings-and-things',
        '--attackers',
        attackers,
        '--defenders',
        defenders,
        '--fort',
        'castle',
      ]);
      await page.close();
      return measured;
    });
    expect(taps).toBeLessThanOrEqual(12);
  });

  it('LandGrab: 12 armies against 8 in a fortress, with advice', async () => {
    await withinAFrame('LandGrab', async () => {
      const { page, tap, done } = await tapsOnly('#landgrab');
      await tap(stepper(page, 'f-attackers', 1));
      await tap(stepper(page, 'f-defenders', -1));
      await tap(stepper(page, 'f-defenders', -1));
      await tap(inRow(page, 'fortress', 'Fortress'));
      await tap(page.locator('details.more > summary'));
      await tap(inRow(page, 'advise', 'Advise on the decisions'));
      const args = ['--attackers', '12', '--defenders', '8', '--fortress'];
      await settled(page, `battle-odds odds landgrab ${args.join(' ')} --exact-only --advise`);
      await sameAsCli(page, ['landgrab', ...args, '--advise']);
      // No stop rule reaches the usual 80%: the answer says what does, and moves the target there in a tap.
      const stop = page.locator('details.section[data-section="stopRule"]');
      expect(await stop.locator('.gist').textContent()).toBe(
        'none reaches 80%; the best is 53.1%; at 53%: break off in 3 places',
      );
      await tap(stop.locator('summary'));
      await tap(stop.locator('button.move-target', { hasText: 'Aim for 53% instead' }));
      const measured = await done(`battle-odds odds landgrab ${args.join(' ')} --exact-only --target 0.53 --advise`);
      await sameAsCli(page, ['landgrab', ...args, '--target', '0.53', '--advise']);
      expect(await stop.locator('.gist').textContent()).toBe('break off in 3 places');
      await page.close();
      return measured;
    });
  });

  it('Advanced Civilization: 7 tokens against 4 to 8 with Metalworking', async () => {
    await withinAFrame('Advanced Civilization', async () => {
      const { page, tap, done } = await tapsOnly('#advanced-civilization');
      await tap(stepper(page, 'f-attacker', 1));
      await tap(inRow(page, 'defender', 'From … to'));
      await tap(stepper(page, 'f-defender-to', 1));
      await tap(inRow(page, 'attacker-tech', 'Metalworking'));
      const args = ['--limit', '3', '--attacker', '7', '--defender', '4-8', '--attacker-tech', 'metalworking'];
      const more = ['--defender-tech', 'engineering', '--fort'];
      const measured = await done(
        `battle-odds odds advanced-civilization ${[...args, ...more].join(' ')} --exact-only`,
      );
      await page.close();
      return measured;
    });
  });

  it('Princes & Queens: two Princes three hexes from their Queen against the Queen on a plain', async () => {
    await withinAFrame('Princes & Queens', async () => {
      const { page, tap, done } = await tapsOnly('#princes-and-queens');
      await tap(inRow(page, 'princes', 'Two Princes'));
      await tap(inRow(page, 'defender', 'The Queen'));
      await tap(inRow(page, 'terrain', 'Plain'));
      await tap(stepper(page, 'f-distance', 1));
      const measured = await done('battle-odds odds princes-and-queens --distance 3 --princes 2 --defender queen');
      await page.close();
      return measured;
    });
  });
});
