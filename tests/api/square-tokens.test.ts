/**
 * Square tokens of saved credentials through the API, as the app composes the client (to its own stand-in):
 * the exchange stores both tokens encrypted with their expiry; a token due for renewal is renewed when the
 * connection is read and written back encrypted, the credentials' version unchanged; a token typed in over
 * them has no known expiry; neither the database nor the log holds a token in clear text.
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialsSchema } from '../../src/api/contract/onboarding';
import * as t from '../../server/db/schema';
import { issueSandboxState } from '../../server/http/sandbox-state';
import { openSecrets } from '../../server/onboarding/secrets';
import { call, callers, type Callers } from './provider-support';
import { DAY } from './square-support';
import { engines, startTestServer, TEST_ORIGIN, type TestServer } from './support';

describe.each(engines)('saved Square tokens on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const stored = async (id: number) => {
    const [row] = await api.db.select().from(t.credentials).where(eq(t.credentials.id, id));
    if (!row) throw new Error(`no credentials ${id}`);
    return row;
  };
  const connect = async () => {
    const state = issueSandboxState('square-authorize', 'square');
    const page = await api.fetch('/standins/square/oauth2/authorize', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        decision: 'allow',
        state,
        redirect_uri: `${TEST_ORIGIN}/provider/onboarding/credentials`,
      }).toString(),
      redirect: 'manual',
    });
    const code = new URL(page.headers.get('Location') ?? '').searchParams.get('code');
    const exchanged = await call(api, 'POST', '/strategies/exchange-oauth-code', as.glow, {
      strategy: 'SQUARE',
      code,
    });
    expect(exchanged.status).toBe(200);
    return v.parse(CredentialsSchema, exchanged.body);
  };

  it('renews a token due for renewal when the connection is read, and keeps it encrypted', async () => {
    const saved = await connect();
    const first = await stored(saved.id);
    expect(first.accessToken?.startsWith('v1:')).toBe(true);
    expect(first.refreshToken?.startsWith('v1:')).toBe(true);
    expect(first.accessExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    const before = openSecrets(first);

    // Ten days of its thirty left: past Square's advice to renew every seven days.
    await api.db
      .update(t.credentials)
      .set({ accessExpiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(t.credentials.id, saved.id));
    const read = await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
      strategy: 'SQUARE',
      credentialsId: saved.id,
    });
    expect(read.status).toBe(200);
    const after = await stored(saved.id);
    const opened = openSecrets(after);
    expect(after.accessToken?.startsWith('v1:')).toBe(true);
    expect(opened.accessToken).not.toBe(before.accessToken);
    expect(opened.refreshToken).toBe(before.refreshToken);
    expect(after.accessExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    expect(after.version).toBe(first.version);

    // The renewed token is the one read with from now on, without another renewal.
    const again = await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
      strategy: 'SQUARE',
      credentialsId: saved.id,
    });
    expect(again.status).toBe(200);
    expect(openSecrets(await stored(saved.id)).accessToken).toBe(opened.accessToken);

    const everything = await api.db.execute(
      sql`select (select string_agg(c::text, ' ') from credentials c) || (select string_agg(g::text, ' ') from square_standin_grants g) as text`,
    );
    const text = JSON.stringify(everything);
    for (const secret of [before.accessToken, before.refreshToken, opened.accessToken]) {
      expect(text).not.toContain(secret);
      expect(api.logRaw.join('\n')).not.toContain(secret);
    }
  });

  it('a token typed in over saved ones has no known expiry', async () => {
    const saved = await connect();
    const put = await call(api, 'PUT', `/credentials/${saved.id}`, as.glow, {
      accessToken: 'EAAAsandbox-demo-access',
      version: saved.version,
    });
    expect(put.status).toBe(200);
    expect((await stored(saved.id)).accessExpiresAt).toBeNull();
  });
});
