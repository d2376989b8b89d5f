/**
 * The conditions the inbox finds by looking, swept on each GET /notifications (two statements per kind, each
 * an INSERT … SELECT or UPDATE on indexed columns, so nothing is read into the process):
 *
 * - onboarding-stuck: a provider added ONBOARDING_STUCK_DAYS or more ago whose setup (02 §4 checklist:
 *   opening hours, payouts, cover photo) is still not complete;
 * - payouts-requirements: a provider's settlement account whose details were submitted but which the payment
 *   provider still asks more of (a requirement beyond the tolerated ones), as our record of the account
 *   holds it (kept in step on every read of it, server/payouts).
 *
 * Idempotent by the dedupe key: a condition already open adds nothing; an open one that no longer holds is
 * resolved. "Now" is an argument, so a test can make seven days pass.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ONBOARDING_STUCK_DAYS } from '../../src/api/contract/notifications';
import { TOLERATED_REQUIREMENTS } from '../../src/domain/dashboard/checklist';
import type { Db } from '../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

const blank = (column: string) => `coalesce(btrim(${column}), '') = ''`;
const HOURS_MISSING = sql.raw(
  [1, 2, 3, 4, 5, 6, 7]
    .flatMap((day) => [blank(`l.day${day}_open`), blank(`l.day${day}_close`)])
    .join(' or '),
);
const TOLERATED = sql`array[${sql.join(
  [...TOLERATED_REQUIREMENTS].map((name) => sql`${name}`),
  sql`, `,
)}]::text[]`;
/** The account counts as connected (isPaymentsDone of the checklist, in SQL). */
const PAYMENTS_DONE = sql`(sa.id is not null and ((sa.charges_enabled and sa.payouts_enabled) or
  (jsonb_array_length(sa.currently_due) > 0 and not exists (
    select 1 from jsonb_array_elements_text(sa.currently_due) r(name) where r.name <> all(${TOLERATED})))))`;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/** Providers added before the cutoff with what their setup still misses (`hours`, `payouts`, `cover`). */
function stuckProviders(cutoff: Date): SQL {
  return sql`(select * from (
    select p.id, p.name, p.created_at, array_remove(array[
      case when l.id is null or ${HOURS_MISSING} then 'hours' end,
      case when not ${PAYMENTS_DONE} then 'payouts' end,
      case when ${sql.raw(blank('p.cover_image_url'))} then 'cover' end
    ], null) as missing
    from providers p
    left join locations l on l.id = p.location_id
    left join settlement_accounts sa on sa.id = l.settlement_account_id
    where p.created_at <= ${cutoff.toISOString()}::timestamptz
  ) s where cardinality(s.missing) > 0)`;
}

/** Providers whose submitted account still has requirements due beyond the tolerated ones. */
const REQUIREMENTS_DUE = sql`(select * from (
    select p.id, p.name, sa.id as account, array(
      select r.name from jsonb_array_elements_text(sa.currently_due) r(name)
      where r.name <> all(${TOLERATED}) order by r.name) as due
    from providers p
    join locations l on l.id = p.location_id
    join settlement_accounts sa on sa.id = l.settlement_account_id or sa.location_id = l.id
    where sa.details_submitted
  ) s where cardinality(s.due) > 0)`;

interface Condition {
  kind: string;
  /** The rows that hold now (each with id, name and what `params` and `key` read). */
  rows: SQL;
  key: SQL;
  params: SQL;
}

const CONDITIONS = (now: Date): Condition[] => [
  {
    kind: 'onboarding-stuck',
    rows: stuckProviders(new Date(now.getTime() - ONBOARDING_STUCK_DAYS * DAY_MS)),
    key: sql`'onboarding-stuck:' || s.id`,
    params: sql.raw(
      `jsonb_build_object('provider', s.name, 'since', to_char(s.created_at at time zone 'UTC', ${ISO}), 'missing', to_jsonb(s.missing))`,
    ),
  },
  {
    kind: 'payouts-requirements',
    rows: REQUIREMENTS_DUE,
    key: sql`'payouts-requirements:' || s.account || ':' || s.id`,
    params: sql`jsonb_build_object('provider', s.name, 'account', s.account, 'requirements', to_jsonb(s.due))`,
  },
];

/** Sweeps take this transaction lock: one at a time, and a sweep that finds one running leaves it the work. */
const SWEEP_LOCK_KEY = 7_411_530;

/** Raises what holds now and resolves what no longer does, for every swept kind, in one transaction. */
export async function sweepNotifications(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!locked.rows[0]?.locked) return;
    for (const { kind, rows, key, params } of CONDITIONS(now)) {
      await tx.execute(sql`
        update notifications n set resolved_at = ${at}::timestamptz
        where n.kind = ${kind} and n.resolved_at is null
          and not exists (select 1 from ${rows} s where ${key} = n.dedupe_key)`);
      await tx.execute(sql`
        insert into notifications (kind, record_type, record_id, provider_id, params, dedupe_key, created_at)
        select ${kind}, 'provider', s.id::text, s.id, ${params}, ${key}, ${at}::timestamptz
        from ${rows} s
        where not exists (
          select 1 from notifications n where n.dedupe_key = ${key} and n.resolved_at is null)
        on conflict do nothing`);
    }
  });
}
