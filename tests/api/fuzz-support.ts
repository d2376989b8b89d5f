/**
 * The fuzz suite's requests (tests/api/fuzz.test.ts), built from the app itself: every route's path, method
 * and validators (`validatorOf` in server/http/validate.ts), so a new endpoint or field is fuzzed without
 * touching the suite. A request is a well-formed one (drawn from the route's own schemas) with one part made
 * wrong: a path parameter, a body field or a query parameter; or a body that is wrong as a whole.
 */
import fc from 'fast-check';
import { PgTable } from 'drizzle-orm/pg-core';
import { getTableName, is, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { MAX_ID } from '../../src/api/contract/primitives';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { MAX_JSON_DEPTH, validatorOf, type RequestValidator } from '../../server/http/validate';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Endpoint {
  method: string;
  path: string;
  params: string[];
  validators: Partial<Record<RequestValidator['part'], v.GenericSchema>>;
}

/** Every write endpoint, every endpoint with a path parameter, and every endpoint with a query schema. */
const TEST_FAULT_SWITCH = /\/faults\/attach$/;

export function endpointsOf(
  routes: readonly { method: string; path: string; handler: unknown }[],
): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const { method, path, handler } of routes) {
    if (method === 'ALL' || path.includes('*')) continue;
    const key = `${method} ${path}`;
    const endpoint = seen.get(key) ?? {
      method,
      path,
      params: [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
      validators: {},
    };
    const validator = validatorOf(handler);
    if (validator) endpoint.validators[validator.part] = validator.schema;
    seen.set(key, endpoint);
  }
  // A test-only fault switch answers 500 on purpose once armed (server/outside/stripe/standin-faults.ts):
  // arming it at random would fail a later request by design, so it is not fuzzed.
  return [...seen.values()].filter(
    ({ method, path, params, validators }) =>
      !TEST_FAULT_SWITCH.test(path) &&
      (WRITE_METHODS.has(method) || params.length > 0 || validators.query !== undefined),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Well-formed values: candidates a field's own schema accepts

export const TEXT = [
  'Fuzz',
  'fuzz@upkeep.test',
  'fuzz-password-1',
  '2026-03-02',
  '2026-03-02T09:00:00Z',
  '2026-03-02T09:00:00-08:00',
  '2026/03/02',
  '2026/03/05',
  '09:00',
  '9:00am',
  '5:00pm',
  'America/Los_Angeles',
  'ABC123',
  'acct_fuzz1',
  'btok_fuzz1',
  'https://example.com/a.png',
  '+15551234567',
  'CA',
  '1',
  '2',
  'true',
  'false',
];
const NUMBERS = [1, 2, 3, 0, 7, 10, 100, 1000, 0.1, 0.5, 34.05, -118.25];

type Node = v.GenericSchema & {
  type: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  items?: Node[];
  options?: unknown[];
  literal?: unknown;
  key?: Node;
  value?: Node;
};

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'nullish',
  'exact_optional',
  'non_optional',
  'undefinedable',
]);

/** A value the schema (probably) accepts; cross-field checks may still refuse it, which is fine. */
export function wellFormed(node: Node, name = ''): fc.Arbitrary<unknown> {
  if (WRAPPERS.has(node.type) && node.wrapped) {
    return fc.oneof(
      { weight: 4, arbitrary: wellFormed(node.wrapped, name) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, null).filter((value) => v.is(node, value)) },
    );
  }
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return fc.record(
        Object.fromEntries(
          Object.entries(node.entries ?? {}).map(([key, entry]) => [key, wellFormed(entry, key)]),
        ),
      );
    case 'array':
      return node.item
        ? fc.array(wellFormed(node.item, name), { minLength: 1, maxLength: 3 })
        : fc.constant([]);
    case 'tuple':
      return fc.tuple(...(node.items ?? []).map((item) => wellFormed(item, name)));
    case 'union':
    case 'variant':
      return fc.oneof(...(node.options as Node[]).map((option) => wellFormed(option, name)));
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...(node.options as unknown[]));
    case 'literal':
      return fc.constant(node.literal);
    case 'boolean':
      return fc.boolean();
    case 'record':
      return fc.constant({});
    default: {
      const pool = node.type === 'number' ? NUMBERS : node.type === 'string' ? TEXT : [...TEXT, ...NUMBERS];
      const accepted = pool.filter((candidate) => v.is(node, candidate));
      return accepted.length > 0 ? fc.constantFrom(...accepted) : fc.constant(name || 'x');
    }
  }
}

