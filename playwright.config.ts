import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium';
import { E2E } from './tests/e2e/stack';
import { TEST_PORTS } from './tests/ports';

const suffix = TEST_PORTS.offset ? `-${TEST_PORTS.offset}` : '';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Files run side by side on two workers (tests inside a file keep their order). Each test makes its own
  // records or reads seeded ones no other file changes; E2E_WORKERS=1 runs them one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: `.tmp/playwright${suffix}.json` }]],
  outputDir: `test-results${suffix}`,
  use: {
    baseURL: E2E.webUrl,
    trace: 'retain-on-failure',
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
