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

export const TEST_PORTS = {
  offset,
  /** The API tests' auth emulator. */
  apiAuth: 9189 + offset,
  /** The browser tests' stack. */
  e2eWeb: 4174 + offset,
  e2eApi: 8797 + offset,
  e2eAuth: 9199 + offset,
} as const;
