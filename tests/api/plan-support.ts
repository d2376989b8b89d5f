/** EXPLAIN plans as PostgreSQL gives them in JSON, for the plan tests (users-list-plans, provider-lists-plans). */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../../server/db/schema';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** With EXPLAIN ANALYZE: rows per loop, and loops (0: never executed). */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, the root first. */
export const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** A database on `pool` that records each statement it runs, with its parameters, for planning them after. */
export function recordingDb(pool: pg.Pool) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
  });
  return { db, statements };
}

/** EXPLAIN ANALYZE of one recorded statement (it runs): the nodes that ran, root first. */
export async function analyzed(pool: pg.Pool, statement: { sql: string; params: unknown[] }) {
  const result = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (analyze, format json) ${statement.sql}`,
    statement.params,
  );
  const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error(`no plan for ${statement.sql}`);
  // A branch the statement did not need is planned but never executed (no loops).
  return flatten(plan).filter((node) => (node['Actual Loops'] ?? 1) > 0);
}
