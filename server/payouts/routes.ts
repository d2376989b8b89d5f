/**
 * /settlement-accounts (spec 02 §7): onboarding links, the account's status, attaching an existing account,
 * deleting, the bank account (its token only) and payouts. Roles admin and provider; a provider user only
 * for their own locations (service.ts). The payment provider failing is a 502 `payments/unavailable`.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  AttachSettlementAccountInputSchema,
  BankAccountInputSchema,
  OnboardingLinkInputSchema,
  SettlementAccountIdSchema,
} from '../../src/api/contract/payouts';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Allow } from '../http/auth';
import { fail } from '../http/errors';
import { answer, type Result } from '../http/result';
import type { HonoEnv } from '../http/types';
import { jsonBody, params, query } from '../http/validate';
import { scopeOf } from '../http/scope';
import { PaymentsUnavailableError } from './payments';
import {
  attachExistingAccount,
  connectBankAccount,
  createOnboardingLink,
  deleteSettlementAccount,
  getSettlementAccount,
  listPayouts,
  refreshOnboardingLink,
  type PayoutsDeps,
} from './service';

const idParam = params({ id: SettlementAccountIdSchema });
const ReturnUrlQuery = v.object({
  returnUrl: v.optional(
    v.pipe(
      v.array(v.string()),
      v.length(1, 'returnUrl may be given once'),
      v.transform((values) => values[0]!),
      v.url('returnUrl must be a URL'),
    ),
  ),
});

/** The payment provider failing is a 502 `payments/unavailable`; anything else is rethrown. */
export function paymentsUnavailable(c: Context<HonoEnv>, error: unknown) {
  if (error instanceof PaymentsUnavailableError)
    return fail(
      c,
      502,
      API_ERROR_CODES.paymentsUnavailable,
      'The payment provider did not answer; try again',
    );
  throw error;
}

async function run<T>(c: Context<HonoEnv>, work: () => Promise<Result<T>>, status: 200 | 201 = 200) {
  try {
    return answer(c, await work(), status);
  } catch (error) {
    return paymentsUnavailable(c, error);
  }
}

const originOf = (c: Context<HonoEnv>) => new URL(c.req.url).origin;

export function settlementAccountRoutes(deps: PayoutsDeps & { allow: Allow }) {
  const roles = deps.allow('admin', 'provider');
  const scope = (c: Context<HonoEnv>) => scopeOf(deps.db, c.get('caller'));
  return new Hono<HonoEnv>()
    .post('/onboarding-link', roles, jsonBody(OnboardingLinkInputSchema), async (c) => {
      const input = c.req.valid('json');
      return run(c, async () => createOnboardingLink(deps, await scope(c), input, originOf(c)), 201);
    })
    .get('/onboarding-link/:id', roles, idParam, query(ReturnUrlQuery), async (c) => {
      const { id } = c.req.valid('param');
      const { returnUrl } = c.req.valid('query');
      return run(c, async () => refreshOnboardingLink(deps, await scope(c), id, originOf(c), returnUrl));
    })
    .post('/bank-account/:id', roles, idParam, jsonBody(BankAccountInputSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { bankAccountToken } = c.req.valid('json');
      return run(c, async () => connectBankAccount(deps, await scope(c), id, bankAccountToken));
    })
    .get('/payouts/:id', roles, idParam, async (c) => {
      const { id } = c.req.valid('param');
      return run(c, async () => listPayouts(deps, await scope(c), id));
    })
    .get('/:id', roles, idParam, async (c) => {
      const { id } = c.req.valid('param');
      return run(c, async () => getSettlementAccount(deps, await scope(c), id));
    })
    .post('/', roles, jsonBody(AttachSettlementAccountInputSchema), async (c) => {
      const input = c.req.valid('json');
      return run(c, async () => attachExistingAccount(deps, await scope(c), input), 201);
    })
    .delete('/:id', roles, idParam, async (c) => {
      const { id } = c.req.valid('param');
      return run(c, async () => deleteSettlementAccount(deps, await scope(c), id));
    });
}
