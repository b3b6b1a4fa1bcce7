import { defineConfig } from 'vitest/config';
import { ScheduleSequencer } from './test/helpers/sequencer.js';
import nodeFlags from './test/helpers/nodeFlags.json' with { type: 'json' };

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Worker pools in tests load the built worker (under npm test each file waits for the CLI bundle): tsx workers take
    // seconds each.
    env: { BATTLE_ODDS_BUILT_WORKER: '1' },
    // A folder for the run: the page suites build the web page once into it (test/web/browser.ts).
    globalSetup: ['test/helpers/globalSetup.ts'],
    // Under npm test the build runs beside the tests (scripts/test.mjs): each file waits here for the part it needs.
    setupFiles: ['test/helpers/waitForBuild.ts'],
    // The longest files first (test/helpers/schedule.ts).
    sequence: { sequencer: ScheduleSequencer },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Four test files at a time on the 2-core machine: about half of the files mostly wait (for chromium, a command
    // line they started, Redis), so two left a core idle a tenth of the run (measured in turns: idle, 0-12 s faster,
    // 7 s the median; with two busy loops beside it, 166 s against 197 s). Every promise in time is checked as CPU
    // time (test/helpers/processes.ts), so sharing the cores slows a test down but does not fail it.
    maxWorkers: 4,
    // Test files share their worker's module cache (a third of the suite's time was re-importing the
    // same modules per file). Safe because no test mocks modules or changes process-wide state.
    isolate: false,
    // Less optimizing of code run a few times (test/helpers/nodeFlags.json).
    execArgv: nodeFlags.flags,
  },
});
