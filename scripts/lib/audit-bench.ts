/**
 * What the audit trail costs a write, for `npm run bench` (`-- --audit-only` measures this part alone).
 * In-process on a fresh in-memory PGlite, and on PostgreSQL when BENCH_DATABASE_URL (default the local
 * `test` database) answers, in a scratch database of its own: the same request, a credit saved through the
 * real repository behind a Hono route with the audit context middleware, measured
 *   - without the audit: the plain Db, the audit triggers disabled;
 *   - with the audit: the audited Db (server/audit/db.ts), the triggers recording every written row.
 * Each write is measured as POST (one INSERT outside a transaction) and PUT (the versioned update's
 * transaction). Rounds alternate, so load on the machine falls
 * on both sides alike. Reports p50/p95 of each and the difference of the medians.
 *
 * The same writes are also measured as whole requests through the real app (createApp: the limits, the
 * token check, revocation, the Idempotency-Key claim, validation, the scope, the log), with the audit and
 * with `recordAudit: false`; only the identity service is a stand-in that accepts the bench admin's token, so
 * no emulator is needed. That is the write path the goal of an audit under 10% of a write is about.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createApp } from '../../server/app';
import { auditContext } from '../../server/audit/context';
import { auditedDb } from '../../server/audit/db';
import { createCredit, updateCredit } from '../../server/credits/repository';
import { type DatabaseHandle, type Db } from '../../server/db/client';
import { onPglite, onScratchPostgres } from './bench-databases';
import type { HonoEnv } from '../../server/http/types';
import { readEnv } from '../../server/env';
import type { Identity } from '../../server/identity';
import { createLog, type Log } from '../../server/http/log';

export const AUDIT_HEADING = '## Writes with and without the audit trail';

export interface AuditFigure {
  engine: string;
  what: string;
  runs: number;
  without: { p50: number; p95: number };
  with: { p50: number; p95: number };
}

const ROUNDS = 10;
const PER_ROUND = 40;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** A route that saves a credit as POST /credits and PUT /credits/{id} do, as the bench's admin. */
function creditApp(db: Db) {
  let version = 1;
  let id = 0;
  return new Hono<HonoEnv>()
    .use(auditContext(false))
    .use(async (c, next) => {
      c.set('caller', { uid: 'bench-admin', email: 'bench@upkeep.test', role: 'admin' });
      await next();
    })
    .post('/credits', async (c) => {
      const credit = await createCredit(db, { title: 'Bench', description: null, totalInCents: 100 });
      id = credit.id;
      version = credit.version;
      return c.json(credit, 201);
    })
    .put('/credits', async (c) => {
      const result = await updateCredit(db, id, { title: `Bench ${version}`, description: null, version });
      if (!result.ok) throw new Error(`bench update refused: ${result.message}`);
      version = result.value.version;
      return c.json(result.value);
    });
}

/**
 * Accepts the one bench token as an admin with no user row (judged by its claim, server/http/revocation.ts).
 * A credit's writes never administer accounts: those calls fail loudly if one ever does.
 */
const notInTheBench = async (): Promise<never> => {
  throw new Error('the audit bench administers no account');
};
const benchIdentity: Identity = {
  verifyIdToken: async () => ({ uid: 'bench-admin', email: 'bench@upkeep.test', role: 'admin' }),
  ensureAccount: async () => 'bench-admin',
  getAccount: notInTheBench,
  setCustomClaims: notInTheBench,
  updateAccount: notInTheBench,
  disableAccount: notInTheBench,
  enableAccount: notInTheBench,
};

/** The request log as production writes it (pino, every line serialised), into nothing. */
const quietLog = (): Log => createLog({ write: () => undefined });

