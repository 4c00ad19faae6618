import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Seed tests: each file migrates its own temporary database.
export default defineConfig({
  cacheDir: path.resolve(import.meta.dirname, '../node_modules/.vite/prisma'),
  test: {
    // npm test (scripts/test.sh) collects every workspace's timings to print the slowest tests.
    reporters: process.env.VITEST_REPORT_DIR ? ['default', ['json', { outputFile: `${process.env.VITEST_REPORT_DIR}/seed.json` }]] : ['default'],
    root: import.meta.dirname,
    include: ['seed/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
