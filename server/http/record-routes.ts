/**
 * The routes of a record edited by id, written once: GET / (the list, with its query when it takes one),
 * POST / (answers 201), PUT /:id and DELETE /:id. Each runs the roles' `allow(...)` first, then its
 * validators, then, for a record scoped to the caller, `withScope(db)`; it calls the operation with the
 * database (and the caller's scope) and answers its Result through `answer`. A feature names each route as
 * its schema and the operation: `create: [CreditInputSchema, createCredit]`; routes of its own (another
 * read, or one for other roles) go on the app it passes first, and the record's routes are added to it.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { Db } from '../db/client';
import { answer, type Result } from './result';
import { withScope, type Scope } from './scope';
import type { HonoEnv } from './types';
import { IdParam, jsonBody, params, query } from './validate';

type Middleware = MiddlewareHandler<HonoEnv>;
type Schema = v.GenericSchema;
type Answer = Promise<Result<unknown>>;

/** The routes of a record any allowed caller may reach: each operation takes the database first. */
export interface RecordRoutes<Q extends Schema, C extends Schema, U extends Schema> {
  list?: readonly [Q, (db: Db, query: v.InferOutput<Q>) => Answer] | ((db: Db) => Answer);
  create?: readonly [C, (db: Db, input: v.InferOutput<C>) => Answer];
  update?: readonly [U, (db: Db, id: number, input: v.InferOutput<U>) => Answer];
  remove?: (db: Db, id: number) => Answer;
}

/** The routes of a record scoped to the caller: each operation takes the database and the scope first. */
export interface ScopedRecordRoutes<Q extends Schema, C extends Schema, U extends Schema> {
  list?: readonly [Q, (db: Db, scope: Scope, query: v.InferOutput<Q>) => Answer];
  create?: readonly [C, (db: Db, scope: Scope, input: v.InferOutput<C>) => Answer];
  update?: readonly [U, (db: Db, scope: Scope, id: number, input: v.InferOutput<U>) => Answer];
  remove?: (db: Db, scope: Scope, id: number) => Answer;
}

const idParam = params({ id: IdParam });
const unscoped: Middleware = async (_c, next) => next();

/** Adds the record's routes to `app` (`new Hono<HonoEnv>()`, or one holding the feature's own routes). */
export function withRecordRoutes<Q extends Schema, C extends Schema, U extends Schema>(
  app: Hono<HonoEnv>,
  db: Db,
  allowed: Middleware,
  { list, create, update, remove }: RecordRoutes<Q, C, U>,
): Hono<HonoEnv> {
  if (typeof list === 'function') {
    app.get('/', allowed, async (c) => answer(c, await list(db)));
  }
  const scopedOps: ScopedRecordRoutes<Q, C, U> = {};
  if (Array.isArray(list)) scopedOps.list = [list[0], (d, _scope, input) => list[1](d, input)];
  if (create) scopedOps.create = [create[0], (d, _scope, input) => create[1](d, input)];
  if (update) scopedOps.update = [update[0], (d, _scope, id, input) => update[1](d, id, input)];
  if (remove) scopedOps.remove = (d, _scope, id) => remove(d, id);
  return addRoutes(app, db, allowed, unscoped, scopedOps);
}

/** The same for a record scoped to the caller: every route puts the caller's scope on the context first. */
export function withScopedRecordRoutes<Q extends Schema, C extends Schema, U extends Schema>(
  app: Hono<HonoEnv>,
  db: Db,
  allowed: Middleware,
  ops: ScopedRecordRoutes<Q, C, U>,
): Hono<HonoEnv> {
  return addRoutes(app, db, allowed, withScope(db), ops);
}

function addRoutes<Q extends Schema, C extends Schema, U extends Schema>(
  app: Hono<HonoEnv>,
  db: Db,
  allowed: Middleware,
  scoped: Middleware,
  { list, create, update, remove }: ScopedRecordRoutes<Q, C, U>,
): Hono<HonoEnv> {
  if (list) {
    const [schema, run] = list;
    app.get('/', allowed, query(schema), scoped, async (c) =>
      answer(c, await run(db, c.var.scope, c.req.valid('query'))),
    );
  }
  if (create) {
    const [body, run] = create;
    app.post('/', allowed, jsonBody(body), scoped, async (c) =>
      answer(c, await run(db, c.var.scope, c.req.valid('json')), 201),
    );
  }
  if (update) {
    const [body, run] = update;
    app.put('/:id', allowed, idParam, jsonBody(body), scoped, async (c) =>
      answer(c, await run(db, c.var.scope, c.req.valid('param').id, c.req.valid('json'))),
    );
  }
  if (remove) {
    app.delete('/:id', allowed, idParam, scoped, async (c) =>
      answer(c, await remove(db, c.var.scope, c.req.valid('param').id)),
    );
  }
  return app;
}
