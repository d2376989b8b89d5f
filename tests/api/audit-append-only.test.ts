/**
 * The audit trail is append-only in the database itself, not only by the API's habit: UPDATE and DELETE
 * (a row trigger, migration 0017) and TRUNCATE (a statement trigger, migration 0033) on `audit_events` are
 * refused on both engines, whoever sends them, and leave every row as it was. Inserting still works.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { engines, openTestDatabase, type TestDatabase } from './support';

/** Every row of the trail, as text, in id order: what a refused statement must leave untouched. */
async function trail(db: Db): Promise<string[]> {
  // Both drivers answer { rows }; the Db union does not say so.
  const result = (await db.execute(
    sql`select e::text as row from audit_events e order by id`,
  )) as unknown as {
    rows: { row: string }[];
  };
  return result.rows.map(({ row }) => row);
}

/** The error a statement failed with, its causes' messages included (drivers wrap it differently). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause)
      messages.push(cause.message);
    return messages.join(' ← ');
  }
  throw new Error('the statement was not refused');
}

describe.each(engines)('audit_events is append-only on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    db = database.handle.db;
    await db.insert(t.auditEvents).values([
      { kind: 'sign-in', actorUid: 'append-only-a', address: '127.0.0.1' },
      { kind: 'create', actorUid: 'append-only-b', recordType: 'credit', recordId: '1', changes: { a: 1 } },
    ]);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it.each([
    ['UPDATE of one row', sql`update audit_events set kind = 'changed' where actor_uid = 'append-only-a'`],
    ['UPDATE of every row', sql`update audit_events set actor_uid = null`],
    ['DELETE of one row', sql`delete from audit_events where actor_uid = 'append-only-b'`],
    ['DELETE of every row', sql`delete from audit_events`],
    ['TRUNCATE', sql`truncate audit_events`],
    ['TRUNCATE … RESTART IDENTITY CASCADE', sql`truncate table audit_events restart identity cascade`],
  ])('refuses %s and changes no row', async (_, statement) => {
    const before = await trail(db);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(await refusal(db.execute(statement))).toMatch(/audit_events is append-only/);
    expect(await trail(db)).toEqual(before);
  });

  it('refuses them inside a transaction too, which then rolls back as a whole', async () => {
    const before = await trail(db);
    const message = await refusal(
      db.transaction(async (tx) => {
        await tx.insert(t.auditEvents).values({ kind: 'sign-in', actorUid: 'append-only-tx' });
        await tx.execute(sql`truncate audit_events`);
      }),
    );
    expect(message).toMatch(/audit_events is append-only/);
    expect(await trail(db)).toEqual(before);
  });

  it('still takes new rows', async () => {
    const before = await trail(db);
    await db.insert(t.auditEvents).values({ kind: 'sign-in', actorUid: 'append-only-c' });
    const after = await trail(db);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
  });
});
