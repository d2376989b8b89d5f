/** GET /leads (01 §7): the waitlist, which admins download as CSV. */
import { Hono } from 'hono';
import type { Lead } from '../../src/api/contract/lead';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { listLeads } from './leads.repository';

export function leadRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>().get('/', allow('admin'), async (c) =>
    answer(c, ok<Lead[]>(await listLeads(db))),
  );
}
