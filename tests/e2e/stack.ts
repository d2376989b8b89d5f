import { TEST_PORTS } from '../ports';

/** The browser tests' own stack, on ports apart from `npm start`'s (shifted by TEST_PORT_OFFSET). */
export const E2E = {
  webPort: TEST_PORTS.e2eWeb,
  apiPort: TEST_PORTS.e2eApi,
  authPort: TEST_PORTS.e2eAuth,
  projectId: 'demo-upkeep-test',
  webUrl: `http://localhost:${TEST_PORTS.e2eWeb}`,
  apiUrl: `http://localhost:${TEST_PORTS.e2eApi}`,
  /** The development server some tests start against the same API and auth (tests/e2e/dev-server.ts). */
  devWebPort: TEST_PORTS.e2eDevWeb,
  devWebUrl: `http://localhost:${TEST_PORTS.e2eDevWeb}`,
  /**
   * The development server's pre-bundled dependencies, kept between runs (Vite's default lives in
   * node_modules, which may be shared by several checkouts).
   */
  devCacheDir: `.tmp/vite-dev-e2e-${TEST_PORTS.offset}`,
  /** Built for these ports by the global set-up. */
  buildDir: `.tmp/e2e-${TEST_PORTS.offset}/dist`,
  workDir: `.tmp/e2e-${TEST_PORTS.offset}`,
  /** The API's whole output over the run (scripts/secrets-scan.ts reads it afterwards). */
  apiLog: `.tmp/e2e-${TEST_PORTS.offset}/api.log`,
  /** The API's embedded database (DATA_DIR's db). */
  dataDir: `.tmp/e2e-${TEST_PORTS.offset}/data`,
  /** The demo admin's browser storage after a sign-in (tests/e2e/sessions.ts). */
  adminSession: `.tmp/e2e-${TEST_PORTS.offset}/admin-session.json`,
} as const;

/** The console's build settings for this stack (on top of `--mode test`). */
export const E2E_BUILD_ENV = {
  VITE_API_URL: E2E.apiUrl,
  VITE_FIREBASE_PROJECT_ID: E2E.projectId,
  VITE_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${E2E.authPort}`,
  VITE_EXTERNAL_ADMIN_URL: `${E2E.apiUrl}/external-admin`,
} as const;

/** The `vite build` arguments of the stack's console, into E2E.buildDir. */
export const E2E_BUILD_ARGS = ['build', '--mode', 'test', '--outDir', E2E.buildDir] as const;

/**
 * Set by `npm test` when its build step has just built the console into E2E.buildDir with E2E_BUILD_ENV:
 * the browser tests' set-up then serves that build instead of building it a second time.
 */
export const E2E_PREBUILT_VARIABLE = 'E2E_PREBUILT';

export const DEMO = {
  admin: { email: 'admin@upkeep.test', password: 'upkeep-admin' },
  provider: { email: 'provider@upkeep.test', password: 'upkeep-provider' },
  multi: { email: 'multi@upkeep.test', password: 'upkeep-multi' },
  customer: { email: 'customer@upkeep.test', password: 'upkeep-customer' },
} as const;
