import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores). Two per workspace, beside the other workspace's
    // suite under turbo, put four processes on our two cores: the unit step went from 231 s to 397 s on a
    // fresh clone, the fuzz test from 13 s to 50 s (issue 45).
    // npm test (scripts/test.sh) collects every workspace's timings to print the slowest tests.
    reporters: process.env.VITEST_REPORT_DIR ? ['default', ['json', { outputFile: `${process.env.VITEST_REPORT_DIR}/mock-api.json` }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'pact',
          include: ['test/pact/**/*.pact.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
