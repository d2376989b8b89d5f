import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { AuditEvent, AuditPage } from '../../../../src/api/contract/audit';
import { AUDIT_MESSAGES, NO_AUDIT_FILTERS, type AuditFilters } from '../../../../src/domain/audit/audit';
import {
  auditHistoryMachine,
  type LoadAuditPageInput,
} from '../../../../src/machines/audit/audit-history.machine';
import { auditHistoryView } from '../../../../src/machines/audit/audit-history.view';
import { assertFullCoverage, coverMachine } from '../../../support/model';

function event(id: number, kind = 'update'): AuditEvent {
  return {
    id,
    at: `2026-03-05T18:0${id % 10}:00Z`,
    actorUid: 'a1',
    actorEmail: 'ada@upkeep.test',
    actorRole: 'admin',
    viewingAs: null,
    kind,
    recordType: 'credit',
    recordId: '4',
    method: 'PUT',
    path: '/credits/4',
    status: 200,
    changes: { name: { from: 'Old', to: 'New' } },
    address: '127.0.0.1',
  };
}

const newest: AuditPage = { items: [event(3), event(2)], nextCursor: 'c2' };
const oldest: AuditPage = { items: [event(1, 'create')], nextCursor: null };
const credits: AuditFilters = { ...NO_AUDIT_FILTERS, recordType: 'credit' };

function start(
  load: (input: LoadAuditPageInput) => Promise<AuditPage>,
  download: (filters: AuditFilters) => Promise<void> = async () => undefined,
  filters: AuditFilters = NO_AUDIT_FILTERS,
) {
  const loads: LoadAuditPageInput[] = [];
  const downloads: AuditFilters[] = [];
  const actor = createActor(
    auditHistoryMachine.provide({
      actors: {
        loadAuditPage: fromPromise(({ input }: { input: LoadAuditPageInput }) => {
          loads.push(input);
          return load(input);
        }),
        downloadAuditCsv: fromPromise(({ input }: { input: { filters: AuditFilters } }) => {
          downloads.push(input.filters);
          return download(input.filters);
        }),
      },
    }),
    { input: { filters } },
  );
  const messages: string[] = [];
  actor.on('notify', (notice) => messages.push(notice.message));
  actor.start();
  return { actor, loads, downloads, messages, view: () => auditHistoryView(actor.getSnapshot()) };
}

const pages = async (input: LoadAuditPageInput) => (input.cursor === null ? newest : oldest);

describe('audit history machine', () => {
  it('reads the newest page, then older pages after the last cursor until there are none', async () => {
    const { actor, loads, view } = start(pages);
    expect(view()).toMatchObject({ loading: true, empty: false, hasOlder: false });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(view().events.map((e) => e.id)).toEqual([3, 2]);
    expect(view()).toMatchObject({ loading: false, hasOlder: true, canClearFilters: false });
    actor.send({ type: 'older.load' });
    expect(view()).toMatchObject({ loadingOlder: true, hasOlder: true });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(view().events.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(view().hasOlder).toBe(false);
    actor.send({ type: 'older.load' });
    expect(loads).toEqual([
      { filters: NO_AUDIT_FILTERS, cursor: null },
      { filters: NO_AUDIT_FILTERS, cursor: 'c2' },
    ]);
  });

  it('other filters read the newest page again and drop the rows shown; the same filters read nothing', async () => {
    const { actor, loads, view } = start(pages);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'filters.change', filters: { ...NO_AUDIT_FILTERS } });
    expect(loads).toHaveLength(1);
    actor.send({ type: 'filters.change', filters: credits });
    expect(view()).toMatchObject({ loading: true, events: [], canClearFilters: true });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(loads.at(-1)).toEqual({ filters: credits, cursor: null });
  });

  it('no match is the empty state', async () => {
    const { actor, view } = start(async () => ({ items: [], nextCursor: null }), undefined, credits);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(view()).toMatchObject({ empty: true, canClearFilters: true, hasOlder: false });
  });

  it('a first page that fails shows the plain message, and Try again reads it again', async () => {
    let fail = true;
    const { actor, view } = start(async (input) => {
      if (fail) throw new ApiRequestError(500, 'internal', 'boom');
      return pages(input);
    });
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(view()).toMatchObject({ error: AUDIT_MESSAGES.loadFailed, empty: false, loading: false });
    fail = false;
    actor.send({ type: 'retry' });
    expect(view().error).toBeNull();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(view().events).toHaveLength(2);
  });

  it('an older page that fails keeps the rows and Load older, with its message, until one arrives', async () => {
    let fail = true;
    const { actor, view } = start(async (input) => {
      if (input.cursor !== null && fail) throw new Error('offline');
      return pages(input);
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'older.load' });
    await waitFor(actor, (s) => s.context.olderError !== null);
    expect(view()).toMatchObject({ olderError: AUDIT_MESSAGES.olderFailed, hasOlder: true });
    expect(view().events).toHaveLength(2);
    fail = false;
    actor.send({ type: 'older.load' });
    await waitFor(actor, (s) => s.context.events.length === 3);
    expect(view().olderError).toBeNull();
  });

  it('downloads the CSV of the filters shown once at a time; a failure is a toast', async () => {
    let finish: () => void = () => undefined;
    const { actor, downloads, messages, view } = start(
      pages,
      () => new Promise<void>((resolve) => (finish = resolve)),
      credits,
    );
    actor.send({ type: 'csv.download' });
    expect(view().downloading).toBe(true);
    actor.send({ type: 'csv.download' });
    finish();
    await waitFor(actor, (s) => s.matches({ csv: 'idle' }));
    expect(downloads).toEqual([credits]);
    expect(messages).toEqual([]);

    const failing = start(pages, () => Promise.reject(new Error('offline')));
    failing.actor.send({ type: 'csv.download' });
    await waitFor(failing.actor, (s) => s.matches({ csv: 'idle' }));
    expect(failing.messages).toEqual([AUDIT_MESSAGES.downloadFailed]);
  });

  it('the model walk covers every state and transition', async () => {
    const report = await coverMachine(auditHistoryMachine, {
      input: { filters: NO_AUDIT_FILTERS },
      events: {
        'filters.change': [
          { type: 'filters.change', filters: NO_AUDIT_FILTERS },
          { type: 'filters.change', filters: credits },
        ],
        'older.load': [{ type: 'older.load' }],
        retry: [{ type: 'retry' }],
        'csv.download': [{ type: 'csv.download' }],
      },
      outputs: { loadAuditPage: [newest, oldest] },
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.filters.recordType ?? null,
          s.context.nextCursor,
          s.context.error !== null,
          s.context.olderError !== null,
        ]),
    });
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});
