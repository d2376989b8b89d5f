/**
 * The audit trail: GET /audit (a page, newest first, by cursor) and GET /audit.csv (at most 10,000 rows),
 * admins only, with the same filters; POST /audit/events, the console's own report of a sign-in and of
 * viewing the console as a provider (any signed-in role, for themselves).
 */
import { Hono } from 'hono';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_LIMIT_DEFAULT,
  AuditCsvQuerySchema,
  AuditEventInputSchema,
  AuditQuerySchema,
  type AuditEvent,
  type AuditPage,
} from '../../src/api/contract/audit';
import { toCsv } from '../../src/domain/shared/csv';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody, query } from '../http/validate';
import { actorOf } from './context';
import { cursorPosition } from '../db/time-cursor';
import { answer, ok } from '../http/result';
import { auditPage, auditRows, providerExists, recordEvent } from './repository';

const CSV_HEADER = [
  'id',
  'at',
  'actorUid',
  'actorEmail',
  'actorRole',
  'viewingAs',
  'kind',
  'recordType',
  'recordId',
  'method',
  'path',
  'status',
  'changes',
  'address',
] as const satisfies readonly (keyof AuditEvent)[];

function csvRow(event: AuditEvent) {
  return CSV_HEADER.map((key) => (key === 'changes' ? JSON.stringify(event.changes) : event[key]));
}

export function auditRoutes({ db, allow, trustProxy }: { db: Db; allow: Allow; trustProxy: boolean }) {
  return new Hono<HonoEnv>()
    .get('/audit', allow('admin'), query(AuditQuerySchema), async (c) => {
      const { cursor, limit, ...filters } = c.req.valid('query');
      const read = cursorPosition(cursor);
      if (!read.ok) return answer(c, read);
      const position = read.value;
      return answer(
        c,
        ok<AuditPage>(await auditPage(db, filters, position, limit ?? AUDIT_PAGE_LIMIT_DEFAULT)),
      );
    })
    .get('/audit.csv', allow('admin'), query(AuditCsvQuerySchema), async (c) => {
      const events = await auditRows(db, c.req.valid('query'), AUDIT_CSV_MAX_ROWS);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="audit.csv"');
      return c.body(toCsv(CSV_HEADER, events.map(csvRow)));
    })
    .post('/audit/events', allow('admin', 'provider', 'user'), jsonBody(AuditEventInputSchema), async (c) => {
      const { kind, providerId } = c.req.valid('json');
      const viewAs = kind !== 'sign-in';
      if (viewAs && providerId === undefined)
        return fail(c, 400, API_ERROR_CODES.invalidBody, `providerId is required for ${kind}`, 'providerId');
      if (providerId !== undefined && !(await providerExists(db, providerId)))
        return fail(
          c,
          404,
          API_ERROR_CODES.providerNotFound,
          `No provider with id ${providerId}`,
          'providerId',
        );
      const actor = actorOf(c, trustProxy);
      const id = await recordEvent(
        db,
        viewAs ? { ...actor, viewingAs: String(providerId) } : actor,
        providerId === undefined
          ? { kind, status: 201 }
          : { kind, status: 201, recordType: 'provider', recordId: String(providerId) },
      );
      return answer(c, ok({ id }), 201);
    });
}
