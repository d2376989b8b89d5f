import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from './support';

describe('the external admin site stand-in', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer('pglite');
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('opens Manage payouts and Update address with a valid session token', async () => {
    const token = await signIn('provider@upkeep.test', 'upkeep-provider');
    for (const [path, text] of [
      ['payouts/bank-account', 'Manage payouts'],
      ['provider/locations', 'Update address'],
    ] as const) {
      const response = await api.fetch(`/external-admin/${path}?id=7&token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(text);
      expect(html).toContain('provider@upkeep.test');
      expect(html).toContain('<dd>7</dd>');
    }
  });

  it('refuses a missing or bad token, and escapes what it echoes', async () => {
    const missing = await api.fetch('/external-admin/payouts/bank-account?id=1');
    expect(missing.status).toBe(401);
    const bad = await api.fetch('/external-admin/provider/locations?id=%3Cscript%3E&token=nope');
    expect(bad.status).toBe(401);
    expect(await bad.text()).not.toContain('<script>');
  });

  it('has no other pages', async () => {
    expect((await api.fetch('/external-admin/anything')).status).toBe(404);
  });
});
