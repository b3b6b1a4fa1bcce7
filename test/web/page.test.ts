/**
 * The built page in a real browser (Debian's chromium, driven by playwright-core): every
 * system the core has answers its example question with the command line's numbers for
 * the same seed; exact answers follow each keystroke; sampled ones run on the worker pool
 * and give way to the next question; the URL holds the question; the page works offline;
 * labels, focus order and contrast; screenshots at phone and desktop widths.
 * One browser for the file, its tests run at once, each on its own page (they mostly wait for the
 * page); skipped (with the reason) when chromium is missing.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SYSTEM_MODULES } from '../../src/core/registry/systems.js';
import type { BattleReport } from '../../src/core/model/report.js';
import { headlineValue } from '../../src/web/ui/report.js';
import { serveWeb, type Serving } from '../../src/files/serve.js';
import { commandWords, exampleState, firstQuestion, hasChance } from '../../src/web/question/state.js';
import { stateToHash } from '../../src/web/question/url.js';
import { cli } from '../helpers/cli.js';
import {
  buildPage,
  flagsOnThePage,
  launchChromium,
  requireChromium,
  SCREENSHOTS,
  SKIP_BROWSER,
  wordsLeaks,
  contrastFailures,
} from './browser.js';
import { fieldsOf } from '../../src/web/question/fields.js';
import { KT_ATTACKERS, KT_DEFENDERS, LOOKED_AT } from './questions.js';

/** Every system the page will offer; the ones not in the core yet are skipped with the reason. */
const ALL_SYSTEMS = ['landgrab', 'princes-and-queens', 'kings-and-things', 'advanced-civilization'];
const moduleOf = (id: string) => SYSTEM_MODULES.find((m) => m.system.id === id);

let serving: Serving;
let context: BrowserContext;

beforeAll(async () => {
  if (!requireChromium('test/web/page.test.ts')) return;
  const desktop = { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' } as const;
  const [dir, launched] = await Promise.all([buildPage(), launchChromium(desktop)]);
  context = launched;
  serving = await serveWeb({ dir, port: 0 });
});

afterAll(async () => {
  await context?.close();
  await serving?.close();
});

/** A page at a link (in `on`, sized `viewport`), its whole answer in, with no error on the way. */
async function open(
  hash: string,
  { on = context, viewport }: { on?: BrowserContext; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const page = await on.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(serving.url + hash);
  await answers(page, 1);
  // Whole: a question beyond the odds may show its number first and the rest from a worker (advice.ts).
  await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true', null, {
    timeout: 60_000,
  });
  expect(errors).toEqual([]);
  return page;
}

/** Asks another question on an open page, as following a link to it there does; waits for its first answer. */
async function follow(page: Page, hash: string): Promise<void> {
  const before = await answerCount(page);
  await page.evaluate((h) => (location.hash = h), hash);
  await answers(page, before + 1);
}

const answerCount = (page: Page) =>
  page.evaluate(() => Number(document.getElementById('answer')?.dataset.answers ?? 0));

/** Waits until the page has finished `n` answers. */
async function answers(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => Number(document.getElementById('answer')?.dataset.answers ?? 0) >= k, n, {
    timeout: 60_000,
  });
}

const lastReport = (page: Page) =>
  page.evaluate(() => (window as unknown as { battleOdds: { lastReport(): BattleReport } }).battleOdds.lastReport());

