/**
 * The History screen (the audit trail, admins only): the newest page of events for the filters the URL
 * holds, older pages added below on Load older, and the CSV of the same filters downloaded beside.
 *
 *   list:  loading ──done──► ready ──older.load [hasOlder]──► loadingOlder ──done──► ready
 *            │  ▲                                                  └──error──► ready (its message by the button)
 *      error ▼  │ retry
 *          failed
 *          filters.change [other filters] ──► loading, from any list state (the rows shown go)
 *
 *   csv:   idle ──csv.download──► downloading ──done──► idle   (error ──► idle with a toast)
 */
import { assign, emit, setup } from 'xstate';
import type { AuditEvent, AuditPage } from '../../api/contract/audit';
import { AUDIT_MESSAGES, sameFilters, type AuditFilters } from '../../domain/audit/audit';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { cursorPagingStates, type CursorPagingEvent } from '../shared/cursor-paging';

export interface LoadAuditPageInput {
  filters: AuditFilters;
  /** The page after this cursor (older events); null for the newest page. */
  cursor: string | null;
}

export type AuditHistoryEvent =
  { type: 'filters.change'; filters: AuditFilters } | CursorPagingEvent | { type: 'csv.download' };

export interface AuditHistoryContext {
  filters: AuditFilters;
  /** Every page read so far, newest first. */
  events: AuditEvent[];
  /** Reads the next older page; null when the last page has been read. */
  nextCursor: string | null;
  /** The first page could not be read. */
  error: string | null;
  /** An older page could not be read (shown by Load older, which tries again). */
  olderError: string | null;
}

export const auditHistoryMachine = setup({
  types: {
    input: {} as { filters: AuditFilters },
    context: {} as AuditHistoryContext,
    events: {} as AuditHistoryEvent,
    emitted: {} as Notice,
  },
  actors: {
    loadAuditPage: placeholder<AuditPage, LoadAuditPageInput>('loadAuditPage'),
    downloadAuditCsv: placeholder<void, { filters: AuditFilters }>('downloadAuditCsv'),
  },
  guards: {
    isOtherFilters: ({ context }, params: { filters: AuditFilters }) =>
      !sameFilters(context.filters, params.filters),
    hasOlder: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    takeFilters: assign((_, params: { filters: AuditFilters }) => ({
      filters: params.filters,
      events: [],
      nextCursor: null,
      error: null,
      olderError: null,
    })),
    showFirstPage: assign((_, params: { page: AuditPage }) => ({
      events: params.page.items,
      nextCursor: params.page.nextCursor,
    })),
    addOlderPage: assign(({ context }, params: { page: AuditPage }) => ({
      events: [...context.events, ...params.page.items],
      nextCursor: params.page.nextCursor,
      olderError: null,
    })),
    failFirstPage: assign({ error: AUDIT_MESSAGES.loadFailed }),
    failOlderPage: assign({ olderError: AUDIT_MESSAGES.olderFailed }),
    clearError: assign({ error: null }),
    noticeDownloadFailed: emit(() => notice('error', AUDIT_MESSAGES.downloadFailed)),
  },
}).createMachine({
  id: 'auditHistory',
  context: ({ input }) => ({
    filters: input.filters,
    events: [],
    nextCursor: null,
    error: null,
    olderError: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'filters.change': {
          guard: { type: 'isOtherFilters', params: ({ event }) => ({ filters: event.filters }) },
          target: '.loading',
          reenter: true,
          actions: { type: 'takeFilters', params: ({ event }) => ({ filters: event.filters }) },
        },
      },
      states: {
        ...cursorPagingStates({
          actor: 'loadAuditPage',
          input: (context: AuditHistoryContext, cursor) => ({ filters: context.filters, cursor }),
          nextCursor: (context) => context.nextCursor,
          olderDescription: 'The rows read so far stay shown while the next older page is read.',
        }),
      },
    },
    csv: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'csv.download': 'downloading' },
        },
        downloading: {
          description: 'GET /audit.csv with the filters shown; the file is saved as it arrives.',
          invoke: {
            src: 'downloadAuditCsv',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: 'noticeDownloadFailed' },
          },
        },
      },
    },
  },
});
