/** EXPLAIN plans as PostgreSQL gives them in JSON, for the plan tests (users-list-plans, provider-lists-plans). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, the root first. */
export const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
