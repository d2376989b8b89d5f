/**
 * What only the console knows goes to the audit trail from here: a sign-in (not a reload that restores the
 * session) and an admin starting or stopping viewing the console as a provider. Best effort: a report that
 * fails is dropped, never shown, and never holds the person up.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AuditClientEvent } from '../api/audit/audit-events';
import type { sessionMachine } from '../machines/auth/session.machine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The provider an admin is viewing the console as, or null (the X-Viewing-As header of every request). */
export function viewingAsOf(snapshot: SessionSnapshot): number | null {
  const { isAdmin, viewAsProvider, providerId } = snapshot.context;
  return snapshot.matches('signedIn') && isAdmin && viewAsProvider ? providerId : null;
}

const viewingAs = (snapshot: SessionSnapshot) =>
  snapshot.matches('signedIn') && snapshot.context.isAdmin && snapshot.context.viewAsProvider;

/** The events one change of the session reports, in order. */
export function sessionAuditEvents(before: SessionSnapshot, after: SessionSnapshot): AuditClientEvent[] {
  if (!after.matches('signedIn')) return [];
  const uid = after.context.user?.uid;
  const signedInNow =
    before.matches('signedOut') || (before.matches('signedIn') && before.context.user?.uid !== uid);
  // A reload restores the session (and the view-as) it had: nothing new happened.
  if (before.matches('resolving')) return [];
  const events: AuditClientEvent[] = signedInNow ? [{ kind: 'sign-in' }] : [];
  const wasViewing = !signedInNow && viewingAs(before);
  const isViewing = viewingAs(after);
  const providerOf = (snapshot: SessionSnapshot) =>
    snapshot.context.providerId === null ? {} : { providerId: snapshot.context.providerId };
  const otherProvider = wasViewing && isViewing && before.context.providerId !== after.context.providerId;
  if (wasViewing && (!isViewing || otherProvider))
    events.push({ kind: 'view-as-end', ...providerOf(before) });
  if (isViewing && (!wasViewing || otherProvider))
    events.push({ kind: 'view-as-start', ...providerOf(after) });
  return events;
}

/** Sends each reported event as the session changes; returns the subscription. */
export function reportSessionEvents(
  session: ActorRefFrom<typeof sessionMachine>,
  record: (event: AuditClientEvent) => Promise<unknown>,
) {
  let previous = session.getSnapshot();
  return session.subscribe((snapshot) => {
    const before = previous;
    previous = snapshot;
    for (const event of sessionAuditEvents(before, snapshot)) {
      record(event).catch(() => undefined);
    }
  });
}
