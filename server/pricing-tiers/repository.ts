/** Pricing tiers with their prices, cities and polygons (01 §3); no HTTP here. */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Polygon, PriceTier, PriceTierUpdateParsed } from '../../src/api/contract/price-tier';
import type { Position } from '../../src/domain/pricing-tiers/geometry';
import type { Db } from '../db/client';
import { polygons, priceTiers, priceTierServiceItems, serviceItems } from '../db/schema';

type TierRow = typeof priceTiers.$inferSelect;

async function assemble(db: Db, rows: TierRow[]): Promise<PriceTier[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [prices, shapes] = await Promise.all([
    db
      .select()
      .from(priceTierServiceItems)
      .where(inArray(priceTierServiceItems.priceTierId, ids))
      .orderBy(asc(priceTierServiceItems.serviceItemId)),
    db.select().from(polygons).where(inArray(polygons.priceTierId, ids)).orderBy(asc(polygons.id)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    cityIds: row.cityIds,
    serviceItems: prices
      .filter((price) => price.priceTierId === row.id)
      .map(({ priceTierId: _tier, ...price }) => price),
    polygons: shapes.filter((shape) => shape.priceTierId === row.id),
    version: row.version,
  }));
}

export async function listPriceTiers(db: Db): Promise<PriceTier[]> {
  return assemble(db, await db.select().from(priceTiers).orderBy(asc(priceTiers.id)));
}

export async function getPriceTier(db: Db, id: number): Promise<PriceTier | null> {
  const [tier] = await assemble(db, await db.select().from(priceTiers).where(eq(priceTiers.id, id)));
  return tier ?? null;
}

export async function createPriceTier(
  db: Db,
  input: { name: string; description?: string | null | undefined },
): Promise<PriceTier> {
  const [created] = await db
    .insert(priceTiers)
    .values({ name: input.name, description: input.description ?? null })
    .returning();
  if (!created) throw new Error('insert into price_tiers returned no row');
  const { createdAt: _createdAt, ...tier } = created;
  return { ...tier, serviceItems: [], polygons: [] };
}

export type UpdateTierResult =
  | { ok: true; tier: PriceTier }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'stale' }
  | { ok: false; reason: 'missing'; field: 'serviceItems' | 'polygonIds'; ids: number[] }
  | { ok: false; reason: 'name-clash'; name: string };

/** Replaces the name and description, and whichever of prices, cities and polygons are sent, in one go. */
export async function updatePriceTier(
  db: Db,
  id: number,
  input: PriceTierUpdateParsed,
): Promise<UpdateTierResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(priceTiers).where(eq(priceTiers.id, id)).for('update');
    if (!current) return { ok: false, reason: 'not-found' } as const;
    if (input.version !== undefined && input.version !== current.version)
      return { ok: false, reason: 'stale' } as const;

    if (input.serviceItems) {
      const wanted = input.serviceItems.map((item) => item.serviceItemId);
      const found =
        wanted.length === 0
          ? []
          : await tx
              .select({ id: serviceItems.id })
              .from(serviceItems)
              .where(inArray(serviceItems.id, wanted));
      const foundIds = new Set(found.map((row) => row.id));
      const missing = wanted.filter((itemId) => !foundIds.has(itemId));
      if (missing.length > 0)
        return { ok: false, reason: 'missing', field: 'serviceItems', ids: missing } as const;
    }
    if (input.polygonIds && input.polygonIds.length > 0) {
      const found = await tx.select().from(polygons).where(inArray(polygons.id, input.polygonIds));
      const missing = input.polygonIds.filter((polygonId) => !found.some((row) => row.id === polygonId));
      if (missing.length > 0)
        return { ok: false, reason: 'missing', field: 'polygonIds', ids: missing } as const;
      const kept = await tx
        .select({ name: polygons.name })
        .from(polygons)
        .where(and(eq(polygons.priceTierId, id), inArray(polygons.id, input.polygonIds)));
      const names = [
        ...kept.map((row) => row.name),
        ...found.filter((row) => row.priceTierId !== id).map((row) => row.name),
      ];
      const clash = names.find((name, index) => names.indexOf(name) !== index);
      if (clash !== undefined) return { ok: false, reason: 'name-clash', name: clash } as const;
    }

    await tx
      .update(priceTiers)
      .set({
        name: input.name,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.cityIds ? { cityIds: input.cityIds } : {}),
        version: sql`${priceTiers.version} + 1`,
      })
      .where(eq(priceTiers.id, id));
    if (input.serviceItems) {
      await tx.delete(priceTierServiceItems).where(eq(priceTierServiceItems.priceTierId, id));
      if (input.serviceItems.length > 0) {
        await tx
          .insert(priceTierServiceItems)
          .values(input.serviceItems.map((item) => ({ priceTierId: id, ...item })));
      }
    }
    if (input.polygonIds) {
      const keep = input.polygonIds;
      await tx
        .delete(polygons)
        .where(
          keep.length > 0
            ? and(eq(polygons.priceTierId, id), notInArray(polygons.id, keep))
            : eq(polygons.priceTierId, id),
        );
      if (keep.length > 0)
        await tx.update(polygons).set({ priceTierId: id }).where(inArray(polygons.id, keep));
    }
    const [tier] = await assemble(tx, await tx.select().from(priceTiers).where(eq(priceTiers.id, id)));
    return { ok: true, tier: tier as PriceTier } as const;
  });
}

export type DeleteTierResult = { ok: true } | { ok: false; reason: 'not-found' | 'last-tier' };

/**
 * Deletes a tier unless it is the last one (01 §5). Every tier row is locked first, so two admins deleting
 * the last two tiers at once cannot both succeed.
 */
export async function deletePriceTier(db: Db, id: number): Promise<DeleteTierResult> {
  return db.transaction(async (tx) => {
    const all = await tx
      .select({ id: priceTiers.id })
      .from(priceTiers)
      .orderBy(asc(priceTiers.id))
      .for('update');
    if (!all.some((tier) => tier.id === id)) return { ok: false, reason: 'not-found' } as const;
    if (all.length <= 1) return { ok: false, reason: 'last-tier' } as const;
    await tx.delete(priceTiers).where(eq(priceTiers.id, id));
    return { ok: true } as const;
  });
}

export type CreatePolygonResult =
  | { ok: true; polygon: Polygon }
  | { ok: false; reason: 'tier-not-found' }
  | { ok: false; reason: 'name-exists' };

export async function createPolygon(
  db: Db,
  input: { name: string; points: Position[]; priceTierId: number },
): Promise<CreatePolygonResult> {
  return db.transaction(async (tx) => {
    const [tier] = await tx
      .select({ id: priceTiers.id })
      .from(priceTiers)
      .where(eq(priceTiers.id, input.priceTierId))
      .for('update');
    if (!tier) return { ok: false, reason: 'tier-not-found' } as const;
    const [created] = await tx
      .insert(polygons)
      .values({
        name: input.name,
        points: input.points as [number, number][],
        priceTierId: input.priceTierId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return { ok: false, reason: 'name-exists' } as const;
    return { ok: true, polygon: created } as const;
  });
}

export async function deletePolygon(db: Db, name: string, priceTierId: number): Promise<number | null> {
  const [deleted] = await db
    .delete(polygons)
    .where(and(eq(polygons.name, name), eq(polygons.priceTierId, priceTierId)))
    .returning({ id: polygons.id });
  return deleted?.id ?? null;
}
