/**
 * GET /appointments/list (the appointments workspace) at 20,000 appointments, for `npm run bench`
 * (`-- --appointments-only` measures this part alone). In-process, on a fresh in-memory PGlite and, when
 * BENCH_DATABASE_URL (default the local `test` database) answers, on PostgreSQL in a scratch database of its
 * own: the demo data plus 2,000 bulk appointments in each of ten months (`seedBulkAppointments`, the seed
 * behind `npm run seed:appointments`), then each request through the real route (query validation, scope,
 * the one query, the JSON answer) with the caller set as the auth middleware would (no token check).
 * BENCH_LIST_RUNS (default 200) sets the runs per request, after 5 warm-up runs. Reports p50/p95 of each.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { appointmentRoutes } from '../../server/appointments/routes';
import { type DatabaseHandle } from '../../server/db/client';
import { onPglite, onScratchPostgres } from './bench-databases';
import { seed } from '../../server/db/seed';
import { seedBulkAppointments } from '../../server/db/seed/bulk-appointments';
import * as t from '../../server/db/schema';
import type { Allow } from '../../server/http/auth';
import { createLog } from '../../server/http/log';
import type { HonoEnv } from '../../server/http/types';
import type { VerifiedToken } from '../../server/identity';
import { standinPayments } from '../../server/outside/stripe/standin-payments';

export const APPOINTMENT_LIST_HEADING = '## The appointments workspace: GET /appointments/list';

/** The goal: p95 at most this at 20,000 appointments. */
export const GOAL_LIST_P95_MS = 25;
const MONTHS = [
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
];
const PER_MONTH = 2_000;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);

export interface ListFigure {
  engine: string;
  what: string;
  runs: number;
  rows: number;
  p50: number;
  p95: number;
}
export interface ListReport {
  appointments: number;
  figures: ListFigure[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const ADMIN: VerifiedToken = { uid: 'bench-admin', role: 'admin' };
const PROVIDER: VerifiedToken = { uid: 'bench-provider', role: 'provider' };

function app(handle: DatabaseHandle, caller: VerifiedToken) {
  const { db } = handle;
  // The caller as the auth middleware would set it, for the roles the route allows.
  const allow: Allow = () => async (c, next) => {
    c.set('caller', caller);
    await next();
  };
  const routes = appointmentRoutes({
    db,
    allow,
    log: createLog(),
    payments: standinPayments(db),
  });
  return new Hono<HonoEnv>().route('/appointments', routes);
}

async function measure(handle: DatabaseHandle, engine: string): Promise<ListReport> {
  const { db } = handle;
  await seed(db, { now: new Date() });
  for (const month of MONTHS) await seedBulkAppointments(db, PER_MONTH, month);
  const [glow] = await db
    .select({ id: t.providers.id })
    .from(t.providers)
    .where(eq(t.providers.name, 'Glow Studio'));
  // The provider account signs in as this uid.
  await db
    .update(t.users)
    .set({ firebaseUid: PROVIDER.uid })
    .where(eq(t.users.email, 'provider@upkeep.test'));
  const [customer] = await db
    .select({ email: t.users.email })
    .from(t.users)
    .innerJoin(t.appointments, eq(t.appointments.userId, t.users.id))
    .where(eq(t.appointments.providerId, glow!.id))
    .limit(1);
  const total = (await db.select({ id: t.appointments.id }).from(t.appointments)).length;
  const admin = app(handle, ADMIN);
  const provider = app(handle, PROVIDER);

  // A cursor 10,000 rows down (every provider's, newest first).
  let deep: string | null = null;
  for (let read = 0; read < 10_000; read += 200) {
    const answer = await admin.request(`/appointments/list?limit=200${deep ? `&cursor=${deep}` : ''}`);
    deep = ((await answer.json()) as { nextCursor: string | null }).nextCursor;
  }
  if (!deep) throw new Error('bench: no cursor 10,000 rows down');

  const cases: [string, Hono<HonoEnv>, string][] = [
    ['Admin, first page (every provider)', admin, ''],
    ['Admin, the page 10,000 rows down (cursor)', admin, `cursor=${deep}`],
    ['Admin, one provider', admin, `provider=${glow!.id}`],
    ['Admin, status Cancelled', admin, 'status=CANCELLED'],
    ['Admin, one day (in each zone)', admin, 'from=2026-05-14&to=2026-05-14'],
    ['Admin, customer by email', admin, `q=${encodeURIComponent(customer!.email)}`],
    ['Admin, customer search matching none', admin, 'q=nobody-here'],
    ['Provider, their own, first page', provider, ''],
    ['Provider, status and a month', provider, 'status=COMPLETED&from=2026-03-01&to=2026-03-31'],
  ];
  const figures: ListFigure[] = [];
  for (const [what, server, query] of cases) {
    const path = `/appointments/list?limit=50${query ? `&${query}` : ''}`;
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS + 5; i += 1) {
      const started = performance.now();
      const answer = await server.request(path);
      const body = (await answer.json()) as { items: unknown[] };
      if (answer.status !== 200) throw new Error(`bench: ${path} answered ${answer.status}`);
      if (i >= 5) samples.push(performance.now() - started);
      rows = body.items.length;
    }
    figures.push({
      engine,
      what,
      runs: RUNS,
      rows,
      p50: quantile(samples, 0.5),
      p95: quantile(samples, 0.95),
    });
  }
  return { appointments: total, figures };
}

export async function benchAppointmentList(): Promise<ListReport> {
  const report = await onPglite(measure);
  const onPg = await onScratchPostgres('list', measure);
  return { appointments: report.appointments, figures: [...report.figures, ...(onPg?.figures ?? [])] };
}

export function appointmentListSection(report: ListReport | null, load: string): string {
  if (!report) return `${APPOINTMENT_LIST_HEADING}\n\nNot measured in this run.\n`;
  const rows = report.figures
    .map(
      (f) =>
        `| ${f.engine} | ${f.what} | ${f.rows} | ${f.runs} | ${f.p50.toFixed(1)} ms | ${f.p95.toFixed(1)} ms | ${f.p95 <= GOAL_LIST_P95_MS ? '✓' : '✗'} |`,
    )
    .join('\n');
  return `${APPOINTMENT_LIST_HEADING}

Measured by \`npm run bench\` (\`npm run bench -- --appointments-only\` measures this part alone;
scripts/lib/appointments-list-bench.ts) on ${new Date().toISOString().slice(0, 10)}, in-process through the real route (query validation,
scope, the one query per page, the JSON answer; the caller set as the auth middleware would, so no token check):
the demo data plus ${(MONTHS.length * PER_MONTH).toLocaleString('en-US')} bulk appointments, ${report.appointments.toLocaleString('en-US')} in all, pages of 50.
Load average when measured: ${load}. Goal: p95 ≤ ${GOAL_LIST_P95_MS} ms (✓ met, ✗ not).

| Engine | Request | Rows | Runs | p50 | p95 | Goal |
| --- | --- | --- | --- | --- | --- | --- |
${rows}

Each page is one query read backwards along \`appointments_start_idx\` (\`start_date, id\`) or, for one provider,
\`appointments_provider_start_idx\` (\`provider_id, start_date, id\`), after the cursor's \`(start_date, id)\`, and it
stops at the page's end: a page 10,000 rows down costs what the first does. A day filter narrows the start to the
day ±14 hours before comparing the day in each appointment's zone. A customer search that matches few rows (or
none) is tested row by row along the start index, so it is the costliest case; it reads the users by primary key.
`;
}
