/**
 * The Stripe stand-in's state and objects (its tables in server/db/tables/stripe-standin.ts): Express
 * accounts with what they still must provide, one-time bank tokens, the external bank account, and the
 * payouts. A new account has every onboarding requirement due; the hosted onboarding page completes them
 * all but the external account; attaching a bank token completes that and enables payouts. Payouts: the
 * stand-in has no charges of its own, so it pays out the completed appointments of the providers whose
 * location is paid to the account, less their commission (server/payouts/earnings.ts), once the account has
 * payouts enabled (a bank account to pay to).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { payoutsOf } from '../../../src/domain/payouts/earnings';
import type { Db } from '../../db/client';
import { stripeStandinAccounts, stripeStandinBankAccounts, stripeStandinBankTokens } from '../../db/schema';
import { completedAppointmentsPaidTo } from '../../payouts/earnings';
import type { BankAccountObject, PayoutSchedule } from './wire';

/** What a new Express account must still provide (the names Stripe uses). */
export const NEW_ACCOUNT_REQUIREMENTS = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** Stripe's test routing numbers and the bank each names (an unknown one has no bank name). */
export const STANDIN_BANKS: ReadonlyMap<string, string> = new Map([
  ['110000000', 'STRIPE TEST BANK'],
  ['111000025', 'BANK OF AMERICA, N.A.'],
  ['021000021', 'JPMORGAN CHASE BANK, NA'],
]);

export const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type AccountRow = typeof stripeStandinAccounts.$inferSelect;
type BankRow = typeof stripeStandinBankAccounts.$inferSelect;

export async function findAccount(db: Pick<Db, 'select'>, accountId: string) {
  const [row] = await db.select().from(stripeStandinAccounts).where(eq(stripeStandinAccounts.id, accountId));
  return row;
}

export async function findBank(db: Pick<Db, 'select'>, accountId: string) {
  const [row] = await db
    .select()
    .from(stripeStandinBankAccounts)
    .where(eq(stripeStandinBankAccounts.accountId, accountId));
  return row;
}

/** The stand-in keeps a routing number's last four only, so it answers them behind a mask. */
export const maskedRouting = (last4: string) => `•••••${last4}`;

export const bankObject = (row: BankRow): BankAccountObject => ({
  id: row.id,
  object: 'bank_account',
  account: row.accountId,
  account_holder_type: 'company',
  bank_name: row.bankName,
  country: row.country,
  currency: row.currency,
  default_for_currency: true,
  last4: row.last4,
  routing_number: maskedRouting(row.routingLast4),
  status: 'new',
});

export const scheduleOf = (row: AccountRow): PayoutSchedule => ({
  interval: row.payoutInterval,
  delay_days: row.payoutDelayDays,
  ...(row.payoutWeeklyAnchor !== null && { weekly_anchor: row.payoutWeeklyAnchor }),
  ...(row.payoutMonthlyAnchor !== null && { monthly_anchor: row.payoutMonthlyAnchor }),
});

/** An account object with the fields Stripe's has that the console reads (and a few it shows beside). */
export function accountObject(row: AccountRow, bank: BankRow | undefined) {
  const banks = bank ? [bankObject(bank)] : [];
  return {
    id: row.id,
    object: 'account',
    type: 'express',
    country: 'US',
    default_currency: 'usd',
    created: Math.floor(row.createdAt.getTime() / 1000),
    details_submitted: row.detailsSubmitted,
    charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled,
    business_profile: { name: row.businessName },
    capabilities: {
      card_payments: row.chargesEnabled ? 'active' : 'inactive',
      transfers: row.chargesEnabled ? 'active' : 'inactive',
    },
    requirements: {
      currently_due: row.currentlyDue,
      eventually_due: row.currentlyDue,
      past_due: [],
      disabled_reason: row.currentlyDue.length > 0 ? 'requirements.past_due' : null,
    },
    external_accounts: {
      object: 'list',
      data: banks,
      has_more: false,
      total_count: banks.length,
      url: `/v1/accounts/${row.id}/external_accounts`,
    },
    settings: { payouts: { schedule: scheduleOf(row), debit_negative_balances: true } },
  };
}

