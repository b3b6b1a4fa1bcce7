/**
 * Real-browser helpers: Debian's chromium driven by playwright-core (nothing downloads a
 * browser build), the page built once per test file into a temporary folder and served by
 * serveWeb. When chromium is missing the tests skip and say why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, tempDir } from '../helpers/cli.js';

/** The chromium to drive: $BATTLE_ODDS_CHROMIUM, else `chromium` on the PATH; null when there is none. */
export function chromiumPath(): string | null {
  const fromEnv = process.env.BATTLE_ODDS_CHROMIUM;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  try {
    const found = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
    return found && existsSync(found) ? found : null;
  } catch {
    return null;
  }
}

export const CHROMIUM = chromiumPath();
export const NO_CHROMIUM_REASON =
  "browser tests skipped: no chromium found (install Debian's chromium, or set BATTLE_ODDS_CHROMIUM to its path)";

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM as string,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Builds the page (as `npm run web` does) into a fresh temporary folder; its path. */
export async function buildPage(): Promise<string> {
  const { build } = await import('vite');
  const outDir = path.join(tempDir('battle-odds-page-'), 'web');
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Where screenshots go (dist/ is not committed). */
export const SCREENSHOTS = path.join(ROOT, 'dist', 'web-screenshots');
