/**
 * "Plan a turn" in a real browser on a phone (390 px, touch), by taps only: the example board planned, edited (an
 * owner, armies, a fortress, a link) with the taps counted, the plan marked on the drawing (the placement's +N, the
 * attacks as arrows, the first bold), and every number the command line's (`plan landgrab --json` on the board file
 * the page offers, in this process); the page's own scripts never hold its thread over 50 ms in a frame; the link
 * carries the board; refusals are in a player's words on what they are about; the bench board (issue 28's) is
 * planned by taps in the command line's words, its progress shown, and given up at once for a newer board.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { BattleReport } from '../../src/core/model/report.js';
import { headlineValue } from '../../src/web/ui/report.js';
import { serveWeb, type Serving } from '../../src/files/serve.js';
import { cli, tempDir } from '../helpers/cli.js';
import {
  buildPage,
  contrastFailures,
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
  wordsLeaks,
} from './browser.js';

let serving: Serving;
let phone: BrowserContext;
const dir = tempDir('battle-odds-turn-browser-');

beforeAll(async () => {
  if (!requireChromium('test/web/turnPage.test.ts')) return;
  const [built, launched] = await Promise.all([buildPage(), launchChromium(PHONE)]);
  phone = launched;
  serving = await serveWeb({ dir: built, port: 0 });
});

afterAll(async () => {
  await phone?.close();
  await serving?.close();
});

type Odds = {
  battleOdds: {
    lastReport(): BattleReport;
    chartsDrawn(): Promise<void>;
    replacedQuestions(): number;
    idle(): boolean;
  };
};
const lastReport = (page: Page) => page.evaluate(() => (window as unknown as Odds).battleOdds.lastReport());

/** A page at a link, its first answer in; the page's work recorded from `startPageWork` on. */
async function open(hash: string): Promise<{ page: Page; errors: string[] }> {
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(watchPageWork);
  await page.goto(serving.url + hash);
  await page.waitForFunction(
    () => {
      const answer = document.getElementById('answer');
      return answer?.dataset.complete === 'true' || answer?.dataset.problem === 'true';
    },
    null,
    { timeout: 60_000 },
  );
  return { page, errors };
}

/** Waits until the page's command line is this one and its answer whole (or, with `problem`, a refusal). */
async function settled(page: Page, command: string): Promise<void> {
  await page.waitForFunction(
    (c) =>
      (window as unknown as Odds).battleOdds.idle() &&
      document.getElementById('command')?.textContent === c &&
      document.getElementById('answer')?.dataset.complete === 'true',
    command,
    { timeout: 120_000 },
  );
}

async function refused(page: Page): Promise<string> {
  await page.waitForFunction(
    () =>
      (window as unknown as Odds).battleOdds.idle() && document.getElementById('answer')?.dataset.problem === 'true',
    null,
    { timeout: 60_000 },
  );
  expect(await page.locator('#answer .headline').count()).toBe(0);
  expect(await page.locator('#peek .value').count()).toBe(0);
  expect(await page.textContent('#command')).toBe('');
  return (await page.textContent('#problems')) ?? '';
}

