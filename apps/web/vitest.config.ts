import os from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import { viteConfig } from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default is one worker less than the cores: one on our two-core machines, so the two
      // workspaces' suites (run side by side by turbo) left a core idle once the shorter one ended (issue 45).
      maxWorkers: Math.max(2, os.availableParallelism() - 1),
      // npm test (scripts/test.sh) collects every workspace's timings to print the slowest tests.
      reporters: process.env.VITEST_REPORT_DIR ? ['default', ['json', { outputFile: `${process.env.VITEST_REPORT_DIR}/web.json` }]] : ['default'],
      // The pact project is empty until the consumer tests are written.
      passWithNoTests: true,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: ['src/**/*.pact.test.{ts,tsx}', 'node_modules/**'],
            setupFiles: ['./src/testing/setup.ts'],
            // Room for the 5 s findBy/waitFor of setup.ts (a test's own longer timeout still wins).
            testTimeout: 15_000,
            // Dates are asserted in Argentina time whatever the machine's zone.
            env: { TZ: 'UTC' },
          },
        },
        {
          extends: true,
          test: {
            name: 'pact',
            environment: 'node',
            include: ['src/**/*.pact.test.{ts,tsx}'],
            fileParallelism: false,
            testTimeout: 30_000,
            env: { SCARF_ANALYTICS: 'false' },
          },
        },
      ],
    },
  }),
);
