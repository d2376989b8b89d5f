/**
 * The users list (GET /user): pages in one order's index, found by number or after a cursor, searches through
 * the trigram indexes, and a total counted no further than it needs to (server/README.md, "Lists"). Data only,
 * like repository.ts.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PAGE_SIZE_ALL, SortDirection, UserList, UserSort } from '../../src/api/contract/user';
import type { UserRole } from '../../src/domain/users/users';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { toUserSummary } from './repository';

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The order of the list; `users_live_order_idx` is on the same expression so pages read in index order. */
const LIST_ORDER = sql`lower(coalesce(${users.displayName}, ${users.email}))`;

/**
 * Each order of the list, with its sort key as text (for the cursor) and the key read back from a cursor.
 * Every one has a partial index over live users on (expression, id): server/README.md "Lists".
 */
const SORTS: Record<UserSort, { expression: SQL; key: SQL<string>; fromKey(key: string): SQL }> = {
  name: { expression: LIST_ORDER, key: sql<string>`${LIST_ORDER}`, fromKey: (key) => sql`${key}` },
  email: {
    expression: sql`lower(${users.email})`,
    key: sql<string>`lower(${users.email})`,
    fromKey: (key) => sql`${key}`,
  },
  joined: {
    expression: sql`${users.createdAt}`,
    // Microseconds kept, so a cursor falls between two users who joined in the same millisecond.
    key: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    fromKey: (key) => sql`${key}::timestamptz`,
  },
};
/** Written as the predicate of `users_live_order_idx` (a literal, not a parameter) so the planner can use it. */
const LIVE = sql`${users.isDeleted} = false`;

/**
 * A total is counted up to this many rows past the page's start, no further: past that the list says
 * "more than" (`totalCapped`). A count then costs the same at 10,000 users as at 1,000,000.
 */
export const TOTAL_CAP = 1_000;

/**
 * The search: `search_text` (names, email and phone, lowercased) contains the term, or, for a term that
 * looks like a phone number, `phone_digits` contains its digits. Both columns have trigram indexes, which
 * find a term of three characters or more (`sorted`: its page may be taken from every match, sorted). A
 * shorter one has no trigram: it is tested row by row, along the order's index or over the table.
 */
function searchCondition(search: string | undefined): { match: SQL; sorted: boolean } | undefined {
  const term = search?.trim().replace(/\s+/g, ' ');
  if (!term) return undefined;
  const text = sql`${users.searchText} like lower(${containsPattern(term)})`;
  const sorted = [...term].length >= 3;
  // "(310) 555-0101" finds +13105550101: a term that looks like a phone number is also compared digit by digit.
  const digits = term.replace(/\D/g, '');
  if (digits.length < 3 || !/^[\d\s()+.-]+$/.test(term)) return { match: text, sorted };
  return { match: sql`(${text} or ${users.phoneDigits} like ${`%${digits}%`})`, sorted };
}

/** Where the next page starts: the last row's place in the list order (its sort key and id). */
export interface ListCursor {
  key: string;
  id: number;
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** The cursor in `after`, or null when it is not one this API wrote. */
export function decodeCursor(text: string): ListCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value as unknown[];
    if (typeof key !== 'string' || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
    return { key, id };
  } catch {
    return null;
  }
}

/** The rows after `cursor` in the order (keyset: the order's index starts there). */
function pastCursor(order: (typeof SORTS)[UserSort], cursor: ListCursor, descending: boolean): SQL {
  return descending
    ? sql`(${order.expression}, ${users.id}) < (${order.fromKey(cursor.key)}, ${cursor.id})`
    : sql`(${order.expression}, ${users.id}) > (${order.fromKey(cursor.key)}, ${cursor.id})`;
}

export interface ListUsersOptions {
  search?: string;
  page?: number;
  pageSize?: number | typeof PAGE_SIZE_ALL;
  /**
   * Keyset paging: the page's rows are those after this cursor (a previous page's `nextCursor`), not found
   * by `page`; `page`, when given too, still places the page in the list for its total.
   */
  after?: ListCursor;
  /** Only users with this role. */
  role?: UserRole;
  /** The order (name by default) and its direction (ascending by default); ties go by id the same way. */
  sort?: UserSort;
  dir?: SortDirection;
}

