/**
 * The API half of `npm run bench`: GET /user over HTTP on loopback (the real app, token checked on every
 * request) at growing numbers of bulk users, on PGlite and on PostgreSQL. Each query runs 3 × 60 times
 * after a warm-up; the figures are the median and the 95th percentile of those 180 requests.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../../server/app';
import { migrate, openDatabase, type DatabaseHandle, type Engine } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { seed, seedIdentities } from '../../server/db/seed';
import { seedBulkUsers } from '../../server/db/seed/bulk-users';
import { readEnv } from '../../server/env';
import { createFirebaseIdentity } from '../../server/identity';
import { encodeCursor } from '../../server/users/list';

export const RUNS = 3;
export const REQUESTS = 60;
/** The issue's goal for every query marked `goal`: p95 at most this, and 100k no more than 2× 10k. */
export const GOAL_P95_MS = 25;
export const GOAL_RATIO = 2;

export interface ListCase {
  name: string;
  /** Held to the goal (the others are shown for comparison). */
  goal: boolean;
  path: (deep: { cursor: string; page: number }) => string;
}

export const CASES: ListCase[] = [
  { name: 'Page 1', goal: true, path: () => '/user?page=1&pageSize=10' },
  {
    name: 'Deep page (90% down, after a cursor)',
    goal: true,
    // As the console's Next asks for it: the page's number, and the cursor of the page before it.
    path: ({ cursor, page }) => `/user?pageSize=10&page=${page}&after=${cursor}`,
  },
  {
    name: 'Search finding a few ("sofia garcia")',
    goal: true,
    path: () => '/user?search=sofia%20garcia',
  },
  {
    name: 'Search finding none ("nobody-matches-this")',
    goal: true,
    path: () => '/user?search=nobody-matches-this',
  },
  { name: 'Phone search ("(512) 555-0104")', goal: true, path: () => '/user?search=(512)%20555-0104' },
  {
    name: 'Search finding many ("maya", 1 user in 26)',
    goal: false,
    path: () => '/user?search=maya',
  },
  {
    name: 'Deep page by number (90% down, OFFSET)',
    goal: false,
    path: ({ page }) => `/user?pageSize=10&page=${page}`,
  },
];

export interface Figure {
  p50: number;
  p95: number;
  /** What the query returned: rows on the page and the total as the list shows it. */
  rows: number;
  total: string;
}

export interface SizeResult {
  size: number;
  users: number;
  figures: Record<string, Figure>;
  /** How long adding this step's bulk users took (seedBulkUsers, with its VACUUM ANALYZE). */
  seedSeconds: number;
  /** The load average (1, 5, 15 minutes) when this step's queries had run. */
  load: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

async function signIn(emulatorHost: string, email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`bench: sign-in failed for ${email}`);
  return body.idToken;
}

