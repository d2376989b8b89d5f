/** The strategies feature's reads: a provider's connection (its strategy, external id and credentials). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { providers } from '../db/schema';

export async function findProviderConnection(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db
    .select({
      id: providers.id,
      name: providers.name,
      strategy: providers.strategy,
      externalId: providers.externalId,
      credentialsId: providers.credentialsId,
    })
    .from(providers)
    .where(eq(providers.id, id));
  return row;
}
