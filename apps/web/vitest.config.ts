import { defineConfig, mergeConfig } from 'vitest/config';
import { viteConfig } from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default (one worker less than the cores). Two per workspace beside the other workspace's
      // suite under turbo made no difference on our two cores: the unit step took 397 s with two, 409 s
      // with the default (issue 45).
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
