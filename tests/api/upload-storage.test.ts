/**
 * Upload storage (local disk and S3-compatible, the latter against s3rver on loopback), the per-account upload
 * quota, and the sweep that removes uploads no record refers to once their grace period is over.
 */
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import * as t from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { localUploadStorage, uploadStorageFromEnv, type UploadStorage } from '../../server/uploads/storage';
import { startUploadSweeper, sweepOrphanUploads } from '../../server/uploads/sweep';
import { startLocalS3, type LocalS3 } from './s3';
import { captureLog, engines, startTestServer, tokenFor, type TestServer } from './support';

const HOUR = 3_600_000;
const PNG_HEADER = Buffer.from('89504e470d0a1a0a', 'hex');
/** A file the API takes for a PNG (its signature), `size` bytes long. */
function png(size: number, fill = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(PNG_HEADER);
  return bytes;
}
const uuidName = () => `${crypto.randomUUID()}.png`;

function uploadForm(bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'image.png');
  return form;
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
});

describe.each(['local', 's3'] as const)('%s upload storage', (kind) => {
  let storage: UploadStorage;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'upkeep-storage-'));
    storage =
      kind === 'local'
        ? localUploadStorage(join(dir, 'uploads'))
        : await uploadStorageFromEnv(readEnv(s3.env));
  });
  afterAll(() => {
    storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps, lists, reads back and removes objects; a missing one reads as undefined', async () => {
    expect(storage.kind).toBe(kind);
    const name = uuidName();
    const bytes = png(300, 7);
    await storage.put(name, bytes, 'image/png');
    expect(Buffer.from((await storage.get(name))!)).toEqual(Buffer.from(bytes));
    const listed = (await storage.list()).find((object) => object.name === name);
    expect(listed?.size).toBe(300);
    expect(Math.abs(listed!.modified.getTime() - Date.now())).toBeLessThan(60_000);
    await storage.remove(name);
    expect(await storage.get(name)).toBeUndefined();
    expect((await storage.list()).some((object) => object.name === name)).toBe(false);
    await storage.remove(name);
    expect(await storage.get(uuidName())).toBeUndefined();
  });
});

