import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium';
import { E2E } from './tests/e2e/stack';
import { TEST_PORTS } from './tests/ports';

const suffix = TEST_PORTS.offset ? `-${TEST_PORTS.offset}` : '';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Files run side by side on three workers (tests inside a file keep their order). Each test makes its own
  // records or reads seeded ones no other file changes; E2E_WORKERS=1 runs them one at a time. A test
  // spends about a third of its time waiting on the network or a timer, so three workers keep the two
  // cores busy (7.2 min for the suite here against 10.2 min on two, docs/architecture.md "Tests").
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: `.tmp/playwright${suffix}.json` }]],
  outputDir: `test-results${suffix}`,
  use: {
    baseURL: E2E.webUrl,
    // No trace by default: recording one (a screencast and a DOM snapshot per action) took a fifth of the
    // suite's CPU. E2E_TRACE=retain-on-failure keeps a trace of each failing test in test-results.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | 'on' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // As a person who asks for less motion: drawers, dialogs and toasts come and go without animating, so the
    // tests do not wait out (or spend CPU drawing) transitions. tests/e2e/motion.spec.ts checks both settings.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath({ headlessShell: true }),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