/** Every place in a value of this schema a wrong value can go: object keys, an array's first item. */
export function pathsOf(node: Node, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 6) return [];
  if (WRAPPERS.has(node.type) && node.wrapped) return pathsOf(node.wrapped, prefix, depth + 1);
  if (node.entries) {
    return Object.entries(node.entries).flatMap(([key, entry]) => [
      [...prefix, key],
      ...pathsOf(entry, [...prefix, key], depth + 1),
    ]);
  }
  if (node.type === 'array' && node.item)
    return [[...prefix, 0], ...pathsOf(node.item, [...prefix, 0], depth + 1)];
  if (node.type === 'union' || node.type === 'variant')
    return (node.options as Node[]).flatMap((option) => pathsOf(option, prefix, depth + 1));
  return [];
}

/** A copy of `value` with `path` set to `wrong` (or deleted when `wrong` is MISSING). */
export function withWrong(value: unknown, path: (string | number)[], wrong: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return wrong;
  const container = (
    Array.isArray(value)
      ? [...(value as unknown[])]
      : typeof value === 'object' && value !== null
        ? { ...(value as object) }
        : {}
  ) as Record<string | number, unknown>;
  const next = withWrong(container[head], rest, wrong);
  if (next === MISSING) delete container[head];
  else container[head] = next;
  return container;
}
export const MISSING = Symbol('missing');

