/** The browser tests' own stack, on ports apart from `npm start`'s, so both can run at once. */
export const E2E = {
  webPort: 4174,
  apiPort: 8797,
  authPort: 9199,
  projectId: 'demo-upkeep-test',
  webUrl: 'http://localhost:4174',
  apiUrl: 'http://localhost:8797',
  buildDir: 'dist-test',
} as const;

export const DEMO = {
  admin: { email: 'admin@upkeep.test', password: 'upkeep-admin' },
  provider: { email: 'provider@upkeep.test', password: 'upkeep-provider' },
  multi: { email: 'multi@upkeep.test', password: 'upkeep-multi' },
  customer: { email: 'customer@upkeep.test', password: 'upkeep-customer' },
} as const;
