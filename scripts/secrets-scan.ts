/**
 * After the browser tests (the last step of `npm test`): the browser stack's whole API log (E2E.apiLog) and every
 * row of its database (E2E.dataDir) hold no secret — no bank number, demo or MINDBODY sandbox password or
 * platform vendor key in clear text, and nothing shaped like an ID token or a Square token
 * (tests/support/secrets.ts). Exits non-zero, naming what it found where, when either holds one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { E2E } from '../tests/e2e/stack';
import { databaseText, knownSecrets, secretsIn } from '../tests/support/secrets';
import { ROOT } from './lib/processes';

const logFile = join(ROOT, E2E.apiLog);
const dataDir = join(ROOT, E2E.dataDir, 'db');
for (const path of [logFile, dataDir]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: the browser tests have not run on this checkout (TEST_PORT_OFFSET).`);
    process.exit(1);
  }
}

const log = readFileSync(logFile, 'utf8');
const handle = await openDatabase({ dataDir });
let rows: string;
try {
  rows = await databaseText(handle.db);
} finally {
  await handle.close();
}

const secrets = knownSecrets();
const found = [
  { where: `the API log (${log.split('\n').length} lines)`, what: secretsIn(log, secrets) },
  { where: `the database (${rows.split('\n').length} rows)`, what: secretsIn(rows, secrets) },
];
for (const { where, what } of found) {
  console.log(
    what.length === 0 ? `No secret in ${where}.` : `${where} holds ${what.join(', ')} in clear text.`,
  );
}
process.exit(found.some(({ what }) => what.length > 0) ? 1 : 0);
