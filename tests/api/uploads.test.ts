import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { UPLOAD_MAX_BYTES, UploadResponseSchema } from '../../src/api/contract/upload';
import { createApp } from '../../server/app';
import { readEnv } from '../../server/env';
import { sniffImageType } from '../../server/uploads/repository';
import {
  captureLog,
  context,
  engines,
  HIGH_LIMITS,
  openTestDatabase,
  TEST_ORIGIN,
  testIdentity,
  tokenFor,
  tokenWithoutRole,
  type TestDatabase,
} from './support';

// A 1×1 transparent PNG, and the first bytes of the other accepted formats.
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 0x01, 0x01]);
const GIF = Uint8Array.from(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
const WEBP = Uint8Array.from(Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00', 'latin1'));
const AVIF = Uint8Array.from(Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1', 'latin1'));
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

describe('sniffImageType', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
    ['AVIF', AVIF, 'image/avif'],
    ['SVG', SVG, undefined],
    ['text', new TextEncoder().encode('hello'), undefined],
    ['a truncated PNG signature', PNG.slice(0, 4), undefined],
    ['nothing', new Uint8Array(), undefined],
  ])('%s → %s', (_, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });
});

describe.each(engines)('/upload on %s', (engine) => {
  let database: TestDatabase;
  let url: string;
  let dataDir: string;
  let stop: () => Promise<void>;
  let admin: string;
  let provider: string;
  const { log: captured, errors: logged } = captureLog();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'upkeep-uploads-'));
    database = await openTestDatabase(engine);
    const env = readEnv({
      APP_ENV: 'test',
      FIREBASE_PROJECT_ID: context.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
      CORS_ORIGINS: TEST_ORIGIN,
      DATA_DIR: dataDir,
      ...HIGH_LIMITS,
    });
    const app = createApp({
      db: database.handle.db,
      engine: database.handle.engine,
      identity: testIdentity(),
      env,
      log: captured,
    });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = async () => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      await database.dispose();
    };
    [admin, provider] = await Promise.all([tokenFor('admin'), tokenFor('provider')]);
  });
  afterAll(async () => {
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = () => (existsSync(join(dataDir, 'uploads')) ? readdirSync(join(dataDir, 'uploads')) : []);

  function upload(
    file: { bytes: Uint8Array<ArrayBuffer>; type?: string; name?: string } | null,
    { token = admin as string | null, field = 'file', path = '/upload' } = {},
  ) {
    const form = new FormData();
    if (file) {
      form.append(
        field,
        new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
        file.name ?? 'x',
      );
    } else {
      form.append('note', 'no file here');
    }
    return fetch(`${url}${path}`, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
  }

  async function expectRejected(response: Response, status: number, code: string, field?: string) {
    expect(response.status).toBe(status);
    const error = v.parse(ApiErrorSchema, await response.json());
    expect(error.code).toBe(code);
    expect(error.field, 'field').toBe(field);
    return error.message;
  }

  it('401 without a token, 403 without a console role, and nothing is stored', async () => {
    await expectRejected(await upload({ bytes: PNG }, { token: null }), 401, 'auth/unauthenticated');
    expect(
      await expectRejected(
        await upload({ bytes: PNG }, { token: await tokenWithoutRole() }),
        403,
        'auth/forbidden',
      ),
    ).toMatch(/admin or provider/);
    expect(stored()).toEqual([]);
  });

  it('201 with the path of the stored image, which the API then serves without a token', async () => {
    const response = await upload({ bytes: PNG, type: 'image/png', name: 'icon.png' });
    expect(response.status).toBe(201);
    const { path } = v.parse(UploadResponseSchema, await response.json());
    expect(path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(stored()).toEqual([path.slice('/uploads/'.length)]);

    const served = await fetch(`${url}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('goes by the bytes, not the name or declared type; a provider may upload (onboarding logos)', async () => {
    for (const [bytes, extension] of [
      [JPEG, 'jpg'],
      [GIF, 'gif'],
      [WEBP, 'webp'],
      [AVIF, 'avif'],
    ] as const) {
      const response = await upload({ bytes, type: 'text/plain', name: 'notes.txt' }, { token: provider });
      expect(response.status).toBe(201);
      const { path } = v.parse(UploadResponseSchema, await response.json());
      expect(path.endsWith(`.${extension}`)).toBe(true);
    }
    const trailing = await upload({ bytes: PNG }, { path: '/upload/' });
    expect(trailing.status).toBe(201);
  });

  it('400 for anything that is not an image, whatever it claims to be; nothing is stored', async () => {
    const before = stored();
    for (const file of [
      { bytes: SVG, type: 'image/svg+xml', name: 'icon.svg' },
      { bytes: new TextEncoder().encode('just text'), type: 'image/png', name: 'fake.png' },
      { bytes: Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d]), type: 'image/jpeg', name: 'doc.jpg' },
    ]) {
      expect(await expectRejected(await upload(file), 400, 'upload/not-an-image', 'file')).toBe(
        'Only PNG, JPEG, GIF, WebP or AVIF images are accepted, and this file is not one',
      );
    }
    expect(
      await expectRejected(await upload({ bytes: new Uint8Array() }), 400, 'request/invalid-body', 'file'),
    ).toBe('The file is empty');
    expect(await expectRejected(await upload(null), 400, 'request/invalid-body', 'file')).toBe(
      'An image file is required',
    );
    expect(
      await expectRejected(
        await upload({ bytes: PNG }, { field: 'image' }),
        400,
        'request/invalid-body',
        'file',
      ),
    ).toBe('An image file is required');
    expect(stored()).toEqual(before);
  });

  it('415 for a body that is not multipart, 400 for broken multipart', async () => {
    const json = await fetch(`${url}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: '{"file":"data"}',
    });
    expect(await expectRejected(json, 415, 'request/unsupported-media-type')).toMatch(/multipart\/form-data/);
    const broken = await fetch(`${url}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: 'this is not multipart',
    });
    await expectRejected(broken, 400, 'request/invalid-multipart');
  });

  it('GET /uploads/{name}: 404 for names that are not ours, without touching the file system outside', async () => {
    for (const name of [
      '00000000-0000-0000-0000-000000000000.png',
      '..%2F..%2Fpackage.json',
      'package.json',
      '.hidden.png.tmp',
    ]) {
      await expectRejected(await fetch(`${url}/uploads/${name}`), 404, 'upload/not-found');
    }
    await expectRejected(await fetch(`${url}/uploads/../package.json`), 404, 'route/not-found');
  });

  it('accepts exactly 5 MB', async () => {
    const bytes = new Uint8Array(UPLOAD_MAX_BYTES);
    bytes.set(PNG);
    const response = await upload({ bytes, type: 'image/png' });
    expect(response.status).toBe(201);
  });

  it('logged no unexpected error', () => {
    expect(logged).toEqual([]);
  });

  // Last: the server may answer before reading the whole body and drop that connection.
  it('413 for an image over 5 MB, and nothing is stored', async () => {
    const before = stored();
    const justOver = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    justOver.set(PNG);
    expect(await expectRejected(await upload({ bytes: justOver }), 413, 'upload/too-large', 'file')).toMatch(
      /^The image is larger than 5 MB/,
    );
    const farOver = new Uint8Array(8 * 1024 * 1024);
    farOver.set(PNG);
    await expectRejected(await upload({ bytes: farOver }), 413, 'upload/too-large', 'file');
    expect(stored()).toEqual(before);
  });
});
