/**
 * Production mode (server/serve.ts): refuses to start without a real identity configuration; in its test-only
 * mode (APP_ENV=test with the emulator) serves the built console and the API under /api from one port with
 * strict security headers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, ROOT } from '../../scripts/lib/processes';
import { TEST_PORTS } from '../ports';
import { startMain, type MainProcess } from './processes';
import { context } from './support';

const BUILD = join(ROOT, '.tmp', `serve-test-${TEST_PORTS.offset}`, 'dist');
const READY = /Console and API ready on (http:\/\/\S+)/;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'upkeep-serve-'));
  rmSync(BUILD, { recursive: true, force: true });
  execFileSync(bin('vite'), ['build', '--outDir', BUILD, '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      VITE_API_URL: 'http://127.0.0.1:8080/api',
      VITE_FIREBASE_API_KEY: 'test-api-key',
      VITE_FIREBASE_PROJECT_ID: context.projectId,
      VITE_EXTERNAL_ADMIN_URL: 'http://127.0.0.1:8080/api/external-admin',
    },
  });
}, 120_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(BUILD, { recursive: true, force: true });
});

describe('npm run serve refuses to start without a real identity configuration', () => {
  it.each([
    [
      'nothing about identity',
      {},
      /FIREBASE_PROJECT_ID must name your Firebase project.*GOOGLE_APPLICATION_CREDENTIALS/,
    ],
    [
      'an emulator-only demo project',
      { FIREBASE_PROJECT_ID: 'demo-upkeep', GOOGLE_APPLICATION_CREDENTIALS: 'KEY' },
      /FIREBASE_PROJECT_ID .*'demo-upkeep', an emulator-only demo project/,
    ],
    [
      'credentials that are not a file',
      { FIREBASE_PROJECT_ID: 'upkeep-prod', GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/key.json' },
      /GOOGLE_APPLICATION_CREDENTIALS names no readable file/,
    ],
    [
      'the emulator in development',
      {
        APP_ENV: 'development',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        FIREBASE_PROJECT_ID: 'upkeep-prod',
        GOOGLE_APPLICATION_CREDENTIALS: 'KEY',
      },
      /APP_ENV is 'development'.*FIREBASE_AUTH_EMULATOR_HOST is set/,
    ],
    [
      'the emulator in production',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'upkeep-prod' },
      /FIREBASE_AUTH_EMULATOR_HOST/,
    ],
    [
      'a real identity but the local sandboxes and no console origins',
      { FIREBASE_PROJECT_ID: 'upkeep-prod', GOOGLE_APPLICATION_CREDENTIALS: 'KEY' },
      /production: CORS_ORIGINS must list .*STRIPE_API_URL is not set.*STRIPE_SECRET_KEY is not set.*SCHEDULING_SYSTEMS is not live.*DEMO_SANDBOXES=true/,
    ],
    [
      'the demo flag without console origins',
      {
        FIREBASE_PROJECT_ID: 'upkeep-prod',
        GOOGLE_APPLICATION_CREDENTIALS: 'KEY',
        DEMO_SANDBOXES: 'true',
      },
      /production: CORS_ORIGINS must list the console origins/,
    ],
  ])('%s: exits non-zero before opening the database', async (_, variables, message) => {
    const key = join(work, 'key.json');
    writeFileSync(key, '{}');
    const dataDir = join(work, 'refused');
    const env = Object.fromEntries(
      Object.entries(variables as Record<string, string>).map(([name, value]) => [
        name,
        value === 'KEY' ? key : value,
      ]),
    );
    const serve = startMain(
      { SEED_DEMO: 'false', API_PORT: '0', DATA_DIR: dataDir, CONSOLE_DIR: BUILD, ...env },
      'server/serve.ts',
    );
    const { code } = await serve.exited;
    expect(code).not.toBe(0);
    expect(serve.output()).toMatch(/Refusing to start/);
    expect(serve.output()).toMatch(message);
    expect(serve.output()).not.toMatch(READY);
    expect(readdirSync(work)).not.toContain('refused');
  });

  it('refuses without a built console', async () => {
    const serve = startMain(
      {
        APP_ENV: 'test',
        FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
        FIREBASE_PROJECT_ID: context.projectId,
        SEED_DEMO: 'false',
        API_PORT: '0',
        DATA_DIR: join(work, 'no-console'),
        CONSOLE_DIR: join(work, 'nothing-built'),
      },
      'server/serve.ts',
    );
    expect((await serve.exited).code).not.toBe(0);
    expect(serve.output()).toContain('run `npm run build` first');
  });
});

describe('npm run serve (test-only mode: APP_ENV=test with the emulator)', () => {
  let serve: MainProcess;
  let url: string;
  beforeAll(async () => {
    serve = startMain(
      {
        APP_ENV: 'test',
        FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
        FIREBASE_PROJECT_ID: context.projectId,
        SEED_DEMO: 'false',
        API_PORT: '0',
        DATA_DIR: join(work, 'data'),
        CONSOLE_DIR: BUILD,
      },
      'server/serve.ts',
    );
    url = (await serve.waitFor(READY, 90_000))[1]!;
  }, 120_000);
  afterAll(async () => {
    serve?.kill();
    await serve?.exited;
  });

  it('says it is in test mode', () => {
    expect(serve.output()).toContain('TEST MODE: APP_ENV=test');
  });

  it('the built index has no inline script, so the policy needs none', () => {
    const html = readFileSync(join(BUILD, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('serves the console index with strict security headers', async () => {
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(readFileSync(join(BUILD, 'index.html'), 'utf8'));
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    const directives = new Map(
      policy.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toContain("'self'");
    expect(directives.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        `http://${context.emulatorHost}`,
      ]),
    );
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS.
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('sends HSTS behind a TLS-terminating proxy', async () => {
    const response = await fetch(`${url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
  });

  it('falls back to the index for client routes; serves assets; 404 for missing files', async () => {
    const index = readFileSync(join(BUILD, 'index.html'), 'utf8');
    for (const route of ['/users', '/promo-codes/12', '/provider/onboarding?step=2']) {
      const response = await fetch(`${url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toBe(index);
    }
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)![1]!;
    const asset = await fetch(`${url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    // On the wire: the build's brotli copy to a browser that accepts it (fetch decodes it again).
    const compressed = await fetch(`${url}${script}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(compressed.headers.get('Content-Encoding')).toBe('br');
    expect(compressed.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await compressed.text()).toBe(readFileSync(join(BUILD, script), 'utf8'));
    expect((await fetch(`${url}/assets/missing.js`)).status).toBe(404);
    for (const escape of ['/..%2fpackage.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await fetch(`${url}${escape}`);
      expect(await response.text(), escape).not.toContain('"name": "upkeep-console"');
    }
  });

  it('serves the API under /api with the same headers', async () => {
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    const protectedRoute = await fetch(`${url}/api/user`);
    expect(protectedRoute.status).toBe(401);
    expect(await protectedRoute.json()).toMatchObject({ code: 'auth/unauthenticated' });
    expect(protectedRoute.headers.get('X-Frame-Options')).toBe('DENY');
    // Bodies reach the API: an empty registration is refused for what it lacks, not as unreadable.
    const registration = await fetch(`${url}/api/provider/invite/user`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'x' }),
    });
    expect(registration.status).toBe(400);
    expect(await registration.json()).toMatchObject({ code: 'request/invalid-body' });
    const missing = await fetch(`${url}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'route/not-found' });
  });
});
