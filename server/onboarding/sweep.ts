/**
 * Onboarding's upkeep, at start-up and then every ONBOARDING_SWEEP_INTERVAL_MS:
 *
 * - The orphan sweep. Onboarding saves the credentials, then the location, then the provider that points at
 *   both; a wizard left half-way (or a crash between the steps) leaves credentials and locations no
 *   provider points at. Those older than ONBOARDING_ORPHAN_GRACE_MS (an onboarding may legitimately be in
 *   flight for a while) are deleted, and the ids are logged. A location that bookings or a settlement
 *   account refer to is kept whatever its age: it is part of a record.
 * - Re-encryption (start-up only): every stored secret not sealed with the current CREDENTIALS_KEY (plain
 *   values written before encryption, or values of the previous key during a rotation) is sealed again.
 */
import { and, eq, isNotNull, lt, notExists, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appointments, credentials, locations, providers, settlementAccounts } from '../db/schema';
import type { Log } from '../http/log';
import { repeat, type Repeating } from '../identity-sync/repeat';
import { isSealedWithCurrentKey, openSecrets, sealSecrets, SECRET_FIELDS } from './secrets';

export interface SweepReport {
  credentials: number[];
  locations: number[];
}

/** Deletes the credentials and locations no provider points at that are older than `graceMs`. */
export async function sweepOnboardingOrphans(
  db: Db,
  graceMs: number,
  log: Log,
  now: Date = new Date(),
): Promise<SweepReport> {
  const before = new Date(now.getTime() - graceMs);
  const report = await db.transaction(async (tx) => {
    const swept = await tx
      .delete(credentials)
      .where(
        and(
          lt(credentials.createdAt, before),
          notExists(
            tx
              .select({ id: providers.id })
              .from(providers)
              .where(eq(providers.credentialsId, credentials.id)),
          ),
        ),
      )
      .returning({ id: credentials.id });
    const referred = (table: typeof appointments | typeof settlementAccounts | typeof providers) =>
      notExists(tx.select({ id: table.id }).from(table).where(eq(table.locationId, locations.id)));
    const left = await tx
      .delete(locations)
      .where(
        and(
          lt(locations.createdAt, before),
          referred(providers),
          referred(appointments),
          referred(settlementAccounts),
        ),
      )
      .returning({ id: locations.id });
    return { credentials: swept.map((row) => row.id), locations: left.map((row) => row.id) };
  });
  if (report.credentials.length > 0 || report.locations.length > 0) {
    log.info(
      { ...report, graceMs },
      'Onboarding sweep: deleted credentials and locations no provider points at',
    );
  }
  return report;
}

/** Seals every stored secret that is not sealed with the current key; → how many rows changed. */
export async function resealCredentials(db: Db, log: Log): Promise<number> {
  const anySecret = or(...SECRET_FIELDS.map((field) => isNotNull(credentials[field])));
  const rows = await db.select().from(credentials).where(anySecret);
  let changed = 0;
  for (const row of rows) {
    const stale = SECRET_FIELDS.some((field) => {
      const value = row[field];
      return typeof value === 'string' && !isSealedWithCurrentKey(value);
    });
    if (!stale) continue;
    const opened = openSecrets(row);
    await db
      .update(credentials)
      .set(
        sealSecrets({
          password: opened.password,
          accessToken: opened.accessToken,
          refreshToken: opened.refreshToken,
        }),
      )
      .where(eq(credentials.id, row.id));
    changed += 1;
  }
  if (changed > 0) log.info({ rows: changed }, 'Credentials: stored secrets sealed with the current key');
  return changed;
}

export interface OnboardingSweeper {
  stop(): Promise<void>;
}

/** Seals stored secrets again, sweeps once now, then every `intervalMs` (0: only now). */
export async function startOnboardingSweeper({
  db,
  graceMs,
  intervalMs,
  log,
}: {
  db: Db;
  graceMs: number;
  intervalMs: number;
  log: Log;
}): Promise<OnboardingSweeper> {
  await resealCredentials(db, log);
  const sweep = () => sweepOnboardingOrphans(db, graceMs, log);
  await sweep().catch((error: unknown) => log.error({ err: error }, 'Onboarding sweep: pass failed'));
  const repeating: Repeating | undefined =
    intervalMs > 0 ? repeat(intervalMs, sweep, log, 'Onboarding sweep') : undefined;
  return { stop: async () => repeating?.stop() };
}
