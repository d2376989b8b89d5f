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
          // A worker keeps its modules from one file to the next (no test here mocks a module or leaves a
          // global changed): the files run in half the time, and pass in any order (--sequence.shuffle.files).
          isolate: false,
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
          // As for unit: each file opens its own database and server, so only the imported modules are shared,
          // and a worker no longer imports the server afresh for every file (39 s of imports became 6 s).
          isolate: false,
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