describe.each(engines)('uploads on %s', (engine) => {
  describe('in S3-compatible storage', () => {
    let api: TestServer;
    let storage: UploadStorage;
    beforeAll(async () => {
      storage = await uploadStorageFromEnv(readEnv(s3.env));
      api = await startTestServer(engine, { env: s3.env, storage });
    });
    afterAll(async () => {
      storage.close();
      await api?.stop();
    });

    it('stores POST /upload in the bucket and serves it from there at GET /uploads/{name}', async () => {
      const bytes = png(2048, 3);
      const posted = await api.fetch('/upload', {
        method: 'POST',
        token: await tokenFor('admin'),
        body: uploadForm(bytes),
      });
      expect(posted.status).toBe(201);
      const { path } = (await posted.json()) as { path: string };
      const name = path.replace('/uploads/', '');
      expect((await storage.list()).map((object) => object.name)).toContain(name);
      const served = await api.fetch(path);
      expect(served.status).toBe(200);
      expect(served.headers.get('Content-Type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(bytes));
      await storage.remove(name);
      expect((await api.fetch(path)).status).toBe(404);
      expect(api.logged).toEqual([]);
    });
  });

  describe('quota per account', () => {
    let api: TestServer;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'upkeep-quota-'));
      api = await startTestServer(engine, {
        env: { DATA_DIR: dataDir, UPLOAD_QUOTA_BYTES: '5000', UPLOAD_QUOTA_WINDOW_SECONDS: '600' },
      });
    });
    afterAll(async () => {
      await api?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses an upload past the account allowance with 429, Retry-After and a clear message', async () => {
      const admin = await tokenFor('admin');
      const upload = (token: string, size: number) =>
        api.fetch('/upload', { method: 'POST', token, body: uploadForm(png(size)) });
      expect((await upload(admin, 2000)).status).toBe(201);
      expect((await upload(admin, 2000)).status).toBe(201);
      const local = localUploadStorage(join(dataDir, 'uploads'));
      const storedBefore = (await local.list()).length;

      const refused = await upload(admin, 2000);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await refused.json()).toEqual({
        code: API_ERROR_CODES.uploadQuotaExceeded,
        message:
          'file: this account may upload at most 5000 bytes every 600 seconds and has uploaded 4000 bytes; ' +
          `this image (2000 bytes) would pass that. Try again in ${retryAfter} seconds.`,
      });
      expect((await local.list()).length).toBe(storedBefore);

      // What is left of the allowance still takes a smaller image; another account has its own allowance.
      expect((await upload(admin, 900)).status).toBe(201);
      expect((await upload(await tokenFor('provider'), 4000)).status).toBe(201);
    });
  });

  describe('sweeping uploads no record refers to', () => {
    let api: TestServer;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'upkeep-sweep-'));
      api = await startTestServer(engine, { env: { DATA_DIR: dir } });
    });
    afterAll(async () => {
      await api?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it.each(['local', 's3'] as const)(
      '%s: removes old unreferenced uploads, keeps referenced ones and those within the grace period',
      async (kind) => {
        const storage =
          kind === 'local'
            ? localUploadStorage(join(dir, 'uploads'))
            : await uploadStorageFromEnv(readEnv({ ...s3.env, S3_PREFIX: `sweep-${engine}/` }));
        const [category] = await api.db.select().from(t.serviceCategories).limit(1);
        const [user] = await api.db.select().from(t.users).limit(1);
        const [provider] = await api.db.select().from(t.providers).limit(1);
        const referenced = [uuidName(), uuidName(), uuidName()];
        const orphan = uuidName();
        for (const name of [...referenced, orphan]) await storage.put(name, png(100), 'image/png');
        await api.db
          .update(t.serviceCategories)
          .set({ iconURL: `/uploads/${referenced[0]}` })
          .where(eq(t.serviceCategories.id, category!.id));
        await api.db
          .update(t.users)
          .set({ photoURL: `https://console.example.com/api/uploads/${referenced[1]}` })
          .where(eq(t.users.id, user!.id));
        await api.db
          .update(t.providers)
          .set({ coverImageURL: `/uploads/${referenced[2]}` })
          .where(eq(t.providers.id, provider!.id));

        // Within the grace period (an upload for a form not saved yet): nothing goes.
        expect(await sweepOrphanUploads({ db: api.db, storage, graceMs: HOUR })).toEqual({ removed: [] });
        // Past it: only the one nobody refers to.
        const later = new Date(Date.now() + 2 * HOUR);
        expect(await sweepOrphanUploads({ db: api.db, storage, graceMs: HOUR, now: later })).toEqual({
          removed: [orphan],
        });
        const left = (await storage.list()).map((object) => object.name);
        expect(left).toEqual(expect.arrayContaining(referenced));
        expect(left).not.toContain(orphan);
        storage.close();
      },
    );

    it('runs at start-up and then periodically, going by each file’s age', async () => {
      const storage = localUploadStorage(join(dir, 'periodic'));
      const old = uuidName();
      const young = uuidName();
      await storage.put(old, png(100), 'image/png');
      await storage.put(young, png(100), 'image/png');
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
      utimesSync(join(dir, 'periodic', old), twoHoursAgo, twoHoursAgo);
      const { log, errors } = captureLog();
      const sweeper = await startUploadSweeper({
        db: api.db,
        storage,
        graceMs: HOUR,
        intervalMs: 200,
        log,
      });
      try {
        expect((await storage.list()).map((object) => object.name)).toEqual([young]);
        const oneHourAgo = new Date(Date.now() - HOUR - 1000);
        utimesSync(join(dir, 'periodic', young), oneHourAgo, oneHourAgo);
        await expect.poll(async () => (await storage.list()).length, { timeout: 5_000 }).toBe(0);
      } finally {
        sweeper.stop();
      }
      expect(errors).toEqual([]);
    });
  });
});