export async function createAccount(db: Db, businessName: string | null) {
  const [row] = await db
    .insert(stripeStandinAccounts)
    .values({ id: randomId('acct'), currentlyDue: NEW_ACCOUNT_REQUIREMENTS, businessName })
    .returning();
  return row!;
}

/** The hosted page's submit: every requirement but the external account is met. */
export async function completeOnboarding(db: Db, accountId: string, businessName: string) {
  const row = await findAccount(db, accountId);
  if (!row) return undefined;
  const bank = await findBank(db, accountId);
  const [updated] = await db
    .update(stripeStandinAccounts)
    .set({
      detailsSubmitted: true,
      currentlyDue: bank ? [] : ['external_account'],
      chargesEnabled: true,
      payoutsEnabled: Boolean(bank),
      businessName: businessName || row.businessName,
    })
    .where(eq(stripeStandinAccounts.id, accountId))
    .returning();
  return updated;
}

/** POST /v1/tokens: the numbers arrive here, but only their last fours and the bank's name stay. */
export async function createBankToken(
  db: Db,
  input: {
    country: string;
    currency: string;
    accountNumber: string;
    routingNumber: string;
    holderType: string;
  },
) {
  const [row] = await db
    .insert(stripeStandinBankTokens)
    .values({
      id: randomId('btok'),
      country: input.country,
      currency: input.currency,
      last4: input.accountNumber.slice(-4),
      routingLast4: input.routingNumber.slice(-4),
      bankName: STANDIN_BANKS.get(input.routingNumber) ?? null,
      accountHolderType: input.holderType,
    })
    .returning();
  return row!;
}

export type AttachOutcome =
  { ok: true; bank: BankRow } | { ok: false; reason: 'no-account' | 'no-token' | 'token-used' };

/** A token is good for one attach, as Stripe's are; the account's one bank account is replaced. */
export function attachBank(db: Db, accountId: string, tokenId: string): Promise<AttachOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(stripeStandinAccounts)
      .where(eq(stripeStandinAccounts.id, accountId));
    if (!account) return { ok: false, reason: 'no-account' } as const;
    const [token] = await tx
      .update(stripeStandinBankTokens)
      .set({ used: true })
      .where(and(eq(stripeStandinBankTokens.id, tokenId), eq(stripeStandinBankTokens.used, false)))
      .returning();
    if (!token) {
      const [known] = await tx
        .select({ id: stripeStandinBankTokens.id })
        .from(stripeStandinBankTokens)
        .where(eq(stripeStandinBankTokens.id, tokenId));
      return { ok: false, reason: known ? 'token-used' : 'no-token' } as const;
    }
    await tx.delete(stripeStandinBankAccounts).where(eq(stripeStandinBankAccounts.accountId, accountId));
    const [bank] = await tx
      .insert(stripeStandinBankAccounts)
      .values({
        id: randomId('ba'),
        accountId,
        country: token.country,
        currency: token.currency,
        last4: token.last4,
        routingLast4: token.routingLast4,
        bankName: token.bankName,
      })
      .returning();
    const currentlyDue = account.currentlyDue.filter((name) => name !== 'external_account');
    await tx
      .update(stripeStandinAccounts)
      .set({ currentlyDue, payoutsEnabled: account.detailsSubmitted && currentlyDue.length === 0 })
      .where(eq(stripeStandinAccounts.id, accountId));
    return { ok: true, bank: bank! } as const;
  });
}

/** The account's payouts as Stripe objects, newest first, each with an id stable across calls. */
export async function payoutObjects(db: Db, account: AccountRow, bank: BankRow | undefined) {
  if (!account.payoutsEnabled) return [];
  const derived = payoutsOf(await completedAppointmentsPaidTo(db, account.id));
  return derived.map((payout) => ({
    id: `po_${account.id.slice(5, 21)}${payout.arrival_date}`,
    object: 'payout' as const,
    amount: payout.amount,
    arrival_date: payout.arrival_date,
    created: payout.arrival_date - account.payoutDelayDays * 86_400,
    currency: 'usd',
    destination: bank?.id ?? null,
    method: 'standard',
    status: payout.arrival_date * 1000 <= Date.now() ? 'paid' : 'in_transit',
    type: 'bank_account',
  }));
}
