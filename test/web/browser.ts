/**
 * Real-browser helpers: Debian's chromium driven by playwright-core (nothing downloads a
 * browser build), the page built once per test run into a temporary folder and served by
 * serveWeb. When chromium is missing the tests skip and say why, except under CI (CI=true),
 * where they run and fail: a page suite that skipped there would pass without testing anything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

/** The chromiums the test suites look for on the PATH, in order (why: chromiumPath). */
export const TEST_CHROMIUMS = ['chromium-headless-shell', 'chromium'] as const;
/** A player's browser first: the scripts that time the page or picture it (web-latency, web-screenshots). */
export const PLAYER_CHROMIUMS = ['chromium', 'chromium-headless-shell'] as const;

/**
 * The chromium to drive: $BATTLE_ODDS_CHROMIUM, else the first of `names` on the PATH; null when there is none.
 * For the test suites, the headless shell first: the same engine (Blink and V8, the same build of
 * Debian's chromium) without the browser's windows and tabs around it, the headless browser Playwright itself
 * installs for tests. Measured on the 2-core machine: a start 0.4 s of CPU against 1.2 s, a page loaded again
 * 0.36-0.45 s against 0.62-0.73 s, an exact answer followed on the page 26 ms against 50 ms.
 */
export function chromiumPath(names: readonly string[] = TEST_CHROMIUMS): string | null {
  const fromEnv = process.env.BATTLE_ODDS_CHROMIUM;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const name of names) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found && existsSync(found)) return found;
    } catch {
      // Not on the PATH: the next.
    }
  }
  return null;
}

export const CHROMIUM = chromiumPath();
export const NO_CHROMIUM_REASON =
  "no chromium found (install Debian's chromium-headless-shell or chromium, or set BATTLE_ODDS_CHROMIUM to its path)";
/** Whether the browser suites skip: only where chromium is missing and this is not CI. */
export const SKIP_BROWSER = CHROMIUM === null && process.env.CI !== 'true';

/** Says why the suite skips, or (under CI, with no chromium) fails: call in beforeAll. */
export function requireChromium(file: string): boolean {
  if (CHROMIUM) return true;
  if (SKIP_BROWSER) {
    console.warn(`${file}: browser tests skipped: ${NO_CHROMIUM_REASON}`);
    return false;
  }
  throw new Error(`${file}: CI=true and ${NO_CHROMIUM_REASON}: the page's browser tests cannot run`);
}

/**
 * Chromium with one context on a profile of its own, a folder in the run's temporary files, rather than a fresh
 * incognito context: a page loaded again starts from chromium's code cache, as a returning player's does (a page
 * load took 0.36 s of CPU here against 0.39 s in an incognito context with the headless shell, 0.6 against 1 s with
 * chromium; the suites load about 45). The first page of each suite still loads cold. Closing the context closes
 * the browser.
 */
export async function launchChromium(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(tempDir('battle-odds-profile-'), {
    executablePath: CHROMIUM as string,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
    ...options,
  });
}

