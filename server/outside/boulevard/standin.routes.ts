/**
 * The local Boulevard stand-in: the part of the Admin API the client uses, on the vendor's path (one GraphQL
 * endpoint, POST /api/2020-01/admin), its signed requests and its JSON shapes, mounted at
 * /standins/boulevard/api/2020-01 wherever the sandboxes are (never in production unless
 * DEMO_SANDBOXES=true). Which businesses installed the Upkeep app lives in the database
 * (`boulevard_standin_installs`), so a restart and every API instance agree.
 *
 * - Every request needs `Authorization: Basic base64({apiKey}:{token})` with the stand-in's API key and a
 *   token signed with its secret (wire.ts, `adminToken`) less than five minutes from its clock: else 401
 *   `UNAUTHENTICATED`. The token names the business: one it does not know, or that has not installed the app,
 *   is 403 `FORBIDDEN` ("app not installed"). Errors are GraphQL's `{ errors: [{ message, extensions }] }`.
 * - The body is `{ query, variables }`; the query's root field is `business`, `locations` or `services`
 *   (else a GraphQL validation error). Connections are paged by `first` (1–100) and `after` (a cursor it gave)
 *   with `edges { node }` and `pageInfo { hasNextPage endCursor }`.
 * What it does not imitate is listed in server/README.md.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client';
import { boulevardStandinInstalls } from '../../db/schema';
import { faultSwitch, type StandinFaults } from '../standin';
import { standinBusiness, type StandinBusiness } from './standin-data';
import {
  ADMIN_ENDPOINT,
  ADMIN_TOKEN_PREFIX,
  adminToken,
  BOULEVARD_STANDIN_API_KEY,
  BOULEVARD_STANDIN_API_SECRET,
  PAGE,
} from './wire';

export interface BoulevardStandinOptions {
  db: Db;
  now?: () => Date;
  faults?: StandinFaults;
}

/** How far a token's timestamp may be from the stand-in's clock. */
const TOKEN_WINDOW_MS = 5 * 60_000;

type Code = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_REQUEST' | 'GRAPHQL_VALIDATION_FAILED' | 'INTERNAL';
const vendorError = (c: Context, status: 200 | 400 | 401 | 403 | 429 | 500, code: Code, message: string) =>
  c.json({ errors: [{ message, extensions: { code } }] }, status);

/** Installs the app for a `blvd-sandbox-…` business (the install page's Install); false for another id. */
export async function installBoulevardApp(db: Db, businessId: string): Promise<boolean> {
  const business = standinBusiness(businessId);
  if (!business || business.installedByData) return false;
  await db.insert(boulevardStandinInstalls).values({ businessId }).onConflictDoNothing();
  return true;
}

async function installed(db: Db, businessId: string, business: StandinBusiness): Promise<boolean> {
  if (business.installedByData) return true;
  const [row] = await db
    .select({ businessId: boulevardStandinInstalls.businessId })
    .from(boulevardStandinInstalls)
    .where(eq(boulevardStandinInstalls.businessId, businessId));
  return row !== undefined;
}

/** The business a request's Authorization header is signed for, or why it is refused. */
function signedBusiness(header: string | undefined, now: number): string | { refused: string } {
  const basic = /^Basic\s+([A-Za-z0-9+/=]{1,2000})$/.exec(header?.trim() ?? '');
  if (!basic?.[1]) return { refused: 'The Authorization header is missing or not HTTP Basic.' };
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(0, colon) !== BOULEVARD_STANDIN_API_KEY) {
    return { refused: 'The API key is not valid.' };
  }
  const token = decoded.slice(colon + 1);
  const at = token.indexOf(ADMIN_TOKEN_PREFIX);
  const signed = /^(.+)(\d{10})$/.exec(at < 0 ? '' : token.slice(at + ADMIN_TOKEN_PREFIX.length));
  if (!signed?.[1] || !signed[2]) return { refused: 'The token is not an Admin API token.' };
  const [, businessId, timestamp] = signed;
  const expected = Buffer.from(adminToken(businessId, Number(timestamp), BOULEVARD_STANDIN_API_SECRET));
  const sent = Buffer.from(token);
  if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) {
    return { refused: 'The token signature is not valid.' };
  }
  if (Math.abs(now - Number(timestamp) * 1000) > TOKEN_WINDOW_MS)
    return { refused: 'The token has expired.' };
  return businessId;
}

const cursorOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64');
const offsetOf = (cursor: string) => {
  const found = /^offset:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return found?.[1] === undefined ? undefined : Number(found[1]);
};

/** The query's root field and its `first` / `after` arguments (as variables or literals). */
function operation(query: string, variables: Record<string, unknown>) {
  const root = /\{\s*([A-Za-z_]\w*)/.exec(query)?.[1];
  const argument = (name: string) => {
    const found = new RegExp(`\\b${name}\\s*:\\s*(\\$\\w+|"[^"]*"|\\d+|null)`).exec(query)?.[1];
    if (found === undefined || found === 'null') return undefined;
    if (found.startsWith('$')) return variables[found.slice(1)] ?? undefined;
    return found.startsWith('"') ? found.slice(1, -1) : Number(found);
  };
  return { root, first: argument('first'), after: argument('after') };
}

export function boulevardStandinRoutes(options: BoulevardStandinOptions) {
  const { db, faults } = options;
  const now = options.now ?? (() => new Date());
  const app = new Hono();

  app.use(
    '*',
    faultSwitch(faults, {
      error: (c) => vendorError(c, 500, 'INTERNAL', 'Internal server error'),
      throttle: (c) => vendorError(c, 429, 'INTERNAL', 'API limit exceeded'),
    }),
  );

  app.post(`/${ADMIN_ENDPOINT}`, async (c) => {
    const signed = signedBusiness(c.req.header('Authorization'), now().getTime());
    if (typeof signed !== 'string') return vendorError(c, 401, 'UNAUTHENTICATED', signed.refused);
    const business = standinBusiness(signed);
    if (!business || !(await installed(db, signed, business))) {
      return vendorError(c, 403, 'FORBIDDEN', 'The application is not installed for this business.');
    }
    const body: unknown = await c.req.json().catch(() => undefined);
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const variables =
      typeof fields.variables === 'object' && fields.variables !== null
        ? (fields.variables as Record<string, unknown>)
        : {};
    if (typeof fields.query !== 'string' || fields.query.length > 10_000) {
      return vendorError(c, 400, 'BAD_REQUEST', 'Must provide a query string.');
    }
    const { root, first, after } = operation(fields.query, variables);
    if (root === 'business') return c.json({ data: { business: { id: signed, name: business.name } } });
    if (root !== 'locations' && root !== 'services') {
      return vendorError(
        c,
        200,
        'GRAPHQL_VALIDATION_FAILED',
        `Cannot query field "${root ?? ''}" on type "RootQueryType".`,
      );
    }
    const size = first === undefined ? PAGE.default : first;
    const start = after === undefined ? 0 : typeof after === 'string' ? offsetOf(after) : undefined;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > PAGE.max) {
      return vendorError(c, 200, 'GRAPHQL_VALIDATION_FAILED', `first must be 1 to ${PAGE.max}.`);
    }
    if (start === undefined)
      return vendorError(c, 200, 'GRAPHQL_VALIDATION_FAILED', 'after is not a cursor.');
    const list = root === 'locations' ? business.locations : business.services;
    const nodes = list.slice(start, start + size);
    return c.json({
      data: {
        [root]: {
          edges: nodes.map((node, index) => ({ cursor: cursorOf(start + index + 1), node })),
          pageInfo: {
            hasNextPage: start + nodes.length < list.length,
            endCursor: nodes.length > 0 ? cursorOf(start + nodes.length) : null,
          },
        },
      },
    });
  });

  return app;
}
