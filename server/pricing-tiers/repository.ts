/** Pricing tiers with their prices, cities and polygons (01 §3); no HTTP here. */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Polygon, PriceTier, PriceTierUpdateParsed } from '../../src/api/contract/price-tier';
import type { Position } from '../../src/domain/pricing-tiers/geometry';
import type { Db } from '../db/client';
import { missingIds } from '../db/missing-ids';
import { lockRow, updateVersioned } from '../db/versioned';
import { polygons, priceTiers, priceTierServiceItems, serviceItems } from '../db/schema';
import { failure, ok, staleFailure, deleted, isStale, type Result } from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Deleted } from '../../src/api/contract/primitives';

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

const tierNotFound = (id: number) =>
  failure(404, API_ERROR_CODES.priceTierNotFound, `There is no price tier with id ${id}.`);

export async function getPriceTier(db: Db, id: number): Promise<Result<PriceTier>> {
  const [tier] = await assemble(db, await db.select().from(priceTiers).where(eq(priceTiers.id, id)));
  return tier ? ok(tier) : tierNotFound(id);
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

const notFoundIds = (field: 'serviceItems' | 'polygonIds', ids: number[]) => {
  const what = field === 'serviceItems' ? 'service item' : 'polygon';
  return failure(400, API_ERROR_CODES.invalidBody, `There is no ${what} with id ${ids.join(', ')}.`, field);
};

/** Replaces the name and description, and whichever of prices, cities and polygons are sent, in one go. */
export async function updatePriceTier(
  db: Db,
  id: number,
  input: PriceTierUpdateParsed,
): Promise<Result<PriceTier>> {
  return db.transaction(async (tx): Promise<Result<PriceTier>> => {
    const current = await lockRow(tx, priceTiers, id);
    if (!current) return tierNotFound(id);
    if (isStale(input.version, current.version)) return staleFailure();

    if (input.serviceItems) {
      const wanted = input.serviceItems.map((item) => item.serviceItemId);
      const missing = await missingIds(tx, serviceItems, wanted);
      if (missing.length > 0) return notFoundIds('serviceItems', missing);
    }
    if (input.polygonIds && input.polygonIds.length > 0) {
      const found = await tx.select().from(polygons).where(inArray(polygons.id, input.polygonIds));
      const missing = input.polygonIds.filter((polygonId) => !found.some((row) => row.id === polygonId));
      if (missing.length > 0) return notFoundIds('polygonIds', missing);
      const kept = await tx
        .select({ name: polygons.name })
        .from(polygons)
        .where(and(eq(polygons.priceTierId, id), inArray(polygons.id, input.polygonIds)));
      const names = [
        ...kept.map((row) => row.name),
        ...found.filter((row) => row.priceTierId !== id).map((row) => row.name),
      ];
      const clash = names.find((name, index) => names.indexOf(name) !== index);
      if (clash !== undefined) {
        const message = `This tier would hold two polygons named "${clash}". Rename one of them first.`;
        return failure(409, API_ERROR_CODES.polygonNameExists, message);
      }
    }

    await updateVersioned(tx, priceTiers, id, {
      name: input.name,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.cityIds ? { cityIds: input.cityIds } : {}),
    });
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
    return ok(tier as PriceTier);
  });
}

/**
 * Deletes a tier unless it is the last one (01 §5). Every tier row is locked first, so two admins deleting
 * the last two tiers at once cannot both succeed.
 */
export async function deletePriceTier(db: Db, id: number): Promise<Result<Deleted>> {
  return db.transaction(async (tx): Promise<Result<Deleted>> => {
    const all = await tx
      .select({ id: priceTiers.id })
      .from(priceTiers)
      .orderBy(asc(priceTiers.id))
      .for('update');
    if (!all.some((tier) => tier.id === id)) return tierNotFound(id);
    if (all.length <= 1) {
      return failure(
        409,
        API_ERROR_CODES.priceTierLastTier,
        'This is the only price tier, so it cannot be deleted: every service needs a tier to be priced by.',
      );
    }
    await tx.delete(priceTiers).where(eq(priceTiers.id, id));
    return deleted(id);
  });
}

export async function createPolygon(
  db: Db,
  input: { name: string; points: Position[]; priceTierId: number },
): Promise<Result<Polygon>> {
  return db.transaction(async (tx): Promise<Result<Polygon>> => {
    const tier = await lockRow(tx, priceTiers, input.priceTierId);
    if (!tier) return tierNotFound(input.priceTierId);
    const [created] = await tx
      .insert(polygons)
      .values({
        name: input.name,
        points: input.points as [number, number][],
        priceTierId: input.priceTierId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const message = `This tier already has a polygon named "${input.name}". Choose another name.`;
      return failure(409, API_ERROR_CODES.polygonNameExists, message);
    }
    return ok(created);
  });
}

export async function deletePolygon(db: Db, name: string, priceTierId: number): Promise<Result<Deleted>> {
  const [removed] = await db
    .delete(polygons)
    .where(and(eq(polygons.name, name), eq(polygons.priceTierId, priceTierId)))
    .returning({ id: polygons.id });
  if (removed) return deleted(removed.id);
  const message = `Price tier ${priceTierId} has no polygon named "${name}".`;
  return failure(404, API_ERROR_CODES.polygonNotFound, message);
}