const summaryColumns = {
  id: users.id,
  firebaseUid: users.firebaseUid,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  birthdate: users.birthdate,
  photoURL: users.photoURL,
  inviteCode: users.inviteCode,
  availablePoints: users.availablePoints,
  role: users.role,
  isDeleted: users.isDeleted,
  createdAt: users.createdAt,
  version: users.version,
};

/**
 * A search's matches are first read from the trigram index, up to this many: when there are no more, the
 * page is taken from them, sorted (a term finding few users, or clustered far down the list: "maya" is 1
 * user in 26, all in the middle of the name order). When there are more (a broad term), the page is found
 * along the order's index instead, where dense matches come after a few rows.
 */
const SORTED_MATCHES = 5_000;

/**
 * Users not deleted, matching the search (name, email or phone, any case), one page at a time, in the order
 * of `users_live_order_idx`. A page is found by number (OFFSET, for the page links) or after a cursor
 * (keyset: as cheap deep in the list as at its start). The total is counted up to TOTAL_CAP rows past the
 * page's start; beyond that it is a lower bound and `totalCapped` says so. Without a search the pages and
 * the count walk the order index. With a term of three characters or more, a page is taken from its
 * matches, sorted, when the trigram indexes give no more than SORTED_MATCHES, else found along the order
 * index. A shorter term (no trigram) is one query as the planner sees fit: the order index is read until
 * the page is found, or the table.
 */
export async function listUsers(db: Db, options: ListUsersOptions): Promise<UserList> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 10;
  const { after } = options;
  const order = SORTS[options.sort ?? 'name'];
  const descending = options.dir === 'desc';
  const direction = descending ? sql`desc` : sql`asc`;
  const roleFilter = options.role ? eq(users.role, options.role) : undefined;
  const search = searchCondition(options.search);
  const scope = and(LIVE, roleFilter, after && pastCursor(order, after, descending));
  const query = db
    .select({ ...summaryColumns, sortKey: order.key })
    .from(users)
    .orderBy(sql`${order.expression} ${direction}`, sql`${users.id} ${direction}`);
  if (pageSize === 'all') {
    const rows = await query.where(and(scope, search?.match));
    return {
      users: rows.map(toUserSummary),
      total: rows.length,
      totalCapped: false,
      page,
      pageSize,
      nextCursor: null,
    };
  }
  // Where the page starts in the list: known from its number, also when its rows are read after a cursor
  // (the console sends both on Next); a cursor alone starts the count from the list's start.
  const start = (page - 1) * pageSize;
  const positioned = options.page !== undefined || !after;
  const offset = after ? 0 : start;
  // A search of three characters or more reads its page and how many it matched in one statement.
  const { rows, matches } = search?.sorted
    ? await sortedSearchPage(db, {
        scope,
        search: search.match,
        order,
        direction,
        offset,
        pageSize,
      })
    : {
        rows: await query.where(and(scope, search?.match)).limit(pageSize).offset(offset),
        matches: undefined,
      };
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === pageSize ? encodeCursor({ key: last.sortKey, id: last.id }) : null;
  const upTo = (positioned ? start : 0) + TOTAL_CAP;
  const counted =
    (positioned ? countedFromMatches(matches, after ? start : 0, upTo) : undefined) ??
    (await countMatches(db, {
      filter: and(LIVE, roleFilter, search?.match),
      search: search !== undefined,
      order,
      descending,
      positioned,
      offset: positioned ? start : 0,
      pageSize,
      rows: rows.length,
      last: last && { key: last.sortKey, id: last.id },
    }));
  return {
    users: rows.map(toUserSummary),
    total: Math.min(counted, upTo),
    totalCapped: counted > upTo,
    page,
    pageSize,
    nextCursor,
  };
}

/**
 * A search's page (by the ids `searchPageIds` picks) with its users' summaries, and how many users the
 * search's `found` read (up to SORTED_MATCHES + 1; undefined when the page is empty).
 */
