/**
 * What the secrets checks look for, shared by tests/api/secrets-at-rest.test.ts (after its own flows) and
 * scripts/secrets-scan.ts (the browser tests' API log and database after the whole run): the secrets the tests
 * know (bank numbers, the demo accounts' and the MINDBODY sandbox's passwords, the platform's vendor keys), the
 * shapes of secrets they cannot know in advance (identity ID tokens, Square tokens), and every table's rows as
 * PostgreSQL writes them as text.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { DEMO_IDENTITIES } from '../../server/db/seed/data';
import { readEnv } from '../../server/env';
import { OUTSIDE_SECRETS } from '../../server/outside/env';
import { SQUARE_REFRESH_PREFIX, SQUARE_TOKEN_PREFIX } from '../../server/outside/square/wire';
import { MINDBODY_SANDBOX } from '../../server/strategies/sandbox';

/** The demo and test bank numbers (tests/e2e/payouts.spec.ts, the payouts walk, tests/api/payouts.test.ts). */
export const BANK_NUMBERS = ['000123456789', '110000000', '021000021'];

/** The platform's vendor keys a test server's outside clients send (a test sets none: the defaults). */
export function vendorKeys(): string[] {
  const env = readEnv({ APP_ENV: 'test' });
  return [...OUTSIDE_SECRETS].map((name) => String(env[name as keyof typeof env]));
}

/** Every secret the tests know in advance. */
export function knownSecrets(): string[] {
  return [
    ...BANK_NUMBERS,
    ...DEMO_IDENTITIES.map((identity) => identity.password),
    MINDBODY_SANDBOX.password,
    ...vendorKeys(),
  ];
}

/** Secrets known by their shape: an ID token (a JWT's JSON header and payload) and Square's tokens. */
export const SECRET_SHAPES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'an ID token', pattern: /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\./ },
  { name: 'a Square access token', pattern: new RegExp(`${SQUARE_TOKEN_PREFIX}[\\w-]{8,}`) },
  { name: 'a Square refresh token', pattern: new RegExp(`${SQUARE_REFRESH_PREFIX}[\\w-]{8,}`) },
];

/**
 * What `text` holds of `secrets` and of the secret shapes, each named without giving the secret away (its first
 * four characters); empty when it holds none.
 */
export function secretsIn(text: string, secrets: readonly string[]): string[] {
  const found = secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret.slice(0, 4)}…`);
  for (const shape of SECRET_SHAPES) if (shape.pattern.test(text)) found.push(shape.name);
  return found;
}

/** Every row of every table as PostgreSQL writes it as text, a table a line group. */
export async function databaseText(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const result = (await db.execute(sql`select t::text as row from ${table} t`)) as unknown as {
      rows: { row: string }[];
    };
    parts.push(`${getTableName(table)}: ${result.rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}
