/**
 * What `npm run serve` sends on the wire (server/production.ts): the built files' pre-compressed copies by
 * the request's Accept-Encoding, with Vary and the hashed assets' immutable caching, and API answers from
 * API_COMPRESS_MIN_BYTES up compressed.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/lib/precompress';
import type { App } from '../../../server/app';
import { API_COMPRESS_MIN_BYTES, productionApp } from '../../../server/production';

const dir = mkdtempSync(join(tmpdir(), 'upkeep-production-'));
const script = `console.log(${JSON.stringify('a console script line. '.repeat(400))});\n`;
const indexHtml = `<!doctype html><html><head><title>Upkeep</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const big = { rows: Array.from({ length: 200 }, (_, id) => ({ id, name: `Row ${id}` })) };

const api = new Hono()
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ ok: true })) as unknown as App;
let app: ReturnType<typeof productionApp>;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'index.html'), indexHtml);
  await precompressDir(dir);
  app = productionApp(api, { consoleDir: dir, firebaseProjectId: 'demo-upkeep-test' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('the built console on the wire', () => {
  it('sends brotli to a browser that accepts it, with Vary and immutable caching for hashed files', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const sent = await bytesOf(response);
    expect(brotliDecompressSync(sent).toString()).toBe(script);
    expect(sent.length).toBeLessThan(Buffer.byteLength(script) / 10);
  });

  it('sends gzip where brotli is not accepted, and the file as it is where neither is', async () => {
    const gzipped = await get('/assets/app-abc123.js', 'gzip;q=1, br;q=0');
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gzipped)).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect((await bytesOf(plain)).toString()).toBe(script);
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it('sends the index compressed for client routes, never cached', async () => {
    const response = await get('/users/12', 'br');
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytesOf(response)).toString()).toBe(indexHtml);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(indexHtml);
  });
});

describe('API answers on the wire', () => {
  it(`compresses an answer of ${API_COMPRESS_MIN_BYTES} bytes or more: brotli, else gzip`, async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(API_COMPRESS_MIN_BYTES);
    const response = await get('/api/big', 'gzip, deflate, br');
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(await bytesOf(response)).toString())).toEqual(big);
    const gzipped = await get('/api/big', 'gzip, deflate');
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytesOf(gzipped)).toString())).toEqual(big);
    const plain = await get('/api/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('sends a small answer as it is', async () => {
    const response = await get('/api/small', 'gzip');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.json()).toEqual({ ok: true });
    const head = await app.request('/api/big', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers.get('Content-Encoding')).toBeNull();
  });
});