/** The real app on `db`, with the audit trail or without it, its limits out of the way. */
function wholeApp(handle: DatabaseHandle, recordAudit: boolean) {
  const env = readEnv({
    APP_ENV: 'test',
    FIREBASE_PROJECT_ID: 'demo-upkeep-bench',
    CORS_ORIGINS: 'http://localhost:5173',
    RATE_LIMIT_PUBLIC_PER_IP: '1000000000',
    RATE_LIMIT_WRITES_PER_IP: '1000000000',
    RATE_LIMIT_WRITES_PER_ACCOUNT: '1000000000',
    RATE_LIMIT_READS_PER_IP: '1000000000',
    RATE_LIMIT_READS_PER_ACCOUNT: '1000000000',
    RATE_LIMIT_TOKEN_FAILURES_PER_IP: '1000000000',
  });
  const app = createApp({
    db: handle.db,
    engine: handle.engine,
    identity: benchIdentity,
    env,
    log: quietLog(),
    recordAudit,
  });
  let id = 0;
  let version = 1;
  const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
  return {
    async post() {
      const response = await app.request('/credits', {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomBytes(16).toString('hex') },
        body: JSON.stringify({ title: 'Bench', description: null, totalInCents: 100 }),
      });
      const body = (await response.json()) as { id: number; version: number };
      if (response.status >= 300) throw new Error(`bench POST answered ${response.status}`);
      id = body.id;
      version = body.version;
    },
    async put() {
      const response = await app.request(`/credits/${id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ title: `Bench ${version}`, description: null, version }),
      });
      const body = (await response.json()) as { version: number };
      if (response.status >= 300) throw new Error(`bench PUT answered ${response.status}`);
      version = body.version;
    },
  };
}

async function measureWhole(handle: DatabaseHandle, engine: string): Promise<AuditFigure[]> {
  const apps = { without: wholeApp(handle, false), with: wholeApp(handle, true) };
  const samples = {
    without: { POST: [] as number[], PUT: [] as number[] },
    with: { POST: [] as number[], PUT: [] as number[] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of ['without', 'with'] as const) {
      const app = apps[side];
      for (let i = 0; i < PER_ROUND + 5; i += 1) {
        for (const method of ['POST', 'PUT'] as const) {
          const started = performance.now();
          await (method === 'POST' ? app.post() : app.put());
          if (i >= 5) samples[side][method].push(performance.now() - started);
        }
      }
    }
  }
  return (['POST', 'PUT'] as const).map((method) => ({
    engine,
    what: method === 'POST' ? 'POST /credits, whole request' : 'PUT /credits/{id}, whole request',
    runs: ROUNDS * PER_ROUND,
    without: { p50: quantile(samples.without[method], 0.5), p95: quantile(samples.without[method], 0.95) },
    with: { p50: quantile(samples.with[method], 0.5), p95: quantile(samples.with[method], 0.95) },
  }));
}

async function measure(handle: DatabaseHandle, engine: string): Promise<AuditFigure[]> {
  return [...(await measureRepository(handle, engine)), ...(await measureWhole(handle, engine))];
}

async function measureRepository(handle: DatabaseHandle, engine: string): Promise<AuditFigure[]> {
  const plain = creditApp(handle.db);
  const audited = creditApp(auditedDb(handle.db, handle.engine));
  const samples = {
    without: { POST: [] as number[], PUT: [] as number[] },
    with: { POST: [] as number[], PUT: [] as number[] },
  };
  const triggers = (on: boolean) =>
    handle.db.execute(
      on ? 'alter table credits enable trigger audit_row' : 'alter table credits disable trigger audit_row',
    );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of ['without', 'with'] as const) {
      await triggers(side === 'with');
      const app = side === 'with' ? audited : plain;
      for (let i = 0; i < PER_ROUND + 5; i += 1) {
        for (const method of ['POST', 'PUT'] as const) {
          const started = performance.now();
          const response = await app.request('/credits', { method });
          if (response.status >= 300) throw new Error(`bench ${method} answered ${response.status}`);
          // The first five of a round warm the side up.
          if (i >= 5) samples[side][method].push(performance.now() - started);
        }
      }
    }
  }
  await triggers(true);
  return (['POST', 'PUT'] as const).map((method) => ({
    engine,
    what: method === 'POST' ? 'POST /credits (one INSERT)' : 'PUT /credits/{id} (versioned update)',
    runs: ROUNDS * PER_ROUND,
    without: { p50: quantile(samples.without[method], 0.5), p95: quantile(samples.without[method], 0.95) },
    with: { p50: quantile(samples.with[method], 0.5), p95: quantile(samples.with[method], 0.95) },
  }));
}

export async function benchAudit(): Promise<AuditFigure[]> {
  const figures = await onPglite(measure);
  return [...figures, ...((await onScratchPostgres('audit', measure)) ?? [])];
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const share = (f: AuditFigure) =>
  `${f.with.p50 >= f.without.p50 ? '+' : ''}${(((f.with.p50 - f.without.p50) / f.without.p50) * 100).toFixed(0)}%`;

export function auditSection(figures: AuditFigure[] | null, load: string): string {
  if (!figures) return `${AUDIT_HEADING}\n\nNot measured in this run.\n`;
  const rows = figures
    .map(
      (f) =>
        `| ${f.engine} | ${f.what} | ${f.runs} | ${ms(f.without.p50)} | ${ms(f.without.p95)} | ${ms(f.with.p50)} | ${ms(f.with.p95)} | ${share(f)} |`,
    )
    .join('\n');
  return `${AUDIT_HEADING}

Measured by \`npm run bench\` (\`npm run bench -- --audit-only\` measures this part alone; scripts/lib/audit-bench.ts)
on ${new Date().toISOString().slice(0, 10)}, in-process: a credit created and saved through the real repository behind a
Hono route with the audit context, without the audit (plain Db, triggers disabled) and with it (the audited Db,
the row trigger writing to audit_events), ${ROUNDS} alternating rounds of ${PER_ROUND}. Load average when
measured: ${load}. The difference is of the medians.

| Engine | Write | Runs | Without p50 | Without p95 | With p50 | With p95 | Difference |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows}

The rows named "one INSERT" and "versioned update" hold the database's part of a write with a bare Hono route
around it (the audited Db against the plain one). The rows named "whole request" are the write path: the real
app (createApp) with the limits, the token check (a stand-in identity service that accepts the bench token,
so the emulator's HTTP call is left out), revocation, the Idempotency-Key claim, validation and the request
log, with the audit (the audited Db and the triggers) and without it (\`recordAudit: false\`, the plain Db). The
goal is an audit costing under 10% of a write, read on the whole-request rows. The audited Db carries the
actor on the write itself (one more RETURNING column, no extra round trip), so what the audit adds is the
row trigger's work: reading the setting, the row before and after as JSON (an update's changed fields are
worked out when the trail is read, migration 0027) and the insert into audit_events with its indexes.
`;
}
