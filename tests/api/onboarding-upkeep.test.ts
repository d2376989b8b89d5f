/**
 * Onboarding's upkeep: scheduling-system passwords and tokens are encrypted at rest (AES-256-GCM, a key id in
 * every stored value, the previous key still read during a rotation, plain values of before read as they
 * are and sealed at start-up), and credentials and locations a half-finished onboarding left behind are
 * swept once older than the grace period.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { EnvError } from '../../server/env';
import { credentialKeysFromEnv, openSecret, useCredentialKeys } from '../../server/onboarding/secrets';
import { resealCredentials, sweepOnboardingOrphans } from '../../server/onboarding/sweep';
import { captureLog, engines, startTestServer, tokenFor, type TestServer } from './support';

const json = { 'Content-Type': 'application/json' };
const PASSWORD = 'mindbody-owner-password-7788';
const TOKEN = 'EAAAsquare-access-token-4455';
const key = () => randomBytes(32).toString('base64');
const development = credentialKeysFromEnv({
  APP_ENV: 'test',
  CREDENTIALS_KEY: undefined,
  CREDENTIALS_KEY_PREVIOUS: undefined,
});

describe('the credentials key', () => {
  it('production refuses to start without CREDENTIALS_KEY; elsewhere a development key is used', () => {
    expect(() =>
      credentialKeysFromEnv({
        APP_ENV: 'production',
        CREDENTIALS_KEY: undefined,
        CREDENTIALS_KEY_PREVIOUS: undefined,
      }),
    ).toThrow(EnvError);
    expect(development.current.id).toMatch(/^[0-9a-f]{8}$/);
    const given = credentialKeysFromEnv({
      APP_ENV: 'production',
      CREDENTIALS_KEY: key(),
      CREDENTIALS_KEY_PREVIOUS: key(),
    });
    expect(given.current.id).not.toBe(development.current.id);
    expect(given.previous?.id).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe.each(engines)('onboarding upkeep on %s', (engine) => {
  let api: TestServer;
  let admin: string;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
  });
  afterAll(async () => {
    await api?.stop();
  });
  afterEach(() => useCredentialKeys(development));

  const post = (path: string, body: unknown) =>
    api.fetch(path, { method: 'POST', token: admin, headers: json, body: JSON.stringify(body) });
  const rowOf = async (id: number) => {
    const [row] = await api.db.select().from(t.credentials).where(eq(t.credentials.id, id));
    if (!row) throw new Error(`no credentials ${id}`);
    return row;
  };

  it('stores passwords and tokens encrypted, answers them masked, and never logs them', async () => {
    const created = await post('/credentials', {
      strategy: 'MINDBODY',
      username: 'owner',
      password: PASSWORD,
      siteId: '-99',
    });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as { id: number; password: string };
    expect(saved.password).not.toContain(PASSWORD.slice(0, -4));
    const changed = await api.fetch(`/credentials/${saved.id}`, {
      method: 'PUT',
      token: admin,
      headers: json,
      body: JSON.stringify({ accessToken: TOKEN, refreshToken: `${TOKEN}-refresh`, version: 1 }),
    });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(await changed.json())).not.toContain(TOKEN);

    const row = await rowOf(saved.id);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(TOKEN);
    for (const value of [row.password, row.accessToken, row.refreshToken]) {
      expect(value).toMatch(new RegExp(`^v1:${development.current.id}:[\\w-]{16}:[\\w-]{22}:[\\w-]+$`));
    }
    expect(openSecret(row.password ?? '')).toBe(PASSWORD);
    expect(openSecret(row.accessToken ?? '')).toBe(TOKEN);
    expect(row.username).toBe('owner');
    expect(api.logRaw.join('\n')).not.toContain(PASSWORD);
    expect(api.logRaw.join('\n')).not.toContain(TOKEN);
  });

  it('reads values written before encryption as they are, and seals them at start-up', async () => {
    const [plain] = await api.db
      .insert(t.credentials)
      .values({ strategy: 'SQUARE', accessToken: TOKEN })
      .returning();
    if (!plain) throw new Error('no row');
    const answered = await api.fetch(`/credentials/${plain.id}`, {
      method: 'PUT',
      token: admin,
      headers: json,
      body: JSON.stringify({ merchantId: 'M-1', version: 1 }),
    });
    expect(await answered.json()).toMatchObject({ accessToken: expect.stringMatching(/4455$/) });
    expect((await rowOf(plain.id)).accessToken).toBe(TOKEN);

    const { log, lines } = captureLog();
    expect(await resealCredentials(api.db, log)).toBeGreaterThanOrEqual(1);
    const sealed = await rowOf(plain.id);
    expect(sealed.accessToken).not.toContain(TOKEN);
    expect(openSecret(sealed.accessToken ?? '')).toBe(TOKEN);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
    // Every stored secret (the seed's included) is now sealed.
    for (const row of await api.db.select().from(t.credentials)) {
      for (const value of [row.password, row.accessToken, row.refreshToken]) {
        if (value !== null) expect(value.startsWith('v1:')).toBe(true);
      }
    }
    expect(await resealCredentials(api.db, log)).toBe(0);
  });

  it('a rotation reads the previous key and seals everything with the new one at start-up', async () => {
    const created = (await (
      await post('/credentials', { strategy: 'SQUARE', accessToken: TOKEN })
    ).json()) as {
      id: number;
    };
    const before = (await rowOf(created.id)).accessToken ?? '';
    expect(before.startsWith(`v1:${development.current.id}:`)).toBe(true);

    // The key in use becomes the previous one; every stored value moves to the new key at start-up.
    const rotated = credentialKeysFromEnv({
      APP_ENV: 'production',
      CREDENTIALS_KEY: key(),
      CREDENTIALS_KEY_PREVIOUS: development.current.bytes.toString('base64'),
    });
    useCredentialKeys(rotated);
    expect(openSecret(before)).toBe(TOKEN);
    expect(await resealCredentials(api.db, captureLog().log)).toBeGreaterThanOrEqual(1);
    const after = (await rowOf(created.id)).accessToken ?? '';
    expect(after.startsWith(`v1:${rotated.current.id}:`)).toBe(true);
    for (const row of await api.db.select().from(t.credentials)) {
      for (const value of [row.password, row.accessToken, row.refreshToken]) {
        if (value !== null) expect(value.startsWith(`v1:${rotated.current.id}:`)).toBe(true);
      }
    }

    // Once the previous key is dropped, the resealed values still read and the old ones no longer do.
    useCredentialKeys({ current: rotated.current });
    expect(openSecret(after)).toBe(TOKEN);
    expect(() => openSecret(before)).toThrow(/neither CREDENTIALS_KEY nor CREDENTIALS_KEY_PREVIOUS/);
  });

  it('sweeps credentials and locations no provider points at once older than the grace period', async () => {
    const day = 86_400_000;
    const old = new Date(Date.now() - 2 * day);
    const [staleCredentials, youngCredentials] = await api.db
      .insert(t.credentials)
      .values([
        { strategy: 'MINDBODY', username: 'left', createdAt: old },
        { strategy: 'MINDBODY', username: 'in-flight' },
      ])
      .returning();
    const [staleLocation, youngLocation, usedLocation] = await api.db
      .insert(t.locations)
      .values([
        { name: 'Left behind', createdAt: old },
        { name: 'In flight' },
        { name: 'Finished', createdAt: old },
      ])
      .returning();
    const [usedCredentials] = await api.db
      .insert(t.credentials)
      .values({ strategy: 'MINDBODY', username: 'finished', createdAt: old })
      .returning();
    await api.db.insert(t.providers).values({
      name: 'Finished onboarding',
      credentialsId: usedCredentials?.id,
      locationId: usedLocation?.id,
    });
    const seededLocations = await api.db.select({ id: t.locations.id }).from(t.locations);

    const { log, lines } = captureLog();
    const report = await sweepOnboardingOrphans(api.db, day, log);
    expect(report).toEqual({ credentials: [staleCredentials?.id], locations: [staleLocation?.id] });
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
    const credentialIds = [staleCredentials, youngCredentials, usedCredentials].map((row) => row?.id ?? 0);
    expect(
      ids(
        await api.db
          .select({ id: t.credentials.id })
          .from(t.credentials)
          .where(inArray(t.credentials.id, credentialIds)),
      ),
    ).toEqual([youngCredentials?.id, usedCredentials?.id]);
    expect(ids(await api.db.select({ id: t.locations.id }).from(t.locations))).toEqual(
      ids(seededLocations.filter((row) => row.id !== staleLocation?.id)),
    );
    expect(youngLocation).toBeDefined();
    expect(
      lines.find(
        (line) => line['msg'] === 'Onboarding sweep: deleted credentials and locations no provider points at',
      ),
    ).toMatchObject(report);
  });
});