async function sortedSearchPage(db: Db, input: Parameters<typeof searchPageIds>[0]) {
  const { order, direction } = input;
  const rows = await db
    .select({ ...summaryColumns, sortKey: order.key, matches: sql<number>`"page"."matches"`.mapWith(Number) })
    .from(users)
    .innerJoin(sql`(${searchPageIds(input)}) as "page"`, sql`"page"."id" = ${users.id}`)
    .orderBy(sql`${order.expression} ${direction}`, sql`${users.id} ${direction}`);
  return { rows, matches: rows[0]?.matches };
}

/**
 * The count a sorted search's `found` already gives, as `countMatches` would count it, or undefined when it
 * gives none: `base` rows come before the first match it read (the page's start after a cursor, else 0).
 * All the matches when they were no more than SORTED_MATCHES; past that, more than `upTo` when even the
 * matches read reach past it.
 */
function countedFromMatches(matches: number | undefined, base: number, upTo: number): number | undefined {
  if (matches === undefined) return undefined;
  if (matches <= SORTED_MATCHES) return base + matches;
  return base + matches > upTo ? upTo + 1 : undefined;
}

/**
 * The ids of a search's page, in one statement, each with how many matches `found` read. `found`: the matches, from the trigram index, up to one more
 * than SORTED_MATCHES. When that is all of them, the page is taken from them, sorted; else (a broad term)
 * `walk` reads the order's index, testing each row, until the page (and the rows before it) is found. Only
 * the branch the page needs runs.
 */
function searchPageIds(input: {
  scope: SQL | undefined;
  search: SQL;
  order: (typeof SORTS)[UserSort];
  direction: SQL;
  offset: number;
  pageSize: number;
}): SQL {
  const { scope, search, order, direction, offset, pageSize } = input;
  const ordered = sql`${order.expression} ${direction}, ${users.id} ${direction}`;
  return sql`with "found" as materialized (
      select ${users.id} as "id", ${order.expression} as "key" from ${users} where ${and(scope, search)}
      limit ${SORTED_MATCHES + 1}
    ), "walk" as (
      select ${users.id} as "id", ${order.expression} as "key" from ${users} where ${and(scope, search)}
      order by ${ordered} limit ${offset + pageSize}
    )
    select "id", (select count(*) from "found") as "matches" from (
      select "id", "key" from "found" where (select count(*) from "found") <= ${SORTED_MATCHES}
      union all
      select "id", "key" from "walk" where (select count(*) from "found") > ${SORTED_MATCHES}
    ) "picked"
    order by "key" ${direction}, "id" ${direction} limit ${pageSize} offset ${offset}`;
}

/**
 * How many users match, counted no further than one past offset + TOTAL_CAP. A page whose number is known
 * (by OFFSET, or after a cursor with its number) that is not full ends the list, so its total needs no
 * query. A full one counts only the rows after its last row (keyset, along the order's index), so a page 90%
 * down costs the same count as page 1. A page after a cursor without its number, or past the end, counts
 * from the list's start.
 */
async function countMatches(
  db: Db,
  input: {
    filter: SQL | undefined;
    search: boolean;
    order: (typeof SORTS)[UserSort];
    descending: boolean;
    /** The page's place in the list is known (its number was given): `offset` rows come before it. */
    positioned: boolean;
    offset: number;
    pageSize: number;
    rows: number;
    last: ListCursor | undefined;
  },
): Promise<number> {
  const { filter, order, descending, positioned, offset, pageSize, rows } = input;
  const upTo = offset + TOTAL_CAP;
  if (positioned && rows < pageSize && (rows > 0 || offset === 0)) return offset + rows;
  const last = positioned ? input.last : undefined;
  // Still to find: up to one past the cap.
  const wanted = last ? upTo + 1 - offset - rows : upTo + 1;
  if (wanted <= 0) return offset + rows;
  const after = last && pastCursor(order, last, descending);
  const counting = db
    .select({ one: sql`1` })
    .from(users)
    .where(and(filter, after));
  // Without a search, in the order's index order: the count walks that index and stops at the cap. With one,
  // unordered, so the trigram index gives the matching rows.
  const direction = descending ? sql`desc` : sql`asc`;
  const matches = (
    input.search
      ? counting
      : counting.orderBy(sql`${order.expression} ${direction}`, sql`${users.id} ${direction}`)
  )
    .limit(wanted)
    .as('matches');
  const found = (await db.select({ n: count() }).from(matches))[0]?.n ?? 0;
  return last ? offset + rows + found : found;
}