/** A phone's browser (390 px, touch), with no service worker: the tap suites' `launchChromium` options. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'block' } as const;

/** Builds the page (as `npm run web` does) into `outDir`. */
async function build(outDir: string): Promise<void> {
  const vite = await import('vite');
  await vite.build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * The page built (as `npm run web` does) for this test run; its path. The suites that drive it share one
 * build: the first to ask builds it into the run's folder (test/helpers/globalSetup.ts) while the others
 * wait for it (they may run in other processes). Without that folder, a fresh build of its own.
 */
export async function buildPage(): Promise<string> {
  const { inject } = await import('vitest');
  const shared = inject('pageBuildDir');
  if (!shared) {
    const outDir = path.join(tempDir('battle-odds-page-'), 'web');
    await build(outDir);
    return outDir;
  }
  const outDir = path.join(shared, 'web');
  const done = path.join(shared, 'built');
  const failed = path.join(shared, 'failed');
  let mine = true;
  try {
    mkdirSync(path.join(shared, 'building'));
  } catch {
    mine = false;
  }
  if (mine) {
    try {
      await build(outDir);
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    writeFileSync(done, '');
    return outDir;
  }
  // Another suite builds it: a build takes seconds, so this waits minutes before it gives up.
  for (let waited = 0; !existsSync(done); waited += 100) {
    if (existsSync(failed)) throw new Error(`the page build failed in another suite: ${readFileSync(failed, 'utf8')}`);
    if (waited > 180_000) throw new Error(`the page build in ${shared} did not finish within 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return outDir;
}

/** Where screenshots go (dist/ is not committed). */
export const SCREENSHOTS = path.join(ROOT, 'dist', 'web-screenshots');

/**
 * Every flag name (`--fortress`) the page shows outside the command-line block: in any text,
 * hidden fields and list choices included, chart titles, placeholders and accessible names. Runs in the page.
 */
export function flagsOnThePage(): string[] {
  const body = document.body.cloneNode(true) as HTMLElement;
  body.querySelector('#command')?.remove();
  const texts = [body.textContent ?? ''];
  for (const e of body.querySelectorAll('*'))
    for (const name of ['placeholder', 'aria-label', 'title']) texts.push(e.getAttribute(name) ?? '');
  return texts.flatMap((t) => t.match(/(^|[^\w-])--[a-z][a-z-]*/g) ?? []).map((m) => m.trim());
}

/**
 * What a player should never read, in the text the page shows (the command-line block aside): a flag, a
 * camelCase or dotted name (a JSON key of the battle entry), a choice's value where its label belongs (`optionIds`:
 * the game's choices; one with a hyphen anywhere, any other in quotes), or words of the machinery. Runs in the page;
 * `selector` narrows it to some parts of it.
 */
export function wordsLeaks({ optionIds, selector }: { optionIds: string[]; selector?: string }): string[] {
  const roots = selector ? [...document.querySelectorAll(selector)] : [document.body];
  const texts: string[] = [];
  for (const root of roots) {
    const copy = root.cloneNode(true) as HTMLElement;
    copy.querySelector('#command')?.remove();
    for (const e of copy.querySelectorAll('svg')) e.remove();
    // Each text node on its own: two elements side by side are two texts, not one word.
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
    for (const e of copy.querySelectorAll('*'))
      for (const name of ['placeholder', 'aria-label', 'title']) texts.push(e.getAttribute(name) ?? '');
  }
  const leaks: string[] = [];
  for (const text of texts) {
    for (const m of text.match(/(^|[^\w-])--[a-z][a-z-]*/g) ?? []) leaks.push(`flag ${m.trim()}`);
    for (const m of text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []) leaks.push(`camelCase ${m}`);
    for (const m of text.match(/\b[a-z]{2,}\.[a-z]{2,}\b/g) ?? []) leaks.push(`dotted name ${m}`);
    for (const m of text.match(/invalid input|schema|\bundefined\b|\[object|\bnull\b/gi) ?? []) leaks.push(`word ${m}`);
    for (const m of text.match(/\bNaN\b/g) ?? []) leaks.push(`word ${m}`);
    for (const id of optionIds) {
      const quoted = [`"${id}"`, `'${id}'`, `“${id}”`].some((q) => text.includes(q));
      const hyphen = id.includes('-') && new RegExp(`(^|[^\\w-])${id}(?![\\w-])`).test(text);
      if (quoted || hyphen) leaks.push(`choice ${id}`);
    }
  }
  return [...new Set(leaks)];
}

/** Text elements whose colour on their background is below WCAG AA (4.5:1; 3:1 for large text). Runs in the page. */
export function contrastFailures(): string[] {
  const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const background = (e: Element | null): number[] => {
    for (let at = e; at; at = at.parentElement) {
      const c = rgb(getComputedStyle(at).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const failures: string[] = [];
  for (const e of document.querySelectorAll<HTMLElement>('body *')) {
    if (e.closest('svg, .visually-hidden') || !e.checkVisibility?.()) continue;
    const ownText = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!ownText) continue;
    const style = getComputedStyle(e);
    const fg = rgb(style.color);
    const [a, b] = [luminance(fg), luminance(background(e))].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5))
      failures.push(`${e.tagName}.${e.className} "${e.textContent?.slice(0, 30)}": ${ratio.toFixed(2)}`);
  }
  return failures;
}

/** The page's work as `watchPageWork` records it, from `from` (performance.now()) on. */
export interface PageWork {
  from: number;
  /** The browser's long tasks, ms: on a shared machine they also hold time the system gave other processes. */
  longTasks: number[];
  /** The page's own scripts in each long frame (with the style and layout they forced), ms. */
  work: number[];
  /** Each long frame in words, for a failure's message. */
  frames: string[];
}

/**
 * An init script (`page.addInitScript(watchPageWork)`): records the page's long tasks and, in each long frame (Long
 * Animation Frames), the time of its own scripts, from `window.pageWork.from` on (set it with `startPageWork`).
 */
export function watchPageWork(): void {
  const recorded: PageWork = { from: Infinity, longTasks: [], work: [], frames: [] };
  (window as unknown as { pageWork: PageWork }).pageWork = recorded;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.startTime >= recorded.from) recorded.longTasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask', buffered: true });
  type Frame = PerformanceEntry & {
    blockingDuration: number;
    scripts: Array<{ invoker: string; sourceFunctionName: string; sourceURL: string; duration: number }>;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Frame[]) {
      if (e.startTime < recorded.from || e.blockingDuration <= 0) continue;
      const scripts = e.scripts.reduce((ms, x) => ms + x.duration, 0);
      recorded.work.push(Math.round(scripts));
      recorded.frames.push(
        `${Math.round(e.duration)} ms (blocking ${Math.round(e.blockingDuration)}, scripts ${Math.round(scripts)}):` +
          e.scripts
            .map(
              (x) => ` ${x.invoker} ${x.sourceFunctionName} ${x.sourceURL.split('/').pop()} ${Math.round(x.duration)}`,
            )
            .join(','),
      );
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** Starts counting the page's work (`watchPageWork`) from now. */
export async function startPageWork(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { pageWork: PageWork }).pageWork.from = performance.now()));
}

/** What `watchPageWork` recorded so far. */
export function readPageWork(page: Page): Promise<PageWork> {
  return page.evaluate(() => (window as unknown as { pageWork: PageWork }).pageWork);
}

/** A frame's work the page promises never to pass: a tap must never freeze the page. */
export const FRAME_MS = 50;

/** The frames of `work` (ms each) over FRAME_MS. */
export function overAFrame(work: number[]): number[] {
  return work.filter((ms) => ms > FRAME_MS);
}

/** The promise checked on the last of `runs` (untilWithinAFrame); a failure names every run's work. */
export function expectWithinAFrame(runs: Array<{ work: number[] }>): void {
  const everyRun = runs.map((r) => `[${r.work}]`).join(', ');
  expect(overAFrame(runs.at(-1)!.work), `the page's scripts in long frames, run by run: ${everyRun} ms`).toEqual([]);
}

/**
 * The page's work in a frame, measured on a shared machine, is only ever too long (another process took the core
 * for a while), never too short: `run` (taps on a fresh page, each run checking its answers) is asked again, up to
 * `times` times, until one run keeps every frame's work within FRAME_MS. Every run, the last the one to check.
 */
export async function untilWithinAFrame<T extends { work: number[] }>(run: () => Promise<T>, times = 3): Promise<T[]> {
  const runs: T[] = [];
  do runs.push(await run());
  while (runs.length < times && overAFrame(runs.at(-1)!.work).length > 0);
  return runs;
}

/** The id of the text box a tap left focused (a phone would open its keyboard), or ''. */
export function focusedTextBox(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLInputElement | null;
    return e?.tagName === 'INPUT' && ['text', 'search'].includes(e.type) ? e.id : '';
  });
}
