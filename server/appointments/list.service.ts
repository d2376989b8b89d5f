/**
 * GET /appointments/list (the appointments workspace): an admin reads every provider's appointments, a
 * provider user their own providers' (naming another provider is refused, 403, like every id a request
 * names: server/http/scope.ts). Filters are checked before any read.
 */
import {
  APPOINTMENT_LIST_LIMIT_DEFAULT,
  type AppointmentListPage,
  type AppointmentListQuery,
} from '../../src/api/contract/appointment-list';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Db } from '../db/client';
import { cursorPosition } from '../db/time-cursor';
import { failure, ok, type Result } from '../http/result';
import { checkReferences, type Scope } from '../http/scope';
import { appointmentListPage, type AppointmentListFilter } from './list.repository';

export async function appointmentList(
  db: Db,
  scope: Scope,
  query: AppointmentListQuery,
): Promise<Result<AppointmentListPage>> {
  const { cursor, limit = APPOINTMENT_LIST_LIMIT_DEFAULT, provider, status, from, to, q, dir } = query;
  // Days written YYYY-MM-DD compare as text.
  if (from !== undefined && to !== undefined && to < from)
    return failure(400, API_ERROR_CODES.invalidQuery, 'to must be on or after from', 'to');
  const position = cursorPosition(cursor);
  if (!position.ok) return position;
  if (provider !== undefined) {
    const named = await checkReferences(db, scope, [{ kind: 'provider', id: provider, field: 'provider' }]);
    if (!named.ok) return named;
  }
  const providers: AppointmentListFilter['providers'] =
    provider !== undefined ? [provider] : scope.kind === 'admin' ? 'all' : [...scope.providerIds];
  // A provider account linked to no provider has no appointments to read.
  if (providers !== 'all' && providers.length === 0) return ok({ items: [], nextCursor: null });
  return ok(
    await appointmentListPage(db, { providers, status, from, to, search: q, dir }, position.value, limit),
  );
}
