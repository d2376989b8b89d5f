/**
 * `npm run bench`: the users screen with 10,000 users (issue "People and money") and the provider dashboard's
 * month switch with 2,000 appointments in a month (issue 16). Seeds a scratch database (.tmp/bench-<offset>:
 * the demo data plus `BENCH_USERS` bulk users and the bulk appointments), starts the stack on ports of its own
 * (shifted by TEST_PORT_OFFSET like the tests), and measures in Chromium:
 *   - from a keystroke in the search box to the table showing that search's result (pages of 10, and All);
 *   - how long a keystroke waits for the next painted frame (whether typing is blocked);
 *   - how many rows "All" puts in the document, at the top and after scrolling to the middle;
 *   - from a click on Next or Previous to the month shown, and the document's size (scripts/lib/dashboard-bench.ts).
 * Then the slot computation for a provider with a year of appointments (scripts/lib/slots-bench.ts;
 * `--slots-only` runs that part alone) and the appointments workspace's list at 20,000 appointments
 * (scripts/lib/appointments-list-bench.ts; `--appointments-only`) and the admin's overview figures at 100,000
 * users and 20,000 appointments (scripts/lib/overview-bench.ts; `--overview-only`), and the provider side at a
 * marketplace's size: 2,000 providers, 20,000 appointments, 500 pricing-tier polygons
 * (scripts/lib/provider-side-bench.ts; `--provider-side`). `--million` measures GET /user at 1,000,000 users
 * alone (a separate mode: seeding a million on each engine takes minutes). Writes the results to
 * docs/performance.md.
 * Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { installWhenShown, type BenchWindow } from './lib/when-shown';
import { chromiumPath } from './lib/chromium';
import pg from 'pg';
import { redact } from '../server/db/client';
import { DEMO_IDENTITIES } from '../server/db/seed';
import {
  benchMonth,
  DASHBOARD_HEADING,
  dashboardSection,
  measureMonthSwitch,
  seedDashboardMonth,
  type DashboardBench,
} from './lib/dashboard-bench';
import {
  benchUsersList,
  GOAL_P95_MS,
  GOAL_RATIO,
  listTable,
  REQUESTS,
  returnedLine,
  RUNS,
  type SizeResult,
} from './lib/users-list-bench';
import {
  bin,
  httpOk,
  isPortOpen,
  ROOT,
  spawnProcess,
  startAuthEmulator,
  tsx,
  waitFor,
  type Running,
} from './lib/processes';
import { benchSlots, SLOTS_HEADING, slotsSection, type SlotsReport } from './lib/slots-bench';
import { AUDIT_HEADING, auditSection, benchAudit, type AuditFigure } from './lib/audit-bench';
import {
  APPOINTMENT_LIST_HEADING,
  appointmentListSection,
  benchAppointmentList,
  type ListReport,
} from './lib/appointments-list-bench';
import { benchOverview, OVERVIEW_HEADING, overviewSection, type OverviewReport } from './lib/overview-bench';
import {
  benchProviderSide,
  PROVIDER_SIDE_HEADING,
  providerSideSection,
  type ProviderSideReport,
} from './lib/provider-side-bench';

const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 500)
  throw new Error('TEST_PORT_OFFSET must be 0–500');
/** `--full` adds the 100,000-user step (a few minutes more); `--api-only` skips the browser step. */
const FULL = process.argv.includes('--full');
const API_ONLY = process.argv.includes('--api-only');
/** `--start-only`: only the API's first start and restart, written into the start-up section. */
const START_ONLY = process.argv.includes('--start-only');
/** BENCH_PROFILE=1: keeps the page's JavaScript profile while typing (.tmp/bench-<offset>/typing-*.cpuprofile). */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** `--slots-only`: only the slot computation (scripts/lib/slots-bench.ts), written into its section. */
const SLOTS_ONLY = process.argv.includes('--slots-only');
/** `--audit-only`: only a write with and without the audit trail (scripts/lib/audit-bench.ts). */
const AUDIT_ONLY = process.argv.includes('--audit-only');
/** `--appointments-only`: only GET /appointments/list at 20,000 appointments (BENCH_LIST_RUNS runs each). */
const APPOINTMENTS_ONLY = process.argv.includes('--appointments-only');
/** `--overview-only`: only GET /overview's figures at 100,000 users and 20,000 appointments. */
const OVERVIEW_ONLY = process.argv.includes('--overview-only');
/** `--dashboard-only`: only the dashboard's month switch, written into its own section. */
const DASHBOARD_ONLY = process.argv.includes('--dashboard-only');
/** `--provider-side`: only the provider side's reads at 2,000 providers, 20,000 appointments, 500 polygons. */
const PROVIDER_SIDE_ONLY = process.argv.includes('--provider-side');
/**
 * `--million`: only GET /user at 100,000 and at 1,000,000 users, each on a database of its own filled from empty
 * (so the million's seed time is the seed script's for a million). BENCH_MILLION_SIZES (e.g. "10000,100000")
 * measures smaller sizes the same way, for a quick try.
 */
