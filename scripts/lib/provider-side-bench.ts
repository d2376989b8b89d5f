/**
 * The provider side at a marketplace's size (issue 34), for `npm run bench` (`-- --provider-side` measures this
 * part alone): 2,000 bulk providers, 20,000 bulk appointments and 500 pricing-tier polygons over the demo data,
 * on a fresh in-memory PGlite and on PostgreSQL in a scratch database (scripts/lib/bench-databases.ts). Each
 * read goes through the real routes (query validation, scope, the queries, the JSON answer) with the caller
 * set as the auth middleware would (no token check): the providers panel's list and its filters, GET /providers
 * whole, the pickers' choices (GET /providers/choices), the appointments workspace's first page, the dashboard's month (GET /appointments/calendar) and the
 * pricing tiers' list and one tier. BENCH_PROVIDER_RUNS (default 200) runs each after 5 warm-up runs.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { appointmentRoutes } from '../../server/appointments/routes';
import type { DatabaseHandle } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { BULK_PROVIDER, seedBulkAppointments } from '../../server/db/seed/bulk-appointments';
import { seedBulkProviders } from '../../server/db/seed/bulk-providers';
import type { Allow } from '../../server/http/auth';
import { createLog } from '../../server/http/log';
import type { HonoEnv } from '../../server/http/types';
import type { VerifiedToken } from '../../server/identity';
import { standinPayments } from '../../server/outside/stripe/standin-payments';
import { priceTierRoutes } from '../../server/pricing-tiers/routes';
import { providerRoutes } from '../../server/providers/providers.routes';
import { onPglite, onScratchPostgres } from './bench-databases';

export const PROVIDER_SIDE_HEADING = '## The provider side at scale: providers, appointments, pricing tiers';

/** The goal: p95 at most this per API read. */
export const GOAL_PROVIDER_P95_MS = 25;
export const PROVIDERS = 2_000;
/** Ten months of 2,000 each for the bulk provider: the busiest month is the dashboard's. */
const MONTHS = Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
const PER_MONTH = 2_000;
export const APPOINTMENTS = MONTHS.length * PER_MONTH;
export const POLYGONS = 500;
const RUNS = Number(process.env.BENCH_PROVIDER_RUNS ?? 200);

export interface ProviderSideFigure {
  engine: string;
  what: string;
  path: string;
  /** What the answer held: rows (or bytes, for the calendar's JSON text). */
  held: string;
  p50: number;
  p95: number;
}
export interface ProviderSideReport {
  figures: ProviderSideFigure[];
  load: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const ADMIN: VerifiedToken = { uid: 'bench-admin', role: 'admin' };

function app(handle: DatabaseHandle) {
  const { db } = handle;
  const allow: Allow = () => async (c, next) => {
    c.set('caller', ADMIN);
    await next();
  };
  return new Hono<HonoEnv>()
    .route('/providers', providerRoutes({ db, allow }))
    .route('/appointments', appointmentRoutes({ db, allow, log: createLog(), payments: standinPayments(db) }))
    .route('/price-tier', priceTierRoutes({ db, allow }));
}

/** 500 polygons (small squares around Denver) spread over the demo's pricing tiers. */
async function seedPolygons(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`
    insert into polygons (name, points, price_tier_id)
    select 'bench-' || n,
      jsonb_build_array(
        jsonb_build_array(-105.0 + (n % 25) * 0.01, 39.6 + (n / 25) * 0.01),
        jsonb_build_array(-104.99 + (n % 25) * 0.01, 39.6 + (n / 25) * 0.01),
        jsonb_build_array(-104.99 + (n % 25) * 0.01, 39.61 + (n / 25) * 0.01),
        jsonb_build_array(-105.0 + (n % 25) * 0.01, 39.61 + (n / 25) * 0.01),
        jsonb_build_array(-105.0 + (n % 25) * 0.01, 39.6 + (n / 25) * 0.01)),
      tier.id
    from generate_series(1, ${POLYGONS}::int) as n
    join lateral (
      select id from price_tiers order by id offset n % (select count(*) from price_tiers) limit 1
    ) tier on true
    on conflict do nothing`);
}

