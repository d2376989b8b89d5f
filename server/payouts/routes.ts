/**
 * /settlement-accounts (spec 02 §7): onboarding links, the account's status, attaching an existing account,
 * deleting, the bank account (its token only) and payouts. Roles admin and provider; a provider user only
 * for their own locations (service.ts). The payment provider failing is a 502 `payments/unavailable` (http/outside.ts).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  AttachSettlementAccountInputSchema,
  BankAccountInputSchema,
  OnboardingLinkInputSchema,
  SettlementAccountIdSchema,
} from '../../src/api/contract/payouts';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { jsonBody, params, query } from '../http/validate';
import { withScope } from '../http/scope';
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

const originOf = (c: Context<HonoEnv>) => new URL(c.req.url).origin;

export function settlementAccountRoutes(deps: PayoutsDeps & { allow: Allow }) {
  const roles = deps.allow('admin', 'provider');
  const scoped = withScope(deps.db);
  return new Hono<HonoEnv>()
    .post('/onboarding-link', roles, jsonBody(OnboardingLinkInputSchema), scoped, async (c) => {
      const input = c.req.valid('json');
      return answer(c, await createOnboardingLink(deps, c.var.scope, input, originOf(c)), 201);
    })
    .get('/onboarding-link/:id', roles, idParam, query(ReturnUrlQuery), scoped, async (c) => {
      const { id } = c.req.valid('param');
      const { returnUrl } = c.req.valid('query');
      return answer(c, await refreshOnboardingLink(deps, c.var.scope, id, originOf(c), returnUrl));
    })
    .post('/bank-account/:id', roles, idParam, jsonBody(BankAccountInputSchema), scoped, async (c) => {
      const { id } = c.req.valid('param');
      const { bankAccountToken } = c.req.valid('json');
      return answer(c, await connectBankAccount(deps, c.var.scope, id, bankAccountToken));
    })
    .get('/payouts/:id', roles, idParam, scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await listPayouts(deps, c.var.scope, id));
    })
    .get('/:id', roles, idParam, scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await getSettlementAccount(deps, c.var.scope, id));
    })
    .post('/', roles, jsonBody(AttachSettlementAccountInputSchema), scoped, async (c) => {
      const input = c.req.valid('json');
      return answer(c, await attachExistingAccount(deps, c.var.scope, input), 201);
    })
    .delete('/:id', roles, idParam, scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await deleteSettlementAccount(deps, c.var.scope, id));
    });
}
