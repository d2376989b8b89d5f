/**
 * The local payments sandbox: the payments interface answered from our database (payments_sandbox_* tables),
 * mirroring Stripe Connect. A new account has every onboarding requirement due; the hosted onboarding page
 * (sandbox.routes.ts) completes them all but the external account; attaching a bank token completes that and
 * enables payouts. Bank tokens are made by the console's sandbox tokeniser from the last four digits only.
 * Payouts: the sandbox has no charges of its own, so it pays out the completed appointments of the providers
 * whose location is paid to the account, less their commission (earnings.ts), once the account has payouts
 * enabled (a bank account to pay to).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { payoutsOf } from '../../src/domain/payouts/earnings';
import type { Db } from '../db/client';
import { sandboxAccounts, sandboxBankAccounts, sandboxBankTokens } from '../db/schema';
import { completedAppointmentsPaidTo } from './earnings';
import { accountStatus } from './repository';
import { issueSandboxState } from '../http/sandbox-state';
import type { PaymentAccount, PaymentsService } from './payments';

/** What a new Express-like account must still provide (the names Stripe uses). */
export const NEW_ACCOUNT_REQUIREMENTS = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type AccountRow = typeof sandboxAccounts.$inferSelect;

export const toPaymentAccount = (row: AccountRow): PaymentAccount => ({
  accountId: row.id,
  ...accountStatus(row),
});

export async function findSandboxAccount(db: Pick<Db, 'select'>, accountId: string) {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
  return row;
}

/** The hosted page's submit: every requirement but the external account is met. */
export async function completeSandboxOnboarding(db: Db, accountId: string, businessName: string) {
  const row = await findSandboxAccount(db, accountId);
  if (!row) return undefined;
  const [bank] = await db
    .select({ id: sandboxBankAccounts.id })
    .from(sandboxBankAccounts)
    .where(eq(sandboxBankAccounts.accountId, accountId));
  const [updated] = await db
    .update(sandboxAccounts)
    .set({
      detailsSubmitted: true,
      currentlyDue: bank ? [] : ['external_account'],
      chargesEnabled: true,
      payoutsEnabled: Boolean(bank),
      businessName: businessName || row.businessName,
    })
    .where(eq(sandboxAccounts.id, accountId))
    .returning();
  return updated;
}

export async function createSandboxBankToken(
  db: Db,
  input: { country: string; currency: string; last4: string; routingLast4: string },
): Promise<{ id: string }> {
  const id = randomId('btok');
  await db.insert(sandboxBankTokens).values({ id, ...input });
  return { id };
}

export function createSandboxPayments(db: Db): PaymentsService {
  return {
    name: 'sandbox',
    async createAccount({ businessName }) {
      const [row] = await db
        .insert(sandboxAccounts)
        .values({ id: randomId('acct'), currentlyDue: NEW_ACCOUNT_REQUIREMENTS, businessName })
        .returning();
      return toPaymentAccount(row!);
    },
    async retrieveAccount(accountId) {
      const row = await findSandboxAccount(db, accountId);
      return row && toPaymentAccount(row);
    },
    async deleteAccount(accountId) {
      await db.delete(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    },
    async createOnboardingLink(accountId, { apiOrigin, returnUrl }) {
      // The page acts only with this state: it proves the link went to a session that may use the account.
      const query = new URLSearchParams({
        return_url: returnUrl,
        state: issueSandboxState('payments-onboarding', accountId),
      });
      return { url: `${apiOrigin}/payments-sandbox/onboarding/${accountId}?${query.toString()}` };
    },
    async attachBankAccount(accountId, bankAccountToken) {
      return db.transaction(async (tx) => {
        const [account] = await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
        if (!account) return { ok: false, reason: 'no-account' } as const;
        // A token is good for one attach, as Stripe's are.
        const [token] = await tx
          .update(sandboxBankTokens)
          .set({ used: true })
          .where(and(eq(sandboxBankTokens.id, bankAccountToken), eq(sandboxBankTokens.used, false)))
          .returning();
        if (!token) return { ok: false, reason: 'invalid-token' } as const;
        await tx.delete(sandboxBankAccounts).where(eq(sandboxBankAccounts.accountId, accountId));
        await tx.insert(sandboxBankAccounts).values({
          id: randomId('ba'),
          accountId,
          last4: token.last4,
          routingLast4: token.routingLast4,
        });
        const currentlyDue = account.currentlyDue.filter((name) => name !== 'external_account');
        await tx
          .update(sandboxAccounts)
          .set({ currentlyDue, payoutsEnabled: account.detailsSubmitted && currentlyDue.length === 0 })
          .where(eq(sandboxAccounts.id, accountId));
        return { ok: true } as const;
      });
    },
    async listPayouts(accountId) {
      const account = await findSandboxAccount(db, accountId);
      if (!account?.payoutsEnabled) return [];
      return payoutsOf(await completedAppointmentsPaidTo(db, accountId));
    },
  };
}
