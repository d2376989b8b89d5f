/** Our record of settlement accounts (settlement_accounts): the status the dashboard reads, kept in step. */
import { eq } from 'drizzle-orm';
import type { SettlementAccount, SettlementAccountDetail } from '../../src/api/contract/payouts';
import type { Db } from '../db/client';
import { locations, settlementAccounts } from '../db/schema';
import type { PaymentAccount } from './payments';

type Row = typeof settlementAccounts.$inferSelect;

type SettlementAccountStatus = Omit<SettlementAccount, 'id' | 'accountId'>;

type StatusColumns = Pick<
  Row,
  'detailsSubmitted' | 'currentlyDue' | 'chargesEnabled' | 'payoutsEnabled' | 'businessName'
>;

/** An account's status in the payouts contract's words. */
export const accountStatus = (row: StatusColumns): SettlementAccountStatus => ({
  details_submitted: row.detailsSubmitted,
  requirements: { currently_due: row.currentlyDue },
  charges_enabled: row.chargesEnabled,
  payouts_enabled: row.payoutsEnabled,
  business_profile: { name: row.businessName },
});

export const toSettlementAccount = (row: Row): SettlementAccount => ({
  id: row.id,
  accountId: row.accountId,
  ...accountStatus(row),
});

/** Our record with what the payment provider says beside it: the bank paid into and the payout schedule. */
export const toSettlementDetail = (row: Row, account: PaymentAccount): SettlementAccountDetail => ({
  ...toSettlementAccount(row),
  external_account: account.external_account,
  payout_schedule: account.payout_schedule,
});

export async function findSettlementRow(db: Pick<Db, 'select'>, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(settlementAccounts).where(eq(settlementAccounts.id, id));
  return row;
}

const statusOf = (account: PaymentAccount) => ({
  detailsSubmitted: account.details_submitted,
  currentlyDue: account.requirements.currently_due,
  chargesEnabled: account.charges_enabled,
  payoutsEnabled: account.payouts_enabled,
  businessName: account.business_profile.name,
});

/** Inserts or refreshes our record of the account (its status as the payment provider says it). */
export async function saveSettlementRow(
  db: Db,
  account: PaymentAccount,
  extra: { locationId?: number; createdHere?: boolean } = {},
): Promise<Row> {
  const values = { ...statusOf(account), ...extra };
  const [row] = await db
    .insert(settlementAccounts)
    .values({ id: account.accountId, accountId: account.accountId, ...values })
    .onConflictDoUpdate({ target: settlementAccounts.id, set: values })
    .returning();
  return row!;
}

/** Deletes our record and detaches it from any location pointing at it. */
export async function deleteSettlementRow(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(locations)
      .set({ settlementAccountId: null })
      .where(eq(locations.settlementAccountId, id));
    await tx.delete(settlementAccounts).where(eq(settlementAccounts.id, id));
  });
}