const MILLION = process.argv.includes('--million');
const MILLION_SIZES = (process.env.BENCH_MILLION_SIZES ?? '100000,1000000').split(',').map(Number);
/** The million's goal for the seed script: a million users added in at most this. */
const GOAL_SEED_SECONDS = 300;
const SIZES = FULL ? [1_000, 10_000, 100_000] : [1_000, 10_000];
/** The browser step runs on the PGlite database at its largest size. */
const USERS = SIZES.at(-1) ?? 10_000;
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_lists';
/** The issue's goals for the browser step. */
const GOAL_BEYOND_PAUSE_MS = 50;
const GOAL_ROWS_IN_DOCUMENT = 60;
/** The users screen waits this long for typing to pause before it shows a search (src/screens/users/UsersScreen.tsx). */
const TYPING_PAUSE_MS = 200;
const PORTS = { web: 5200 + offset, api: 5800 + offset, auth: 6400 + offset };
const PROJECT_ID = 'demo-upkeep-bench';
const WORK = join(ROOT, '.tmp', `bench-${offset}`);
const WEB = `http://localhost:${PORTS.web}`;
/**
 * The browser steps run the console as it is deployed: `npm run serve` (server/serve.ts, here in test mode
 * with the Auth emulator) serves the built console and the API under /api from one origin, so no request
 * waits for a CORS preflight.
 */
const API = `${WEB}/api`;
const OUT = join(ROOT, 'docs', 'performance.md');
function demoAccount(email: string) {
  const account = DEMO_IDENTITIES.find((identity) => identity.email === email);
  if (!account) throw new Error(`no demo account ${email}`);
  return account;
}
const ADMIN = demoAccount('admin@upkeep.test');
/** Glow Studio's provider: the bulk appointments' provider. */
const PROVIDER = demoAccount('provider@upkeep.test');

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

function buildConsole() {
  console.log('bench: building the console for its ports…');
  execFileSync(
    bin('vite'),
    ['build', '--mode', 'test', '--outDir', join(WORK, 'dist'), '--logLevel', 'error'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        VITE_API_URL: API,
        VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
        VITE_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${PORTS.auth}`,
        VITE_EXTERNAL_ADMIN_URL: `${API}/external-admin`,
      },
    },
  );
}

interface StartFigure {
  seconds: number;
  mb: number;
}

/** Starts server/main.ts on `dataDir` (PGlite, demo seed) until it says it is ready, then stops it. */
async function startOnce(dataDir: string): Promise<StartFigure> {
  const api = spawnProcess({
    name: 'api-start',
    command: tsx(),
    args: ['server/main.ts'],
    env: {
      APP_ENV: 'test',
      API_PORT: String(PORTS.api),
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
      CORS_ORIGINS: WEB,
      SEED_DEMO: 'true',
    },
  });
  try {
    return await new Promise<StartFigure>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('bench: the API did not get ready')), 300_000);
      api.child.stdout?.on('data', (chunk: Buffer) => {
        const ready = /API ready .* in ([\d.]+) s, (\d+) MB resident/.exec(chunk.toString());
        if (!ready) return;
        clearTimeout(timer);
        resolve({ seconds: Number(ready[1]), mb: Number(ready[2]) });
      });
      api.child.once('exit', (code) => reject(new Error(`bench: the API exited (${code}) before ready`)));
    });
  } finally {
    await api.stop();
  }
}

/** The first start on a new PGlite directory (create, migrate, seed) and a restart on it. */
async function measureStart(): Promise<{ first: StartFigure; restart: StartFigure }> {
  console.log('bench: first start and restart of the API…');
  const dataDir = join(WORK, 'start-data');
  rmSync(dataDir, { recursive: true, force: true });
  const first = await startOnce(dataDir);
  const restart = await startOnce(dataDir);
  return { first, restart };
}

let startFigures: { first: StartFigure; restart: StartFigure } | null = null;

async function postgresAnswers(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** GET /user figures per engine, filled by prepare. */
const lists: { pglite: SizeResult[]; postgres: SizeResult[] | null } = { pglite: [], postgres: null };

async function prepare(running: Running[]): Promise<void> {
  for (const port of Object.values(PORTS)) {
    if (await isPortOpen(port)) throw new Error(`Port ${port} is in use; the benchmark needs it free.`);
  }
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  if (!API_ONLY && !START_ONLY) buildConsole();
  running.push(
    await startAuthEmulator({ port: PORTS.auth, projectId: PROJECT_ID, workDir: join(WORK, 'emulator') }),
  );
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${PORTS.auth}`;
  if (DASHBOARD_ONLY) {
    // The demo data and accounts only, as a first start makes them, in the directory the API then serves.
    await startOnce(join(WORK, 'data'));
  } else {
    startFigures = await measureStart();
    if (START_ONLY) return;
    await prepareLists();
    if (API_ONLY) return;
  }
  console.log('bench: adding the bulk appointments for the dashboard step…');
  await seedDashboardMonth(join(WORK, 'data', 'db'), benchMonth());
  await startStack(running);
}

async function prepareLists(): Promise<void> {
  const emulatorHost = `127.0.0.1:${PORTS.auth}`;
  const admin = { email: ADMIN.email, password: ADMIN.password };
  // PGlite in the data directory the browser step then serves: demo data plus the bulk users, grown in steps.
  lists.pglite = await benchUsersList({
    engine: 'pglite',
    sizes: SIZES,
    dataDir: join(WORK, 'data', 'db'),
    projectId: PROJECT_ID,
    emulatorHost,
    admin,
  });
  if (await postgresAnswers(BENCH_DATABASE_URL)) {
    lists.postgres = await benchUsersList({
      engine: 'postgres',
      sizes: SIZES,
      databaseUrl: BENCH_DATABASE_URL,
      projectId: PROJECT_ID,
      emulatorHost,
      admin,
    });
  } else {
    console.log(`bench: PostgreSQL at ${redact(BENCH_DATABASE_URL)} does not answer; PGlite only.`);
  }
}

/** The built console and the API on the bench's PGlite directory from one origin, for the browser steps. */
async function startStack(running: Running[]): Promise<void> {
  const served = spawnProcess({
    name: 'serve',
    command: tsx(),
    args: ['server/serve.ts'],
    env: {
      APP_ENV: 'test',
      API_PORT: String(PORTS.web),
      CONSOLE_DIR: join(WORK, 'dist'),
      DATA_DIR: join(WORK, 'data'),
      DATABASE_URL: undefined,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
      SEED_DEMO: 'false',
      // The typing runs read far more than a person does in a minute from one address.
      RATE_LIMIT_READS_PER_IP: '1000000',
      RATE_LIMIT_READS_PER_ACCOUNT: '1000000',
    },
  });
  running.push(served);
  await waitFor('API', () => httpOk(`${API}/health`), { child: served.child, timeoutMs: 180_000 });
  await waitFor('console', () => httpOk(`${WEB}/login`), { child: served.child });
}

/** Installs the in-page probes: when a key went down, when its input event ran, when the next frame came. */
async function probe(page: Page) {
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[name="search"]');
    if (!input) throw new Error('no search box');
    const w = window as unknown as { bench: { keydown: number; frame: number } };
    w.bench = { keydown: 0, frame: 0 };
    input.addEventListener('keydown', () => (w.bench.keydown = performance.now()), true);
    input.addEventListener('input', () => requestAnimationFrame(() => (w.bench.frame = performance.now())));
  });
}

