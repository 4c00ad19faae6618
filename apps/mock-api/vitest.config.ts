import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on our two-core machines, so the two
    // workspaces' suites (run side by side by turbo) left a core idle once the shorter one ended (issue 45).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
