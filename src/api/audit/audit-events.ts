import * as v from 'valibot';
import type { ApiClient } from '../client';

/** What the console itself reports to the trail: a sign-in, and an admin starting or stopping view-as. */
export type AuditClientEvent =
  { kind: 'sign-in' } | { kind: 'view-as-start' | 'view-as-end'; providerId?: number };

const RecordedSchema = v.object({ id: v.number() });

/**
 * POST /audit/events. Apart from ./audit because the first load reports sign-ins (src/app/context.ts) and
 * reads none of the trail, whose page schema loads with the History screen.
 */
export function recordAuditEvent(client: ApiClient) {
  return (event: AuditClientEvent) => client.post(RecordedSchema, '/audit/events', { body: event });
}
