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
} from '../../src/api/contract/invite';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import type { Log } from '../http/log';
import { jsonBody, params, query } from '../http/validate';
import type { Identity } from '../identity';
import type { IdentityOutbox } from '../identity-sync/outbox';
import { checkInvite } from './invites.repository';
import { accountCreator, inviteProviderUser, registerWithInvite } from './invites.service';

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
  return new Hono<HonoEnv>()
    .post('/', allow('admin'), jsonBody(CreateInviteInputSchema), async (c) => {
      const { email, providerIdArray } = c.req.valid('json');
      const announce = (invite: { email: string }, path: string) =>
        deliver(
          `Provider invite for ${invite.email} (no mail service configured): ${consoleOrigin ?? ''}${path}`,
        );
      return answer(
        c,
        await inviteProviderUser(db, { email, providerIds: providerIdArray }, now(), announce),
        201,
      );
    })
    .post('/user', jsonBody(RegisterInputSchema), async (c) =>
      answer(
        c,
        await registerWithInvite(db, accountCreator(identity), outbox, c.req.valid('json'), now(), log),
        201,
      ),
    )
    .get('/:code', params({ code: v.string() }), query(InviteCheckQuerySchema), async (c) =>
      answer(c, await checkInvite(db, c.req.valid('param').code, c.req.valid('query').email, now())),
    );
}
