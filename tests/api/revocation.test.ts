/**
 * Revocation (server/http/revocation.ts): a token issued before its person's role changed, or before they
 * were deleted, is refused at once on a write and on an admin read, not an hour later when it expires.
 * The token is verified (and remembered) before the change, so what refuses it is the users table.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { ClaimRole } from '../../src/domain/auth/roles';
import * as t from '../../server/db/schema';
import { ACCESS_CHANGED_MESSAGE } from '../../server/http/revocation';
import {
  engines,
  expectRejected,
  sendJson,
  signIn,
  startTestServer,
  tableDigest,
  testIdentity,
  tokenFor,
  type TestServer,
} from './support';

const ROLE_COLUMN = { admin: 'ADMIN', provider: 'PROVIDER', user: 'USER' } as const;

describe.each(engines)('revoked tokens on %s', (engine) => {
  let api: TestServer;
  /** An admin account without a user row: judged by its claim alone. */
  let admin: string;
  const run = `${engine}-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** Every table's rows but the audit trail's, which records a refused attempt on purpose. */
  async function recordsDigest() {
    const { audit_events: _audit, ...records } = await tableDigest(api.db);
    return records;
  }

  /** A sign-in account with this role and its user row; answers its uid and a token issued now. */
  async function person(name: string, role: ClaimRole) {
    const email = `revoke-${name}-${run}@upkeep.test`;
    const password = 'revoke-password';
    const uid = await testIdentity().ensureAccount({ email, password, role, displayName: name });
    await api.db
      .insert(t.users)
      .values({ email, firebaseUid: uid, displayName: name, role: ROLE_COLUMN[role] });
    return { uid, email, token: await signIn(email, password) };
  }

  const adminRead = (token: string) => api.fetch('/user?pageSize=1', { token });
  const write = (token: string) =>
    sendJson(api, 'POST', '/credits', { title: `Revoke ${run}`, totalInCents: 500 }, token);

  async function versionOf(uid: string) {
    const [row] = await api.db
      .select({ version: t.users.version })
      .from(t.users)
      .where(eq(t.users.firebaseUid, uid));
    return row!.version;
  }

  async function expectAccessChanged(response: Response) {
    expect(await expectRejected(response, 401, API_ERROR_CODES.unauthenticated)).toBe(ACCESS_CHANGED_MESSAGE);
  }

  it('a demoted admin: the old token is refused on a write and an admin read right after the change', async () => {
    const demoted = await person('demoted', 'admin');
    expect((await adminRead(demoted.token)).status).toBe(200);

    const change = await sendJson(
      api,
      'PUT',
      `/user/${demoted.uid}`,
      { version: await versionOf(demoted.uid), email: demoted.email, role: 'USER' },
      admin,
    );
    expect(change.status, await change.clone().text()).toBe(200);

    const digest = await recordsDigest();
    await expectAccessChanged(await write(demoted.token));
    await expectAccessChanged(await adminRead(demoted.token));
    expect(await recordsDigest()).toEqual(digest);

    // Signed in again, the token carries the new role: not an admin any more (403), not "sign in again".
    const again = await signIn(demoted.email, 'revoke-password');
    await expectRejected(await adminRead(again), 403, API_ERROR_CODES.forbidden);
  });

  it('a deleted admin: the old token is refused on a write and an admin read', async () => {
    const gone = await person('deleted-admin', 'admin');
    expect((await adminRead(gone.token)).status).toBe(200);
    const deleted = await api.fetch(`/user/${gone.uid}`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(200);

    const digest = await recordsDigest();
    await expectAccessChanged(await write(gone.token));
    await expectAccessChanged(await adminRead(gone.token));
    expect(await recordsDigest()).toEqual(digest);
  });

  it('a deleted provider: the old token is refused on a write', async () => {
    const gone = await person('deleted-provider', 'provider');
    const location = { streetAddress: '2 Gone St', city: 'Venice', state: 'CA' };
    expect((await sendJson(api, 'POST', '/locations', location, gone.token)).status).toBe(201);
    const deleted = await api.fetch(`/user/${gone.uid}`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(200);

    const digest = await recordsDigest();
    await expectAccessChanged(await sendJson(api, 'POST', '/locations', location, gone.token));
    expect(await recordsDigest()).toEqual(digest);
  });

  it('a token whose role matches its row, and an account without a row, keep working', async () => {
    const current = await person('current', 'admin');
    expect((await adminRead(current.token)).status).toBe(200);
    expect((await write(current.token)).status).toBe(201);
    // The API test accounts have no user row (as a registration's account before its row is written).
    expect((await adminRead(admin)).status).toBe(200);
    expect((await write(admin)).status).toBe(201);
  });
});
