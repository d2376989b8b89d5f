/** The credit list (01 §3): title, description and a total in cents fixed at creation. No HTTP here. */
import { asc, eq } from 'drizzle-orm';
import type { Credit } from '../../src/api/contract/credit';
import type { Db } from '../db/client';
import { credits } from '../db/schema';

function toCredit({ createdAt: _createdAt, ...row }: typeof credits.$inferSelect): Credit {
  return row;
}

export async function listCredits(db: Db): Promise<Credit[]> {
  const rows = await db.select().from(credits).orderBy(asc(credits.title), asc(credits.id));
  return rows.map(toCredit);
}

export async function createCredit(
  db: Db,
  input: { title: string; description: string | null; totalInCents: number },
): Promise<Credit> {
  const [created] = await db.insert(credits).values(input).returning();
  if (!created) throw new Error('insert into credits returned no row');
  return toCredit(created);
}

export type UpdateCreditResult =
  | { ok: true; credit: Credit }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'total-changed'; totalInCents: number };

/** Changes title and description; a totalInCents other than the stored one is refused. */
export async function updateCredit(
  db: Db,
  id: number,
  input: { title: string; description: string | null; totalInCents?: number | undefined },
): Promise<UpdateCreditResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(credits).where(eq(credits.id, id)).for('update');
    if (!current) return { ok: false, reason: 'not-found' } as const;
    if (input.totalInCents !== undefined && input.totalInCents !== current.totalInCents) {
      return { ok: false, reason: 'total-changed', totalInCents: current.totalInCents } as const;
    }
    const [updated] = await tx
      .update(credits)
      .set({ title: input.title, description: input.description })
      .where(eq(credits.id, id))
      .returning();
    if (!updated) return { ok: false, reason: 'not-found' } as const;
    return { ok: true, credit: toCredit(updated) } as const;
  });
}
