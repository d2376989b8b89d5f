/** Helpers for the provider-profile API tests: JSON calls, the demo callers, seeded ids by name. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as v from 'valibot';
import { ApiErrorSchema } from '../../src/api/contract/error';
import type { Db } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { signIn, tableCounts, tokenFor, type TestServer } from './support';

export interface Callers {
  admin: string;
  /** provider@upkeep.test: Glow Studio. */
  glow: string;
  /** multi@upkeep.test: Serenity Med Spa and Luxe Aesthetics. */
  multi: string;
  /** A provider account linked to no provider. */
  unlinked: string;
  /** A customer (role user). */
  customer: string;
}

export async function callers(): Promise<Callers> {
  return {
    admin: await tokenFor('admin'),
    glow: await signIn('provider@upkeep.test', 'upkeep-provider'),
    multi: await signIn('multi@upkeep.test', 'upkeep-multi'),
    unlinked: await tokenFor('provider'),
    customer: await tokenFor('user'),
  };
}

export async function call(
  api: TestServer,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await api.fetch(path, {
    method,
    token,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The error of a failed call: its status, code and (when given) the field it names. */
export function expectError(
  result: { status: number; body: unknown },
  status: number,
  code: string,
  field?: string,
): v.InferOutput<typeof ApiErrorSchema> {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const error = v.parse(ApiErrorSchema, result.body);
  expect(error.code).toBe(code);
  // The field comes as `field`, or (from the shared request validation) as the message's "field: …" prefix.
  if (field !== undefined) expect(error.field ?? error.message.split(':')[0]).toBe(field);
  return error;
}

/** Runs a request that must be refused and proves that no table changed. */
export async function expectNoChange<T>(db: Db, refused: () => Promise<T>): Promise<T> {
  const before = await tableCounts(db);
  const result = await refused();
  expect(await tableCounts(db)).toEqual(before);
  return result;
}

export async function providerId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: t.providers.id }).from(t.providers).where(eq(t.providers.name, name));
  if (!row) throw new Error(`no provider ${name}`);
  return row.id;
}

export async function locationIdOf(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ id: t.providers.locationId })
    .from(t.providers)
    .where(eq(t.providers.name, name));
  if (!row?.id) throw new Error(`provider ${name} has no location`);
  return row.id;
}

export async function idByName<
  T extends typeof t.serviceItems | typeof t.bundles | typeof t.serviceCategories,
>(db: Db, table: T, name: string): Promise<number> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as typeof t.serviceItems)
    .where(eq(table.name, name));
  if (!row) throw new Error(`no row named ${name}`);
  return row.id;
}
