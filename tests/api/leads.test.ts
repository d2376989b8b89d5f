import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { LeadListSchema } from '../../src/api/contract/lead';
import { engines, seedNow, startTestServer, tokenFor, type TestServer } from './support';

describe.each(engines)('GET /leads on %s', (engine) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(engine);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('lists the waitlist, oldest sign-up first', async () => {
    const response = await api.fetch('/leads', { token: await tokenFor('admin') });
    expect(response.status).toBe(200);
    const leads = v.parse(LeadListSchema, await response.json());
    expect(leads.map((lead) => [lead.email, lead.name])).toEqual([
      ['waitlist.kim@example.com', null],
      ['waitlist.noor@example.com', 'Noor Hassan'],
      ['waitlist.sam@example.com', 'Sam Taylor'],
      ['waitlist.alex@example.com', 'Alex Rivera'],
    ]);
    expect(Date.parse(leads[3]?.createdAt ?? '')).toBe(seedNow.getTime() - 2 * 86_400_000);
  });

  it('401 without a token, 403 for a provider', async () => {
    const anonymous = await api.fetch('/leads');
    expect(anonymous.status).toBe(401);
    const forbidden = await api.fetch('/leads', { token: await tokenFor('provider') });
    expect(forbidden.status).toBe(403);
    expect(v.parse(ApiErrorSchema, await forbidden.json()).code).toBe('auth/forbidden');
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