async function cliReport(args: string[]): Promise<BattleReport> {
  const r = await cli(['odds', ...args, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).battles[0] as BattleReport;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe.skipIf(SKIP_BROWSER).concurrent('the web page in chromium', () => {
  for (const id of ALL_SYSTEMS) {
    const module = moduleOf(id);
    const reason = `${id} is not in the core's systems yet (src/core/registry/systems.ts): enabled when it is`;
    it.skipIf(!module)(
      `answers the example question of ${id} with the CLI's numbers for the same seed` +
        (module ? '' : ` (skipped: ${reason})`),
      async () => {
        const m = module!;
        const sampling = Boolean(m.system.sampler);
        const state = exampleState(m);
        const hash = stateToHash(
          m,
          sampling ? { ...state, method: 'sample', seed: 'web page', trials: '50000' } : state,
        );
        const page = await open(hash);
        const words = commandWords(firstQuestion(m)!).slice(2);
        const reference = await cliReport(
          sampling ? [...words, '--sample', '--seed', 'web page', '--trials', '50000'] : words,
        );
        const report = await lastReport(page);
        expect(report.metrics).toEqual(reference.metrics);
        expect(report.verdict).toEqual(reference.verdict);
        expect(report.label).toBe(reference.label);
        const head = reference.metrics[0];
        const shown = await page.textContent('.headline .value');
        const exact = report.method === 'exact';
        if (head.kind === 'probability')
          expect(shown).toBe(headlineValue(head, exact ? head.exact! : head.estimate, exact, hasChance(m)));
        expect(await page.textContent('#command')).toContain(`battle-odds odds ${id}`);
        // A player's words everywhere else: no flag in any label, help, choice, message or chart title.
        await page.evaluate(() =>
          (window as unknown as { battleOdds: { chartsDrawn(): Promise<void> } }).battleOdds.chartsDrawn(),
        );
        expect(await page.evaluate(flagsOnThePage)).toEqual([]);
        await page.close();
      },
    );
  }

  it('follows every keystroke with the exact number (LandGrab, auto = exact), and reports the latency', async () => {
    const page = await open('#landgrab?attackers=11&defenders=100');
    await page.focus('#f-attackers');
    await page.keyboard.press('End');
    const latencies: number[] = [];
    const where: string[] = [];
    const painted: number[] = [];
    for (const key of ['0', 'Backspace', '1', 'Backspace', '2', 'Backspace']) {
      for (const k of key === 'Backspace' ? [key] : [key]) {
        const before = await answerCount(page);
        await page.keyboard.press(k);
        await answers(page, before + 1);
        await page.waitForFunction(() => document.getElementById('answer')?.dataset.paintedMs !== undefined);
        const timing = await page.evaluate(() => ({ ...document.getElementById('answer')!.dataset }));
        latencies.push(Number(timing.latencyMs));
        where.push(timing.solved as string);
        painted.push(Number(timing.paintedMs));
      }
    }
    // Then 101 vs 100, typed fast: the page keeps up and settles on the last question.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('101');
    await page.waitForFunction(() => document.querySelector('#command')?.textContent?.includes('--attackers 101'));
    const report = await lastReport(page);
    const reference = await cliReport(['landgrab', '--attackers', '101', '--defenders', '100', '--exact-only']);
    expect(report.method).toBe('exact');
    expect(report.metrics).toEqual(reference.metrics);
    console.log(
      `[web] keystroke -> exact number on the page (LandGrab ~110 vs 100, ${latencies.length} keystrokes): ` +
        `median ${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ` +
        `to the next frame after it: median ${median(painted).toFixed(1)} ms; solved on: ${where.join(',')}`,
    );
    await page.close();
  });

  // The same measurement for the other systems: each keystroke replaces the field's last character with a digit
  // (select it, type), so every keystroke is a new valid question with an exact answer; Kings & Things, asked by
  // taps, taps the fort's buttons in turn (a tap is timed from its event, as a keystroke is).
  const KT = `#kings-and-things?attackers=${KT_ATTACKERS}&defenders=${KT_DEFENDERS}&fort=castle`;
  // From the castle: every fort, and each change to and from the castle.
  const FORTS = ['Keep', 'Castle', 'Tower', 'Castle'];
  const typing: Array<{ what: string; hash: string; field: string; keys: string[]; taps?: boolean }> = [
    { what: 'Kings & Things, 8 vs 6 creatures in a fort', hash: KT, field: 'fort', keys: FORTS, taps: true },
    {
      what: 'Kings & Things, the same with --target 0.8',
      hash: `${KT}&target=0.8`,
      field: 'fort',
      keys: FORTS,
      taps: true,
    },
    {
      what: 'Kings & Things, the same with --target 0.8 --advise',
      hash: `${KT}&target=0.8&advise`,
      field: 'fort',
      keys: FORTS,
      taps: true,
    },
    {
      what: 'Advanced Civilization, limit 3, 5-9 tokens vs 4 with engineering and a fort',
      hash: '#advanced-civilization?limit=3&attacker=6&defender=4&defender-tech=engineering&fort',
      field: 'attacker',
      keys: ['7', '5', '8', '6', '9'],
    },
    {
      what: 'Princes & Queens, a Prince 1-5 hexes from his Queen',
      hash: '#princes-and-queens',
      field: 'distance',
      keys: ['3', '1', '4', '2', '5'],
    },
  ];
  for (const { what, hash, field, keys, taps } of typing) {
    const module = moduleOf(hash.slice(1).split('?')[0]);
    it.skipIf(!module)(`follows every ${taps ? 'tap' : 'keystroke'} with the exact number: ${what}`, async () => {
      const page = await open(hash);
      if (!taps) {
        await page.focus(`#f-${field}`);
        await page.keyboard.press('End');
      }
      const latencies: number[] = [];
      const painted: number[] = [];
      const complete: number[] = [];
      const where: string[] = [];
      for (const key of keys) {
        if (!taps) await page.keyboard.press('Shift+ArrowLeft');
        const before = await answerCount(page);
        if (taps) await page.locator(`[data-param="${field}"]`).getByText(key, { exact: true }).click();
        else await page.keyboard.press(key);
        await answers(page, before + 1);
        await page.waitForFunction(() => document.getElementById('answer')?.dataset.paintedMs !== undefined);
        const timing = await page.evaluate(() => ({ ...document.getElementById('answer')!.dataset }));
        expect(timing.method).toBe('exact');
        latencies.push(Number(timing.latencyMs));
        painted.push(Number(timing.paintedMs));
        // A question the system is slow to answer (advice) comes whole a little later, from a worker.
        await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true');
        const whole = await page.evaluate(() => ({ ...document.getElementById('answer')!.dataset }));
        complete.push(Number(whole.completeMs));
        // The number never waits for the rest: it came first, or with it.
        expect(Number(whole.completeMs)).toBeGreaterThanOrEqual(Number(timing.latencyMs));
        where.push(whole.restOn ? `${timing.solved}+${whole.restOn}` : timing.solved!);
      }
      const last = keys[keys.length - 1];
      if (taps) expect(await page.locator(`[data-param="${field}"] input:checked + span`).textContent()).toBe(last);
      else expect(await page.inputValue(`#f-${field}`)).toMatch(new RegExp(`${last}$`));
      // The last answer is the command line's, whatever thread worked it out.
      const report = await lastReport(page);
      const reference = await cliReport(commandWords((await page.textContent('#command')) ?? '').slice(2));
      expect(report.verdict).toEqual(reference.verdict);
      expect(report.metrics).toEqual(reference.metrics);
      expect(report.tables).toEqual(reference.tables);
      const whole = complete.some((ms, i) => ms !== latencies[i])
        ? `; the whole answer (the rest from a worker): median ${median(complete).toFixed(1)} ms, ` +
          `max ${Math.max(...complete).toFixed(1)} ms`
        : '';
      console.log(
        `[web] ${taps ? 'tap' : 'keystroke'} -> exact number on the page (${what}, ${latencies.length} ` +
          `${taps ? 'taps' : 'keystrokes'}): median ${median(latencies).toFixed(1)} ms, ` +
          `max ${Math.max(...latencies).toFixed(1)} ms; to the next frame after it: ` +
          `median ${median(painted).toFixed(1)} ms${whole}; solved on: ${where.join(',')}`,
      );
      await page.close();
    });
  }

  it('runs a sampled answer on the worker pool, with progress, and drops it for the next question', async () => {
    // 200,000 trials: 20 chunks, shared by the workers.
    const page = await open('#landgrab?attackers=11&defenders=10&method=sample&trials=200000');
    const first = await lastReport(page);
    expect(first.trials).toBe(200_000);
    const threads = await page.evaluate(
      () => (window as unknown as { battleOdds: { threads: number } }).battleOdds.threads,
    );
    console.log(
      `[web] sampled answer, LandGrab 11 vs 10, ${first.trials.toLocaleString('en')} trials on ${threads} workers: ` +
        `${first.elapsedMs.toFixed(0)} ms ` +
        '(first run: includes starting the workers)',
    );
    // Warm workers: the same question with another seed.
    let before = await answerCount(page);
    await page.fill('#f-seed', 'warm');
    await answers(page, before + 1);
    const warm = await lastReport(page);
    console.log(`[web] the same with warm workers (seed "warm"): ${warm.elapsedMs.toFixed(0)} ms`);
    // A second question, then a third before the second can finish: the second is dropped.
    before = await answerCount(page);
    await page.fill('#f-trials', '100000000');
    await page.waitForFunction(() => !(document.getElementById('progress') as HTMLProgressElement).hidden);
    const progress = await page.evaluate(() => (document.getElementById('progress') as HTMLProgressElement).value);
    expect(progress).toBeGreaterThan(0);
    expect(await page.textContent('#status')).toMatch(/of 100,000,000 trials/);
    await page.selectOption('#f-method', 'auto');
    await answers(page, before + 1);
    await page.waitForTimeout(300);
    const report = await lastReport(page);
    expect(report.method).toBe('exact');
    expect(await answerCount(page)).toBe(before + 1);
    expect(await page.evaluate(() => document.getElementById('answer')?.dataset.method)).toBe('exact');
    expect(await page.isHidden('#progress')).toBe(true);
    await page.close();
  });

  it('keeps the question in the URL: edit, copy the link, get the same question and answer', async () => {
    const page = await open('#landgrab');
    await page.click('text=A chain');
    await page.fill('#f-attackers', '20');
    await page.fill('#f-path', '3,5,2');
    await page.fill('#f-fortresses', '2');
    await page.waitForFunction(() => document.querySelector('#command')?.textContent?.includes('--fortresses 2'));
    const url = page.url();
    expect(new URL(url).hash).toBe('#landgrab?kind=chain&attackers=20&path=3,5,2&fortresses=2');
    const report = await lastReport(page);
    const again = await open(new URL(url).hash);
    expect(await again.inputValue('#f-path')).toBe('3,5,2');
    expect(await again.isChecked('input[name="kind"][value="chain"]')).toBe(true);
    expect(await again.isHidden('#f-defenders')).toBe(true);
    expect((await lastReport(again)).metrics).toEqual(report.metrics);
    // A link to another question of the game, followed on the open page: its form takes the question in place (a
    // section the player opened stays open), and a link back gives the answer a page opened at it gives.
    await page.locator('details.more > summary').click();
    await follow(page, '#landgrab?attackers=7&defenders=3');
    await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true');
    expect(await page.textContent('#command')).toContain('--attackers 7 --defenders 3');
    expect(await page.inputValue('#f-attackers')).toBe('7');
    expect(await page.isChecked('input[name="kind"][value="battle"]')).toBe(true);
    expect(await page.isHidden('#f-path')).toBe(true);
    expect(await page.getAttribute('details.more', 'open')).not.toBeNull();
    await follow(page, new URL(url).hash);
    await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true');
    expect(await page.inputValue('#f-path')).toBe('3,5,2');
    expect((await lastReport(page)).metrics).toEqual(report.metrics);
    await page.close();
    await again.close();
  });

  it('follows a link taken while the address of an edit is still to be written: the link wins', async () => {
    const page = await open('#landgrab');
    // One task: an edit (its address written in a task of its own, next) and a link followed (hashchange, after).
    await page.evaluate(() => {
      const attackers = document.getElementById('f-attackers') as HTMLInputElement;
      attackers.value = '17';
      attackers.dispatchEvent(new Event('input', { bubbles: true }));
      location.hash = '#princes-and-queens';
    });
    await page.waitForFunction(
      () => document.querySelector('#system input:checked')?.getAttribute('value') !== 'landgrab',
    );
    expect(await page.getAttribute('#system input:checked', 'value')).toBe('princes-and-queens');
    expect(new URL(page.url()).hash).toMatch(/^#princes-and-queens/);
    await page.close();
  });

  it('solves for a rule from the answer (what would make it fair?), as the command line does', async () => {
    const page = await open('#landgrab?attackers=12&defenders=8&fortress');
    await page.locator('details.fair > summary').click();
    await page.selectOption('#fair-knob', 'fortressBonus');
    await page.locator('details.fair button.solve').click();
    const args = ['--attackers', '12', '--defenders', '8', '--fortress'];
    const command = `battle-odds odds landgrab ${args.join(' ')} --exact-only --solve-for fortressBonus --target 0.5`;
    await page.waitForFunction(
      (c) =>
        document.getElementById('command')?.textContent === c &&
        document.getElementById('answer')?.dataset.complete === 'true',
      command,
    );
    const reference = await cliReport(['landgrab', ...args, '--solve-for', 'fortressBonus', '--target', '0.5']);
    const report = await lastReport(page);
    expect(report.verdict).toEqual(reference.verdict);
    expect(report.metrics).toEqual(reference.metrics);
    // In a player's words: the rule by its name, the chance in words.
    expect(await page.textContent('.verdict')).toContain(
      'Solved for “Fortress bonus”: 1 is the largest value at which the chance the attacker conquers is at least 50%',
    );
    expect(new URL(page.url()).hash).toBe(
      '#landgrab?attackers=12&defenders=8&fortress&target=50%25&solve-for=fortressBonus',
    );
    // Back to the question: the plain answer again.
    await page.locator('details.fair button.stop-solving').click();
    await page.waitForFunction(() => !document.getElementById('command')?.textContent?.includes('--solve-for'));
    await page.close();
  });

  it('asks the objective of the advice: the stop rule follows it, and a link keeps it', async () => {
    const page = await open('#landgrab?attackers=20&defenders=10&advise&objective=value&territory-worth=10');
    expect(await page.inputValue('#f-objective')).toBe('value');
    expect(await page.inputValue('#f-territory-worth')).toBe('10');
    expect((await lastReport(page)).verdict.join('\n')).toContain(
      'Stop rule for the most value (armies kept + 10 per territory taken)',
    );
    expect(await page.textContent('#command')).toContain('--advise --objective value --territory-worth 10');
    // Another objective: the worth of a territory no longer applies, so it hides and leaves the question and link.
    await page.selectOption('#f-objective', 'conquest');
    await page.waitForFunction(() => new URL(location.href).hash.endsWith('objective=conquest'));
    expect(await page.isHidden('[data-param="territory-worth"]')).toBe(true);
    expect(await page.inputValue('#f-territory-worth')).toBe('');
    await page.waitForFunction(() => document.querySelector('#command')?.textContent?.endsWith('--objective conquest'));
    // The new question's whole answer (its advice may follow the number from the worker).
    await page.waitForFunction(() =>
      (window as unknown as { battleOdds: { lastReport(): BattleReport | null } }).battleOdds
        .lastReport()
        ?.verdict.join('\n')
        .includes('Stop rule for the best chance'),
    );
    expect((await lastReport(page)).verdict.join('\n')).toContain(
      'Stop rule for the best chance of taking the territory: fight to the end; that is optimal',
    );
    await page.close();
  });

  it('opens any link (mangled, cut, hostile, unknown): what can be read is asked, the rest named', async () => {
    const links: Array<[string, RegExp, string]> = [
      ['#landgrab?attackers=11&defenders=10%', /“defenders=10%” was damaged: read as “10”/, '--defenders 10'],
      [
        '#kings-and-things?attackers=Giant,Troll%2',
        /was damaged: read as “Giant,Troll”/,
        '--attackers Giant,Troll --exact-only',
      ],
      ['#landgrab?attackers=12&<img src=x onerror=alert(1)>=1&defenders=8', /is not part of a LandGrab question/, '12'],
      ['#landgrab?attackers=1e400&defenders=8', /^$/, ''],
      ['#no-such-game?x=1', /“no-such-game” is not a game this page knows/, 'landgrab'],
      ['#%E0%A4%A', /is not a game this page knows/, 'landgrab'],
      [`#landgrab?attackers=${'9'.repeat(3000)}`, /was too long/, ''],
    ];
    const page = await open('#landgrab');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const [hash, note, command] of links) {
      const before = await page.evaluate(() => {
        const data = document.getElementById('answer')!.dataset;
        return Number(data.answers ?? 0) + Number(data.refusals ?? 0);
      });
      await page.evaluate((h) => (location.hash = h), hash);
      await page.waitForFunction((n) => {
        const data = document.getElementById('answer')!.dataset;
        return Number(data.answers ?? 0) + Number(data.refusals ?? 0) > n;
      }, before);
      // Never a blank page: the form is there, the link's note says what was not read, no markup ran.
      expect(await page.locator('#form form').count(), hash).toBe(1);
      expect((await page.textContent('#link-note')) ?? '', hash).toMatch(note);
      if (command)
        await page.waitForFunction((c) => document.getElementById('command')?.textContent?.includes(c), command);
      else expect(await page.getAttribute('#answer', 'data-problem'), hash).toBe('true');
      expect(await page.locator('img').count()).toBe(0);
    }
    expect(errors).toEqual([]);
    // Tapping a game after all that opens it.
    await page.click('label:has(#game-princes-and-queens)');
    await page.waitForFunction(() => document.getElementById('command')?.textContent?.includes('princes-and-queens'));
    expect(await page.isHidden('#link-note')).toBe(true);
    await page.close();
  });

  // One game a page, the four at once (the file's tests are concurrent). The page asks every bad value itself (one
  // call, not seven round trips a value): the time is the page answering.
  it.each(SYSTEM_MODULES.map((m) => [m.system.id, m] as const))(
    "words every field's refusal of %s for a player: no flag, entry name or choice's value",
    async (id, module) => {
      const page = await open(`#${id}`);
      const BAD = ['', '0', '-1', 'x', '99999999', '<b>1</b>'];
      const optionIds = module.form.fields.flatMap((f) => (f.choices ?? []).map((c) => c.value));
      // A set: a blank value is the field's default, the example's own question again (asked once).
      const hashes = new Set<string>();
      for (const kind of module.form.kinds?.map((k) => k.value) ?? ['']) {
        for (const field of fieldsOf(module)) {
          if (field.kind === 'flag' || (field.field.appliesTo && !field.field.appliesTo.includes(kind))) continue;
          for (const value of BAD) {
            // A question the page samples (Kings & Things' explore) on few trials: the refusals are the check here.
            const state = { ...exampleState(module), ...(kind ? { kind } : {}), trials: '2000' };
            hashes.add(stateToHash(module, { ...state, values: { ...state.values, [field.param]: value } }));
          }
        }
      }
      await page.evaluate(`window.wordsLeaks = ${wordsLeaks.toString()}`);
      const asked = await page.evaluate(
        async ({ hashes, optionIds }) => {
          const answer = document.getElementById('answer')!;
          const seen = () => Number(answer.dataset.answers ?? 0) + Number(answer.dataset.refusals ?? 0);
          const leaksOf = (window as unknown as { wordsLeaks: typeof wordsLeaks }).wordsLeaks;
          const idle = () => (window as unknown as { battleOdds: { idle(): boolean } }).battleOdds.idle();
          // Polled (not observed): an answer in two steps (the number, then the rest) is waited for whole.
          const until = async (ok: () => boolean, what: string) => {
            const from = performance.now();
            while (!ok()) {
              if (performance.now() - from > 30_000) throw new Error(`${what}: no answer within 30 s`);
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          };
          const out = [];
          for (const hash of hashes) {
            await until(idle, `before ${hash}`);
            const before = seen();
            location.hash = hash;
            await until(() => seen() > before && idle(), hash);
            if (answer.dataset.problem !== 'true') continue;
            out.push({
              hash,
              problems: document.getElementById('problems')?.textContent ?? '',
              leaks: leaksOf({ optionIds, selector: '#problems, .error, #peek, #link-note, #answer-body' }),
              headlines: document.querySelectorAll('#answer .headline').length,
            });
          }
          return out;
        },
        { hashes: [...hashes], optionIds },
      );
      for (const refusal of asked) {
        expect(refusal.leaks, `${refusal.hash}: ${refusal.problems}`).toEqual([]);
        // No number while the question is refused.
        expect(refusal.headlines, refusal.hash).toBe(0);
      }
      const seen = new Set(asked.map((r) => r.problems));
      expect(asked.length, 'bad values refused').toBeGreaterThan(hashes.size / 2);
      console.log(`[web] ${id}: ${seen.size} different refusals worded for a player, none naming a flag, key or value`);
      await page.close();
    },
  );

  it("shows a problem on its field in a player's words, and no number until it is fixed", async () => {
    const page = await open('#landgrab');
    await page.fill('#f-attackers', '1x');
    await page.waitForFunction(() => document.getElementById('error-attackers')?.textContent !== '');
    expect(await page.textContent('#error-attackers')).toBe(
      'Armies in the attacking territory must be a whole number.',
    );
    expect(await page.evaluate(flagsOnThePage)).toEqual([]);
    expect(await page.getAttribute('#f-attackers', 'aria-invalid')).toBe('true');
    // The answer area says it too, and shows no number (not the last one greyed).
    expect(await page.getAttribute('#answer', 'data-problem')).toBe('true');
    expect(await page.textContent('#problems')).toContain('Armies in the attacking territory must be a whole number.');
    expect(await page.locator('#answer .headline').count()).toBe(0);
    await page.fill('#f-attackers', '12');
    await page.waitForFunction(() => document.getElementById('answer')?.dataset.problem === undefined);
    expect(await page.textContent('#error-attackers')).toBe('');
    expect(await page.locator('#answer .headline').count()).toBe(1);
    await page.close();
  });

  it('labels every control of every game, tabs in reading order and keeps text contrast at WCAG AA', async () => {
    const page = await open('#landgrab');
    const unlabelled = () =>
      page.$$eval('input, select, button', (els) =>
        els
          .filter(
            (e) => !(e as HTMLInputElement).labels?.length && !e.getAttribute('aria-label') && !e.textContent?.trim(),
          )
          .map((e) => e.outerHTML),
      );
    // Every game's controls, every section open (the roster picker, rows of buttons, ranges, conditions).
    for (const hash of ['#kings-and-things', '#advanced-civilization', '#princes-and-queens', '#landgrab']) {
      await page.evaluate((h) => (location.hash = h), hash);
      await page.waitForFunction(
        (id) => document.querySelector('#system input:checked')?.getAttribute('value') === id,
        hash.slice(1),
      );
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) (d as HTMLDetailsElement).open = true;
      });
      expect(await unlabelled(), hash).toEqual([]);
      expect(await page.evaluate(contrastFailures), hash).toEqual([]);
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) (d as HTMLDetailsElement).open = false;
      });
    }
    await page.reload();
    await answers(page, 1);
    const stops: string[] = [];
    for (let i = 0; i < 11; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const e = document.activeElement as HTMLElement;
          return e.id || e.getAttribute('name') || e.textContent?.trim() || e.tagName;
        }),
      );
    }
    expect(stops).toEqual([
      'Skip to the answer',
      'game-landgrab',
      'kind',
      'f-attackers',
      'f-defenders',
      'f-fortress',
      'f-defending-leader',
      'f-attacking-leader',
      'f-stop-at',
      'More options',
      'How to answer',
    ]);
    // The skip link moves focus to the answer and leaves the question in the address.
    const hash = new URL(page.url()).hash;
    await page.focus('.skip');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('answer');
    expect(new URL(page.url()).hash).toBe(hash);
    const lowContrast = await page.evaluate(contrastFailures);
    expect(lowContrast).toEqual([]);
    await page.close();
  });

  it("draws a table (vary two numbers) with the engine sweep's numbers, off the page's thread", async () => {
    const { toTable } = await import('../../src/web/question/table.js');
    const { toQuestion } = await import('../../src/web/question/toQuestion.js');
    const { parseScenario, runSweep, systems, InProcessExecutor, findSystem } = await import('../../src/core.js');
    const page = await open('#landgrab?attackers=8&defenders=5&defending-leader');
    await page.click('text=Vary two numbers');
    await page.fill('#t-x-to', '14');
    await page.waitForFunction(
      () =>
        (window as unknown as { battleOdds: { lastTable(): { cells: unknown[] } | null } }).battleOdds.lastTable()
          ?.cells.length === 88,
    );
    expect(new URL(page.url()).hash).toBe(
      '#landgrab?attackers=8&defenders=5&defending-leader&table=attackers:4-14,defenders:3-10',
    );
    const shown = await page.evaluate(() =>
      (window as unknown as { battleOdds: { lastTable(): { cells: unknown[] } } }).battleOdds.lastTable(),
    );
    const landgrab = moduleOf('landgrab')!;
    const state = (await import('../../src/web/question/url.js')).stateFromHash(
      SYSTEM_MODULES,
      new URL(page.url()).hash,
    )!;
    const asked = toQuestion(landgrab, state);
    if (!asked.ok) throw new Error('bad question');
    const table = toTable(asked.asked, state.table!, state.kind);
    if (!table.ok) throw new Error(table.problem.message);
    const scenario = parseScenario(table.scenario, 'table', systems);
    const options = { seed: scenario.seed, trials: scenario.trials, kernel: 'fast' as const, method: scenario.method };
    const reference = await runSweep(landgrab.system, scenario.sweep!, options, new InProcessExecutor(findSystem));
    expect(shown.cells).toEqual(reference.cells);
    await page.evaluate(() =>
      (window as unknown as { battleOdds: { chartsDrawn(): Promise<void> } }).battleOdds.chartsDrawn(),
    );
    expect(await page.locator('#table-chart svg').count()).toBe(1);
    await page.close();
  });

  it('works offline after the first visit (service worker), sampled answers included', async () => {
    // A browser of its own: the others block service workers.
    const online = await launchChromium({ viewport: { width: 390, height: 844 } });
    const page = await open('#princes-and-queens', { on: online });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const files = ((await (await fetch('precache.json')).json()) as { files: string[] }).files;
      for (let i = 0; i < 100; i++) {
        const cache = await caches.open('battle-odds-page');
        if ((await cache.keys()).length >= files.length) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the service worker did not cache the page');
    });
    await online.setOffline(true);
    await page.reload();
    await answers(page, 1);
    expect(await page.textContent('.verdict')).toContain('Not possible');
    // Installable: the manifest and its icons are linked, and there offline too.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      const m = (await (await fetch(link!.href)).json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        icons: Array<{ src: string; sizes: string; type: string }>;
      };
      const icons = await Promise.all(
        m.icons.map(async (icon) => {
          const blob = await (await fetch(new URL(icon.src, link!.href))).blob();
          const bitmap = await createImageBitmap(blob);
          return `${icon.sizes} ${blob.type} ${bitmap.width}x${bitmap.height}`;
        }),
      );
      return { ...m, icons };
    });
    expect(manifest).toMatchObject({
      short_name: 'battle-odds',
      start_url: './',
      display: 'standalone',
      theme_color: '#0b3d5c',
      icons: ['192x192 image/png 192x192', '512x512 image/png 512x512'],
    });
    await page.evaluate(() => (location.hash = '#landgrab?attackers=6&defenders=4&method=sample&trials=100000'));
    await page.waitForFunction(() => document.querySelector('#command')?.textContent?.includes('--attackers 6'));
    expect((await lastReport(page)).method).toBe('monte-carlo');
    await online.close();
  });

  // Every question looked at (test/web/questions.ts) fits a phone, and each game a desktop, without scrolling sideways;
  // BATTLE_ODDS_SCREENSHOTS=1 saves them (`npm run web:screenshots` saves every one at both widths, in screen tiles).
  const saving = process.env.BATTLE_ODDS_SCREENSHOTS === '1';
  it('fits a phone (390 px) and a desktop (1280 px) with every game, naming no flag; screenshots on ask', async () => {
    if (saving) mkdirSync(SCREENSHOTS, { recursive: true });
    const desktop = Object.fromEntries(
      [
        'kings-and-things-advice',
        'advanced-civilization-range',
        'landgrab-table',
        'landgrab-turn',
        'princes-and-queens',
      ].map((k) => [k, LOOKED_AT[k]]),
    );
    for (const [width, height, name, questions] of [
      [390, 844, 'phone', LOOKED_AT],
      [1280, 900, 'desktop', desktop],
    ] as const) {
      // One page for each width, every question asked in it as a link opened there would (loading the page anew
      // for each is most of the time); an error on the page at any point fails the test.
      let page: Page | null = null;
      const errors: string[] = [];
      for (const [id, hash] of Object.entries(questions)) {
        if (page) {
          await follow(page, hash);
          // This question's answer, not the last one's still finishing.
          const system = hash.slice(1).split('?')[0];
          await page.waitForFunction(
            (id) =>
              /^battle-odds (odds|plan) /.test(document.getElementById('command')?.textContent ?? '') &&
              document.getElementById('command')?.textContent?.split(' ')[2] === id,
            system,
          );
        } else {
          page = await open(hash, { viewport: { width, height } });
          page.on('pageerror', (error) => errors.push(error.message));
          page.on('console', (message) => {
            if (message.type() === 'error') errors.push(message.text());
          });
        }
        if (hash.includes('table='))
          await page.waitForFunction(
            () => (window as unknown as { battleOdds: { lastTable(): unknown } }).battleOdds.lastTable() !== null,
          );
        await page.waitForFunction(() => document.getElementById('answer')?.dataset.complete === 'true');
        await page.evaluate(() =>
          (window as unknown as { battleOdds: { chartsDrawn(): Promise<void> } }).battleOdds.chartsDrawn(),
        );
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${id} at ${width} px`).toBeLessThanOrEqual(0);
        // No flag in any of them (the command-line block aside): notes, chart titles, sections.
        if (name === 'phone') expect(await page.evaluate(flagsOnThePage), id).toEqual([]);
        if (saving) {
          await page.screenshot({ path: path.join(SCREENSHOTS, `${id}-${name}.png`), fullPage: true });
          if (name === 'phone') await page.screenshot({ path: path.join(SCREENSHOTS, `${id}-${name}-screen.png`) });
        }
        if (name === 'phone') {
          // Every section of the answer open, every table built: a player's words throughout.
          await page.evaluate(() => {
            for (const d of document.querySelectorAll('#answer details')) (d as HTMLDetailsElement).open = true;
          });
          await page.evaluate(() =>
            (window as unknown as { battleOdds: { chartsDrawn(): Promise<void> } }).battleOdds.chartsDrawn(),
          );
          const module = moduleOf(hash.slice(1).split('?')[0])!;
          const optionIds = module.form.fields.flatMap((f) => (f.choices ?? []).map((c) => c.value));
          expect(await page.evaluate(wordsLeaks, { optionIds }), id).toEqual([]);
          await page.evaluate(() => {
            for (const d of document.querySelectorAll('#answer details')) (d as HTMLDetailsElement).open = false;
          });
        }
        expect(errors, id).toEqual([]);
      }
      await page?.close();
    }
    if (saving) console.log(`[web] screenshots in ${SCREENSHOTS}`);
  });
});
