/**
 * Who is writing and from where, for the audit trail. A write request (POST, PUT, PATCH, DELETE) runs inside
 * an AsyncLocalStorage context holding its Hono context, whose caller `allow(...)` sets once the token is
 * verified. The audited Db (db.ts) hands the context to PostgreSQL at the
 * start of every transaction as the transaction-local setting `upkeep.audit`, which the row triggers of
 * migration 0019 read. Reads carry no context, so a GET never records anything.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import type { VerifiedToken } from '../identity';
import { API_ERROR_CODES, fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { clientAddress } from '../limits/rate-limit';

/** The header the console sends on every request while an admin views it as a provider. */
export const VIEWING_AS_HEADER = 'X-Viewing-As';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROVIDER_ID = /^[1-9]\d{0,9}$/;

/** What the triggers record besides the row (the keys of the `upkeep.audit` setting). */
export interface AuditActor {
  uid: string | null;
  email: string | null;
  role: string | null;
  viewingAs: string | null;
  address: string;
  method: string;
  path: string;
}

interface RequestAudit {
  c: Context<HonoEnv>;
  trustProxy: boolean;
  /** Cleared when the answer is sent, so a timer started during the request does not write as it. */
  open: boolean;
  /** The setting last worked out, and the caller it was worked out for (a request's caller is set once). */
  setting?: { caller: unknown; json: string };
}

const storage = new AsyncLocalStorage<RequestAudit>();

/**
 * The running write request's actor as the `upkeep.audit` JSON, or undefined outside one. Read when each
 * transaction starts, so the caller `allow(...)` has verified by then is the actor.
 */
export function currentAuditSetting(): string | undefined {
  const current = storage.getStore();
  if (!current?.open) return undefined;
  const caller: unknown = current.c.get('caller');
  const last = current.setting;
  if (last && last.caller === caller) return last.json;
  const json = JSON.stringify(actorOf(current.c, current.trustProxy));
  current.setting = { caller, json };
  return json;
}

/** The X-Viewing-As header as a provider id, null when absent; undefined when it is not an id. */
export function viewingAsHeader(c: Context): string | null | undefined {
  const value = c.req.header(VIEWING_AS_HEADER)?.trim();
  if (!value) return null;
  return PROVIDER_ID.test(value) ? value : undefined;
}

/**
 * App-wide middleware: checks X-Viewing-As on every request and gives a write request its audit context.
 * `trustProxy` picks the client address the way the rate limits do.
 */
export function auditContext(trustProxy: boolean): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const viewingAs = viewingAsHeader(c);
    if (viewingAs === undefined)
      return fail(
        c,
        400,
        API_ERROR_CODES.badRequest,
        `The ${VIEWING_AS_HEADER} header must be the id of the provider being viewed (a whole number)`,
      );
    if (!WRITES.has(c.req.method)) return next();
    const request: RequestAudit = { c, trustProxy, open: true };
    try {
      await storage.run(request, next);
    } finally {
      request.open = false;
    }
  };
}

/**
 * The request's actor: the caller once `allow(...)` has verified the token (also when it then refused the
 * role), the provider viewed for an admin, the client address, method and path.
 */
export function actorOf(c: Context<HonoEnv>, trustProxy: boolean): AuditActor {
  const caller = c.get('caller') as VerifiedToken | undefined;
  return {
    uid: caller?.uid ?? null,
    email: caller?.email ?? null,
    role: caller?.role ?? null,
    viewingAs: caller?.role === 'admin' ? (viewingAsHeader(c) ?? null) : null,
    address: clientAddress(c, trustProxy),
    method: c.req.method,
    path: c.req.path,
  };
}