/** The command line's answer to the page's command, run on the board file the page offers beside it. */
async function cliReport(page: Page, name: string): Promise<BattleReport> {
  const href = (await page.getAttribute('#board-file', 'href')) ?? '';
  expect(href.startsWith('data:application/json')).toBe(true);
  const board = decodeURIComponent(href.slice(href.indexOf(',') + 1));
  const file = path.join(dir, name, 'board.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, board);
  const words = ((await page.textContent('#command')) ?? '').split(' ').slice(1);
  expect(words.slice(0, 4)).toEqual(['plan', 'landgrab', '--board', 'board.json']);
  words[3] = file;
  const r = await cli([...words, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).battles[0] as BattleReport;
}

/** The page's answer is the command line's: every number, sentence, table and the plan; the headline as shown. */
async function sameAsCli(page: Page, name: string): Promise<BattleReport> {
  const [report, reference] = await Promise.all([lastReport(page), cliReport(page, name)]);
  expect({ ...report, elapsedMs: 0 }).toEqual({ ...reference, elapsedMs: 0 });
  const head = reference.metrics[0];
  expect(await page.textContent('.headline .value')).toBe(headlineValue(head, head.exact as number, true));
  return report;
}

/** The plan's marks on the drawing: the placement (+N by territory) and the attacks' arrows, in order. */
async function drawnMarks(page: Page) {
  return page.evaluate(() => ({
    placed: [...document.querySelectorAll('g.territory')]
      .filter((g) => g.querySelector('.placed-text'))
      .map((g) => `${g.getAttribute('data-name')} ${g.querySelector('.placed-text')?.textContent}`),
    attacks: [...document.querySelectorAll('path.attack')].map(
      (p) => `${p.getAttribute('data-from')}>${p.getAttribute('data-to')}${p.classList.contains('first') ? '!' : ''}`,
    ),
  }));
}

function marksOf(report: BattleReport) {
  const plan = report.decisions!.plan!;
  const attacks = plan.mainLine.filter((s) => s.kind === 'attack').map((s) => `${s.from}>${s.to}`);
  return {
    placed: plan.placement.map((p) => `${p.territory} +${p.armies}`).sort(),
    attacks: attacks.map((a, i) => (i === 0 ? `${a}!` : a)),
  };
}

const territory = (page: Page, name: string) => page.locator(`g.territory[data-name="${name}"]`);
const panel = (page: Page) => page.locator('.territory-panel');
const results: string[] = [];
afterAll(() => console.log(`[web] plan a turn by taps (390 px): ${results.join('; ')}`));

describe.skipIf(SKIP_BROWSER)('plan a turn on a phone, by taps only', () => {
  let link = '';

  /** The example board planned and edited by taps on a fresh page, every answer checked; the page's work read. */
  async function exampleByTaps() {
    const { page, errors } = await open('#landgrab');
    await startPageWork(page);
    let taps = 0;
    const tap = async (locator: ReturnType<Page['locator']>) => {
      await locator.tap();
      taps++;
      // No keyboard: a tap never leaves a text box focused.
      const focused = await focusedTextBox(page);
      expect(focused, `a text box focused after tap ${taps}`).toBe('');
    };
    const plan = 'battle-odds plan landgrab --board board.json --objective continent:East --exact-only';

    await tap(page.locator('label.kind', { hasText: 'Plan a turn' }));
    await settled(page, plan);
    const example = await sameAsCli(page, 'example');
    expect(example.verdict[0]).toBe(
      'Put 5 on West; attack Keep from West; you hold East at the end of the turn 55.2% of the time.',
    );
    const marks = await drawnMarks(page);
    expect({ ...marks, placed: marks.placed.sort() }).toEqual(marksOf(example));
    expect(marks.placed).toEqual(['West +5']);
    expect(marks.attacks[0]).toBe('West>Keep!');
    // The plan's steps are open: the main line in the report's words, its tables built.
    const steps = page.locator('details.section[data-section="plan"]');
    expect(await steps.getAttribute('open')).not.toBeNull();
    expect(await steps.locator('.line').first().textContent()).toBe(example.verdict[1]);
    expect(await steps.locator('figcaption').allTextContents()).toEqual([
      'Where the reinforcements go (the best placement)',
      'The main line: the likeliest course of the plan',
    ]);

    // An owner, armies, a fortress taken away, a link added: each a tap or two.
    await tap(territory(page, 'Pass'));
    expect(await page.textContent('#turn-panel-title')).toBe('Pass');
    await tap(panel(page).locator('.owners label', { hasText: 'green' }));
    await tap(page.locator('button.step[data-for="turn-armies"][data-by="1"]'));
    await tap(territory(page, 'Keep'));
    await tap(panel(page).locator('button[data-action="fortress"]'));
    await tap(panel(page).locator('button[data-action="link"]'));
    expect(await page.textContent('#turn-hint')).toBe(
      'Tap a territory to link it with Keep (one it touches: to unlink them).',
    );
    await tap(territory(page, 'North'));
    await page.waitForFunction(() => location.hash.includes('2-4,3-4,4-5,3-5,3-2'));
    await settled(page, plan);
    expect(new URL(page.url()).hash).toBe(
      '#landgrab?kind=turn&territories=West:red:7,North:red:4,Keep:blue:4,Pass:green:3,Port:blue:3:l' +
        '&links=1-3,2-4,3-4,4-5,3-5,3-2&continents=East:3:3.4.5&reinforcements=5',
    );
    const edited = await sameAsCli(page, 'edited');
    expect(edited.verdict[0]).not.toBe(example.verdict[0]);
    const after = await drawnMarks(page);
    expect({ ...after, placed: after.placed.sort() }).toEqual(marksOf(edited));
    // The drawing says what it holds: Pass green with 3, Keep no longer a fortress, Keep and North linked.
    expect(await territory(page, 'Pass').getAttribute('aria-label')).toBe('Pass: green, 3 armies');
    expect(await territory(page, 'Keep').locator('rect.disc').count()).toBe(0);
    expect(await panel(page).locator('.hint').first().textContent()).toBe('Touches West, Pass, Port, North.');

    const { work, frames } = await readPageWork(page);
    if (overAFrame(work).length > 0) console.log(`[web] long frames: ${frames.join('; ')}`);
    expect(taps).toBe(8);
    return { page, errors, taps, work };
  }

  it("plans the example board, edits it by taps, marks the plan and gives the command line's numbers", async () => {
    const runs = await untilWithinAFrame(async () => {
      const run = await exampleByTaps();
      // A run over the frame's promise is asked again on a fresh page (untilWithinAFrame): this one is done.
      if (overAFrame(run.work).length > 0) await run.page.close();
      return run;
    });
    const { page, taps, work } = runs.at(-1)!;
    // No error on the page in any run, the ones asked again included.
    const errors = runs.flatMap((run) => run.errors);
    const again = runs.length > 1 ? `, in run ${runs.length}` : '';
    results.push(`${taps} taps, the page's scripts in long frames [${work}] ms${again}`);
    expectWithinAFrame(runs);
    // Every section open: a player's words throughout, no flag outside the command line.
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) (d as HTMLDetailsElement).open = true;
    });
    await page.evaluate(() => (window as unknown as Odds).battleOdds.chartsDrawn());
    expect(await page.evaluate(flagsOnThePage)).toEqual([]);
    expect(await page.evaluate(wordsLeaks, { optionIds: ['dice', 'one', 'defender', 'attacker'] })).toEqual([]);
    expect(errors).toEqual([]);
    link = page.url();
    await page.close();
  });

  it('carries the board in its link: the same board, drawing and numbers', async () => {
    expect(link).toContain('territories=');
    const { page, errors } = await open(new URL(link).hash);
    await settled(page, 'battle-odds plan landgrab --board board.json --objective continent:East --exact-only');
    expect(await page.isChecked('input[name="kind"][value="turn"]')).toBe(true);
    expect(await page.isHidden('#link-note')).toBe(true);
    expect(await territory(page, 'Pass').getAttribute('aria-label')).toBe('Pass: green, 3 armies');
    const report = await sameAsCli(page, 'linked');
    const marks = await drawnMarks(page);
    expect({ ...marks, placed: marks.placed.sort() }).toEqual(marksOf(report));
    expect(new URL(page.url()).hash).toBe(new URL(link).hash);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("refuses in a player's words, on the territory or the board, and shows no number", async () => {
    const { page, errors } = await open('#landgrab?kind=turn');
    // A capitol on Keep, a fortress: by two taps.
    await territory(page, 'Keep').tap();
    await panel(page).locator('button[data-action="capitol"]').tap();
    const words = 'Keep: a capitol cannot stand on a fortress; take one of them away.';
    expect(await refused(page)).toContain(words);
    expect(await page.textContent('#turn-error-board')).toBe(words);
    expect(await panel(page).locator('.error').textContent()).toBe(words);
    expect(await territory(page, 'Keep').getAttribute('aria-invalid')).toBe('true');
    expect(await page.textContent('#peek')).toBe(`No answer: ${words}`);
    // The marks of the last plan are gone with its number.
    expect((await drawnMarks(page)).attacks).toEqual([]);
    // "Show" beside the problem chooses the territory it is about.
    await panel(page).locator('button[data-action="done"]').tap();
    expect(await panel(page).isHidden()).toBe(true);
    await page.locator('#problems button', { hasText: 'Show' }).tap();
    expect(await page.textContent('#turn-panel-title')).toBe('Keep');
    // Taken away again: the answer is back.
    await panel(page).locator('button[data-action="capitol"]').tap();
    await settled(page, 'battle-odds plan landgrab --board board.json --objective continent:East --exact-only');
    expect(await territory(page, 'Keep').getAttribute('aria-invalid')).toBeNull();

    const links: Array<[string, string, string]> = [
      [
        'territories=West:red:7,North:red:4,Keep:blue:4:f,Pass:blue:2:c,Port:blue:3:c&links=1-3,2-4,3-4,4-5,3-5',
        'turn-error-board',
        'Port: blue already has a capitol on Pass; a player has one capitol.',
      ],
      ['me=purple', 'turn-error-board', 'You (purple) hold no territory: give yourself one, or play another player.'],
      [
        `territories=${Array.from({ length: 17 }, (_, i) => `T${i + 1}:${i ? 'blue' : 'red'}:2`).join(',')}`,
        'turn-error-board',
        'The board has 17 territories, more than the 16 the planner takes: remove one.',
      ],
      [
        'goal=capitol:blue',
        'turn-error-goal',
        'Blue has no capitol to take: give blue a capitol, or pick another objective.',
      ],
      ['reinforcements=250', 'turn-error-reinforcements', 'The reinforcements must be at most 200.'],
    ];
    for (const [query, where, message] of links) {
      await page.evaluate((h) => (location.hash = h), `#landgrab?kind=turn&${query}`);
      expect(await refused(page), query).toContain(message);
      await page.waitForFunction(([id, text]) => document.getElementById(id)?.textContent === text, [where, message]);
      expect(await page.evaluate(wordsLeaks, { optionIds: [] }), query).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads a damaged board link as far as it can, says what it left out, and asks the rest', async () => {
    const { page, errors } = await open(
      '#landgrab?kind=turn&territories=West:red:7,North:red:4,Keep:blue:4:f,Bad,Pass:blue:2&links=1-3,2-4,3-4,7-1' +
        '&continents=East:3:3.4',
    );
    await settled(page, 'battle-odds plan landgrab --board board.json --objective continent:East --exact-only');
    expect(await page.textContent('#link-note')).toBe(
      'Not all of the link could be read: “Bad” is not a territory (name:owner:armies): left out; ' +
        'the link “7-1” joins no two territories of the board: left out.',
    );
    expect(await page.locator('g.territory').count()).toBe(4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('labels every control of the board and its panel, for screen readers and keyboards, at AA contrast', async () => {
    const { page, errors } = await open('#landgrab?kind=turn&goal=value&worth=2');
    await settled(
      page,
      'battle-odds plan landgrab --board board.json --objective value --territory-worth 2 --exact-only',
    );
    // The keyboard: a territory is a button (Enter chooses it), its panel opens.
    await page.focus('g.territory[data-name="Port"]');
    await page.keyboard.press('Enter');
    expect(await page.textContent('#turn-panel-title')).toBe('Port');
    expect(await territory(page, 'Port').getAttribute('aria-pressed')).toBe('true');
    expect(await territory(page, 'Port').getAttribute('aria-label')).toBe('Port: blue, 3 armies, a leader');
    // Where the plan places its armies, said in the territory's words too.
    const [placed] = (await lastReport(page)).decisions!.plan!.placement;
    expect(await territory(page, placed.territory).getAttribute('aria-label')).toMatch(
      new RegExp(`; the plan places ${placed.armies} here$`),
    );
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) (d as HTMLDetailsElement).open = true;
    });
    const unlabelled = await page.$$eval('input, select, button', (els) =>
      els
        .filter(
          (e) =>
            (e as HTMLElement).checkVisibility?.() &&
            !(e as HTMLInputElement).labels?.length &&
            !e.getAttribute('aria-label') &&
            !e.textContent?.trim(),
        )
        .map((e) => e.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    expect(await page.evaluate(contrastFailures)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("plans the bench board by taps in the CLI's words, its progress shown; a newer board wins", async () => {
    const { page, errors } = await open('#landgrab?kind=turn');
    const plan = 'battle-odds plan landgrab --board board.json --objective continent:East --exact-only';
    const bench = page.locator('button[data-board="bench"]');
    const example = page.locator('button[data-board="example"]');
    expect(await bench.textContent()).toBe('Bench board: 8 territories (about 7 s to plan; longer on a phone)');
    // Asked, and replaced by the example board a moment later: the example's answer comes, the bench's work is
    // given up (its worker replaced), not waited for.
    const replaced = await page.evaluate(() => (window as unknown as Odds).battleOdds.replacedQuestions());
    await bench.tap();
    await page.waitForFunction(() =>
      /^Planning the turn… \d/.test(document.getElementById('status')?.textContent ?? ''),
    );
    // Under way: the seconds so far, no number of the last board anywhere, nor its marks.
    expect(await page.locator('#answer .headline').count()).toBe(0);
    expect(await page.textContent('#peek')).toMatch(/^Planning the turn… /);
    expect((await drawnMarks(page)).attacks).toEqual([]);
    await example.tap();
    await settled(page, plan);
    expect((await lastReport(page)).verdict[0]).toMatch(/^Put 5 on West/);
    expect(await page.evaluate(() => (window as unknown as Odds).battleOdds.replacedQuestions())).toBe(replaced + 1);

    // Planned to the end: the command line's numbers.
    await bench.tap();
    await settled(page, plan);
    // The page's own plan, exact, in the command line's words: the binary's bench plan is the README's checked block
    // (test/readme, the same sentence), and the whole report against the command line's is the example board's above.
    const report = await lastReport(page);
    expect(report.method).toBe('exact');
    expect(await page.textContent('.headline .value')).toBe(
      headlineValue(report.metrics[0], report.metrics[0].exact as number, true),
    );
    expect(report.verdict[0]).toBe(
      'Put 4 on C, 2 on B and 2 on D; attack E from A; you hold East at the end of the turn 88.1% of the time.',
    );
    const marks = await drawnMarks(page);
    expect(marks.placed.sort()).toEqual(['B +2', 'C +4', 'D +2']);
    expect(marks.attacks[0]).toBe('A>E!');
    expect(errors).toEqual([]);
    await page.close();
  });
});
