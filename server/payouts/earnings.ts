/**
 * What the local Stripe stand-in pays out (src/domain/payouts/earnings.ts for the rule): the completed
 * appointments of the providers whose location is paid to the account, each with its price (what it was
 * booked at — 0 when free — else the service item's, or the sum of its bundle's items) and the provider's
 * commission for the service's category.
 */
import { and, eq, inArray, sum } from 'drizzle-orm';
import type { CompletedAppointment } from '../../src/domain/payouts/earnings';
import type { Db } from '../db/client';
import { selectAppointments } from '../db/appointment-rows';
import {
  appointments,
  bundles,
  bundleServiceItems,
  commissions,
  locations,
  serviceItems,
} from '../db/schema';

type Reader = Pick<Db, 'select'>;

export async function completedAppointmentsPaidTo(
  db: Reader,
  accountId: string,
): Promise<CompletedAppointment[]> {
  // The provider's location: its account is the one paid (the filter on it keeps only located providers).
  const fields = {
    endDate: appointments.endDate,
    providerId: appointments.providerId,
    bundleId: appointments.bundleId,
    bookedPrice: appointments.priceInCents,
    itemPrice: serviceItems.priceInCents,
    itemCategory: serviceItems.serviceCategoryId,
    bundleCategory: bundles.serviceCategoryId,
  };
  const rows = await selectAppointments(db, fields, 'provider').where(
    and(eq(locations.settlementAccountId, accountId), eq(appointments.status, 'COMPLETED')),
  );
  if (rows.length === 0) return [];

  const bundleIds = [...new Set(rows.flatMap((row) => (row.bundleId === null ? [] : [row.bundleId])))];
  const bundlePrices = new Map(
    bundleIds.length === 0
      ? []
      : (
          await db
            .select({ bundleId: bundleServiceItems.bundleId, total: sum(serviceItems.priceInCents) })
            .from(bundleServiceItems)
            .innerJoin(serviceItems, eq(serviceItems.id, bundleServiceItems.serviceItemId))
            .where(inArray(bundleServiceItems.bundleId, bundleIds))
            .groupBy(bundleServiceItems.bundleId)
        ).map((row) => [row.bundleId, Number(row.total ?? 0)]),
  );
  const providerIds = [...new Set(rows.map((row) => row.providerId))];
  const percentages = new Map(
    (
      await db
        .select({
          providerId: commissions.providerId,
          categoryId: commissions.serviceCategoryId,
          percentage: commissions.percentage,
        })
        .from(commissions)
        .where(inArray(commissions.providerId, providerIds))
    ).map((row) => [`${row.providerId}:${row.categoryId}`, row.percentage]),
  );

  return rows.map((row) => {
    const category = row.itemCategory ?? row.bundleCategory;
    return {
      endMs: row.endDate.getTime(),
      priceInCents:
        row.bookedPrice ??
        row.itemPrice ??
        (row.bundleId === null ? 0 : (bundlePrices.get(row.bundleId) ?? 0)),
      commissionPercent: category === null ? 0 : (percentages.get(`${row.providerId}:${category}`) ?? 0),
    };
  });
}