async function measure(handle: DatabaseHandle, engine: string): Promise<ProviderSideFigure[]> {
  const { db } = handle;
  await seed(db, { now: new Date() });
  await seedBulkProviders(db, PROVIDERS);
  for (const month of MONTHS) await seedBulkAppointments(db, PER_MONTH, month);
  await seedPolygons(handle);
  await db.execute(sql`analyze`);
  const [glow] = await db
    .select({ id: t.providers.id })
    .from(t.providers)
    .where(eq(t.providers.name, BULK_PROVIDER));
  const [tier] = await db.select({ id: t.priceTiers.id }).from(t.priceTiers).limit(1);
  if (!glow || !tier) throw new Error('bench: the demo data has no Glow Studio or no pricing tier');
  const server = app(handle);
  const month = `provider=${glow.id}&from=2026-03-01T00:00:00.000Z&to=2026-04-01T00:00:00.000Z`;
  const cases: [string, string][] = [
    ['Providers panel, first page of 24', '/providers?page=1&pageSize=24'],
    ['… filtered by country and city', '/providers?page=1&pageSize=24&country=us&city=denver'],
    ['… filtered by a part of the name', '/providers?page=1&pageSize=24&name=laser'],
    ['… filtered by onboarding state', '/providers?page=1&pageSize=24&onboarding=started'],
    ['… sorted by name descending, page 40', '/providers?page=40&pageSize=24&sort=name&dir=desc'],
    ['… the filters’ counts (facets)', '/providers/facets'],
    ['GET /providers whole (no page: every provider; the console reads the choices)', '/providers'],
    ['The pickers’ choices (every provider’s id, name and place)', '/providers/choices'],
    ['Appointments workspace, first page of 50', '/appointments/list?limit=50'],
    ['… one provider’s', `/appointments/list?limit=50&provider=${glow.id}`],
    ['Dashboard month (2,000 appointments)', `/appointments/calendar?${month}`],
    ['Pricing tiers, the list with 500 polygons', '/price-tier'],
    ['Pricing tiers, one tier', `/price-tier/${tier.id}`],
  ];
  const figures: ProviderSideFigure[] = [];
  for (const [what, path] of cases) {
    const samples: number[] = [];
    let held = '';
    for (let i = 0; i < RUNS + 5; i += 1) {
      const started = performance.now();
      const answer = await server.request(path);
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`bench: ${path} answered ${answer.status}: ${text}`);
      if (i >= 5) samples.push(performance.now() - started);
      held = describe(JSON.parse(text) as unknown, text.length);
    }
    figures.push({ engine, what, path, held, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) });
    console.log(JSON.stringify(figures.at(-1)));
  }
  return figures;
}

/** What an answer held, in a few words: its rows (and total), or its polygons. */
function describe(body: unknown, bytes: number): string {
  const kb = `${Math.round(bytes / 1024)} KB`;
  if (Array.isArray(body)) {
    const polygons = body.reduce(
      (sum: number, row: { polygons?: unknown[] }) => sum + (row.polygons?.length ?? 0),
      0,
    );
    return `${body.length} rows${polygons > 0 ? `, ${polygons} polygons` : ''}, ${kb}`;
  }
  const object = body as { providers?: unknown[]; total?: number; items?: unknown[]; polygons?: unknown[] };
  if (object.providers) return `${object.providers.length} of ${object.total ?? '?'}, ${kb}`;
  if (object.items) return `${object.items.length} rows, ${kb}`;
  if (object.polygons) return `1 tier, ${object.polygons.length} polygons, ${kb}`;
  return kb;
}

export async function benchProviderSide(load: () => string): Promise<ProviderSideReport> {
  const atStart = load();
  const pglite = await onPglite(measure);
  const postgres = (await onScratchPostgres('provider_side', measure)) ?? [];
  return { figures: [...pglite, ...postgres], load: `${atStart} at the start, ${load()} at the end` };
}

const count = (value: number) => value.toLocaleString('en-US');

export function providerSideSection(report: ProviderSideReport | null): string {
  if (!report) return `${PROVIDER_SIDE_HEADING}\n\nNot measured in this run.\n`;
  const rows = report.figures
    .map(
      (f) =>
        `| ${f.engine} | ${f.what} (\`${f.path.replace(/provider=\d+/, 'provider=…')}\`) | ${f.held} | ${f.p50.toFixed(1)} ms | ${f.p95.toFixed(1)} ms ${f.p95 <= GOAL_PROVIDER_P95_MS ? '✓' : '✗'} |`,
    )
    .join('\n');
  return `${PROVIDER_SIDE_HEADING}

Measured by \`npm run bench\` (\`npm run bench -- --provider-side\` measures this part alone;
scripts/lib/provider-side-bench.ts) on ${new Date().toISOString().slice(0, 10)}, in-process through the real routes (query validation,
scope, the queries, the JSON answer; the caller an admin, set as the auth middleware would, so no token check),
${RUNS} runs of each after 5 warm-up runs: the demo data plus ${count(PROVIDERS)} bulk providers (\`npm run seed:providers\`),
${count(APPOINTMENTS)} bulk appointments for Glow Studio, ${count(PER_MONTH)} in each month of 2026-01 to 2026-10
(\`npm run seed:appointments\`), and ${POLYGONS} pricing-tier polygons over the demo's tiers. Load average (1, 5, 15
minutes): ${report.load}. Goal (issue 34): p95 ≤ ${GOAL_PROVIDER_P95_MS} ms per API read (✓ met, ✗ not).

| Engine | Request | Answer | p50 | p95 |
| --- | --- | --- | --- | --- |
${rows}

The plans behind these reads are checked on PostgreSQL by tests/api/explain-lists.test.ts (a LIMIT and an index
for each paged list, the month along an index of the appointments' start). The run's ${RUNS} runs per request are
set by BENCH_PROVIDER_RUNS. GET /providers without a page and
GET /price-tier are whole by contract (every provider; every tier with every polygon, which the map draws):
they are measured here at the issue's sizes rather than bounded. The console's screens read every provider at
once only as GET /providers/choices (each one's id, name and place, for the pickers and the provider filters); a
screen that shows one provider reads that one (GET /providers?id=), or a provider user's own list, and so does
the signed-in layout's menu while an admin views the console as a provider.
`;
}
