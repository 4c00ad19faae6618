import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // npm test (scripts/test.sh) collects every workspace's timings to print the slowest tests.
    reporters: process.env.VITEST_REPORT_DIR ? ['default', ['json', { outputFile: `${process.env.VITEST_REPORT_DIR}/contracts.json` }]] : ['default'],
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
