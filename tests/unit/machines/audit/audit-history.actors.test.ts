import { describe, expect, it } from 'vitest';
import { auditApi } from '../../../../src/api/audit/audit';
import { AUDIT_PAGE_LIMIT_DEFAULT, type AuditPage } from '../../../../src/api/contract/audit';
import { NO_AUDIT_FILTERS } from '../../../../src/domain/audit/audit';
import { createAuditHistoryActors } from '../../../../src/machines/audit/audit-history.actors';
import { fakeApi } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';

const page: AuditPage = {
  items: [
    {
      id: 1,
      at: '2026-03-01T09:00:00.000Z',
      actorUid: 'admin-1',
      actorEmail: 'admin@upkeep.test',
      actorRole: 'ADMIN',
      viewingAs: null,
      kind: 'provider.updated',
      recordType: 'provider',
      recordId: '3',
      method: 'PUT',
      path: '/providers/3',
      status: 200,
      changes: { name: { from: 'Glow', to: 'Glow Studio' } },
      address: null,
    },
  ],
  nextCursor: 'a-2',
};
/** 1 to 2 March in Los Angeles: from its first midnight up to the midnight after the 2nd. */
const filters = {
  ...NO_AUDIT_FILTERS,
  actor: ' admin@upkeep.test ',
  recordType: 'provider' as const,
  recordId: ' 3 ',
  from: '2026-03-01',
  to: '2026-03-02',
};
const query = {
  actor: 'admin@upkeep.test',
  recordType: 'provider',
  recordId: '3',
  from: '2026-03-01T08:00:00Z',
  to: '2026-03-03T08:00:00Z',
};

function setup() {
  const fake = fakeApi();
  const saved: string[] = [];
  const actors = createAuditHistoryActors(auditApi(fake.client), {
    timeZone: 'America/Los_Angeles',
    saveCsv: (text) => saved.push(text),
  });
  return { fake, saved, actors };
}

describe('audit history actors', () => {
  it("reads a page with the filters as whole days in the reader's zone, with the actor's signal", async () => {
    const { fake, actors } = setup();
    fake.on('GET /audit', page);

    await expect(runActor(actors.loadAuditPage, { filters, cursor: null })).resolves.toEqual(page);
    const { actor } = startActor(actors.loadAuditPage, { filters: NO_AUDIT_FILTERS, cursor: 'a-2' });
    actor.stop();

    expect(fake.calls.map((call) => call.query)).toEqual([
      { ...query, limit: AUDIT_PAGE_LIMIT_DEFAULT },
      { cursor: 'a-2', limit: AUDIT_PAGE_LIMIT_DEFAULT },
    ]);
    expect(fake.calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(fake.calls[1]?.signal?.aborted).toBe(true);
  });

  it('hands the CSV of the same filters to the browser, without its byte order mark', async () => {
    const { fake, saved, actors } = setup();
    fake.on('GET /audit.csv', '\uFEFFat,kind\n2026-03-01,provider.updated\n');

    await expect(runActor(actors.downloadAuditCsv, { filters })).resolves.toBeUndefined();

    expect(saved).toEqual(['at,kind\n2026-03-01,provider.updated\n']);
    expect(fake.calls).toEqual([{ method: 'GET', path: '/audit.csv', query, idempotent: false }]);
  });
});
