/**
 * Identity changes still to apply (server/identity-sync/): written in the same transaction as the database
 * change they follow, applied after the commit by the outbox worker, marked done when applied.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';

export const IDENTITY_OUTBOX_KINDS = ['sync-account', 'create-account'] as const;

export const identityOutbox = pgTable(
  'identity_outbox',
  {
    id: id(),
    /**
     * `sync-account`: make the account's role claim, disabled flag and email match the user row.
     * `create-account`: an account about to be created under `uid`, written before the identity call
     * (server/identity-sync/intent.ts); the worker leaves these to the requests and the reconciler.
     */
    kind: text('kind', { enum: IDENTITY_OUTBOX_KINDS }).notNull(),
    uid: text('uid').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('identity_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
  ],
);
