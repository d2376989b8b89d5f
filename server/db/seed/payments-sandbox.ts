/**
 * The payments sandbox's side of the demo settlement accounts (dashboard-data.ts): the same accounts and
 * payouts, so GET /settlement-accounts/payouts/{id} answers what the dashboard's figures add up. Kept
 * simple on purpose: fixed amounts, no derivation from appointments.
 */
import { eq } from 'drizzle-orm';
import * as t from '../schema';
import { SETTLEMENT_ACCOUNTS } from './dashboard-data';
import type { Rows } from './rows';

const DAY_MS = 86_400_000;

export async function seedPaymentsSandbox(rows: Rows, now: Date): Promise<void> {
  const { tx } = rows;
  for (const account of SETTLEMENT_ACCOUNTS) {
    const [existing] = await tx
      .select({ id: t.sandboxAccounts.id })
      .from(t.sandboxAccounts)
      .where(eq(t.sandboxAccounts.id, account.id));
    if (existing) continue;
    await tx.insert(t.sandboxAccounts).values({
      id: account.id,
      detailsSubmitted: true,
      currentlyDue: account.currentlyDue,
      chargesEnabled: account.chargesEnabled,
      payoutsEnabled: account.payoutsEnabled,
      businessName: account.provider,
    });
    for (const payout of account.payouts) {
      await tx.insert(t.sandboxPayouts).values({
        accountId: account.id,
        amount: payout.amount,
        arrivalDate: new Date(now.getTime() + payout.days * DAY_MS),
      });
    }
    rows.inserted += 1 + account.payouts.length;
  }
}
