/**
 * /settings (02 §9): GET the marketplace's business constants (any signed-in console user: the provider
 * screens follow them too); PUT all of them with the version read (admin only; 409 record/stale when someone
 * saved since).
 */
import { Hono } from 'hono';
import { SettingsUpdateSchema, type MarketplaceSettings } from '../../src/api/contract/settings';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { readSettings, saveSettings } from './repository';

export function settingsRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin', 'provider'), async (c) =>
      answer(c, ok<MarketplaceSettings>(await readSettings(db))),
    )
    .put('/', allow('admin'), jsonBody(SettingsUpdateSchema), async (c) =>
      answer(c, await saveSettings(db, c.req.valid('json'))),
    );
}