// ---------------------------------------------------------------------------------------------------------
// Wrong values

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Texts shaped like the API's dates and times, mostly not real ones (2026-13-45T25:61Z, +99:99, 0000). */
export const nearDate: fc.Arbitrary<string> = fc
  .record({
    year: fc.oneof(fc.constantFrom(0, 1, 1899, 2201, 9999), fc.integer({ min: 0, max: 9999 })),
    month: fc.integer({ min: 0, max: 99 }),
    day: fc.integer({ min: 0, max: 99 }),
    hour: fc.integer({ min: 0, max: 99 }),
    minute: fc.integer({ min: 0, max: 99 }),
    offset: fc.oneof(
      fc.constant('Z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
        .map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`),
    ),
    form: fc.constantFrom('instant', 'day', 'slash', 'seconds'),
  })
  .map(({ year, month, day, hour, minute, offset, form }) => {
    const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
    if (form === 'day') return date;
    if (form === 'slash') return date.replaceAll('-', '/');
    const seconds = form === 'seconds' ? ':61.5' : '';
    return `${date}T${pad(hour, 2)}:${pad(minute, 2)}${seconds}${offset}`;
  });

/** Numbers no id, count or amount accepts, and near misses of the id range. */
const wrongNumber = fc.oneof(
  fc.constantFrom(
    MAX_ID + 1,
    2 ** 32,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1,
    -MAX_ID - 2,
    0.5,
    1.5,
    -0.0001,
    1e-300,
  ),
  fc.integer({ min: MAX_ID + 1, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** A wrong value for any field: wrong numbers, near dates, wrong types, huge texts, or the field left out. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  wrongNumber,
  wrongNumber.map(String),
  nearDate,
  fc.constantFrom(
    true,
    false,
    null,
    {},
    [],
    [1],
    { id: 1 },
    '',
    ' ',
    '1',
    '12abc',
    '1e3',
    '-1',
    'NaN',
    MISSING,
  ),
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'x'.repeat(length)),
  fc.array(wrongNumber, { minLength: 1, maxLength: 3 }),
);

/** Percent-encoded samples sent as they are, and dot segments that only a raw request line can carry. */
export const ENCODED = ['%00', '%0A'];
export const DOT_SEGMENTS = ['.', '..', '%2e', '%2e%2e', '%2E%2E', '.%2e', '%2E.', '%2e.'];

/** Path values no route accepts as an id or a user id: never a plain small number, never an existing uid. */
export const wrongParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '+1',
    'null',
    ...ENCODED,
    ...DOT_SEGMENTS,
    ...PROTOTYPE_KEYS,
  ),
  fc.constantFrom(String(MAX_ID + 1), '4294967296', '99999999999', '9007199254740993', '00000000001'),
  fc.integer({ min: MAX_ID + 1, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !/^\d+$/.test(text)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
  nearDate,
);

/** A path value as a client writes it: encoded, except the samples that are sent as they are. */
export function encodeParam(value: string): string {
  return ENCODED.includes(value) || DOT_SEGMENTS.includes(value) ? value : encodeURIComponent(value);
}

const NUL = '\u0000';
const deep = fc
  .integer({ min: MAX_JSON_DEPTH + 1, max: 5_000 })
  .chain((depth) => fc.constantFrom('['.repeat(depth), `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

export interface RawBody {
  type: string;
  text: string;
}

/** Bodies no endpoint accepts: not JSON, not an object, too deep, too large, with a NUL, or not JSON typed. */
export const wrongBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc
    .string({ maxLength: 60 })
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    })
    .map((text) => ({ type: 'application/json', text })),
  fc
    .jsonValue({ maxDepth: 3 })
    .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
    .map((value) => ({ type: 'application/json', text: JSON.stringify(value) })),
  deep.map((text) => ({ type: 'application/json', text })),
  fc
    .tuple(
      fc.dictionary(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...PROTOTYPE_KEYS)),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...PROTOTYPE_KEYS)),
      fc.string({ maxLength: 10 }),
    )
    .map(([object, key, text]) => ({
      type: 'application/json',
      // A raw "__proto__" key in the text, as JSON.stringify would not write one.
      text: `{"__proto__":{"isAdmin":true},${JSON.stringify({ ...object, [key]: `${text}${NUL}` }).slice(1)}`,
    })),
  fc.integer({ min: 1024 * 1024, max: 1024 * 1024 + 4096 }).map((size) => ({
    type: 'application/json',
    text: `{"name":"${'x'.repeat(size)}"}`,
  })),
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'text/plain', text })),
);

// ---------------------------------------------------------------------------------------------------------
// The database's content

/**
 * A digest of every row of every table (per table: the row count and an md5 of the rows as text, in a fixed
 * order), in one query, taken around every batch of requests: a refused request must change no row, not
 * only no count or version. Two kinds of row record an attempt rather than its outcome, so a refused request
 * may add them: the audit trail, and the `create-account` intent a registration commits before it asks the
 * identity service (server/identity-sync/intent.ts); both are left out. One line per table, so a failed
 * comparison names the table that changed.
 */
export function contentDigestOf(db: Db): () => Promise<string> {
  const parts = (Object.values(schema) as unknown[])
    .filter((table): table is PgTable => is(table, PgTable) && getTableName(table) !== 'audit_events')
    .map((table) => {
      // Table names come from the schema, never from input.
      const attempts =
        getTableName(table) === 'identity_outbox' ? sql` where kind <> 'create-account'` : sql``;
      return sql`select ${sql.raw(`'${getTableName(table)}'`)} as t, count(*)::text as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from ${table} r${attempts}`;
    });
  const query = sql.join(parts, sql` union all `);
  return async () => {
    // Both drivers answer { rows }; the Db union does not say so.
    const result = (await db.execute(query)) as unknown as {
      rows: { t: string; n: string; d: string }[];
    };
    return result.rows.map(({ t, n, d }) => `${t}: ${n} rows, ${d}`).join('\n');
  };
}
