import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditContext } from '../../server/audit/context';
import { auditedDb } from '../../server/audit/db';
import { changesOf } from '../../server/audit/repository';
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

  /** What `execute` answers on both engines. */
  type Answer<Row> = { rows: Row[] };
  const rowsOf = <Row = unknown>(answer: unknown) => (answer as Answer<Row>).rows;

  /** Runs `work` as the body of a write request by `uid`, as the routes do. */
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

  /** The trail of one credit, oldest first, as stored (an update's before and after left as they are). */
  const storedTrailOf = (recordId: number) =>
    plain
      .select({ kind: t.auditEvents.kind, actorUid: t.auditEvents.actorUid, changes: t.auditEvents.changes })
      .from(t.auditEvents)
      .where(sql`${t.auditEvents.recordType} = 'credit' and ${t.auditEvents.recordId} = ${String(recordId)}`)
      .orderBy(t.auditEvents.id);

  /** The same, an update read as the fields that changed (what GET /audit answers). */
  const trailOf = async (recordId: number) =>
    (await storedTrailOf(recordId)).map((row) => ({ ...row, changes: changesOf(row.changes ?? null) }));

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

  it('stays in one transaction after a savepoint is rolled back: a later WITH is inside it, and goes with it', async () => {
    const titles = ['Kept until the end', 'Undone at once', 'After the savepoint'];
    await asWrite('writer-savepoint', () =>
      audited
        .transaction(async (tx) => {
          await tx.insert(t.credits).values({ title: titles[0]!, totalInCents: 3 });
          await tx
            .transaction(async (inner) => {
              await inner.insert(t.credits).values({ title: titles[1]!, totalInCents: 3 });
              throw new Error('roll the savepoint back');
            })
            .catch(() => undefined);
          await tx.execute(
            sql`with made as (insert into credits (title, total_in_cents) values (${titles[2]}, 7) returning id) select id from made`,
          );
          throw new Error('roll the whole transaction back');
        })
        .catch(() => undefined),
    );
    // Nothing of it was committed: not the rows, not their events.
    const left = await plain
      .select({ id: t.credits.id })
      .from(t.credits)
      .where(
        sql`${t.credits.title} in (${sql.join(
          titles.map((title) => sql`${title}`),
          sql`, `,
        )})`,
      );
    expect(left).toEqual([]);
    const events = await plain
      .select({ id: t.auditEvents.id })
      .from(t.auditEvents)
      .where(eq(t.auditEvents.actorUid, 'writer-savepoint'));
    expect(events).toEqual([]);
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

  it('stores an update as the row before and after, read as the fields that changed; a no-op records nothing', async () => {
    const [credit] = await asWrite('writer-update', () =>
      audited
        .insert(t.credits)
        .values({ title: 'Before', description: 'Kept', totalInCents: 7 })
        .returning({ id: t.credits.id }),
    );
    await asWrite('writer-update', () =>
      audited.update(t.credits).set({ title: 'After' }).where(eq(t.credits.id, credit!.id)),
    );
    await asWrite('writer-update', () =>
      audited.update(t.credits).set({ title: 'After' }).where(eq(t.credits.id, credit!.id)),
    );
    const rows = await storedTrailOf(credit!.id);
    expect(rows.map((row) => row.kind)).toEqual(['create', 'update']);
    const stored = rows[1]!.changes as Record<string, Record<string, unknown>>;
    expect(stored.$from).toMatchObject({ id: credit!.id, title: 'Before', description: 'Kept' });
    expect(stored.$to).toMatchObject({ id: credit!.id, title: 'After', description: 'Kept' });
    expect(stored).not.toHaveProperty('$hidden');
    expect(changesOf(stored)).toEqual({ title: { from: 'Before', to: 'After' } });
  });

  it('keeps a secret out of an update and a create: hidden values change only as "[hidden]"', async () => {
    const [saved] = await asWrite('writer-secret', () =>
      audited
        .insert(t.credentials)
        .values({ strategy: 'MINDBODY', username: 'owner-name', password: 'Pw-before', siteId: '-99' })
        .returning({ id: t.credentials.id }),
    );
    await asWrite('writer-secret', () =>
      audited
        .update(t.credentials)
        .set({ password: 'Pw-after', accessToken: 'Tok-new', strategy: 'BOOKER' })
        .where(eq(t.credentials.id, saved!.id)),
    );
    const rows = await plain
      .select({ kind: t.auditEvents.kind, changes: t.auditEvents.changes })
      .from(t.auditEvents)
      .where(
        sql`${t.auditEvents.recordType} = 'credentials' and ${t.auditEvents.recordId} = ${String(saved!.id)}`,
      )
      .orderBy(t.auditEvents.id);
    const text = JSON.stringify(rows);
    for (const secret of ['Pw-before', 'Pw-after', 'Tok-new', 'owner-name'])
      expect(text).not.toContain(secret);
    expect(rows.map((row) => row.kind)).toEqual(['create', 'update']);
    expect(rows[0]!.changes).toMatchObject({ username: '[hidden]', site_id: '[hidden]' });
    expect(rows[0]!.changes).not.toHaveProperty('password');
    expect(changesOf(rows[1]!.changes ?? null)).toEqual({
      strategy: { from: 'MINDBODY', to: 'BOOKER' },
      password: { from: '[hidden]', to: '[hidden]' },
      access_token: { from: null, to: '[hidden]' },
    });
  });

  it("knows every audited table's secret columns: each trigger was attached with its table's as they are now", async () => {
    const triggers = rowsOf<{ table: string; args: string; secrets: string }>(
      await plain.execute(sql`
        select tgrelid::regclass::text as "table", encode(tgargs, 'escape') as args,
          audit_secret_columns(tgrelid) as secrets
        from pg_trigger where tgname = 'audit_row' and not tgisinternal`),
    );
    expect(triggers.length).toBeGreaterThan(20);
    for (const trigger of triggers) {
      const args = trigger.args.split('\\000');
      expect(args.length, trigger.table).toBeGreaterThanOrEqual(5);
      expect(args[4], trigger.table).toBe(trigger.secrets);
    }
    expect(triggers.find((trigger) => trigger.table === 'credentials')?.secrets).toBe(
      'password,access_token,token_type,refresh_token',
    );
  });
});
