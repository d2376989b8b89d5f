/**
 * Locations read by id for the provider services; who may use them is decided in server/http/scope.ts.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locations } from '../db/schema';

export async function findLocation(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row;
}
