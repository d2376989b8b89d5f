import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's packages: `chromium`, and `chromium-headless-shell` (the lighter headless-only build). */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const SYSTEM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The Chromium to launch: CHROMIUM_PATH when set; else Playwright's own browser when it is installed; else
 * the system's. `headlessShell` prefers the system's headless shell when it is installed: it has no browser
 * window to draw, so the browser tests spend a quarter less CPU than in the full browser. The benchmarks use
 * the full browser, as a person does.
 */
export function chromiumPath({ headlessShell }: { headlessShell: boolean }): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    /* no bundled browser */
  }
  if (headlessShell && existsSync(SYSTEM_HEADLESS_SHELL)) return SYSTEM_HEADLESS_SHELL;
  return SYSTEM_CHROMIUM;
}
