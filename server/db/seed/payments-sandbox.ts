/**
 * The payments sandbox's side of the demo settlement accounts (dashboard-data.ts): the same accounts, so the
 * sandbox answers for them. Their payouts are not stored: the sandbox derives them from the providers'
 * completed appointments (server/payouts/earnings.ts).
 */
import { eq } from 'drizzle-orm';
import * as t from '../schema';
import { SETTLEMENT_ACCOUNTS } from './dashboard-data';
import type { Rows } from './rows';

export async function seedPaymentsSandbox(rows: Rows): Promise<void> {
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
    rows.inserted += 1;
  }
}
