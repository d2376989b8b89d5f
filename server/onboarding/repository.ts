/**
 * Onboarding's reads and writes: credentials and availabilities. No HTTP and no access rules. Credentials'
 * passwords and tokens are sealed on every write and opened on every read (secrets.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { availabilities, credentials, providers, serviceCategories } from '../db/schema';
import { openSecrets, sealSecrets } from './secrets';

export type CredentialsRow = typeof credentials.$inferSelect;
export type CredentialsValues = Partial<
  Omit<typeof credentials.$inferInsert, 'id' | 'createdAt' | 'version'>
>;
export type AvailabilityRow = typeof availabilities.$inferSelect;

export async function findCredentials(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(credentials).where(eq(credentials.id, id));
  return row && openSecrets(row);
}

/** Credentials read by the versioned save (db/versioned.ts), their secrets opened. */
export const openedCredentials = (row: CredentialsRow): CredentialsRow => openSecrets(row);

/** The id of the credentials a provider connects with, or null (none); undefined: no such provider. */
export async function credentialsIdOfProvider(db: Pick<Db, 'select'>, providerId: number) {
  const [row] = await db
    .select({ credentialsId: providers.credentialsId })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row?.credentialsId;
}

export async function insertCredentials(
  db: Pick<Db, 'insert'>,
  values: CredentialsValues & Pick<typeof credentials.$inferInsert, 'strategy'>,
): Promise<CredentialsRow> {
  const [row] = await db.insert(credentials).values(sealSecrets(values)).returning();
  if (!row) throw new Error('insertCredentials: the insert returned no row');
  return openSecrets(row);
}

/** The values a versioned save writes (db/versioned.ts), their secrets sealed. */
export const sealedCredentials = (values: CredentialsValues): CredentialsValues => sealSecrets(values);

/**
 * Square tokens renewed by its client, kept encrypted. The version stays (a renewal is no one's edit); the
 * write applies only at the version the tokens were read at, so credentials changed meanwhile keep the
 * change.
 */
export async function renewSquareTokens(
  db: Pick<Db, 'update'>,
  id: number,
  version: number,
  tokens: { accessToken: string; refreshToken: string; expiresAt: Date },
): Promise<void> {
  const { accessToken, refreshToken, expiresAt } = tokens;
  await db
    .update(credentials)
    .set(sealSecrets({ accessToken, refreshToken, accessExpiresAt: expiresAt }))
    .where(and(eq(credentials.id, id), eq(credentials.version, version)));
}

export async function deleteCredentialsRow(db: Pick<Db, 'delete'>, id: number): Promise<void> {
  await db.delete(credentials).where(eq(credentials.id, id));
}

export async function serviceCategoryExists(db: Pick<Db, 'select'>, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(eq(serviceCategories.id, id));
  return row !== undefined;
}

export async function listAvailabilities(db: Pick<Db, 'select'>, locationId: number) {
  return db
    .select()
    .from(availabilities)
    .where(eq(availabilities.locationId, locationId))
    .orderBy(asc(availabilities.serviceCategoryId));
}

export async function findAvailabilityFor(
  db: Pick<Db, 'select'>,
  serviceCategoryId: number,
  locationId: number,
) {
  const [row] = await db
    .select()
    .from(availabilities)
    .where(
      and(eq(availabilities.serviceCategoryId, serviceCategoryId), eq(availabilities.locationId, locationId)),
    );
  return row;
}

export async function insertAvailability(
  db: Pick<Db, 'insert'>,
  values: typeof availabilities.$inferInsert,
): Promise<AvailabilityRow> {
  const [row] = await db.insert(availabilities).values(values).returning();
  if (!row) throw new Error('insertAvailability: the insert returned no row');
  return row;
}
