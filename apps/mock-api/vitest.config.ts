import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores). Two per workspace beside the other workspace's
    // suite under turbo made no difference on our two cores: the unit step took 397 s with two, 409 s
    // with the default (issue 45).
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
