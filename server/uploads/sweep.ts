/**
 * Removes uploads no record refers to: an image uploaded for a form that was then abandoned, or replaced by
 * another. Only images older than the grace period (UPLOAD_ORPHAN_GRACE_SECONDS) are candidates, so one
 * uploaded in the middle of a create form that is not saved yet stays. Runs at start-up and every
 * UPLOAD_SWEEP_INTERVAL_SECONDS; several instances sweeping at once only remove the same files.
 */
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { Log } from '../http/log';
import { STORED_NAME } from './repository';
import type { UploadStorage } from './storage';

/**
 * Every column that holds an upload's path (as POST /upload returned it, or a URL ending in it). A new
 * column that stores images must be listed here, or its images are swept once the grace period is over.
 */
const IMAGE_COLUMNS = [
  [t.serviceCategories, t.serviceCategories.iconURL],
  [t.serviceItems, t.serviceItems.unitsDescriptorIconURL],
  [t.users, t.users.photoURL],
  [t.providers, t.providers.logoURL],
  [t.providers, t.providers.coverImageURL],
] as const;

const NAME_IN_TEXT = new RegExp(STORED_NAME.source.slice(1, -1), 'g');

/** The stored names the database refers to. */
export async function referencedUploads(db: Db): Promise<Set<string>> {
  const names = new Set<string>();
  for (const [table, column] of IMAGE_COLUMNS) {
    const rows = await db.select({ value: column }).from(table).where(isNotNull(column));
    for (const { value } of rows) for (const match of value?.match(NAME_IN_TEXT) ?? []) names.add(match);
  }
  return names;
}

export async function sweepOrphanUploads({
  db,
  storage,
  graceMs,
  now = new Date(),
}: {
  db: Db;
  storage: UploadStorage;
  graceMs: number;
  now?: Date;
}): Promise<{ removed: string[] }> {
  const old = (await storage.list()).filter(
    (object) => STORED_NAME.test(object.name) && now.getTime() - object.modified.getTime() >= graceMs,
  );
  if (old.length === 0) return { removed: [] };
  // Read after listing: a record saved meanwhile refers to a file that is young, so not a candidate.
  const referenced = await referencedUploads(db);
  const removed: string[] = [];
  for (const object of old) {
    if (referenced.has(object.name)) continue;
    await storage.remove(object.name);
    removed.push(object.name);
  }
  return { removed };
}

/** Sweeps now (awaited) and then every `intervalMs` (0: never again); stop() ends the timer. */
export async function startUploadSweeper(options: {
  db: Db;
  storage: UploadStorage;
  graceMs: number;
  intervalMs: number;
  log: Log;
}): Promise<{ stop(): void }> {
  const { intervalMs, log } = options;
  const run = async () => {
    try {
      const { removed } = await sweepOrphanUploads(options);
      if (removed.length > 0) log.info({ removed: removed.length }, 'Removed uploads no record refers to');
    } catch (error) {
      log.error({ err: error }, 'Sweeping unused uploads failed');
    }
  };
  await run();
  if (intervalMs <= 0) return { stop() {} };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
