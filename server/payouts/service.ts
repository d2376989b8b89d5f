/**
 * Settlement accounts (spec 02 §4, §7): the calls behind /settlement-accounts. Who may: an admin, or a
 * provider user of the account's location (server/http/scope.ts). Each call asks the payment provider
 * (payments.ts) and keeps our record of the account's status in step.
 */
import { eq } from 'drizzle-orm';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { OnboardingLink, Payout, SettlementAccountDetail } from '../../src/api/contract/payouts';
import type { Db } from '../db/client';
import { providers } from '../db/schema';
import { failure, ok, recordNotFound, type Result } from '../http/result';
import { checkReferences, usableLocation, type Scope } from '../http/scope';
import { findLocation } from '../providers/access.service';
import type { PaymentsService } from './payments';
import { deleteSettlementRow, findSettlementRow, saveSettlementRow, toSettlementDetail } from './repository';

export interface PayoutsDeps {
  db: Db;
  payments: PaymentsService;
  /** The console origins (CORS_ORIGINS): where the hosted onboarding may return to; the first is the default. */
  consoleOrigins: readonly string[];
}

export const ONBOARDING_PATH = '/provider/onboarding/stripe';

const notFound = (id: string) =>
  recordNotFound(API_ERROR_CODES.settlementAccountNotFound, 'settlement account', id);

/** Our record of the account, when the caller may use its location (`field`: where the request names it). */
async function usableAccount(db: Db, scope: Scope, id: string, field = 'id') {
  const usable = await checkReferences(db, scope, [{ kind: 'settlementAccount', id, field }]);
  if (!usable.ok) return usable;
  const row = await findSettlementRow(db, id);
  return row ? ok(row) : notFound(id);
}

function onboardingUrls(deps: PayoutsDeps, apiOrigin: string, returnUrl?: string) {
  const fallback = `${deps.consoleOrigins[0] ?? apiOrigin}${ONBOARDING_PATH}`;
  if (returnUrl !== undefined && !deps.consoleOrigins.includes(new URL(returnUrl).origin)) return undefined;
  const target = returnUrl ?? fallback;
  return { returnUrl: target, refreshUrl: target };
}

const returnUrlRefused = failure(
  400,
  API_ERROR_CODES.returnUrlNotAllowed,
  'returnUrl must be on one of the console origins',
  'returnUrl',
);

export async function createOnboardingLink(
  deps: PayoutsDeps,
  scope: Scope,
  input: { locationId: number; returnUrl?: string },
  apiOrigin: string,
): Promise<Result<OnboardingLink>> {
  const { db, payments } = deps;
  const usable = await usableLocation(db, scope, input.locationId, 'locationId');
  if (!usable.ok) return usable;
  const urls = onboardingUrls(deps, apiOrigin, input.returnUrl);
  if (!urls) return returnUrlRefused;
  const [provider] = await db
    .select({ name: providers.name })
    .from(providers)
    .where(eq(providers.locationId, input.locationId));
  const location = await findLocation(db, input.locationId);
  const account = await payments.createAccount({ businessName: provider?.name ?? location?.name ?? null });
  await saveSettlementRow(db, account, { locationId: input.locationId, createdHere: true });
  const link = await payments.createOnboardingLink(account.accountId, urls);
  return ok({ id: account.accountId, accountId: account.accountId, url: link.url });
}

export async function refreshOnboardingLink(
  deps: PayoutsDeps,
  scope: Scope,
  id: string,
  apiOrigin: string,
  returnUrl?: string,
): Promise<Result<OnboardingLink>> {
  const row = await usableAccount(deps.db, scope, id);
  if (!row.ok) return row;
  const urls = onboardingUrls(deps, apiOrigin, returnUrl);
  if (!urls) return returnUrlRefused;
  const link = await deps.payments.createOnboardingLink(row.value.accountId, urls);
  return ok({ id, accountId: row.value.accountId, url: link.url });
}

export async function getSettlementAccount(
  deps: PayoutsDeps,
  scope: Scope,
  id: string,
): Promise<Result<SettlementAccountDetail>> {
  const row = await usableAccount(deps.db, scope, id);
  if (!row.ok) return row;
  const account = await deps.payments.retrieveAccount(row.value.accountId);
  if (!account)
    return failure(
      404,
      API_ERROR_CODES.paymentAccountNotFound,
      `The payment provider has no account ${row.value.accountId}`,
    );
  return ok(toSettlementDetail(await saveSettlementRow(deps.db, account), account));
}

export async function attachExistingAccount(
  deps: PayoutsDeps,
  scope: Scope,
  input: { stripeAccountId: string; locationId: number },
): Promise<Result<SettlementAccountDetail>> {
  const { db, payments } = deps;
  const usable = await usableLocation(db, scope, input.locationId, 'locationId');
  if (!usable.ok) return usable;
  // An account we hold a record of must be the caller's; one we do not know yet is attached as new.
  if (await findSettlementRow(db, input.stripeAccountId)) {
    const owned = await usableAccount(db, scope, input.stripeAccountId, 'stripeAccountId');
    if (!owned.ok) return owned;
  }
  const account = await payments.retrieveAccount(input.stripeAccountId);
  if (!account)
    return failure(
      404,
      API_ERROR_CODES.paymentAccountNotFound,
      `The payment provider has no account ${input.stripeAccountId}`,
      'stripeAccountId',
    );
  const row = await saveSettlementRow(db, account, { locationId: input.locationId });
  return ok(toSettlementDetail(row, account));
}

export async function deleteSettlementAccount(
  deps: PayoutsDeps,
  scope: Scope,
  id: string,
): Promise<Result<{ id: string; deleted: true }>> {
  const row = await usableAccount(deps.db, scope, id);
  if (!row.ok) return row;
  // Only an account our onboarding link created is deleted at the payment provider; an attached one stays.
  if (row.value.createdHere) await deps.payments.deleteAccount(row.value.accountId);
  await deleteSettlementRow(deps.db, id);
  return ok({ id, deleted: true });
}

export async function connectBankAccount(
  deps: PayoutsDeps,
  scope: Scope,
  id: string,
  bankAccountToken: string,
): Promise<Result<SettlementAccountDetail>> {
  const row = await usableAccount(deps.db, scope, id);
  if (!row.ok) return row;
  const attached = await deps.payments.attachBankAccount(row.value.accountId, bankAccountToken);
  if (!attached.ok)
    return attached.reason === 'no-account'
      ? failure(
          404,
          API_ERROR_CODES.paymentAccountNotFound,
          `The payment provider has no account ${row.value.accountId}`,
        )
      : failure(
          400,
          API_ERROR_CODES.bankTokenInvalid,
          'The bank account token is unknown or was already used',
          'bankAccountToken',
        );
  return getSettlementAccount(deps, scope, id);
}

export async function listPayouts(deps: PayoutsDeps, scope: Scope, id: string): Promise<Result<Payout[]>> {
  const row = await usableAccount(deps.db, scope, id);
  if (!row.ok) return row;
  return ok(await deps.payments.listPayouts(row.value.accountId));
}
