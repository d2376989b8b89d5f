/**
 * Scaling out: two API processes on one PostgreSQL database, one Redis and one S3-compatible bucket, behind a
 * round-robin proxy on loopback, serve the same console correctly: an upload made on one is served by the
 * other, rate limits count on both together, writes made on one are read on the other, and a scheduling
 * system connected through one is connected on the other.
 */
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { startMain, type MainProcess } from './processes';
import { startLocalS3, type LocalS3 } from './s3';
import { context, tokenFor } from './support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const READY = /API ready on (http:\/\/\S+)/;
const PUBLIC_LIMIT = 6;

/** Forwards each request to the next instance in turn and says which one answered (X-Served-By). */
function roundRobin(targets: string[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next++ % targets.length;
    const target = new URL(targets[index]!);
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

describe.runIf(context.postgresUrl)('two API instances behind one URL', () => {
  const database = `upkeep_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  const prefix = `upkeep-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  let admin: pg.Client;
  let s3: LocalS3;
  let instances: MainProcess[] = [];
  let urls: string[];
  let proxy: { url: string; server: Server };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: context.postgresUrl! });
    await admin.connect();
    // Generated above from digits and hex, never from input.
    await admin.query(`create database ${database}`);
    const databaseUrl = new URL(context.postgresUrl!);
    databaseUrl.pathname = `/${database}`;
    s3 = await startLocalS3();
    const env = {
      APP_ENV: 'test',
      API_PORT: '0',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      // The counting is under test, not the time limit: a busy test machine can delay a reply past 100 ms.
      REDIS_TIMEOUT_MS: '2000',
      REDIS_KEY_PREFIX: prefix,
      FIREBASE_PROJECT_ID: context.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
      SEED_DEMO: 'true',
      RATE_LIMIT_PUBLIC_PER_IP: String(PUBLIC_LIMIT),
      ...s3.env,
    };
    // One after the other: the first migrates and seeds, the second finds both done.
    for (const name of ['a', 'b']) {
      const instance = startMain({ ...env, DATA_DIR: `.tmp/scale-out-${process.pid}-${name}` });
      instances.push(instance);
      await instance.waitFor(READY, 90_000);
    }
    urls = instances.map((instance) => READY.exec(instance.output())![1]!);
    proxy = await roundRobin(urls);
  }, 180_000);

  afterAll(async () => {
    proxy?.server.close();
    for (const instance of instances) instance.kill();
    await Promise.all(instances.map((instance) => instance.exited));
    instances = [];
    await s3?.stop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  it('both use the shared database, Redis and object storage', () => {
    for (const instance of instances) {
      expect(instance.output()).toMatch(/API ready on .*\(postgres at .*uploads on s3, limits in redis\)/);
    }
  });

  it('the proxy alternates between the two', async () => {
    const servedBy = [];
    for (let i = 0; i < 4; i += 1)
      servedBy.push((await fetch(`${proxy.url}/health`)).headers.get('x-served-by'));
    expect(new Set(servedBy)).toEqual(new Set(['0', '1']));
  });

  it('an image uploaded through one instance is served by both', async () => {
    const bytes = new Uint8Array(4096).fill(9);
    bytes.set(Buffer.from('89504e470d0a1a0a', 'hex'));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'logo.png');
    const posted = await fetch(`${proxy.url}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenFor('provider')}` },
      body: form,
    });
    expect(posted.status).toBe(201);
    const uploadedOn = Number(posted.headers.get('x-served-by'));
    const { path } = (await posted.json()) as { path: string };
    for (const url of [urls[1 - uploadedOn]!, urls[uploadedOn]!]) {
      const served = await fetch(`${url}${path}`);
      expect(served.status, url).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(bytes));
    }
  });

  it('writes on one instance are read on the other', async () => {
    const token = await tokenFor('admin');
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const title = `Scale-out credit ${randomBytes(3).toString('hex')}`;
    const created = await fetch(`${urls[0]}/credits`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title, totalInCents: 2_500 }),
    });
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as { id: number; version: number };
    const listed = (await (await fetch(`${urls[1]}/credits`, { headers })).json()) as {
      id: number;
      title: string;
    }[];
    expect(listed.find((credit) => credit.id === id)?.title).toBe(title);

    const renamed = await fetch(`${urls[1]}/credits/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ title: `${title} (renamed)`, version }),
    });
    expect(renamed.status).toBe(200);
    const again = (await (await fetch(`${urls[0]}/credits`, { headers })).json()) as {
      id: number;
      title: string;
    }[];
    expect(again.find((credit) => credit.id === id)?.title).toBe(`${title} (renamed)`);
  });

  it('a Boulevard install made through one instance is verified on the other', async () => {
    const token = await tokenFor('admin');
    const json = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const businessId = `blvd-sandbox-scale-${randomBytes(3).toString('hex')}`;
    const locationsOn = (url: string) =>
      fetch(`${url}/strategies/fetch/locations`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ strategy: 'BOULEVARD', businessId }),
      });
    for (const url of urls) expect((await locationsOn(url)).status, url).toBe(422);

    // The install link is issued by one instance and its page is opened and submitted on the other.
    const issued = await fetch(`${urls[0]}/scheduling-sandbox/boulevard/install-state`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ businessId }),
    });
    expect(issued.status).toBe(201);
    const { state } = (await issued.json()) as { state: string };
    const query = new URLSearchParams({ businessId, state });
    expect((await fetch(`${urls[1]}/scheduling-sandbox/boulevard/install?${query}`)).status).toBe(200);
    const installed = await fetch(`${urls[1]}/scheduling-sandbox/boulevard/install`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: query.toString(),
    });
    expect(installed.status).toBe(200);

    for (const url of [urls[0]!, urls[1]!]) {
      const verified = await locationsOn(url);
      expect(verified.status, url).toBe(200);
      const locations = (await verified.json()) as { id: string; city: string }[];
      expect(locations.length, url).toBeGreaterThan(0);
    }
  });

  it('rate limits count requests to either instance together', async () => {
    const servedBy = new Set<string | null>();
    for (let i = 0; i < PUBLIC_LIMIT; i += 1) {
      const response = await fetch(`${proxy.url}/provider/invite/NOSUCHCODE`);
      expect(response.status).not.toBe(429);
      servedBy.add(response.headers.get('x-served-by'));
    }
    expect(servedBy).toEqual(new Set(['0', '1']));
    for (const url of urls) {
      const refused = await fetch(`${url}/provider/invite/NOSUCHCODE`);
      expect(refused.status, url).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { code: string }).code).toBe(API_ERROR_CODES.rateLimited);
    }
  });
});