interface Total {
  total: number;
  totalCapped?: boolean;
}

/** The summary under the table for a result of `total` users (a lower bound when capped). */
function summaryFor({ total, totalCapped }: Total, all: boolean): string {
  const n = new Intl.NumberFormat('en-US').format(total);
  if (total === 0) return 'No users';
  const more = totalCapped ? 'more than ' : '';
  if (all) return totalCapped ? `More than ${n} users` : `All ${n} users`;
  return `1–${new Intl.NumberFormat('en-US').format(Math.min(10, total))} of ${more}${n}`;
}

interface Sample {
  text: string;
  toTable: number;
  toFrame: number;
  /** The search's request in the browser (sent to answered), and the API's own part of it (Server-Timing). */
  request: {
    ms: number;
    apiMs: number;
    /** When the request left, and when its answer was in, after the key. */
    leftMs: number;
    answeredMs: number;
  } | null;
}

/** Types `word` one key at a time; after each key, waits for the table to show that search's result. */
async function typeAndMeasure(page: Page, token: string, word: string, all: boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 1; i <= word.length; i += 1) {
    const text = word.slice(0, i);
    const expected = (await (
      await fetch(`${API}/user?search=${encodeURIComponent(text)}&pageSize=1`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as Total;
    await page.keyboard.type(word.charAt(i - 1));
    const summary = summaryFor(expected, all);
    // Watched without polling every frame (scripts/lib/when-shown.ts).
    const end = await page
      .evaluate(
        ({ summary, text }) =>
          (window as unknown as BenchWindow).benchWhen(() => {
            const url = new URL(location.href);
            const table = document.querySelector('table[aria-label="Users"]');
            const shown = [...document.querySelectorAll('nav[aria-label="Users pages"] p')].some(
              (p) => p.textContent === summary,
            );
            const settled =
              summary === 'No users'
                ? document.body.textContent?.includes('User Not Found')
                : table && !table.hasAttribute('aria-busy');
            // The router writes a text that reads as a number in quotes (q="5550004").
            const q = url.searchParams.get('q');
            const current = q === text || q === JSON.stringify(text);
            return Boolean(current && shown && settled);
          }, 30_000),
        { summary, text },
      )
      .catch(async (error: unknown) => {
        await page.screenshot({ path: join(WORK, 'failure.png') });
        throw new Error(`No table for "${text}" (expected "${summary}") at ${page.url()}`, { cause: error });
      });
    const { keydown, frame } = await page.evaluate(
      () => (window as unknown as { bench: { keydown: number; frame: number } }).bench,
    );
    // The request this key sent (none when the answer was already held), from the browser's Resource Timing.
    const request = await page.evaluate(
      ({ text, after }) => {
        const sent = performance
          .getEntriesByType('resource')
          .filter(
            (entry): entry is PerformanceResourceTiming =>
              entry.startTime >= after &&
              entry.name.includes('/user?') &&
              new URL(entry.name).searchParams.get('search') === text,
          )
          .at(-1);
        return sent
          ? {
              ms: sent.responseEnd - sent.startTime,
              apiMs: sent.serverTiming[0]?.duration ?? Number.NaN,
              leftMs: sent.startTime - after,
              answeredMs: sent.responseEnd - after,
            }
          : null;
      },
      { text, after: keydown },
    );
    samples.push({ text, toTable: end - keydown, toFrame: frame - keydown, request });
  }
  return samples;
}

async function clearSearch(page: Page, all: boolean, total: Total) {
  await page.getByLabel('Search by name, email or phone').fill('');
  await page.getByText(summaryFor(total, all), { exact: true }).waitFor({ timeout: 30_000 });
}

async function main() {
  const running: Running[] = [];
  const started = Date.now();
  loadAtStart = loadText();
  try {
    if (SLOTS_ONLY) {
      await measureSlots();
      replaceSection(SLOTS_HEADING, slotsSection(slotsReport, slotsLoad));
      return;
    }
    if (AUDIT_ONLY) {
      await measureAudit();
      replaceSection(AUDIT_HEADING, auditSection(auditFigures, auditLoad));
      return;
    }
    if (OVERVIEW_ONLY) {
      await measureOverview();
      replaceSection(OVERVIEW_HEADING, overviewSection(overviewReport, overviewLoad));
      return;
    }
    if (PROVIDER_SIDE_ONLY) {
      await measureProviderSide();
      replaceSection(PROVIDER_SIDE_HEADING, providerSideSection(providerSideReport));
      return;
    }
    if (MILLION) {
      await measureMillion(running);
      replaceSection(MILLION_HEADING, millionSection());
      return;
    }
    if (APPOINTMENTS_ONLY) {
      await measureAppointmentList();
      replaceSection(APPOINTMENT_LIST_HEADING, appointmentListSection(listReport, listLoad));
      return;
    }
    await prepare(running);
    if (!START_ONLY && !DASHBOARD_ONLY) await measureSlots();
    if (!START_ONLY && !DASHBOARD_ONLY) await measureAudit();
    if (!START_ONLY && !DASHBOARD_ONLY) await measureAppointmentList();
    if (!START_ONLY && !DASHBOARD_ONLY) await measureOverview();
    if (!START_ONLY && !DASHBOARD_ONLY) await measureProviderSide();
    if (START_ONLY) {
      replaceSection(START_HEADING, startSection());
      return;
    }
    // Written now, so the API figures are kept even if a browser step fails; written again at the end.
    if (!DASHBOARD_ONLY) writeReport(null, null, Date.now() - started);
    if (API_ONLY) return;
    const browser = await chromium.launch({
      executablePath: chromiumPath({ headlessShell: false }),
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const dashboard = async () => {
      console.log('bench: the dashboard month switch…');
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await installWhenShown(page);
      const result = await measureMonthSwitch(page, {
        web: WEB,
        api: API,
        token: await idToken(PROVIDER),
        account: PROVIDER,
      });
      await page.close();
      console.log(
        JSON.stringify({ ...result, toBulk: undefined, toNext: undefined, toBulkCold: undefined }, null, 2),
      );
      // Every switch's figures, in the order they were taken.
      writeFileSync(join(WORK, 'switches.json'), JSON.stringify(result, null, 2));
      return result;
    };
    try {
      if (DASHBOARD_ONLY) {
        replaceSection(DASHBOARD_HEADING, dashboardSection(await dashboard(), today()));
        return;
      }
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await installWhenShown(page);
      await page.goto(`${WEB}/login`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/services$/);
      const token = { idToken: await idToken(ADMIN) };
      const everyone = (await (
        await fetch(`${API}/user?pageSize=1`, { headers: { Authorization: `Bearer ${token.idToken}` } })
      ).json()) as Total;

      const words = ['maya', 'zhang', '5550004', 'elena.rossi', 'zz'];
      const results: Record<'paged' | 'all', Sample[]> = { paged: [], all: [] };
      for (const mode of ['paged', 'all'] as const) {
        const all = mode === 'all';
        await page.goto(`${WEB}/users?size=${all ? 'all' : 10}`);
        await page.getByText(summaryFor(everyone, all), { exact: true }).waitFor({ timeout: 60_000 });
        await probe(page);
        await page.getByLabel('Search by name, email or phone').focus();
        // BENCH_PROFILE=1: the page's JavaScript profile while typing, for a look at where the client's time goes.
        const profiler = PROFILE ? await page.context().newCDPSession(page) : null;
        await profiler?.send('Profiler.enable');
        await profiler?.send('Profiler.setSamplingInterval', { interval: 100 });
        await profiler?.send('Profiler.start');
        for (const word of words) {
          results[mode].push(...(await typeAndMeasure(page, token.idToken, word, all)));
          await clearSearch(page, all, everyone);
        }
        if (profiler) {
          const { profile } = await profiler.send('Profiler.stop');
          writeFileSync(join(WORK, `typing-${mode}.cpuprofile`), JSON.stringify(profile));
        }
      }

      // All: how many rows are in the document.
      await page.goto(`${WEB}/users?size=all`);
      const loadStart = Date.now();
      await page.getByText(summaryFor(everyone, true), { exact: true }).waitFor({ timeout: 60_000 });
      await page.locator('table[aria-label="Users"] tbody tr[aria-rowindex] button').first().waitFor();
      const allShownMs = Date.now() - loadStart;
      const rowsInDom = () => page.locator('table[aria-label="Users"] tbody tr[aria-rowindex]').count();
      const atTop = await rowsInDom();
      await page.evaluate(() => {
        const table = document.querySelector('table[aria-label="Users"]');
        const scroller = table?.parentElement;
        if (scroller) scroller.scrollTop = scroller.scrollHeight / 2;
      });
      await page.waitForTimeout(300);
      await page.locator('table[aria-label="Users"] tbody tr[aria-rowindex] button').first().waitFor();
      const atMiddle = await rowsInDom();
      const middleRow = await page
        .locator('table[aria-label="Users"] tbody tr[aria-rowindex]')
        .first()
        .getAttribute('aria-rowindex');

      const report = {
        users: lists.pglite.at(-1)?.users ?? USERS,
        paged: results.paged,
        all: results.all,
        allShownMs,
        atTop,
        atMiddle,
        middleRow: Number(middleRow),
      };
      console.log(JSON.stringify({ ...report, paged: undefined, all: undefined }, null, 2));
      // Every keystroke's figures, for a look at which terms cost what.
      writeFileSync(join(WORK, 'keystrokes.json'), JSON.stringify(results, null, 2));
      writeReport(report, await dashboard(), Date.now() - started);
    } finally {
      await browser.close();
    }
  } finally {
    for (const process of running.reverse()) await process.stop();
  }
}

function table(samples: Sample[]): string {
  const toTable = samples.map((s) => s.toTable);
  const beyond = toTable.map((value) => value - TYPING_PAUSE_MS);
  const toFrame = samples.map((s) => s.toFrame);
  const p95 = quantile(beyond, 0.95);
  const requests = samples.flatMap((s) => (s.request ? [s.request] : []));
  const requestMs = requests.map((r) => r.ms);
  const answeredMs = requests.map((r) => r.answeredMs);
  const apiMs = requests.map((r) => r.apiMs).filter((value) => !Number.isNaN(value));
  return [
    `| Keystroke → table updated | ${ms(quantile(toTable, 0.5))} | ${ms(quantile(toTable, 0.95))} | ${ms(Math.max(...toTable))} | |`,
    `| … beyond the ${TYPING_PAUSE_MS} ms typing pause | ${ms(quantile(beyond, 0.5))} | ${ms(p95)} | ${ms(Math.max(...beyond))} | p95 ≤ ${GOAL_BEYOND_PAUSE_MS} ms ${p95 <= GOAL_BEYOND_PAUSE_MS ? '✓' : '✗'} |`,
    `| Keystroke → next frame painted | ${ms(quantile(toFrame, 0.5))} | ${ms(quantile(toFrame, 0.95))} | ${ms(Math.max(...toFrame))} | |`,
    ...(requests.length > 0
      ? [
          `| The search's request, sent to answered (${requests.length} of ${samples.length} keys sent one) | ${ms(quantile(requestMs, 0.5))} | ${ms(quantile(requestMs, 0.95))} | ${ms(Math.max(...requestMs))} | |`,
          `| … of which the API's own time (Server-Timing) | ${ms(quantile(apiMs, 0.5))} | ${ms(quantile(apiMs, 0.95))} | ${ms(Math.max(...apiMs))} | |`,
          `| Keystroke → the request answered (the pause ends at ${TYPING_PAUSE_MS} ms) | ${ms(quantile(answeredMs, 0.5))} | ${ms(quantile(answeredMs, 0.95))} | ${ms(Math.max(...answeredMs))} | |`,
        ]
      : []),
  ].join('\n');
}

interface BrowserReport {
  users: number;
  paged: Sample[];
  all: Sample[];
  allShownMs: number;
  atTop: number;
  atMiddle: number;
  middleRow: number;
}

const count = (value: number) => new Intl.NumberFormat('en-US').format(value);

function browserSection(report: BrowserReport): string {
  const small = (rows: number) => `${rows} ${rows <= GOAL_ROWS_IN_DOCUMENT ? '✓' : '✗'}`;
  return `## The users screen in the browser (PGlite, ${count(report.users)} users)

The built console and the API from one origin, as \`npm run serve\` deploys them (server/serve.ts in test mode, on
the PGlite database above at its largest size), headless Chromium driven by Playwright. Each word is typed one key at a time into the search box; after each key the
script waits until the table shows that search's result (the URL holds the text, the summary under the table
shows the total the API gives for it, and the table is no longer marked busy), watching the page's changes
rather than polling it every frame (scripts/lib/when-shown.ts: a check in every frame kept the page drawing
while the API answered, though the figures moved by less than their noise without it; figures before 2026-11-26 were taken
that way). ${report.paged.length} keystrokes per
mode, over the words maya, zhang, 5550004 (a phone number), elena.rossi and zz (no match).

"Keystroke → table updated" includes the ${TYPING_PAUSE_MS} ms pause the screen waits for typing to stop before it
shows a search; the line below it takes that pause away (goal: p95 ≤ ${GOAL_BEYOND_PAUSE_MS} ms). The search's
request leaves once typing has paused for 80 ms (keys typed closer together send none), so its answer is
usually in before the pause ends and "beyond the pause" is mostly drawing it. "Keystroke → next frame painted"
is how long the key waits to be shown: typing is never blocked by the list. "The search's request" is the
request the key sent, from leaving to its last byte (the browser's Resource Timing; a key whose answer was
already held sends none), "… of which the API's own time" is what the API says it spent on it (its
Server-Timing header), and "Keystroke → the request answered" says when that answer was in.

Pages of 10:

| Measure | Median | 95th percentile | Worst | Goal |
| --- | --- | --- | --- | --- |
${table(report.paged)}

All (virtualised):

| Measure | Median | 95th percentile | Worst | Goal |
| --- | --- | --- | --- | --- |
${table(report.all)}

### "All" with ${count(report.users)} users

| Measure | Value (goal: at most ${GOAL_ROWS_IN_DOCUMENT} rows in the document) |
| --- | --- |
| Time until the first rows of All are shown | ${ms(report.allShownMs)} |
| Table rows in the document at the top | ${small(report.atTop)} |
| Table rows in the document scrolled to the middle (first row there: row ${report.middleRow}) | ${small(report.atMiddle)} |

"All" renders only the rows in view plus 10 above and below, with spacer rows for the rest, and fetches the
rows it shows 100 at a time (\`GET /user?page=&pageSize=100\`), so neither the document nor the first request
grows with the number of users. Its total grows as it scrolls (each chunk counts up to 1,000 rows past itself).
`;
}

function apiSection(): string {
  const engines: [string, SizeResult[] | null][] = [
    ['PGlite', lists.pglite],
    ['PostgreSQL', lists.postgres],
  ];
  const parts = engines.map(([name, results]) =>
    results && results.length > 0
      ? `### ${name}\n\n${listTable(results)}\n\nAt ${count(results.at(-1)?.size ?? 0)}: ${returnedLine(results)}.\n`
      : `### ${name}\n\nNot measured: PostgreSQL did not answer at ${redact(BENCH_DATABASE_URL)}.\n`,
  );
  return `## GET /user (the API)

The real app over HTTP on loopback, the ID token checked on every request, on each engine: the demo data plus
${SIZES.map(count).join(', then ')} bulk users (\`server/db/seed/bulk-users.ts\`, which ends with \`VACUUM ANALYZE users\`).
Each query runs ${RUNS} × ${REQUESTS} times after 20 warm-up requests; each cell is the 95th percentile of those
${RUNS * REQUESTS} requests (median in brackets). Goal (issue 11), for the queries not marked "no goal": p95 ≤
${GOAL_P95_MS} ms at every size, and the largest size no more than ${GOAL_RATIO}× the cost at 10,000 (✓ met, ✗ not).
${FULL ? '' : '\nThis run stopped at 10,000 users; `npm run bench -- --full` adds the 100,000 step.\n'}
${parts.join('\n')}`;
}

/** An ID token straight from the bench's auth emulator. */
async function idToken(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

const today = () => new Date().toISOString().slice(0, 10);

let loadAtStart = '';
const loadText = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** A section written by hand (a profile of one request), kept from the current file when it has one. */
const PROFILE_HEADING = "## Where a request's time goes";
function keptSection(heading: string): string {
  const current = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
  const at = current.indexOf(heading);
  if (at < 0) return '';
  const next = current.indexOf('\n## ', at + heading.length);
  return `\n${current.slice(at, next < 0 ? undefined : next + 1)}`;
}

function writeReport(browser: BrowserReport | null, dashboard: DashboardBench | null, elapsedMs: number) {
  const cpu = cpus();
  const text = `# Performance: the users list at ${SIZES.map(count).join(', ')} users, and the provider dashboard

Measured by \`npm run bench${FULL || API_ONLY ? ' --' : ''}${FULL ? ' --full' : ''}${API_ONLY ? ' --api-only' : ''}\` (scripts/bench.ts) on ${today()}. Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'},
${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. The whole run took ${Math.round(elapsedMs / 1000)} s. Numbers vary with the
machine's load (it is shared); re-run to compare. Load average (1, 5, 15 minutes) when the run started:
${loadAtStart}; when this was written: ${loadText()} (the machine has ${cpu.length} cores).

${apiSection()}
${browser ? browserSection(browser) : '## The users screen in the browser\n\nNot measured in this run (`--api-only`).\n'}
${dashboardSection(dashboard, today())}
## How the server keeps it cheap

See server/README.md ("Lists") for each list endpoint and the index serving it.

- \`users_live_order_idx\` (display name, else email; then id; live users only): pages are read in index
  order, after a cursor (\`after\`, keyset: as cheap 90% down as on page 1) when the console knows the page
  before (Next, and scrolling down All), else by number (OFFSET: a reload or a link deep in the list).
- \`search_text\` and \`phone_digits\` are generated columns (the database keeps them on every write) with
  trigram (pg_trgm) GIN indexes: a search reads only the rows holding the term's trigrams.
- The total is counted up to 1,000 rows past the page's start and no further; beyond that the screen says
  "of more than 1,000" (\`totalCapped\`). A page by number that is not full ends the list, so its total needs
  no count (a search finding a few rows is one query); a full one counts only the rows after its last row
  (keyset), so a deep page's count costs what page 1's does.
- A verified ID token is remembered for up to a minute (\`VerifiedTokens\`, server/identity-tokens.ts): the Auth
  emulator looks the account up on every check, which cost about as much as the list's own queries.
- Terms of one or two characters have no trigram; they match most users, so the page is found quickly
  along the order index, and the count stops at the cap.

${startSection()}
${slotsSection(slotsReport, slotsLoad)}
${auditSection(auditFigures, auditLoad)}
${appointmentListSection(listReport, listLoad)}
${overviewSection(overviewReport, overviewLoad)}
${providerSideSection(providerSideReport)}
${keptSection(MILLION_HEADING).trimStart()}`;
  writeFileSync(OUT, `${text}${keptSection(PROFILE_HEADING)}`);
  // In the project's format, so `prettier --check .` stays green.
  execFileSync(bin('prettier'), ['--write', '--log-level', 'warn', OUT], { cwd: ROOT, stdio: 'inherit' });
  console.log(`bench: wrote ${OUT}`);
}

const START_HEADING = '## Start-up: time to ready and memory';

function startSection(): string {
  if (!startFigures) return `${START_HEADING}\n\nNot measured.\n`;
  const { first, restart } = startFigures;
  return `${START_HEADING}

\`server/main.ts\` on PGlite with the demo seed, as \`npm start\` runs it, measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}
(\`npm run bench -- --start-only\` measures this part alone). Each start prints its time to ready and its
resident memory then (\`API ready … in 4.2 s, 310 MB resident\`); \`npm start\` prints its own time to ready for
the whole stack.

| Start | Time to ready | Resident memory when ready |
| --- | --- | --- |
| First start: database created, migrated and seeded | ${first.seconds.toFixed(1)} s | ${first.mb} MB |
| Restart on that database | ${restart.seconds.toFixed(1)} s | ${restart.mb} MB |

Creating, migrating and seeding a PGlite database grows its WebAssembly memory (which never shrinks) far past
what serving needs: the API once stayed at 878 MB after a first start until it was restarted (373 MB). That
set-up now runs in a child process that exits when it is done (server/prepare.ts); the API then opens the
prepared database as on a restart, so it never grows past its steady size. The first start's time includes
the child's; its memory is the API's own when ready (${first.mb - restart.mb >= 0 ? `${first.mb - restart.mb} MB above` : `${restart.mb - first.mb} MB below`} the restart's in this run).
`;
}

/** Replaces one section (from its heading to the next) of docs/performance.md, or appends it. */
function replaceSection(heading: string, section: string) {
  const current = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
  const at = current.indexOf(heading);
  const next = at < 0 ? -1 : current.indexOf('\n## ', at + heading.length);
  const before = at < 0 ? `${current.trimEnd()}\n\n` : current.slice(0, at);
  const after = next < 0 ? '' : current.slice(next + 1);
  writeFileSync(OUT, `${before}${section}${after ? `\n${after}` : ''}`);
  execFileSync(bin('prettier'), ['--write', '--log-level', 'warn', OUT], { cwd: ROOT, stdio: 'inherit' });
  console.log(`bench: wrote the section "${heading.slice(3)}" of ${OUT}`);
}

let auditFigures: AuditFigure[] | null = null;
let auditLoad = '';
async function measureAudit() {
  auditLoad = loadText();
  auditFigures = await benchAudit();
}

let listReport: ListReport | null = null;
let listLoad = '';
async function measureAppointmentList() {
  listLoad = loadText();
  listReport = await benchAppointmentList();
  console.log(JSON.stringify(listReport, null, 2));
}

let overviewReport: OverviewReport | null = null;
let overviewLoad = '';
async function measureOverview() {
  overviewLoad = loadText();
  overviewReport = await benchOverview();
  console.log(JSON.stringify(overviewReport, null, 2));
}

let providerSideReport: ProviderSideReport | null = null;
async function measureProviderSide() {
  providerSideReport = await benchProviderSide(loadText);
}

/** GET /user at a million users: figures per engine, filled by measureMillion. */
const million: { pglite: SizeResult[]; postgres: SizeResult[] | null } = { pglite: [], postgres: null };
const MILLION_HEADING = '## GET /user at 1,000,000 users (the API)';

/** Each size of MILLION_SIZES on a database of its own, on each engine, the auth emulator on the bench's port. */
async function measureMillion(running: Running[]): Promise<void> {
  for (const port of Object.values(PORTS)) {
    if (await isPortOpen(port)) throw new Error(`Port ${port} is in use; the benchmark needs it free.`);
  }
  const work = join(WORK, 'million');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  running.push(
    await startAuthEmulator({ port: PORTS.auth, projectId: PROJECT_ID, workDir: join(work, 'emulator') }),
  );
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${PORTS.auth}`;
  const common = {
    projectId: PROJECT_ID,
    emulatorHost: `127.0.0.1:${PORTS.auth}`,
    admin: { email: ADMIN.email, password: ADMIN.password },
  };
  const postgres = await postgresAnswers(BENCH_DATABASE_URL);
  if (postgres) million.postgres = [];
  else console.log(`bench: PostgreSQL at ${redact(BENCH_DATABASE_URL)} does not answer; PGlite only.`);
  for (const size of MILLION_SIZES) {
    const dataDir = join(work, `pglite-${size}`);
    million.pglite.push(...(await benchUsersList({ ...common, engine: 'pglite', sizes: [size], dataDir })));
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres)
      million.postgres?.push(
        ...(await benchUsersList({
          ...common,
          engine: 'postgres',
          sizes: [size],
          databaseUrl: BENCH_DATABASE_URL,
        })),
      );
  }
}

function millionSection(): string {
  const base = MILLION_SIZES[0] ?? 100_000;
  const top = MILLION_SIZES.at(-1) ?? 1_000_000;
  const engines: [string, SizeResult[] | null][] = [
    ['PGlite', million.pglite],
    ['PostgreSQL', million.postgres],
  ];
  const parts = engines.map(([name, results]) => {
    if (!results || results.length === 0)
      return `### ${name}\n\nNot measured: PostgreSQL did not answer at ${redact(BENCH_DATABASE_URL)}.\n`;
    const seeded = results.at(-1);
    const seedLine = seeded
      ? `Adding ${count(seeded.size)} bulk users to the empty demo database took ${seeded.seedSeconds.toFixed(0)} s (goal for a million: ≤ ${GOAL_SEED_SECONDS} s${seeded.size === 1_000_000 ? (seeded.seedSeconds <= GOAL_SEED_SECONDS ? ' ✓' : ' ✗') : ', not a million in this run'}; load ${seeded.load}).`
      : '';
    return `### ${name}\n\n${listTable(results, base)}\n\nAt ${count(results.at(-1)?.size ?? 0)}: ${returnedLine(results)}. ${seedLine}\n`;
  });
  return `${MILLION_HEADING}

Measured by \`npm run bench -- --million\` (scripts/bench.ts, a mode of its own: filling a million users on each engine
takes minutes) on ${today()}; load average when the mode started: ${loadText()}. The same requests, runs and
machinery as "GET /user (the API)" above (scripts/lib/users-list-bench.ts), but each size on a database of its own
filled from empty: the demo data plus ${MILLION_SIZES.map(count).join(', then (separately) ')} bulk users (\`npm run seed:users\`,
\`server/db/seed/bulk-users.ts\`), so the last step's seed time is the seed script's for that many. Goal (issue 34):
p95 ≤ ${GOAL_P95_MS} ms at ${count(top)} for the queries not marked "no goal", no more than ${GOAL_RATIO}× the cost at
${count(base)}, and a million users added in under ${GOAL_SEED_SECONDS / 60} minutes (✓ met, ✗ not). The load average
after each step is in its column.

${parts.join('\n')}`;
}

let slotsReport: SlotsReport | null = null;
let slotsLoad = '';
async function measureSlots() {
  slotsLoad = loadText();
  slotsReport = await benchSlots();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
