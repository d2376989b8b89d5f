/** Column helpers shared by the table modules. */
import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Identity primary key; "by default" so fixtures and imports may still choose ids. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Optimistic concurrency: every editable record carries a version, sent with each read and sent back with
 * each write; an update applies only `WHERE id = ? AND version = ?` and increments it (server/README.md).
 */
export const version = () => integer('version').notNull().default(1);

type OnDelete = 'cascade' | 'restrict' | 'set null';

/** An integer column that refers to another table's id: `reference('user_id', () => users.id, 'cascade')`. */
export const reference = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  integer(name).references(target, { onDelete });

/** The same, required (NOT NULL). */
export const requiredReference = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  integer(name).notNull().references(target, { onDelete });
