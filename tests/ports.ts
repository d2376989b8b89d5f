/**
 * Test ports. Everything shifts by TEST_PORT_OFFSET (default 0), so several test runs can share a machine:
 * each emulator also takes the next two ports (hub, logging).
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 500) {
  throw new Error(
    `TEST_PORT_OFFSET must be a whole number from 0 to 500, got "${process.env.TEST_PORT_OFFSET}"`,
  );
}

/**
 * The API tests' workers (vitest's maxWorkers): test files run two at a time, each worker with its own auth
 * emulator (tests/api/global-setup.ts).
 */
export const API_TEST_WORKERS = 2;

export const TEST_PORTS = {
  offset,
  /** The API tests' first auth emulator; worker n's is 3 × (n − 1) ports above (9189–9194). */
  apiAuth: 9189 + offset,
  /** The browser tests' stack. */
  e2eWeb: 4174 + offset,
  /** The browser tests' development server (`vite --mode test`, tests/e2e/dev-server.spec.ts). */
  e2eDevWeb: 3174 + offset,
  e2eApi: 8797 + offset,
  e2eAuth: 9199 + offset,
} as const;
