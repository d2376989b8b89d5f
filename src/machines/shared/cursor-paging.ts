/**
 * The cursor-paged list, written once (the History trail, the Notifications inbox):
 *
 *   loading ──done──► ready ──older.load [hasOlder]──► loadingOlder ──done──► ready
 *      │  ▲                                                 └──error──► ready (its message by the button)
 *   error ▼  │ retry
 *      failed
 *
 * A machine spreads `cursorPagingStates({...})` into the states of its list region and names, in its own
 * `setup`, the guard `hasOlder` (a next cursor is held) and the actions `showFirstPage` and `addOlderPage`
 * (each given `{ page }`: the newest page replaces the rows, an older one is added below them),
 * `failFirstPage`, `failOlderPage` and `clearError`. A change of what the list shows (its filters) re-enters
 * `.loading` from the region's own `on`. Events: `older.load`, `retry`.
 */
import type { AnyStateNodeConfig } from 'xstate';

export type CursorPagingEvent = { type: 'older.load' } | { type: 'retry' };

export interface CursorPagingOptions<TContext> {
  /** The actor that reads one page: the newest when `cursor` is null, else the page after it. */
  actor: string;
  input: (context: TContext, cursor: string | null) => unknown;
  /** The context's cursor of the next older page (null when the last page has been read). */
  nextCursor: (context: TContext) => string | null;
  /** What `loadingOlder` keeps on screen, for the generated doc ("The rows read so far stay shown…"). */
  olderDescription: string;
}

export function cursorPagingStates<TContext>(
  options: CursorPagingOptions<TContext>,
): Record<'loading' | 'ready' | 'loadingOlder' | 'failed', AnyStateNodeConfig> {
  const page = (target: 'ready', action: 'showFirstPage' | 'addOlderPage') => ({
    target,
    actions: {
      type: action,
      params: ({ event }: { event: { output: unknown } }) => ({ page: event.output }),
    },
  });
  return {
    loading: {
      tags: ['busy'],
      invoke: {
        src: options.actor,
        input: ({ context }: { context: TContext }) => options.input(context, null),
        onDone: page('ready', 'showFirstPage'),
        onError: { target: 'failed', actions: 'failFirstPage' },
      } as AnyStateNodeConfig['invoke'],
    },
    ready: {
      on: { 'older.load': { guard: 'hasOlder', target: 'loadingOlder' } },
    },
    loadingOlder: {
      description: options.olderDescription,
      invoke: {
        src: options.actor,
        input: ({ context }: { context: TContext }) => options.input(context, options.nextCursor(context)),
        onDone: page('ready', 'addOlderPage'),
        onError: { target: 'ready', actions: 'failOlderPage' },
      } as AnyStateNodeConfig['invoke'],
    },
    failed: {
      on: { retry: { target: 'loading', actions: 'clearError' } },
    },
  };
}
