/** The waitlist (leads), oldest sign-up first. No HTTP here. */
import { asc } from 'drizzle-orm';
import type { Lead } from '../../src/api/contract/lead';
import type { Db } from '../db/client';
import { leads } from '../db/schema';

export async function listLeads(db: Db): Promise<Lead[]> {
  const rows = await db.select().from(leads).orderBy(asc(leads.createdAt), asc(leads.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
