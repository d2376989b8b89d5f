import { defineConfig } from 'vitest/config';
import { API_TEST_WORKERS } from './tests/ports';

/**
 * Two projects: `unit` (domain rules, machines and their model-based paths, pure UI helpers) and `api`
 * (the reference API over HTTP against the auth emulator and a real database: PGlite, and PostgreSQL when
 * one is reachable).
 */
export default defineConfig({
  test: {
    // Two files at a time; each API worker has an auth emulator, a snapshot and a template of its own.
    maxWorkers: API_TEST_WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // A model walk runs every path of a machine; timings belong to the benchmarks, not to test limits.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
