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
import * as v from 'valibot';
import {
  CreateInviteInputSchema,
  InviteCheckQuerySchema,
  RegisterInputSchema,
  type CreatedInvite,
  type InviteCheck,
  type RegisterResult,
} from '../../src/api/contract/invite';
import { invitePath } from '../../src/domain/providers/invites';
import { REGISTRATION_MESSAGES } from '../../src/domain/shared/messages';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import type { Log } from '../http/log';
import { jsonBody, params, query } from '../http/validate';
import type { Identity } from '../identity';
import type { IdentityOutbox } from '../identity-sync/outbox';
import { checkInvite, createInvite } from './invites.repository';
import { accountCreator, registerWithInvite } from './invites.service';

export interface InviteRouteDeps {
  db: Db;
  allow: Allow;
  identity: Identity;
  /** Identity changes to apply after a commit (server/identity-sync/outbox.ts). */
  outbox: IdentityOutbox;
  /** The console's origin, for the logged registration link (the first allowed CORS origin). */
  consoleOrigin: string | undefined;
  now?: () => Date;
  /** Structured logs (a failed compensation is reported here). */
  log: Log;
  /** Where the registration link goes without a mail service: the API's log. */
  deliver?: (line: string) => void;
}

export function inviteRoutes({
  db,
  allow,
  identity,
  outbox,
  consoleOrigin,
  log,
  now = () => new Date(),
  deliver = (line) => console.log(line),
}: InviteRouteDeps) {
  const invalid = (c: Parameters<typeof fail>[0]) =>
    fail(c, 404, API_ERROR_CODES.inviteInvalid, REGISTRATION_MESSAGES.invalidInvite);

  return new Hono<HonoEnv>()
    .post('/', allow('admin'), jsonBody(CreateInviteInputSchema), async (c) => {
      const { email, providerIdArray } = c.req.valid('json');
      const result = await createInvite(db, { email, providerIds: providerIdArray }, now());
      if (!result.ok) {
        return fail(
          c,
          404,
          API_ERROR_CODES.providerNotFound,
          `No provider with id ${result.missingProviderIds.join(', ')}`,
          'providerIdArray',
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
      const result = await registerWithInvite(db, accountCreator(identity), outbox, input, now(), log);
      if (result.ok) return c.json<RegisterResult>({ providers: result.providers }, 201);
      if (result.reason === 'user-exists') {
        return fail(
          c,
          409,
          API_ERROR_CODES.inviteUserExists,
          `An account already exists for ${input.email}; sign in instead`,
          'email',
        );
      }
      return invalid(c);
    })
    .get('/:code', params({ code: v.string() }), query(InviteCheckQuerySchema), async (c) => {
      const { code } = c.req.valid('param');
      // Any unusable code, however malformed, answers the same 404 as an unknown one.
      if (code.length > 200) return invalid(c);
      const result = await checkInvite(db, code, c.req.valid('query').email, now());
      if (!result.ok) return invalid(c);
      const { invite } = result;
      return c.json<InviteCheck>({
        email: invite.email,
        providers: invite.providers,
        expiresAt: invite.expiresAt.toISOString(),
      });
    });
}
