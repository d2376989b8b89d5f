/** Column helpers shared by the table modules. */
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Identity primary key; "by default" so fixtures and imports may still choose ids. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Optimistic concurrency: every editable record carries a version, sent with each read and sent back with
 * each write; an update applies only `WHERE id = ? AND version = ?` and increments it (server/README.md).
 */
export const version = () => integer('version').notNull().default(1);
