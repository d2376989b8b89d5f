/**
 * The Stripe stand-in's side of the demo settlement accounts (dashboard-data.ts): the same accounts, so the
 * stand-in answers for them, each with payouts enabled paying into a bank account on its payout schedule
 * (last four 6789 at Stripe's test bank, routing number 110000000, of which the last four are kept). Their
 * payouts are not stored: the stand-in derives them from the providers' completed appointments
 * (server/payouts/earnings.ts).
 */
import { eq } from 'drizzle-orm';
import * as t from '../schema';
import { SETTLEMENT_ACCOUNTS } from './dashboard-data';
import type { Rows } from './rows';

/** Two demo accounts are paid weekly, so the payouts screen shows both kinds of schedule. */
const WEEKLY = new Set(['acct_demo_radiance', 'acct_demo_pearl']);

export async function seedStripeStandin(rows: Rows): Promise<void> {
  const { tx } = rows;
  for (const account of SETTLEMENT_ACCOUNTS) {
    const [existing] = await tx
      .select({ id: t.stripeStandinAccounts.id })
      .from(t.stripeStandinAccounts)
      .where(eq(t.stripeStandinAccounts.id, account.id));
    if (existing) continue;
    const weekly = WEEKLY.has(account.id);
    await tx.insert(t.stripeStandinAccounts).values({
      id: account.id,
      detailsSubmitted: true,
      currentlyDue: account.currentlyDue,
      chargesEnabled: account.chargesEnabled,
      payoutsEnabled: account.payoutsEnabled,
      businessName: account.provider,
      payoutInterval: weekly ? 'weekly' : 'daily',
      payoutDelayDays: 2,
      payoutWeeklyAnchor: weekly ? 'monday' : null,
    });
    rows.inserted += 1;
    if (!account.payoutsEnabled) continue;
    await tx.insert(t.stripeStandinBankAccounts).values({
      id: `ba_demo_${account.id.slice('acct_demo_'.length)}`,
      accountId: account.id,
      last4: '6789',
      routingLast4: '0000',
      bankName: 'STRIPE TEST BANK',
    });
    rows.inserted += 1;
  }
}