/** A PostgreSQL database emptied for the bench (dropped and created again). */
async function freshPostgres(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench: unexpected database name "${name}"`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

export interface ListBenchOptions {
  engine: Engine;
  sizes: number[];
  /** PGlite: the data directory (kept afterwards, so the browser step can serve it). */
  dataDir?: string;
  /** PostgreSQL: a database of the bench's own, dropped and created again. */
  databaseUrl?: string;
  projectId: string;
  emulatorHost: string;
  admin: { email: string; password: string };
}

export async function benchUsersList(options: ListBenchOptions): Promise<SizeResult[]> {
  if (options.engine === 'postgres') {
    if (!options.databaseUrl) throw new Error('bench: PostgreSQL needs a database URL');
    await freshPostgres(options.databaseUrl);
  }
  const database: DatabaseHandle = await openDatabase(
    options.engine === 'postgres' ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir },
  );
  const identity = createFirebaseIdentity({ projectId: options.projectId });
  const results: SizeResult[] = [];
  try {
    await migrate(database);
    await seed(database.db, { now: new Date() });
    await seedIdentities(database.db, identity);
    const env = readEnv({
      APP_ENV: 'test',
      FIREBASE_PROJECT_ID: options.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
      CORS_ORIGINS: 'http://localhost:1',
      // The bench reads far more than a person does in a minute, from one account: no 429 midway.
      RATE_LIMIT_READS_PER_IP: '1000000',
      RATE_LIMIT_READS_PER_ACCOUNT: '1000000',
    });
    const app = createApp({ db: database.db, engine: database.engine, identity, env });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const token = await signIn(options.emulatorHost, options.admin.email, options.admin.password);
    const get = async (path: string) => {
      const request = () => fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      // After a long seed the server may have closed the idle keep-alive socket as it was reused: retry once.
      const response = await request().catch(request);
      if (!response.ok) throw new Error(`bench: ${path} answered ${response.status}`);
      return (await response.json()) as { users: unknown[]; total: number; totalCapped: boolean };
    };
    try {
      for (const size of options.sizes) {
        console.log(`bench: ${options.engine}, ${size} bulk users…`);
        const seeding = performance.now();
        await seedBulkUsers(database.db, size);
        const seedSeconds = (performance.now() - seeding) / 1000;
        const [live] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(t.users)
          .where(eq(t.users.isDeleted, false));
        const users = live?.n ?? 0;
        const depth = Math.floor(users * 0.9);
        const order = sql<string>`lower(coalesce(${t.users.displayName}, ${t.users.email}))`;
        const [row] = await database.db
          .select({ key: order, id: t.users.id })
          .from(t.users)
          .where(sql`${t.users.isDeleted} = false`)
          .orderBy(order, asc(t.users.id))
          .limit(1)
          .offset(depth - 1);
        if (!row) throw new Error('bench: no row 90% down');
        const deep = { cursor: encodeCursor(row), page: Math.floor(depth / 10) + 1 };
        const figures: Record<string, Figure> = {};
        for (const item of CASES) {
          const path = item.path(deep);
          for (let i = 0; i < 20; i += 1) await get(path);
          const samples: number[] = [];
          let last: Awaited<ReturnType<typeof get>> | undefined;
          for (let run = 0; run < RUNS; run += 1) {
            for (let i = 0; i < REQUESTS; i += 1) {
              const start = performance.now();
              last = await get(path);
              samples.push(performance.now() - start);
            }
          }
          figures[item.name] = {
            p50: quantile(samples, 0.5),
            p95: quantile(samples, 0.95),
            rows: last?.users.length ?? 0,
            total: last ? `${last.totalCapped ? '> ' : ''}${last.total}` : '',
          };
        }
        const load = loadavg()
          .map((value) => value.toFixed(2))
          .join(', ');
        results.push({ size, users, figures, seedSeconds, load });
        console.log(JSON.stringify({ engine: options.engine, size, figures }));
      }
    } finally {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  } finally {
    await database.close();
  }
  return results;
}

const msText = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)} ms`);

/**
 * One engine's table: p95 at each size, the goal beside each figure, the ratio of the largest to `base`
 * (10,000; 100,000 for the million), and the load average and seed time of each size.
 */
export function listTable(results: SizeResult[], base = 10_000): string {
  const ten = results.find((result) => result.size === base);
  const top = results.at(-1);
  const sizes = results.map((result) => new Intl.NumberFormat('en-US').format(result.size));
  const baseText = new Intl.NumberFormat('en-US').format(base);
  const ratioLabel = top && ten && top !== ten ? `${sizes.at(-1)} / ${baseText}` : 'Ratio';
  const lines = [
    `| Query | ${sizes.map((size) => `p95 at ${size} (p50)`).join(' | ')} | ${ratioLabel} |`,
    `| --- | ${sizes.map(() => '---').join(' | ')} | --- |`,
  ];
  for (const item of CASES) {
    const cells = results.map((result) => {
      const figure = result.figures[item.name];
      if (!figure) return '–';
      const mark = item.goal ? (figure.p95 <= GOAL_P95_MS ? ' ✓' : ' ✗') : '';
      return `${msText(figure.p95)}${mark} (${msText(figure.p50)})`;
    });
    const ratio =
      top && ten && top !== ten
        ? (top.figures[item.name]?.p95 ?? NaN) / (ten.figures[item.name]?.p95 ?? NaN)
        : undefined;
    const ratioText =
      ratio === undefined
        ? '–'
        : `${ratio.toFixed(2)}×${item.goal ? (ratio <= GOAL_RATIO ? ' ✓' : ' ✗') : ''}`;
    lines.push(`| ${item.name}${item.goal ? '' : ' (no goal)'} | ${cells.join(' | ')} | ${ratioText} |`);
  }
  lines.push(`| Load average after the step (1, 5, 15 min) | ${results.map((r) => r.load).join(' | ')} | |`);
  lines.push(
    `| Adding the step's bulk users | ${results.map((r) => `${r.seedSeconds.toFixed(0)} s`).join(' | ')} | |`,
  );
  return lines.join('\n');
}

/** What each query returned at the largest size: rows on the page and the total it showed. */
export function returnedLine(results: SizeResult[]): string {
  const top = results.at(-1);
  if (!top) return '';
  return CASES.map((item) => {
    const figure = top.figures[item.name];
    const rows = figure?.rows ?? 0;
    return `${item.name}: ${rows} ${rows === 1 ? 'row' : 'rows'}, total ${figure?.total ?? '?'}`;
  }).join('; ');
}
