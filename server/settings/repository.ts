/**
 * The marketplace settings (02 §9): one versioned row, created by its migration with the spec's values. A
 * database without it (emptied by hand) reads the spec's values at version 1, and its first save creates it.
 * No HTTP here; `readSettings` is what the rules that follow a setting call.
 */
import { eq } from 'drizzle-orm';
import type { MarketplaceSettings } from '../../src/api/contract/settings';
import { DEFAULT_SETTINGS, type MarketplaceSettingsValues } from '../../src/domain/settings/settings';
import type { Db } from '../db/client';
import { lockRow, updateVersioned } from '../db/versioned';
import { marketplaceSettings } from '../db/schema';
import { ok, staleFailure, type Result } from '../http/result';

type Row = typeof marketplaceSettings.$inferSelect;

function toSettings({ id: _id, updatedAt, ...row }: Row): MarketplaceSettings {
  return { ...row, updatedAt: updatedAt?.toISOString() ?? null };
}

const DEFAULT_RECORD: MarketplaceSettings = { ...DEFAULT_SETTINGS, version: 1, updatedAt: null };

/** The settings as stored (the spec's values when the row is missing). */
export async function readSettings(db: Pick<Db, 'select'>): Promise<MarketplaceSettings> {
  const [row] = await db.select().from(marketplaceSettings).where(eq(marketplaceSettings.id, 1));
  return row ? toSettings(row) : DEFAULT_RECORD;
}

/** Saves every setting when `version` is the one stored; the version goes up by one. */
export async function saveSettings(
  db: Db,
  input: MarketplaceSettingsValues & { version: number },
): Promise<Result<MarketplaceSettings>> {
  const { version, ...values } = input;
  return db.transaction(async (tx): Promise<Result<MarketplaceSettings>> => {
    await tx.insert(marketplaceSettings).values({ id: 1 }).onConflictDoNothing();
    const current = await lockRow(tx, marketplaceSettings, 1);
    if (!current || current.version !== version) return staleFailure();
    const updated = await updateVersioned(tx, marketplaceSettings, 1, { ...values, updatedAt: new Date() });
    return updated ? ok(toSettings(updated)) : staleFailure();
  });
}
