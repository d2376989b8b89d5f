import { TEST_PORTS } from '../ports';

/** The browser tests' own stack, on ports apart from `npm start`'s (shifted by TEST_PORT_OFFSET). */
export const E2E = {
  webPort: TEST_PORTS.e2eWeb,
  apiPort: TEST_PORTS.e2eApi,
  authPort: TEST_PORTS.e2eAuth,
  projectId: 'demo-upkeep-test',
  webUrl: `http://localhost:${TEST_PORTS.e2eWeb}`,
  apiUrl: `http://localhost:${TEST_PORTS.e2eApi}`,
  /** Built for these ports by the global set-up. */
  buildDir: `.tmp/e2e-${TEST_PORTS.offset}/dist`,
  workDir: `.tmp/e2e-${TEST_PORTS.offset}`,
} as const;

export const DEMO = {
  admin: { email: 'admin@upkeep.test', password: 'upkeep-admin' },
  provider: { email: 'provider@upkeep.test', password: 'upkeep-provider' },
  multi: { email: 'multi@upkeep.test', password: 'upkeep-multi' },
  customer: { email: 'customer@upkeep.test', password: 'upkeep-customer' },
} as const;
