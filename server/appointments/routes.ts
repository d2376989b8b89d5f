/**
 * /appointments (02 §7): GET /?provider=&group=true|&user=true&from=&to= lists the provider's
 * appointments starting in the window (30 days each side of now by default); GET /activity?provider= the
 * dashboard's activity figures (the payouts from the payment provider: 502 when it does not answer). Roles: admin (every provider) and provider (their own; 403 otherwise).
 */
import { Hono } from 'hono';
import {
  ProviderActivityQuerySchema,
  ProviderAppointmentsQuerySchema,
} from '../../src/api/contract/appointment';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { query } from '../http/validate';
import type { PaymentsService } from '../payouts/payments';
import { paymentsUnavailable } from '../payouts/routes';
import { scopeOf } from '../providers/access.service';
import { providerActivity, providerAppointments } from './service';

export function appointmentRoutes({
  db,
  allow,
  payments,
  now = () => new Date(),
}: {
  db: Db;
  allow: Allow;
  payments: PaymentsService;
  now?: () => Date;
}) {
  const roles = allow('admin', 'provider');
  return new Hono<HonoEnv>()
    .get('/activity', roles, query(ProviderActivityQuerySchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      try {
        return answer(
          c,
          await providerActivity({ db, payments }, scope, c.req.valid('query').provider, now()),
        );
      } catch (error) {
        return paymentsUnavailable(c, error);
      }
    })
    .get('/', roles, query(ProviderAppointmentsQuerySchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await providerAppointments(db, scope, c.req.valid('query'), now()));
    });
}
