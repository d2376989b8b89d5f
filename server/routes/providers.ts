/** /providers: the providers an admin manages, or a provider user's own (spec 02 §7). */
import { Hono } from 'hono';
import type { ProviderListSchema } from '../../src/api/contract/provider';
import type * as v from 'valibot';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import type { HonoEnv } from '../http/types';
import { listProviders } from '../repositories/providers';

export function providerRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>().get('/', allow('admin', 'provider'), async (c) => {
    const caller = c.get('caller');
    const list = await listProviders(db, caller.role === 'admin' ? {} : { forFirebaseUid: caller.uid });
    return c.json<v.InferOutput<typeof ProviderListSchema>>(list);
  });
}
