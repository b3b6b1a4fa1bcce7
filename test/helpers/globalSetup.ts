/**
 * Once per `vitest run`: a folder the page suites share the built page in (test/web/browser.ts
 * buildPage: the first suite to ask builds it, the others wait for it), removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the page is built once for the run (see buildPage). */
    pageBuildDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-page-build-'));
  project.provide('pageBuildDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
