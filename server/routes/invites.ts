/**
 * /provider/invite: provider invitations (spec 01 §2, §7).
 * - POST /provider/invite (admin): an invite for an email and providerIdArray. No mail service is configured,
 *   so the registration link is logged and returned (`delivery: 'logged'`) for the admin to pass on.
 * - GET /provider/invite/{code}?email= (public): whether the invite is usable, with its providers.
 * - POST /provider/invite/user (public): registers the provider user with the invite, once.
 * Every unusable invite (unknown, another email, used, expired) answers the same 404, so the answer tells
 * nobody which it was.
 */
import { Hono } from 'hono';
import {
  CreateInviteInputSchema,
  INVITE_ERROR_CODES,
  InviteCheckQuerySchema,
  RegisterInputSchema,
  type CreatedInvite,
  type InviteCheck,
  type RegisterResult,
} from '../../src/api/contract/invite';
import { invitePath } from '../../src/domain/invites';
import { REGISTRATION_MESSAGES } from '../../src/domain/messages';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody, parseQuery } from '../http/validate';
import type { Identity } from '../identity';
import { checkInvite, createInvite, registerWithInvite, type AccountCreator } from '../repositories/invites';

export interface InviteRouteDeps {
  db: Db;
  allow: Allow;
  identity: Identity;
  /** The console's origin, for the logged registration link (the first allowed CORS origin). */
  consoleOrigin: string | undefined;
  now?: () => Date;
  /** Where the registration link goes without a mail service: the API's log. */
  deliver?: (line: string) => void;
}

function accountCreator(identity: Identity): AccountCreator {
  const { createAccount, deleteAccount } = identity;
  if (!createAccount || !deleteAccount) {
    throw new Error('This identity service cannot create accounts (createAccount, deleteAccount)');
  }
  return { createAccount: createAccount.bind(identity), deleteAccount: deleteAccount.bind(identity) };
}

export function inviteRoutes({
  db,
  allow,
  identity,
  consoleOrigin,
  now = () => new Date(),
  deliver = (line) => console.log(line),
}: InviteRouteDeps) {
  const invalid = (c: Parameters<typeof fail>[0]) =>
    fail(c, 404, INVITE_ERROR_CODES.invalid, REGISTRATION_MESSAGES.invalidInvite);

  return new Hono<HonoEnv>()
    .post('/', allow('admin'), jsonBody(CreateInviteInputSchema), async (c) => {
      const { email, providerIdArray } = c.req.valid('json');
      const result = await createInvite(db, { email, providerIds: providerIdArray }, now());
      if (!result.ok) {
        return fail(
          c,
          404,
          INVITE_ERROR_CODES.providerNotFound,
          `providerIdArray: no provider with id ${result.missingProviderIds.join(', ')}`,
        );
      }
      const { invite } = result;
      const path = invitePath(invite.code, invite.email);
      deliver(
        `Provider invite for ${invite.email} (no mail service configured): ${consoleOrigin ?? ''}${path}`,
      );
      return c.json<CreatedInvite>(
        {
          code: invite.code,
          email: invite.email,
          providers: invite.providers,
          expiresAt: invite.expiresAt.toISOString(),
          invitePath: path,
          delivery: 'logged',
        },
        201,
      );
    })
    .post('/user', jsonBody(RegisterInputSchema), async (c) => {
      const input = c.req.valid('json');
      const result = await registerWithInvite(db, accountCreator(identity), input, now());
      if (result.ok) return c.json<RegisterResult>({ providers: result.providers }, 201);
      if (result.reason === 'user-exists') {
        return fail(
          c,
          409,
          INVITE_ERROR_CODES.userExists,
          `An account already exists for ${input.email}; sign in instead`,
        );
      }
      return invalid(c);
    })
    .get('/:code', async (c) => {
      const query = parseQuery(c, InviteCheckQuerySchema);
      if (!query.ok) return query.response;
      const code = c.req.param('code');
      if (code.length > 200) return invalid(c);
      const result = await checkInvite(db, code, query.value.email, now());
      if (!result.ok) return invalid(c);
      const { invite } = result;
      return c.json<InviteCheck>({
        email: invite.email,
        providers: invite.providers,
        expiresAt: invite.expiresAt.toISOString(),
      });
    });
}
