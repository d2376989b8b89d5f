import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditContext } from '../../server/audit/context';
import { auditedDb } from '../../server/audit/db';
import type { Db } from '../../server/db/client';
import * as t from '../../server/db/schema';
import type { HonoEnv } from '../../server/http/types';
import { engines, openTestDatabase, type TestDatabase } from './support';

/**
 * The audited Db (server/audit/db.ts) hands the write request's actor to the row triggers on every kind of
 * write — a row write carrying the setting, a data-modifying WITH, a statement inside and outside a
 * transaction — and answers each exactly as the plain Db does.
 */
describe.each(engines)('the audited Db on %s', (engine) => {
  let database: TestDatabase;
  let plain: Db;
  let audited: Db;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    plain = database.handle.db;
    audited = auditedDb(plain, database.handle.engine);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** Runs `work` as the body of a write request by `uid`, as the routes do. */
  /** What `execute` answers on both engines. */
  type Answer<Row> = { rows: Row[] };
  const rowsOf = <Row = unknown>(answer: unknown) => (answer as Answer<Row>).rows;

  async function asWrite<T>(uid: string, work: () => Promise<T>): Promise<T> {
    let result: T | undefined;
    const app = new Hono<HonoEnv>()
      .use(auditContext(false))
      .use(async (c, next) => {
        c.set('caller', { uid, email: `${uid}@upkeep.test`, role: 'admin' });
        await next();
      })
      .post('/work', async (c) => {
        result = await work();
        return c.json({});
      });
    const response = await app.request('/work', { method: 'POST' });
    expect(response.status).toBe(200);
    return result as T;
  }

  const trailOf = (recordId: number) =>
    plain
      .select({ kind: t.auditEvents.kind, actorUid: t.auditEvents.actorUid, changes: t.auditEvents.changes })
      .from(t.auditEvents)
      .where(sql`${t.auditEvents.recordType} = 'credit' and ${t.auditEvents.recordId} = ${String(recordId)}`)
      .orderBy(t.auditEvents.id);

  it('answers an INSERT … RETURNING with exactly the columns asked for, and records its actor', async () => {
    const [created] = await asWrite('writer-returning', () =>
      audited
        .insert(t.credits)
        .values({ title: 'Audited', description: null, totalInCents: 5 })
        .returning({ id: t.credits.id, title: t.credits.title }),
    );
    expect(created).toEqual({ id: expect.any(Number), title: 'Audited' });
    expect(await trailOf(created!.id)).toEqual([
      {
        kind: 'create',
        actorUid: 'writer-returning',
        changes: expect.objectContaining({ title: 'Audited' }),
      },
    ]);
  });

  it('answers a write without RETURNING with no rows, as the plain Db does', async () => {
    const [credit] = await plain
      .insert(t.credits)
      .values({ title: 'Plain', description: null, totalInCents: 5 })
      .returning({ id: t.credits.id });
    const id = credit!.id;
    const auditedAnswer = await asWrite('writer-bare', () =>
      audited.execute(sql`update credits set title = 'Bare' where id = ${id}`),
    );
    const plainAnswer = await plain.execute(sql`update credits set description = 'x' where id = ${id}`);
    expect(rowsOf(auditedAnswer)).toEqual(rowsOf(plainAnswer));
    expect(rowsOf(auditedAnswer)).toEqual([]);
    expect(await trailOf(id)).toEqual([
      { kind: 'update', actorUid: 'writer-bare', changes: { title: { from: 'Plain', to: 'Bare' } } },
      // The plain Db's write outside a request records nothing.
    ]);
  });

  it('records a data-modifying WITH and every write of a transaction as the request', async () => {
    const ids = await asWrite('writer-tx', () =>
      audited.transaction(async (tx) => {
        const made = await tx.execute(
          sql`with made as (insert into credits (title, total_in_cents) values ('With', 7) returning id) select id from made`,
        );
        const withId = rowsOf<{ id: number }>(made)[0]!.id;
        await tx.update(t.credits).set({ title: 'With 2' }).where(eq(t.credits.id, withId));
        return [withId];
      }),
    );
    const trail = await trailOf(ids[0]!);
    expect(trail.map((row) => [row.kind, row.actorUid])).toEqual([
      ['create', 'writer-tx'],
      ['update', 'writer-tx'],
    ]);
  });

  it('records a data-modifying WITH run alone, and nothing of a write that rolls back', async () => {
    const made = await asWrite('writer-alone', () =>
      audited.execute(
        sql`with made as (insert into credits (title, total_in_cents) values ('Alone', 7) returning id) select id from made`,
      ),
    );
    const id = rowsOf<{ id: number }>(made)[0]!.id;
    expect((await trailOf(id)).map((row) => row.actorUid)).toEqual(['writer-alone']);
    const before = await plain
      .select({ id: t.auditEvents.id })
      .from(t.auditEvents)
      .orderBy(desc(t.auditEvents.id))
      .limit(1);
    const outcome = await asWrite('writer-rolled-back', () =>
      audited
        .transaction(async (tx) => {
          await tx.update(t.credits).set({ title: 'Never' }).where(eq(t.credits.id, id));
          throw new Error('rolled back');
        })
        .catch((error: unknown) => (error instanceof Error ? error.message : 'failed')),
    );
    expect(outcome).toBe('rolled back');
    const after = await plain
      .select({ id: t.auditEvents.id })
      .from(t.auditEvents)
      .orderBy(desc(t.auditEvents.id))
      .limit(1);
    expect(after).toEqual(before);
  });

  it('leaves no setting behind on the connection: a later write outside a request records nothing', async () => {
    const [credit] = await asWrite('writer-first', () =>
      audited.insert(t.credits).values({ title: 'First', totalInCents: 1 }).returning({ id: t.credits.id }),
    );
    await audited.update(t.credits).set({ title: 'Outside' }).where(eq(t.credits.id, credit!.id));
    expect((await trailOf(credit!.id)).map((row) => row.kind)).toEqual(['create']);
  });
});
