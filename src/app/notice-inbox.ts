/**
 * The session's notices, held until someone shows them. A guard can make the session emit a notice (leaving
 * view-as for an admin page) before the console frame has mounted and subscribed, as on a typed address or
 * a reload; the inbox keeps such notices and hands them to the first subscriber.
 */
import type { Actor, AnyStateMachine } from 'xstate';
import type { Notice } from '../machines/shared/notice';

export interface NoticeInbox {
  /** Delivers queued notices at once, then each new one; returns the unsubscribe function. */
  subscribe(listener: (notice: Notice) => void): () => void;
}

export function createNoticeInbox(actor: Pick<Actor<AnyStateMachine>, 'on'>): NoticeInbox {
  const queued: Notice[] = [];
  let listener: ((notice: Notice) => void) | null = null;
  actor.on('notify', (event) => {
    const notice = event as unknown as Notice;
    if (listener) listener(notice);
    else queued.push(notice);
  });
  return {
    subscribe(next) {
      listener = next;
      for (const notice of queued.splice(0)) next(notice);
      return () => {
        if (listener === next) listener = null;
      };
    },
  };
}
